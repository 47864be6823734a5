// Lazy loader of the Rapier physics engine (npm @dimforge/rapier3d-compat, wasm inlined as base64,
// 4.3 MB, 1.6 MB gzipped): fetched by a dynamic import() only when the comparison is switched on (or a comparison
// long run starts in the worker), never with the first page load. Instantiated once per realm.
// Fetched through the `lgvci-rapier` alias (rapier-import.ts; in the hosted build
// rapier-import.hosted.ts, one file shared by the page and its workers).
import { importRapierModule } from 'lgvci-rapier';

export type Rapier = typeof import('@dimforge/rapier3d-compat');

let pending: Promise<Rapier> | null = null;

/** The initialised Rapier module (one per page or worker). */
export function loadRapier(): Promise<Rapier> {
  if (!pending) {
    pending = importRapierModule()
      .then(async (m) => {
        const ns = m as { default?: Rapier } & Rapier;
        const R = ns.default ?? ns;
        await R.init();
        return R;
      })
      .catch((e: unknown) => {
        pending = null;
        throw e;
      });
  }
  return pending;
}

/** Whether loadRapier() has been called in this realm (tests check the page does not before the toggle). */
export function rapierRequested(): boolean {
  return pending !== null;
}
