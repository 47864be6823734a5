// A modal <dialog> with a heading and a Close button. Escape closes it (the browser's cancel); on
// closing, focus goes back to whatever had it when the dialog opened (without scrolling anything).
import { el, listen } from '../util/dom';
import { t } from '../i18n';

export class ModalDialog {
  readonly element: HTMLDialogElement;
  readonly body: HTMLElement;
  readonly closeButton: HTMLButtonElement;
  private opener: HTMLElement | null = null;
  private readonly cleanups: (() => void)[] = [];
  private readonly onClose: () => void;

  constructor(idPrefix: string, title: string, className: string, onClose: () => void = () => {}) {
    const titleId = `${idPrefix}-title`;
    this.onClose = onClose;
    this.closeButton = el('button', { type: 'button', class: 'btn btn-small dialog-close' }, t('dialog.close'));
    this.body = el('div', { class: 'dialog-body' });
    this.element = el(
      'dialog',
      { class: `lgvci-dialog ${className}`, id: idPrefix, 'aria-labelledby': titleId },
      el('div', { class: 'dialog-head' }, el('h2', { id: titleId, text: title }), this.closeButton),
      this.body,
    );
    listen(this.cleanups, this.closeButton, 'click', () => this.close());
    listen(this.cleanups, this.element, 'close', () => this.closed());
    // A click on the backdrop (the dialog element itself, outside its box) closes it.
    listen(this.cleanups, this.element, 'click', (e) => {
      if (e.target !== this.element) return;
      const r = this.element.getBoundingClientRect();
      const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
      if (!inside) this.close();
    });
  }

  get isOpen(): boolean {
    return this.element.open;
  }

  open(): void {
    if (this.element.open) return;
    // The focused element itself, also inside a shadow root (the custom element), not its host.
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    this.opener = active instanceof HTMLElement && active !== document.body ? active : null;
    this.element.showModal();
  }

  close(): void {
    if (this.element.open) this.element.close();
  }

  private closed(): void {
    this.onClose();
    const o = this.opener;
    this.opener = null;
    if (o && o.isConnected) o.focus({ preventScroll: true });
  }

  destroy(): void {
    this.close();
    for (const c of this.cleanups.splice(0)) c();
    this.element.remove();
  }
}
