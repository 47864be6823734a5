// Lazy loader of the Rapier physics engine (npm @dimforge/rapier3d-compat, wasm inlined as base64,
// ~1.5 MB): fetched by a dynamic import() only when the comparison is switched on (or a comparison
// long run starts in the worker), never with the first page load. Instantiated once per realm.
export type Rapier = typeof import('@dimforge/rapier3d-compat');

let pending: Promise<Rapier> | null = null;

/** The initialised Rapier module (one per page or worker). */
export function loadRapier(): Promise<Rapier> {
  if (!pending) {
    pending = import('@dimforge/rapier3d-compat')
      .then(async (m) => {
        const R = (m.default ?? m) as Rapier;
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
