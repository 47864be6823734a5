// Instantiates the embind module (build/wasm/lgvci_wasm.mjs through the `@lgvci-wasm` alias) with the
// options that locate its binary (`lgvci-engine-options`): one place for the page and the worker.
import createLgvci from '@lgvci-wasm';
import { engineOptions } from 'lgvci-engine-options';
import type { LgvciModule } from './lgvci_wasm';

/** `extra`: more of Emscripten's options (loader.ts passes instantiateWasm for a prefetched binary). */
export function instantiateEngine(extra: Record<string, unknown> = {}): Promise<LgvciModule> {
  return createLgvci({ ...engineOptions(), ...extra });
}
