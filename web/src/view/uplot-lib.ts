// uPlot on demand (docs/page.md "First load"): the library (~50 KB minified, ~22 KB gzipped) is
// not needed for the first frame, so it is a chunk of its own, imported by mountApp once the first
// frame is drawn (the app is returned with it loaded). A plot asked to draw before then registers a
// retry and starts the import; the retries also run when the import fails, and then find the reason
// in uplotFailure() to show it in place of the plot. The single offline file bundles it like
// everything else. Its stylesheet stays in the page's CSS (vite.config.ts: one stylesheet).
import { t } from '../i18n';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type UPlotLib = typeof uPlot;

let lib: UPlotLib | null = null;
let pending: Promise<UPlotLib> | null = null;
let failure: Error | null = null;
const waiting = new Set<() => void>();

function runWaiting(): void {
  const calls = [...waiting];
  waiting.clear();
  for (const f of calls) f();
}

/** Imports uPlot once per page (again, on the next call, after a failed attempt). */
export function loadUplot(): Promise<UPlotLib> {
  if (!pending) {
    failure = null;
    pending = import('uplot').then(
      (m) => {
        lib = m.default;
        runWaiting();
        return m.default;
      },
      (e: unknown) => {
        pending = null;
        failure = e instanceof Error ? e : new Error(String(e));
        runWaiting();
        throw failure;
      },
    );
  }
  return pending;
}

/** Why the last import of uPlot failed (null while it has not failed). */
export function uplotFailure(): Error | null {
  return failure;
}

/** The text shown in place of a plot when uPlot could not be loaded. */
export function uplotFailureText(e: Error): string {
  return t('plot.uplotFailed', { message: e.message });
}

/**
 * uPlot if it has arrived; otherwise null, after registering `retry` to run once the import settles
 * (either way; at most once per registration) and starting it unless it has already failed (a plot
 * then shows uplotFailure() instead of asking again at every update).
 */
export function uplotOr(retry: () => void): UPlotLib | null {
  if (lib) return lib;
  waiting.add(retry);
  if (failure) queueMicrotask(runWaiting);
  else loadUplot().catch(() => undefined); // reported by the retries, in place of the plots
  return null;
}

/** Forget a retry registered by uplotOr (its plot was destroyed). */
export function forgetRetry(retry: () => void): void {
  waiting.delete(retry);
}

/**
 * One uPlot in a host element, drawn once the library has arrived: a draw asked for before then is
 * made when it does (only the last one asked for), and a failed import is written in the host instead.
 * The ensemble's and the "Why variational?" view's plot cards draw through it.
 */
export class UplotSlot {
  plot: uPlot | null = null;
  private waiting: (() => void) | null = null;

  constructor(
    private readonly host: HTMLElement,
    private readonly size: () => { width: number; height: number },
  ) {}

  /** Replaces the plot; `beforeDraw` runs just before it is made (not while uPlot is still loading). */
  draw(opts: (U: UPlotLib) => Omit<uPlot.Options, 'width' | 'height'>, data: uPlot.AlignedData, beforeDraw?: () => void): void {
    this.destroy();
    const retry = (): void => {
      this.waiting = null;
      const failed = uplotFailure();
      if (failed) this.host.textContent = uplotFailureText(failed);
      else this.draw(opts, data, beforeDraw);
    };
    const U = uplotOr(retry);
    if (!U) {
      this.waiting = retry;
      return;
    }
    beforeDraw?.();
    this.plot = new U({ ...opts(U), ...this.size() }, data, this.host);
    this.plot.root.querySelector('canvas')?.setAttribute('aria-hidden', 'true');
  }

  resize(): void {
    this.plot?.setSize(this.size());
  }

  /** Removes the plot (or the failure text) and forgets a draw still waiting for the library. */
  destroy(): void {
    if (this.waiting) forgetRetry(this.waiting);
    this.waiting = null;
    this.plot?.destroy();
    this.plot = null;
    this.host.textContent = '';
  }
}
