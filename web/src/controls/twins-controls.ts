// Side-panel group of the sensitivity twins (§7.4): an on/off switch and the two perturbation sizes,
// each a labelled text field with its message beside it. Talks only to the ControllerPort.
import type { ControllerPort } from './controller-port';
import type { TwinDeltaId } from '../config/validation';
import { TWIN_DELTAS } from '../config/validation';
import { formatNumber } from '../config/fields';
import { el, listen } from '../util/dom';
import { t } from '../i18n';

/** δθ shown as a multiple of π when it is one to 12 digits (the paper's 1e-8π), else in radians. */
export function formatDelta(id: TwinDeltaId, v: number): string {
  if (id === 'dtheta') {
    const c = v / Math.PI;
    const short = formatNumber(c, 12);
    if (Math.abs(Number(short) * Math.PI - v) <= 1e-15 * Math.abs(v)) return `${short}π`;
  }
  return formatNumber(v, 6);
}

interface DeltaControl {
  input: HTMLInputElement;
  message: HTMLElement;
  row: HTMLElement;
}

export class TwinsControls {
  readonly element: HTMLElement;
  readonly toggle: HTMLInputElement;
  readonly message: HTMLElement;
  readonly deltas: Record<TwinDeltaId, DeltaControl>;
  private readonly controller: ControllerPort;
  private readonly cleanups: (() => void)[] = [];

  constructor(controller: ControllerPort, idPrefix: string) {
    this.controller = controller;
    const id = (s: string): string => `${idPrefix}-twins-${s}`;
    this.toggle = el('input', { type: 'checkbox', id: id('on'), 'aria-describedby': `${id('hint')} ${id('msg')}` });
    this.message = el('p', { class: 'field-msg', id: id('msg'), 'aria-live': 'polite' });
    listen(this.cleanups, this.toggle, 'change', () => {
      const r = controller.setTwinsEnabled(this.toggle.checked);
      if (!r.ok) {
        this.toggle.checked = controller.twinsOn;
        this.message.textContent = r.message;
      }
    });

    const delta = (key: TwinDeltaId, short: string): DeltaControl => {
      const spec = TWIN_DELTAS[key];
      const inputId = id(key);
      const msgId = id(`${key}-msg`);
      const input = el('input', {
        type: 'text',
        id: inputId,
        class: 'num',
        autocomplete: 'off',
        spellcheck: 'false',
        'aria-describedby': msgId,
      });
      const message = el('p', { class: 'field-msg', id: msgId, 'aria-live': 'polite' });
      const row = el(
        'div',
        { class: 'field field-delta', 'data-twin': key },
        el(
          'label',
          { for: inputId, class: 'field-label' },
          el('span', { 'aria-hidden': 'true', text: short }),
          el('span', { class: 'sr-only', text: spec.label }),
        ),
        input,
        message,
      );
      listen(this.cleanups, input, 'change', () => {
        const r = controller.setTwinDelta(key, input.value);
        if (!r.ok) {
          message.textContent = r.message;
          row.classList.add('invalid');
          input.setAttribute('aria-invalid', 'true');
        }
      });
      return { input, message, row };
    };
    this.deltas = { dx: delta('dx', 'δx'), dtheta: delta('dtheta', 'δθ (rad)') };

    this.element = el(
      'section',
      { class: 'panel-group twins-group', 'aria-labelledby': id('title') },
      el('h2', { id: id('title'), text: t('twins.title') }),
      el(
        'p',
        { class: 'group-hint', id: id('hint') },
        t('twins.hint'),
      ),
      el(
        'div',
        { class: 'field field-check' },
        this.toggle,
        el('label', { for: id('on'), text: t('twins.toggle') }),
      ),
      this.message,
      this.deltas.dx.row,
      this.deltas.dtheta.row,
    );
    this.cleanups.push(controller.onChange(() => this.sync()));
    this.sync();
  }


  /** Show the controller's state; a restart that switched the twins off says why. */
  sync(): void {
    const c = this.controller;
    this.toggle.checked = c.twinsOn;
    this.message.textContent = c.twinError;
    for (const key of ['dx', 'dtheta'] as const) {
      const d = this.deltas[key];
      // No sizes: no family has twins (the group is then hidden).
      d.input.value = c.twinDeltas ? formatDelta(key, c.twinDeltas[key]) : '';
      d.message.textContent = '';
      d.row.classList.remove('invalid');
      d.input.removeAttribute('aria-invalid');
    }
  }

  destroy(): void {
    for (const f of this.cleanups.splice(0)) f();
    this.element.remove();
  }
}
