// Where the engine's .wasm is in the hosted build (`vite build`, vite.config.ts aliases
// `lgvci-wasm-url` here): the same hashed file the glue names with new URL('lgvci_wasm.wasm',
// import.meta.url) (one asset: Vite names it by its content), so the prefetch (loader.ts) and the
// glue agree and it is downloaded once (tests/web/dist/first-load.test.ts).
import url from 'lgvci-wasm-binary?url';

export const wasmUrl: string | null = url;
