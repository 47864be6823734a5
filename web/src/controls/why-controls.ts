// The "Why variational?" view's frame (docs/page.md "Why variational?"): a modal dialog with the
// set-up's name, the measurement's progress (a <progress> and its label, announced politely), Cancel
// and Measure again, around the four panels (view/why-view.ts). The button that opens it goes in the
// page's control bar. Keyboard: the buttons are ordinary buttons; Escape closes the dialog.
import { ModalDialog } from './dialog';
import { el, icon, listen } from '../util/dom';
import { t } from '../i18n';

export interface WhyControlsHost {
  /** Start (or restart) the measurement of the current set-up. */
  measure(): void;
  cancel(): void;
  /** The dialog opened or closed (the address follows). */
  openChanged(open: boolean): void;
}

export class WhyControls {
  readonly dialog: ModalDialog;
  /** The control bar's button that opens the view. */
  readonly openButton: HTMLButtonElement;
  readonly progress: HTMLProgressElement;
  readonly status: HTMLElement;
  readonly cancelButton: HTMLButtonElement;
  readonly againButton: HTMLButtonElement;
  readonly setupLine: HTMLElement;
  private readonly cleanups: (() => void)[] = [];

  constructor(prefix: string, panels: HTMLElement, host: WhyControlsHost) {
    this.dialog = new ModalDialog(`${prefix}-why`, t('why.title'), 'lgvci-why-dialog', () => host.openChanged(false));
    this.openButton = el(
      'button',
      { type: 'button', class: 'btn btn-small bar-why bar-secondary', 'aria-label': t('why.buttonLong'), title: t('why.buttonLong'), 'aria-controls': this.dialog.element.id },
      icon('why'),
      // The icon alone on a stage too narrow for the name beside the preset's line (app.css).
      el('span', { class: 'bar-label', text: t('why.title') }),
    );
    this.setupLine = el('p', { class: 'dialog-note why-setup' });
    this.progress = el('progress', { class: 'why-progress', max: '1', value: '0', 'aria-label': t('why.progress') });
    this.status = el('span', { class: 'why-status', role: 'status', 'aria-live': 'polite' });
    this.cancelButton = el('button', { type: 'button', class: 'btn btn-small why-cancel' }, t('long.cancel'));
    this.againButton = el('button', { type: 'button', class: 'btn btn-small why-again' }, t('why.again'));
    this.dialog.body.append(
      this.setupLine,
      el('div', { class: 'why-run' }, this.progress, this.status, this.cancelButton, this.againButton),
      panels,
    );
    listen(this.cleanups, this.openButton, 'click', () => {
      this.open();
      host.measure();
    });
    listen(this.cleanups, this.cancelButton, 'click', () => host.cancel());
    listen(this.cleanups, this.againButton, 'click', () => host.measure());
    this.host = host;
    this.setRunning(false);
  }

  private readonly host: WhyControlsHost;

  open(): void {
    if (this.dialog.isOpen) return;
    this.dialog.open();
    this.host.openChanged(true);
  }

  /** While measuring: Cancel is enabled, Measure again is not. */
  setRunning(on: boolean): void {
    this.cancelButton.disabled = !on;
    this.againButton.disabled = on;
    this.progress.hidden = !on;
  }

  setProgress(fraction: number, label: string): void {
    this.progress.value = Math.max(0, Math.min(1, fraction));
    this.status.textContent = t('why.measuring', { label, percent: Math.round(fraction * 100) });
  }

  setStatus(text: string): void {
    this.status.textContent = text;
  }

  destroy(): void {
    for (const c of this.cleanups.splice(0)) c();
    this.dialog.destroy();
    this.openButton.remove();
  }
}
