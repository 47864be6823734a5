// Loads the embind module (build/wasm/lgvci_wasm.mjs, ES6, wasm inlined) through the `@lgvci-wasm`
// alias of vite.config.ts / the vitest configs; `tsc` resolves the alias to ./lgvci_wasm.d.ts.
import type { LgvciModule } from './lgvci_wasm';

let pending: Promise<LgvciModule> | null = null;

/** The engine module, instantiated once per page and shared by every mounted app. */
export function loadEngine(): Promise<LgvciModule> {
  if (!pending) {
    pending = import('@lgvci-wasm')
      .then((m) => m.default())
      .catch((e: unknown) => {
        pending = null;
        throw e;
      });
  }
  return pending;
}
