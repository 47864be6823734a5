// Side-panel group "Comparison and time reversal": the switch that runs the family's baselines (RK4,
// the naive baseline, the Rapier engine: whichever apply) beside the main run, the Reverse button and
// its read-out, and the buttons of the worker's long-run table and return-error sweep; plus the legend
// and live caption drawn over the 3-D view. DOM only: it talks to a ComparisonPort; texts are written through a FrameBatch (at most once
// per animation frame, only when they change).
import { el, listen } from '../util/dom';
import { FrameBatch } from '../util/frame-batch';
import '../styles/comparison.css';
import { t } from '../i18n';

export interface ComparisonPort {
  /** Switch the comparison on or off; `message` says why it could not start, or what is missing. */
  setComparison(on: boolean): Promise<{ ok: boolean; message: string }>;
  /** Negate the momenta of the running simulation; '' or why not. */
  reverse(): string;
  /** Run the way back of the pending reversal as fast as the frames allow (true), or stop that (false). */
  fastReturn(on: boolean): void;
  /** Start the worker's long-run table of the methods. */
  startTable(): void;
  /** Start the worker's return-error sweep (N = 100 … 2000). */
  startSweep(): void;
}

export interface LegendItem {
  label: string;
  color: string;
}

export class ComparisonControls {
  readonly element: HTMLElement;
  readonly toggle: HTMLInputElement;
  readonly message: HTMLElement;
  /** The switch's label and the group's hint (they name the methods the running family compares). */
  readonly toggleLabel: HTMLLabelElement;
  readonly hint: HTMLElement;
  readonly reverseButton: HTMLButtonElement;
  readonly reverseText: HTMLElement;
  /** "Go back now": shown while a reversal is on its way back. */
  readonly fastButton: HTMLButtonElement;
  readonly tableButton: HTMLButtonElement;
  readonly sweepButton: HTMLButtonElement;
  /** Over the 3-D view: the legend of the ghosts and the live caption. */
  readonly overlay: HTMLElement;
  readonly legend: HTMLElement;
  readonly caption: HTMLElement;
  /** Over a short view the caption shows its first lines; this shows all of it, or the first lines again. */
  readonly moreButton: HTMLButtonElement;
  private readonly batch = new FrameBatch();
  private readonly cleanups: (() => void)[] = [];
  private busy = false;

  constructor(port: ComparisonPort, idPrefix: string) {
    const id = (s: string): string => `${idPrefix}-compare-${s}`;
    this.toggle = el('input', { type: 'checkbox', id: id('on'), 'aria-describedby': `${id('hint')} ${id('msg')}` });
    this.toggleLabel = el('label', { for: id('on'), text: t('compare.toggle') });
    this.hint = el(
      'p',
      { class: 'group-hint', id: id('hint') },
      t('compare.hint'),
    );
    this.message = el('p', { class: 'field-msg', id: id('msg'), 'aria-live': 'polite' });
    this.reverseButton = el('button', { type: 'button', class: 'btn', id: id('reverse'), 'aria-describedby': id('rev') }, t('compare.reverse'));
    this.reverseText = el('p', { class: 'group-hint reverse-text', id: id('rev'), 'aria-live': 'polite' });
    this.fastButton = el('button', { type: 'button', class: 'btn', id: id('fast'), hidden: true, 'aria-pressed': 'false' }, t('compare.goBack'));
    this.tableButton = el('button', { type: 'button', class: 'btn', id: id('table') }, t('compare.table'));
    this.sweepButton = el('button', { type: 'button', class: 'btn', id: id('sweep') }, t('compare.sweep'));
    listen(this.cleanups, this.toggle, 'change', () => {
      if (this.busy) return;
      const want = this.toggle.checked;
      this.busy = true;
      // Busy, not disabled: a disabled control loses the focus (to <body>), so a keyboard user would
      // have to find their place again after Rapier loads. A press while busy changes nothing (below).
      this.toggle.setAttribute('aria-disabled', 'true');
      if (want) this.message.textContent = this.loadingText;
      void port.setComparison(want).then(
        (r) => this.settle(want && r.ok, r.message),
        (e: unknown) => this.settle(false, t('compare.failed', { reason: e instanceof Error ? e.message : String(e) })),
      );
    });
    listen(this.cleanups, this.toggle, 'click', (e) => {
      if (this.busy) e.preventDefault();
    });
    listen(this.cleanups, this.reverseButton, 'click', () => {
      const msg = port.reverse();
      if (msg) this.setReverseText(msg);
    });
    listen(this.cleanups, this.fastButton, 'click', () => port.fastReturn(this.fastButton.getAttribute('aria-pressed') !== 'true'));
    listen(this.cleanups, this.tableButton, 'click', () => port.startTable());
    listen(this.cleanups, this.sweepButton, 'click', () => port.startSweep());
    this.element = el(
      'section',
      { class: 'panel-group compare-group', 'aria-labelledby': id('title') },
      el('h2', { id: id('title'), text: t('compare.title') }),
      this.hint,
      el('div', { class: 'field field-check' }, this.toggle, this.toggleLabel),
      this.message,
      el('div', { class: 'btn-row' }, this.reverseButton, this.fastButton),
      this.reverseText,
      el('div', { class: 'btn-row' }, this.tableButton),
      el('div', { class: 'btn-row' }, this.sweepButton),
    );
    this.legend = el('ul', { class: 'compare-legend', 'aria-label': t('compare.legend') });
    this.caption = el('p', { class: 'compare-caption', id: id('caption'), 'aria-live': 'off' });
    this.moreButton = el('button', { type: 'button', class: 'btn btn-small compare-more', 'aria-expanded': 'false', 'aria-controls': id('caption') }, t('compare.more'));
    this.overlay = el('div', { class: 'compare-overlay', hidden: true }, this.legend, this.caption, this.moreButton);
    listen(this.cleanups, this.moreButton, 'click', () => {
      const all = !this.overlay.classList.contains('compare-all');
      this.overlay.classList.toggle('compare-all', all);
      this.moreButton.setAttribute('aria-expanded', String(all));
      this.moreButton.textContent = all ? t('compare.less') : t('compare.more');
    });
  }

  /** What the message says while the switch starts the comparison. */
  private loadingText = t('compare.loadingRapier');

  /**
   * Name the methods the running family compares: the switch's label, the hint, and whether switching
   * on downloads Rapier (the message while it loads). The return-error sweep is LGVCI against RK4:
   * its button is shown only where RK4 runs (`sweep`).
   */
  setMethods(label: string, hint: string, opts: { rapier?: boolean; sweep?: boolean } = {}): void {
    this.toggleLabel.textContent = label;
    this.hint.textContent = hint;
    this.loadingText = opts.rapier ? t('compare.loadingRapier') : t('compare.starting');
    (this.sweepButton.parentElement ?? this.sweepButton).hidden = opts.sweep === false;
  }

  private settle(on: boolean, msg: string): void {
    this.busy = false;
    this.toggle.removeAttribute('aria-disabled');
    this.message.textContent = msg;
    this.toggle.checked = on;
  }

  /** Reflect the model's state (a restart may have switched the comparison off: `error` says why). */
  sync(on: boolean, error: string, note: string): void {
    if (this.busy) return;
    this.toggle.checked = on;
    this.message.textContent = error || note;
  }

  /** The ghosts' legend (empty hides the overlay). */
  setLegend(items: readonly LegendItem[]): void {
    this.legend.replaceChildren(
      ...items.map((i) =>
        el('li', {}, el('span', { class: 'swatch', style: `background:${i.color}`, 'aria-hidden': 'true' }), i.label),
      ),
    );
    this.overlay.hidden = items.length === 0;
  }

  /**
   * Mark the companions whose ghost is outside the drawn frame (flags in the legend's order after the
   * LGVCI body): the legend says "out of view" beside their name.
   */
  setOutOfView(flags: readonly boolean[]): void {
    const items = this.legend.children;
    flags.forEach((out, i) => {
      const li = items[i + 1];
      if (!li) return;
      let note = li.querySelector<HTMLElement>('.out-of-view');
      if (out && !note) {
        note = el('span', { class: 'out-of-view', text: t('compare.outOfView') });
        li.append(note);
      } else if (!out && note) {
        note.remove();
      }
    });
  }

  /** The live caption (written at the next animation frame, only if it changed). */
  setCaption(text: string): void {
    this.batch.text(this.caption, text);
  }

  /**
   * The "Go back now" button: shown while a reversal is on its way back (`pending`), pressed while the
   * way back runs as fast as the frames allow (then it reads "Stop going back").
   */
  setFastReturn(pending: boolean, running: boolean): void {
    this.fastButton.hidden = !pending;
    const label = running ? t('compare.stopGoingBack') : t('compare.goBack');
    if (this.fastButton.textContent !== label) this.fastButton.textContent = label;
    this.fastButton.setAttribute('aria-pressed', String(pending && running));
  }

  /** The reversal read-out (batched like the caption). */
  setReverseText(text: string): void {
    this.batch.text(this.reverseText, text);
  }

  destroy(): void {
    this.batch.drop();
    for (const f of this.cleanups.splice(0)) f();
    this.element.remove();
    this.overlay.remove();
  }
}
