// Loads the engine (engine/instantiate.ts: the embind module plus its separate .wasm) once per page;
// the import is dynamic so that the page shell shows while the module downloads and compiles.
import type { LgvciModule } from './lgvci_wasm';

let pending: Promise<LgvciModule> | null = null;

/** The engine module, instantiated once per page and shared by every mounted app. */
export function loadEngine(): Promise<LgvciModule> {
  if (!pending) {
    pending = import('./instantiate')
      .then((m) => m.instantiateEngine())
      .catch((e: unknown) => {
        pending = null;
        throw e;
      });
  }
  return pending;
}
