// The address keys that change neither a preset's start nor the camera (docs/page.md "First load"): an
// address with no other key starts from a preset's stored start, drawn before the engine is loaded
// (first-frame.ts); the teacher's lock=, hide= and autoplay= (config/class-options.ts) touch only the
// controls and whether it plays; api-origins (api/frame.ts) only whom the page answers. Its own small file: the page's entry (main.ts) reads it to decide whether the
// engine is fetched at once (any other key: the start needs the engine) or after the first frame.
// The page's own keys are url-codec's PASSTHROUGH_KEYS (tests/web/unit/first-frame.test.ts).
export const START_FREE_KEYS: readonly string[] = ['case', 'paused', 'embed', 'plots', 'theme', 'view', 'locale', 'lock', 'hide', 'autoplay', 'api-origins'];

/** Whether an address names at most a preset and keys that leave its start and camera alone. */
export function presetStartOnly(query: string): boolean {
  for (const k of new URLSearchParams(query).keys()) if (!START_FREE_KEYS.includes(k)) return false;
  return true;
}
