// uPlot on demand (issue 14, README "First load"): the library (~50 KB minified, ~22 KB gzipped) is
// not needed for the first frame, so it is a chunk of its own, imported by mountApp once the first
// frame is drawn (the app is returned with it loaded). A plot asked to draw before then registers a
// retry and starts the import; the single offline file bundles it like everything else. Its
// stylesheet stays in the page's CSS (vite.config.ts: one stylesheet).
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type UPlotLib = typeof uPlot;

let lib: UPlotLib | null = null;
let pending: Promise<UPlotLib> | null = null;
const waiting = new Set<() => void>();

/** Imports uPlot once per page (again after a failed attempt). */
export function loadUplot(): Promise<UPlotLib> {
  if (!pending) {
    pending = import('uplot').then(
      (m) => {
        lib = m.default;
        const calls = [...waiting];
        waiting.clear();
        for (const f of calls) f();
        return m.default;
      },
      (e: unknown) => {
        pending = null;
        throw e;
      },
    );
  }
  return pending;
}

/**
 * uPlot if it has arrived; otherwise null, after starting the import and registering `retry` to run
 * once it arrives (at most once per registration; `cancel` of the result forgets it).
 */
export function uplotOr(retry: () => void): UPlotLib | null {
  if (lib) return lib;
  waiting.add(retry);
  loadUplot().catch((e: unknown) => console.error(e));
  return null;
}

/** Forget a retry registered by uplotOr (its plot was destroyed). */
export function forgetRetry(retry: () => void): void {
  waiting.delete(retry);
}
