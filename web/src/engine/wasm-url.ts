// Where the engine's .wasm is, for fetching it before its glue is evaluated (loader.ts
// prefetchEngine), under the `lgvci-wasm-url` alias (vite.config.ts). This variant serves the dev
// server, the Vitest projects and the single offline file (whose .wasm is inlined in the glue): no
// URL, so the glue fetches the binary itself. The hosted build uses wasm-url.hosted.ts.
export const wasmUrl: string | null = null;
