// Side-panel group of the ensemble (docs/ensembles.md "Page"): members K, perturbation size and kind
// (one of the running set-up's perturbations, the default first), steps N, seed; Run and Cancel, a
// progress bar and the outcome. Each field shows its own message. The members run
// in a pool of Web Workers (app/workers/ensemble.ts); this module only shows the state and reports clicks.
import type { EnsembleOutcome, EnsembleProgress } from '../model/ensemble';
import type { Parsed, PerturbationKind } from '../model/ensemble';
import {
  ENSEMBLE_DEFAULTS,
  histogramTotal,
  validateEnsembleSteps,
  validateMembers,
  validatePerturbation,
  validateSeed,
} from '../model/ensemble';
import { el, listen } from '../util/dom';
import { FrameBatch } from '../util/frame-batch';
import { fixed, localizeNumberText, t } from '../i18n';

export interface EnsembleRequestFields {
  members: number;
  size: number;
  kind: PerturbationKind;
  steps: number;
  seed: number;
}

export interface EnsembleActions {
  run(fields: EnsembleRequestFields): void;
  cancel(): void;
}

type FieldId = 'members' | 'size' | 'steps' | 'seed';

/** One entry of the kind menu: a perturbation's name (the core's) and its words. */
export interface EnsembleKindOption {
  readonly value: PerturbationKind;
  readonly label: string;
}

interface Field {
  input: HTMLInputElement;
  message: HTMLElement;
  row: HTMLElement;
  validate: (raw: string) => Parsed;
}

const nf = new Intl.NumberFormat('en-US');
const fmtInt = (n: number): string => nf.format(n).replace(/,/g, '\u202f');

/** One-line summary of a finished ensemble. */
export function ensembleSummary(o: EnsembleOutcome): string {
  const s = o.statistics;
  const halted = s.halted > 0 ? t('ensemble.halted', { halted: String(s.halted) }) : '';
  return (
    t('ensemble.summary', {
      members: fmtInt(s.ensemble.members),
      steps: fmtInt(s.ensemble.steps),
      seconds: fixed(o.elapsedSeconds, 2),
      n: o.workers,
      median: String(s.impacts.median),
      min: String(s.impacts.min),
      max: String(s.impacts.max),
      reference: String(s.reference.impacts),
      error: localizeNumberText(s.energy_error.median.toExponential(2)),
    }) + halted
  );
}

export class EnsembleControls {
  readonly element: HTMLElement;
  readonly fields: Record<FieldId, Field>;
  readonly kindSelect: HTMLSelectElement;
  readonly hint: HTMLElement;
  readonly runButton: HTMLButtonElement;
  readonly cancelButton: HTMLButtonElement;
  readonly progress: HTMLProgressElement;
  readonly status: HTMLElement;
  /** K members counted by the impact histogram after a run ('—' before). */
  readonly total: HTMLElement;
  private readonly cleanups: (() => void)[] = [];
  readonly batch: FrameBatch;

  /** `hint`: the group's hint (app/families.ts ensembleHint: the set-up as its family words it; setKinds changes it). */
  constructor(actions: EnsembleActions, idPrefix: string, hint: string, batch: FrameBatch = new FrameBatch()) {
    this.batch = batch;
    const id = (s: string): string => `${idPrefix}-ens-${s}`;
    const field = (key: FieldId, label: string, value: string, validate: (raw: string) => Parsed): Field => {
      const input = el('input', {
        type: 'text',
        id: id(key),
        class: 'num',
        autocomplete: 'off',
        spellcheck: 'false',
        value,
        'aria-describedby': id(`${key}-msg`),
      });
      input.value = value;
      const message = el('p', { class: 'field-msg', id: id(`${key}-msg`), 'aria-live': 'polite' });
      const row = el('div', { class: 'field field-delta' }, el('label', { for: id(key), class: 'field-label', text: label }), input, message);
      const f: Field = { input, message, row, validate };
      listen(this.cleanups, input, 'change', () => this.check(f));
      listen(this.cleanups, input, 'input', () => {
        if (message.textContent && validate(input.value).ok) this.show(f, '');
      });
      // Enter checks the field (a form of five fields runs only from its button).
      listen(this.cleanups, input, 'keydown', (e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          this.check(f);
        }
      });
      return f;
    };
    const d = ENSEMBLE_DEFAULTS;
    this.fields = {
      members: field('members', t('ensemble.members'), String(d.members), validateMembers),
      size: field('size', t('ensemble.size'), String(d.size), validatePerturbation),
      steps: field('steps', t('ensemble.steps'), String(d.steps), validateEnsembleSteps),
      seed: field('seed', t('ensemble.seed'), String(d.seed), validateSeed),
    };
    this.kindSelect = el('select', { id: id('kind') });
    this.hint = el('p', { class: 'group-hint' }, hint);
    this.runButton = el('button', { type: 'button', class: 'btn btn-primary' }, t('ensemble.run'));
    // "Cancel" in sight, "Cancel the ensemble" to assistive technology: the long run above has a Cancel too.
    this.cancelButton = el('button', { type: 'button', class: 'btn', disabled: true, 'aria-label': t('ensemble.cancelLong') }, t('long.cancel'));
    this.progress = el('progress', { id: id('progress'), max: 1, value: 0, class: 'long-progress' });
    this.status = el('p', { class: 'long-status', id: id('status'), role: 'status', 'aria-live': 'polite' });
    this.total = el('span', { class: 'hud-value', 'data-ensemble': 'total', text: '—' });

    const run = (): void => {
      const values: Partial<Record<FieldId, number>> = {};
      let ok = true;
      for (const key of ['members', 'size', 'steps', 'seed'] as const) {
        const v = this.check(this.fields[key]);
        if (v === null) ok = false;
        else values[key] = v;
      }
      if (!ok) return;
      actions.run({
        members: values.members ?? d.members,
        size: values.size ?? d.size,
        steps: values.steps ?? d.steps,
        seed: values.seed ?? d.seed,
        kind: this.kindSelect.value,
      });
    };
    listen(this.cleanups, this.runButton, 'click', run);
    listen(this.cleanups, this.cancelButton, 'click', () => actions.cancel());

    const f = this.fields;
    this.element = el(
      'section',
      { class: 'panel-group long-group ensemble-group', 'aria-labelledby': id('title') },
      el('h2', { id: id('title'), text: t('ensemble.title') }),
      this.hint,
      f.members.row,
      f.size.row,
      el('div', { class: 'field field-select' }, el('label', { for: id('kind'), class: 'field-label', text: t('ensemble.kind') }), this.kindSelect),
      f.steps.row,
      f.seed.row,
      el('div', { class: 'btn-row' }, this.runButton, this.cancelButton),
      el('label', { for: id('progress'), class: 'sr-only', text: t('ensemble.progress') }),
      this.progress,
      this.status,
      el('dl', { class: 'long-stats' }, el('div', {}, el('dt', { text: t('ensemble.inHistogram') }), el('dd', {}, this.total))),
    );
  }

  /**
   * The running set-up's perturbations in the kind menu (the default first, selected unless the one
   * chosen before is among them) and the group's hint for its family.
   */
  setKinds(kinds: readonly EnsembleKindOption[], hint: string): void {
    const chosen = this.kindSelect.value;
    this.kindSelect.replaceChildren(...kinds.map((k) => el('option', { value: k.value, text: k.label })));
    if (kinds.some((k) => k.value === chosen)) this.kindSelect.value = chosen;
    this.hint.textContent = hint;
  }

  /** The field's value, or null with its message shown. */
  private check(f: Field): number | null {
    const v = f.validate(f.input.value);
    this.show(f, v.ok ? '' : v.message);
    return v.ok ? v.value : null;
  }

  private show(f: Field, text: string): void {
    f.message.textContent = text;
    f.row.classList.toggle('invalid', text !== '');
    if (text) f.input.setAttribute('aria-invalid', 'true');
    else f.input.removeAttribute('aria-invalid');
  }

  setRunning(running: boolean): void {
    this.runButton.disabled = running;
    this.cancelButton.disabled = !running;
    for (const f of Object.values(this.fields)) f.input.disabled = running;
    this.kindSelect.disabled = running;
    this.element.classList.toggle('running', running);
    this.element.setAttribute('aria-busy', String(running));
  }

  started(members: number, steps: number): void {
    this.batch.drop();
    this.setRunning(true);
    this.progress.max = 1;
    this.progress.value = 0;
    this.status.textContent = t('ensemble.starting', { members: fmtInt(members), steps: fmtInt(steps) });
    this.total.textContent = '…';
  }

  /** Progress at the next animation frame (only the latest report of a frame is written). */
  showProgress(p: EnsembleProgress): void {
    this.batch.prop(this.progress, 'max', p.totalSteps);
    this.batch.prop(this.progress, 'value', p.steps);
    this.batch.text(this.status, t('ensemble.running', { done: fmtInt(p.members), total: fmtInt(p.total), n: p.workers }));
  }

  finished(o: EnsembleOutcome): void {
    this.batch.drop();
    this.setRunning(false);
    this.progress.max = 1;
    this.progress.value = 1;
    this.status.textContent = ensembleSummary(o);
    this.total.textContent = String(histogramTotal(o.statistics));
  }

  cancelled(done: number, total: number): void {
    this.batch.drop();
    this.setRunning(false);
    this.status.textContent = t('ensemble.cancelled', { done: fmtInt(done), total: fmtInt(total) });
    this.total.textContent = '—';
  }

  failed(message: string): void {
    this.batch.drop();
    this.setRunning(false);
    this.status.textContent = t('ensemble.failed', { message });
    this.total.textContent = '—';
    // The core blames a field of the spec ("size: member 13's perturbed start is invalid: …"): show
    // the message next to that field too.
    const field = /^(members|size|steps|seed): /.exec(message)?.[1] as FieldId | undefined;
    if (field) this.show(this.fields[field], message);
  }

  destroy(): void {
    this.batch.drop();
    for (const f of this.cleanups.splice(0)) f();
    this.element.remove();
  }
}
