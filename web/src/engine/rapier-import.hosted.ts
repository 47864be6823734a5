// How Rapier's module is fetched in the hosted build (`vite build`, vite.config.ts aliases
// `lgvci-rapier` here). Vite's worker plugin bundles each worker on its own, so a plain
// import('@dimforge/rapier3d-compat') gave the page and the long-run worker a 4.3 MB chunk each (the
// package inlines its wasm as base64). Instead the package's file (dist/rapier.mjs: one self-contained
// ES module with no imports, already minified) is emitted once as a hashed asset, and the page and
// every worker import that same URL, so it is downloaded once and cached (docs/page.md, "Comparison on the page").
import rapierUrl from '@dimforge/rapier3d-compat?url';

/** The module namespace of @dimforge/rapier3d-compat (not yet initialised). */
export function importRapierModule(): Promise<unknown> {
  return import(/* @vite-ignore */ rapierUrl);
}
