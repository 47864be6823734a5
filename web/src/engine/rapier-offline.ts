// Stands in for @dimforge/rapier3d-compat in the single offline file (vite.config.ts, mode "single"):
// Rapier's own wasm would add about 8 MB to the file (once for the page, once for the worker), three
// times the simulator itself. Loading it fails with this message, which the comparison shows; the
// RK4 baseline still runs. The hosted page loads the real package.
// The message is English here (a worker loads this too and has no language); the page shows its own
// words for it (compare.rapierOffline) when the error says `offline`.
export const RAPIER_OFFLINE_MESSAGE =
  'Rapier is not part of the single offline file (it would add about 8 MB); the comparison runs RK4 only here — open the hosted page to compare with Rapier.';

export default {
  init(): Promise<never> {
    return Promise.reject(Object.assign(new Error(RAPIER_OFFLINE_MESSAGE), { offline: true }));
  },
};
