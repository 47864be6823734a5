// Vite config of the page in web/. The embind module is imported straight from the C++ build
// (build/wasm/lgvci_wasm.mjs through the `@lgvci-wasm` alias); its binary lgvci_wasm.wasm, which the
// glue names with new URL(…, import.meta.url), is emitted by Vite as a hashed file. `vite build --mode
// single` (npm run build:single) is the one-file offline build: every asset (the .wasm too) inlined
// as a data: URL, the workers inlined, Rapier left out (engine/rapier-offline.ts), one JS chunk; scripts/inline-single.mjs folds the
// result into dist-single/lgvci.html.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';
import { apiJsonText } from './web/src/api/protocol.ts';

// LGVCI_WASM=/path/to/lgvci_wasm.mjs points the page and the tests at another build of the module
// (its .wasm is taken from beside it).
export const wasmModulePath =
  process.env['LGVCI_WASM'] ?? fileURLToPath(new URL('./build/wasm/lgvci_wasm.mjs', import.meta.url));
export const wasmBinaryPath = wasmModulePath.replace(/\.mjs$/, '.wasm');
const engineOptionsPath = fileURLToPath(new URL('./web/src/engine/engine-options.ts', import.meta.url));
const workerSpawnPath = fileURLToPath(new URL('./web/src/app/workers/worker-spawn.ts', import.meta.url));
const rapierOfflinePath = fileURLToPath(new URL('./web/src/engine/rapier-offline.ts', import.meta.url));
const workerSpawnInlinePath = fileURLToPath(new URL('./web/src/app/workers/worker-spawn.inline.ts', import.meta.url));
const appPath = fileURLToPath(new URL('./web/src/app/app.ts', import.meta.url));
const rapierImportPath = fileURLToPath(new URL('./web/src/engine/rapier-import.ts', import.meta.url));
const rapierImportHostedPath = fileURLToPath(new URL('./web/src/engine/rapier-import.hosted.ts', import.meta.url));
const indexHtmlPath = fileURLToPath(new URL('./web/index.html', import.meta.url));
const elementEntryPath = fileURLToPath(new URL('./web/src/element/lgvci-element.ts', import.meta.url));
const elementDemoPath = fileURLToPath(new URL('./web/element.html', import.meta.url));
const wasmUrlPath = fileURLToPath(new URL('./web/src/engine/wasm-url.ts', import.meta.url));
const wasmUrlHostedPath = fileURLToPath(new URL('./web/src/engine/wasm-url.hosted.ts', import.meta.url));

export const sharedAlias = {
  '@lgvci-wasm': wasmModulePath,
  'lgvci-engine-options': engineOptionsPath,
  'lgvci-workers': workerSpawnPath,
  'lgvci-rapier': rapierImportPath,
  // The .wasm's URL for the prefetch after the first frame (engine/loader.ts): none but in the hosted build.
  'lgvci-wasm-url': wasmUrlPath,
};

/**
 * The app is imported dynamically by the small entry, so Vite does not preload it; this adds
 * <link rel="modulepreload"> for the app's chunk (and the chunks it imports) so that it downloads in
 * parallel with the entry instead of after it. The engine (its glue chunk and the .wasm) is not
 * preloaded: a preset's first frame is drawn before the engine, which is fetched after it
 * (app/first-frame.ts, docs/page.md "First load"), so its bytes do not compete with the first frame's.
 */
function preloadApp(): Plugin {
  return {
    name: 'lgvci-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = Object.values(ctx.bundle ?? {});
        const chunks = new Map(bundle.flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
        const preload = new Set<string>();
        const visit = (fileName: string): void => {
          const c = chunks.get(fileName);
          if (!c || c.isEntry || preload.has(fileName)) return; // the entry is the page's own <script>
          preload.add(fileName);
          c.imports.forEach(visit);
        };
        for (const c of chunks.values()) {
          if (c.isDynamicEntry && c.facadeModuleId === appPath) visit(c.fileName);
        }
        return [...preload].map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `./${f}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * The custom element's demo page (docs/custom-element.md): web/element.html copied to dist/element.html
 * as it is. It loads ./lgvci-element.js as a course page would, so it is not one of Vite's HTML inputs
 * (which would bundle its script into a chunk of its own).
 */
function elementDemo(): Plugin {
  return {
    name: 'lgvci-element-demo',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'element.html', source: readFileSync(elementDemoPath, 'utf8') });
    },
  };
}

/**
 * The host API's description (docs/host-api.md): dist/api.json, made from the protocol's declaration
 * (web/src/api/protocol.ts) at every build. Its checked-in copy docs/api.json is compared with it by
 * tests/web/unit/host-api.test.ts and tests/web/dist/api-json.test.ts, so a change of the protocol
 * shows as a diff of docs/api.json.
 */
function apiJson(): Plugin {
  return {
    name: 'lgvci-api-json',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'api.json', source: apiJsonText() });
    },
  };
}

/** Entry file names: the custom element's script has a fixed name beside index.html (course pages link it); the rest are hashed. */
const entryFileNames = (chunk: { name: string }): string => (chunk.name === 'lgvci-element' ? 'lgvci-element.js' : 'assets/[name]-[hash].js');

/**
 * Emitted asset names: Rapier's file (rapier.mjs, emitted by rapier-import.hosted.ts) is named .js,
 * since some static hosts (older nginx mime.types among them) serve .mjs as application/octet-stream,
 * which a module import refuses. Used by the page's and the workers' bundles alike, so both name the
 * one file the same.
 */
const assetFileNames = (info: { names: string[] }): string =>
  info.names.some((n) => n.endsWith('.mjs')) ? 'assets/[name]-[hash].js' : 'assets/[name]-[hash][extname]';

export default defineConfig(({ command, mode }) => {
  const single = mode === 'single';
  // The hosted build emits Rapier's file once and the page and its workers import it by URL
  // (rapier-import.hosted.ts); the dev server and the tests import the package itself.
  const hosted = command === 'build' && !single;
  return {
    plugins: single ? [] : hosted ? [preloadApp(), elementDemo(), apiJson()] : [preloadApp()],
    root: 'web',
    // Relative asset URLs: the built site works from any sub-path of any static server.
    base: './',
    resolve: {
      alias: single
        ? { ...sharedAlias, 'lgvci-workers': workerSpawnInlinePath, '@dimforge/rapier3d-compat': rapierOfflinePath }
        : hosted
          ? { ...sharedAlias, 'lgvci-rapier': rapierImportHostedPath, 'lgvci-wasm-url': wasmUrlHostedPath, 'lgvci-wasm-binary?url': `${wasmBinaryPath}?url` }
          : sharedAlias,
    },
    // The long-run worker imports the engine module itself; ES workers allow that code-split import.
    // The single file's worker is a classic script: Chromium refuses module workers from blob: URLs of
    // a file:// page (an opaque origin), but runs classic ones.
    worker: { format: single ? 'iife' : 'es', ...(hosted ? { rolldownOptions: { output: { assetFileNames } } } : {}) },
    build: {
      outDir: single ? '../dist-single' : '../dist',
      emptyOutDir: true,
      target: 'es2022',
      // One stylesheet, linked from index.html: the app's chunk is imported dynamically (main.ts), and
      // its CSS must not arrive after it as a separate request.
      cssCodeSplit: false,
      chunkSizeWarningLimit: single ? 4096 : 1024,
      reportCompressedSize: true,
      ...(single ? { assetsInlineLimit: Number.MAX_SAFE_INTEGER, rollupOptions: { output: { codeSplitting: false } } } : {}),
      // dist/.vite/manifest.json: the chunk graph (static and dynamic imports), from which
      // scripts/size-check.mjs takes what the first load fetches (docs/page.md, "Size ceilings").
      // The hosted build has a second entry, the custom element (dist/lgvci-element.js, element/): it
      // shares the page's chunks, its own part is a lazy chunk, so the page's first load is the same.
      ...(hosted
        ? {
            manifest: true,
            rolldownOptions: { input: { index: indexHtmlPath, 'lgvci-element': elementEntryPath }, output: { assetFileNames, entryFileNames } },
          }
        : {}),
    },
    server: { port: 5173, strictPort: false },
    preview: { port: 4173, strictPort: false },
  };
});
