// How the engine's factory finds its .wasm in the page and in the long-run worker: the
// binary is its own file. Emscripten's ES6 glue names it as new URL('lgvci_wasm.wasm', import.meta.url);
// Vite recognises that pattern, emits the file hashed beside the chunks and rewrites the URL, and the
// glue compiles it while it downloads (WebAssembly.instantiateStreaming). Nothing to pass here. The
// single offline file (vite build --mode single) inlines the same URL as a data: URL; the Node unit
// tests get their options from tests/web/unit/engine-options.node.ts (the `lgvci-engine-options` alias).
export type EngineOptions = Record<string, unknown>;

export function engineOptions(): EngineOptions {
  return {};
}
