// The screen-reader summary: what the view shows, the time, the impacts and the energy error, written
// to a polite live region at most once per THROTTLE_MS and only when the words changed (a paused
// simulation is announced once, not every few seconds).
import { el } from '../util/dom';
import { fixed, localizeNumberText, t as tr } from '../i18n';

export const ANNOUNCE_THROTTLE_MS = 5000;

export interface SummarySource {
  /** What the view shows (the preset's label and what differs from it). */
  shown(): string;
  t(): number;
  impacts(): number;
  /** |E − E₀| / |E₀| (may be NaN before the first step). */
  relError(): number;
  playing(): boolean;
}

/** The summary in words ("<what is shown> … Playing. Time 3.2 s, 4 impacts, relative energy error 1.2e-13."). */
export function summaryText(s: SummarySource): string {
  const t = s.t();
  const n = s.impacts();
  const r = s.relError();
  const time = Number.isFinite(t) ? `${fixed(t, 1)} s` : tr('number.nan');
  const err = Number.isFinite(r) ? (r === 0 ? '0' : localizeNumberText(r.toExponential(1))) : tr('number.notAvailable');
  const state = s.playing() ? tr('announce.playing') : tr('announce.paused');
  return tr('announce.summary', { shown: s.shown(), state, time, n, error: err });
}

export class Announcer {
  readonly element: HTMLElement;
  /** Writes done so far (tests). */
  writes = 0;
  private last = '';
  private lastWrite = -Infinity;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly source: SummarySource;
  private readonly now: () => number;

  constructor(source: SummarySource, now: () => number = () => performance.now()) {
    this.source = source;
    this.now = now;
    this.element = el('div', { class: 'sr-only lgvci-announcer', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  }

  /** Check every second; write when the throttle allows and the words changed. */
  start(): void {
    if (this.timer === null) this.timer = setInterval(() => this.tick(), 1000);
  }

  /** Write the summary if THROTTLE_MS passed since the last write and it changed; returns whether it wrote. */
  tick(): boolean {
    const now = this.now();
    if (now - this.lastWrite < ANNOUNCE_THROTTLE_MS) return false;
    const text = summaryText(this.source);
    if (text === this.last) return false;
    this.last = text;
    this.lastWrite = now;
    this.element.textContent = text;
    this.writes += 1;
    return true;
  }

  destroy(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.element.remove();
  }
}
