// How Rapier's module is fetched, under the `lgvci-rapier` alias (vite.config.ts). This variant serves
// the dev server, the Vitest projects and the single offline file (where vite.config.ts aliases the
// package itself to rapier-offline.ts): a plain dynamic import, which a bundler turns into a chunk of
// its own per bundle. The hosted build uses rapier-import.hosted.ts instead, so that the page and its
// workers (separate bundles) load one file.

/** The module namespace of @dimforge/rapier3d-compat (not yet initialised). */
export function importRapierModule(): Promise<unknown> {
  return import('@dimforge/rapier3d-compat');
}
