// Side-panel group of the sensitivity twins (§7.4; docs/page.md "Sensitivity twins"): an on/off switch
// and one row per twin — the perturbation it runs along, chosen among the running family's (the
// default first), and its size, a labelled text field with its message beside it. Each perturbation
// keeps its own size. Talks only to the ControllerPort.
import type { ControllerPort } from './controller-port';
import type { Perturbation } from '../engine/lgvci_wasm';
import { DEFAULT_TWIN_COUNT } from '../model/twins';
import { formatNumber } from '../config/fields';
import { echoNodes, el, listen } from '../util/dom';
import { t } from '../i18n';

/** A size as typed: a turn as a multiple of π when it is one to 12 digits (the paper's 1e-8π), else the number. */
export function formatDelta(op: Perturbation['op'], v: number): string {
  if (op === 'turn') {
    const c = v / Math.PI;
    const short = formatNumber(c, 12);
    if (Math.abs(Number(short) * Math.PI - v) <= 1e-15 * Math.abs(v)) return `${short}π`;
  }
  return formatNumber(v, 6);
}

/** One twin's row: its perturbation's menu, its size's field, their message. */
export interface TwinRow {
  readonly row: HTMLElement;
  readonly kind: HTMLSelectElement;
  readonly symbol: HTMLElement;
  readonly label: HTMLElement;
  readonly input: HTMLInputElement;
  readonly message: HTMLElement;
}

export class TwinsControls {
  readonly element: HTMLElement;
  readonly toggle: HTMLInputElement;
  readonly message: HTMLElement;
  readonly hint: HTMLElement;
  /** One row per twin, in order. */
  readonly rows: readonly TwinRow[];
  private readonly controller: ControllerPort;
  private readonly cleanups: (() => void)[] = [];
  /** The perturbations the menus list (rebuilt when another family runs). */
  private listed: readonly Perturbation[] = [];

  constructor(controller: ControllerPort, idPrefix: string) {
    this.controller = controller;
    const id = (s: string): string => `${idPrefix}-twins-${s}`;
    this.toggle = el('input', { type: 'checkbox', id: id('on'), 'aria-describedby': `${id('hint')} ${id('msg')}` });
    this.message = el('p', { class: 'field-msg', id: id('msg'), 'aria-live': 'polite' });
    this.hint = el('p', { class: 'group-hint', id: id('hint') });
    listen(this.cleanups, this.toggle, 'change', () => {
      const r = controller.setTwinsEnabled(this.toggle.checked);
      if (!r.ok) {
        this.toggle.checked = controller.twinsOn;
        this.message.replaceChildren(...echoNodes(r.message));
      }
    });
    this.rows = Array.from({ length: DEFAULT_TWIN_COUNT }, (_, slot) => this.twinRow(slot, id));
    this.element = el(
      'section',
      { class: 'panel-group twins-group', 'aria-labelledby': id('title') },
      el('h2', { id: id('title'), text: t('twins.title') }),
      this.hint,
      el('div', { class: 'field field-check' }, this.toggle, el('label', { for: id('on'), text: t('twins.toggle') })),
      this.message,
      ...this.rows.map((r) => r.row),
    );
    this.cleanups.push(controller.onChange(() => this.afterChange()));
    this.sync();
  }

  private probing = 0;

  /**
   * Show the new state. The default twins are the perturbations whose perturbed start the core accepts
   * (ControllerPort.twinKinds), each asked by building a simulation: for a set-up slow to build (a union
   * of many intersections) they are asked one per task, then the rows are shown, so that the restart's
   * task stays short (docs/page.md "Slow set-ups").
   */
  private afterChange(): void {
    clearTimeout(this.probing);
    const c = this.controller;
    if (!c.slowSetUp || !c.probeTwinKind) {
      this.sync();
      return;
    }
    const probe = (): void => {
      if (c.probeTwinKind?.()) this.probing = window.setTimeout(probe, 0);
      else this.sync();
    };
    this.probing = window.setTimeout(probe, 0);
  }

  private twinRow(slot: number, id: (s: string) => string): TwinRow {
    const c = this.controller;
    const inputId = id(`size-${slot}`);
    const msgId = id(`size-${slot}-msg`);
    const kindId = id(`kind-${slot}`);
    const kind = el('select', { id: kindId, 'aria-describedby': msgId });
    // Named by a <label for> (as every field of the panel), visually hidden: the row's visible label is the size's.
    const kindLabel = el('label', { for: kindId, class: 'sr-only', text: t('twins.kindOf', { n: String(slot + 1) }) });
    const input = el('input', { type: 'text', id: inputId, class: 'num', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': msgId });
    const message = el('p', { class: 'field-msg', id: msgId, 'aria-live': 'polite' });
    const symbol = el('span', { 'aria-hidden': 'true' });
    const label = el('span', { class: 'sr-only' });
    const row = el('div', { class: 'field field-twin' }, kindLabel, kind, el('label', { for: inputId, class: 'field-label' }, symbol, label), input, message);
    const show = (r: { ok: true } | { ok: false; message: string }): void => {
      if (r.ok) return;
      message.replaceChildren(...echoNodes(r.message));
      row.classList.add('invalid');
      input.setAttribute('aria-invalid', 'true');
    };
    listen(this.cleanups, kind, 'change', () => {
      const r = c.setTwinKind(slot, kind.value);
      if (!r.ok) {
        kind.value = c.twinKinds[slot] ?? '';
        show(r);
      }
    });
    listen(this.cleanups, input, 'change', () => show(c.setTwinSize(c.twinKinds[slot] ?? '', input.value)));
    return { row, kind, symbol, label, input, message };
  }

  /** Show the controller's state; a restart that switched the twins off says why. */
  sync(): void {
    const c = this.controller;
    this.toggle.checked = c.twinsOn;
    this.message.textContent = c.twinError;
    this.hint.textContent = c.twinsHint;
    const ps = c.perturbations;
    const relist = ps !== this.listed;
    this.listed = ps;
    this.rows.forEach((r, slot) => {
      if (relist) r.kind.replaceChildren(...ps.map((p) => el('option', { value: p.name, text: c.perturbationText(p).label })));
      const name = c.twinKinds[slot];
      const p = ps.find((q) => q.name === name);
      r.row.hidden = !p;
      if (!p) return;
      const text = c.perturbationText(p);
      r.kind.value = p.name;
      r.row.dataset['twin'] = c.twinSizeKey(p.name);
      r.symbol.textContent = text.symbol;
      r.label.textContent = text.label;
      r.input.value = formatDelta(p.op, c.twinSize(p.name));
      r.message.textContent = '';
      r.row.classList.remove('invalid');
      r.input.removeAttribute('aria-invalid');
    });
  }

  destroy(): void {
    clearTimeout(this.probing);
    for (const f of this.cleanups.splice(0)) f();
    this.element.remove();
  }
}
