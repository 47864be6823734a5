// Loads the engine (engine/instantiate.ts: the embind module plus its separate .wasm) once per page;
// the import is dynamic so that the page shell shows while the module downloads and compiles.
//
// prefetchEngine() starts the .wasm's download and its compilation while it streams in
// (WebAssembly.compileStreaming, off the main thread) without waiting for the glue chunk to be
// evaluated: the app calls it right after a preset's first frame (docs/page.md "First load"), when the
// main thread is still busy producing that frame. loadEngine() then hands the compiled module to the
// glue (Emscripten's instantiateWasm hook), which instantiates it. Without a prefetch (the workers,
// the dev server, the single offline file) the glue fetches and compiles the binary itself, streaming.
import type { LgvciModule } from './lgvci_wasm';
import { wasmUrl } from 'lgvci-wasm-url';

let pending: Promise<LgvciModule> | null = null;
let compiled: Promise<WebAssembly.Module> | null = null;

/** Start fetching and compiling the engine's .wasm now, if the build names its URL (the hosted site). */
export function prefetchEngine(): void {
  if (compiled || pending || !wasmUrl || typeof WebAssembly.compileStreaming !== 'function') return;
  // The glue's own fetch options (same origin credentials), so a cache entry would be shared too.
  compiled = WebAssembly.compileStreaming(fetch(wasmUrl, { credentials: 'same-origin' }));
  // A failure is reported by loadEngine, which falls back to the glue's own fetch.
  compiled.catch(() => undefined);
}

/** Emscripten's hook: instantiate the prefetched module with the glue's imports. */
function instantiateWasm(
  module: Promise<WebAssembly.Module>,
): (imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => object {
  return (imports, receive) => {
    module
      .then((m) => WebAssembly.instantiate(m, imports).then((instance) => receive(instance, m)))
      .catch((e: unknown) => console.error(e));
    return {};
  };
}

/** The engine module, instantiated once per page and shared by every mounted app. */
export function loadEngine(): Promise<LgvciModule> {
  if (!pending) {
    const prefetched = compiled;
    pending = Promise.all([import('./instantiate'), prefetched?.then(
      () => true,
      () => false,
    )])
      .then(([m, ok]) => m.instantiateEngine(prefetched && ok ? { instantiateWasm: instantiateWasm(prefetched) } : {}))
      .catch((e: unknown) => {
        pending = null;
        throw e;
      });
  }
  return pending;
}
