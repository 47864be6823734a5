// Vite config of the page in web/. The embind module is imported straight from the C++ build
// (build/wasm/lgvci_wasm.mjs, wasm inlined) through the `@lgvci-wasm` alias; nothing is copied.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';

// LGVCI_WASM=/path/to/lgvci_wasm.mjs points the page and the tests at another build of the module.
export const wasmModulePath =
  process.env['LGVCI_WASM'] ?? fileURLToPath(new URL('./build/wasm/lgvci_wasm.mjs', import.meta.url));

export const sharedAlias = { '@lgvci-wasm': wasmModulePath };

/**
 * The engine is imported dynamically (the page shell shows while it loads), so Vite does not preload
 * it; this adds <link rel="modulepreload"> for its chunk so that it downloads in parallel with the
 * main chunk instead of after it.
 */
function preloadEngineChunk(): Plugin {
  return {
    name: 'lgvci-preload-engine',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isDynamicEntry && c.facadeModuleId === wasmModulePath,
        );
        if (!chunk) return [];
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `./${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig({
  plugins: [preloadEngineChunk()],
  root: 'web',
  // Relative asset URLs: the built site works from any sub-path of any static server.
  base: './',
  resolve: { alias: sharedAlias },
  // The long-run worker imports the engine module itself; ES workers allow that code-split import.
  worker: { format: 'es' },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1024,
    reportCompressedSize: true,
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173, strictPort: false },
});
