// Stands in for @dimforge/rapier3d-compat in the single offline file (vite.config.ts, mode "single"):
// Rapier's own wasm would add about 8 MB to the file (once for the page, once for the worker), three
// times the simulator itself. Loading it fails with this message, which the comparison shows; the
// RK4 baseline still runs. The hosted page loads the real package.
import { t } from '../i18n';

/** The message, in the active language (read when the load fails, not when the module is evaluated). */
export function rapierOfflineMessage(): string {
  return t('compare.rapierOffline');
}

export default {
  init(): Promise<never> {
    return Promise.reject(new Error(rapierOfflineMessage()));
  },
};
