// Side-panel group of the long run (§7.3): number of steps, start and cancel buttons, a progress bar
// and the outcome (impact count, wall time). The run itself happens in a Web Worker (app/workers/long-run.ts);
// this module only shows its state and reports clicks.
import { LONG_RUN_DEFAULT_STEPS, validateLongRunSteps } from '../model/long-run';
import type { LongRunResult } from '../model/long-run';
import { el, listen } from '../util/dom';
import { FrameBatch } from '../util/frame-batch';
import { fixed, localizeNumberText, t } from '../i18n';

export interface LongRunActions {
  start(steps: number): void;
  cancel(): void;
}

/** A count with thin spaces between its thousands (12 345), the same in every shipped language. */
export function formatSteps(n: number): string {
  return new Intl.NumberFormat('en-US').format(n).replace(/,/g, '\u202f');
}

export function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '—';
  return s < 10 ? `${fixed(s, 3)} s` : `${fixed(s, 1)} s`;
}

/** One-line summary of a finished long run. */
export function longRunSummary(r: LongRunResult): string {
  // The core's status message, if it halted, is kept as it came (docs/languages.md "Messages from the core").
  const halted = r.statusMessage ? t('long.halted', { message: r.statusMessage }) : '';
  return (
    t('long.summary', {
      impacts: formatSteps(r.impacts),
      steps: formatSteps(r.steps),
      t: fixed(r.t, 2),
      wall: formatSeconds(r.computeSeconds),
      elapsed: formatSeconds(r.elapsedSeconds),
      error: localizeNumberText(r.maxAbsEnergyError.toExponential(2)),
    }) + halted
  );
}

export class LongRunControls {
  readonly element: HTMLElement;
  readonly stepsInput: HTMLInputElement;
  readonly stepsMessage: HTMLElement;
  readonly startButton: HTMLButtonElement;
  readonly cancelButton: HTMLButtonElement;
  readonly progress: HTMLProgressElement;
  readonly status: HTMLElement;
  readonly impacts: HTMLElement;
  readonly wall: HTMLElement;
  private readonly cleanups: (() => void)[] = [];
  private readonly stepsRow: HTMLElement;
  /** Progress arrives many times a second: its DOM writes happen once per animation frame. */
  readonly batch: FrameBatch;

  /** `hint`: the group's hint (app/families.ts longRunHint: the families' note in it). */
  constructor(actions: LongRunActions, idPrefix: string, hint: string, batch: FrameBatch = new FrameBatch()) {
    this.batch = batch;
    const id = (s: string): string => `${idPrefix}-long-${s}`;
    this.stepsInput = el('input', {
      type: 'text',
      id: id('steps'),
      class: 'num',
      inputmode: 'numeric',
      autocomplete: 'off',
      spellcheck: 'false',
      value: String(LONG_RUN_DEFAULT_STEPS),
      'aria-describedby': id('steps-msg'),
    });
    this.stepsInput.value = String(LONG_RUN_DEFAULT_STEPS);
    this.stepsMessage = el('p', { class: 'field-msg', id: id('steps-msg'), 'aria-live': 'polite' });
    this.startButton = el('button', { type: 'button', class: 'btn btn-primary' }, t('long.start'));
    this.cancelButton = el('button', { type: 'button', class: 'btn', disabled: true }, t('long.cancel'));
    this.progress = el('progress', { id: id('progress'), max: 1, value: 0, class: 'long-progress' });
    this.status = el('p', { class: 'long-status', id: id('status'), role: 'status', 'aria-live': 'polite' });
    this.impacts = el('span', { class: 'hud-value', 'data-long': 'impacts', text: '—' });
    this.wall = el('span', { class: 'hud-value', 'data-long': 'wall', text: '—' });

    const start = (): void => {
      const v = validateLongRunSteps(this.stepsInput.value);
      if (!v.ok) {
        this.showStepsMessage(v.message);
        return;
      }
      this.showStepsMessage('');
      actions.start(v.value);
    };
    listen(this.cleanups, this.startButton, 'click', start);
    listen(this.cleanups, this.stepsInput, 'keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        start();
      }
    });
    // Validated as it is typed: a corrected value clears the message while typing, not on blur (a
    // message vanishing on blur used to move the Start button from under the pointer mid-click).
    const check = (): void => {
      const v = validateLongRunSteps(this.stepsInput.value);
      this.showStepsMessage(v.ok ? '' : v.message);
    };
    listen(this.cleanups, this.stepsInput, 'input', () => {
      // While typing, only clear an outdated message; a new complaint waits for Enter, change or Start.
      if (this.stepsMessage.textContent && validateLongRunSteps(this.stepsInput.value).ok) this.showStepsMessage('');
    });
    listen(this.cleanups, this.stepsInput, 'change', check);
    listen(this.cleanups, this.cancelButton, 'click', () => actions.cancel());

    this.stepsRow = el(
      'div',
      { class: 'field field-delta' },
      el('label', { for: id('steps'), class: 'field-label', text: t('long.steps') }),
      this.stepsInput,
    );
    this.element = el(
      'section',
      { class: 'panel-group long-group', 'aria-labelledby': id('title') },
      el('h2', { id: id('title'), text: t('long.title') }),
      el(
        'p',
        { class: 'group-hint' },
        hint,
      ),
      this.stepsRow,
      el('div', { class: 'btn-row' }, this.startButton, this.cancelButton),
      // Below the buttons, so that it appearing or vanishing never moves them.
      this.stepsMessage,
      el('label', { for: id('progress'), class: 'sr-only', text: t('long.progress') }),
      this.progress,
      this.status,
      el(
        'dl',
        { class: 'long-stats' },
        el('div', {}, el('dt', { text: t('hud.impacts') }), el('dd', {}, this.impacts)),
        el('div', {}, el('dt', { text: t('long.wall') }), el('dd', {}, this.wall)),
      ),
    );
  }


  private showStepsMessage(text: string): void {
    this.stepsMessage.textContent = text;
    this.stepsRow.classList.toggle('invalid', text !== '');
    if (text) this.stepsInput.setAttribute('aria-invalid', 'true');
    else this.stepsInput.removeAttribute('aria-invalid');
  }

  setRunning(running: boolean): void {
    this.startButton.disabled = running;
    this.cancelButton.disabled = !running;
    this.element.classList.toggle('running', running);
    this.element.setAttribute('aria-busy', String(running));
  }

  started(total: number): void {
    this.batch.drop();
    this.setRunning(true);
    this.progress.max = total;
    this.progress.value = 0;
    this.status.textContent = t('long.starting', { steps: formatSteps(total) });
    this.impacts.textContent = '…';
    this.wall.textContent = '…';
  }

  /** Show progress at the next animation frame (only the latest report of a frame is written). */
  showProgress(done: number, total: number, impacts: number): void {
    this.batch.prop(this.progress, 'max', total);
    this.batch.prop(this.progress, 'value', done);
    this.batch.text(this.status, t('long.running', { done: formatSteps(done), total: formatSteps(total) }));
    this.batch.text(this.impacts, formatSteps(impacts));
  }

  finished(r: LongRunResult): void {
    this.batch.drop();
    this.setRunning(false);
    this.progress.max = r.requested;
    this.progress.value = r.steps;
    this.status.textContent = longRunSummary(r);
    this.impacts.textContent = formatSteps(r.impacts);
    this.wall.textContent = formatSeconds(r.computeSeconds);
  }

  cancelled(done: number, total: number): void {
    this.batch.drop();
    this.setRunning(false);
    this.status.textContent = Number.isFinite(done)
      ? t('long.cancelledAfter', { done: formatSteps(done), total: formatSteps(total) })
      : t('long.cancelled');
    this.impacts.textContent = '—';
    this.wall.textContent = '—';
  }

  failed(message: string): void {
    this.batch.drop();
    this.setRunning(false);
    this.status.textContent = t('long.failed', { message });
  }

  destroy(): void {
    this.batch.drop();
    for (const f of this.cleanups.splice(0)) f();
    this.element.remove();
  }
}
