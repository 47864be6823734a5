// The first frame before the engine (docs/page.md "First load"): the page draws the scene of a preset
// from the preset's start as the engine computes it — the resolved config, the record layout and the
// state record after the controls built the preset's config (Controller.selectCase, then
// createSimulation) — kept in each family package's web/first-frames.json (FamilyPackage.firstFrames),
// while the engine downloads and compiles; it steps when the engine is ready. The files are the
// engine's own output for every preset of every family (tests/web/unit/first-frame.test.ts holds them
// equal to the engine's first record bit for bit, and rewrites them with FIRST_FRAMES_WRITE=1 after a
// change of the core's presets or records).
//
// Which addresses start before the engine: a preset (`case=`, or none: the first preset) with only
// keys that do not change the start or the camera (start-keys.ts). A changed field (`tilt=10`),
// `setup=`, `flat=`, the twins or a camera need the engine to compute their start, and wait for it.
import { Layout } from '../engine/layout';
import type { FamilyConfig, Snapshot } from '../model/family';
import { FIRST_FRAMES, caseFromQuery, familyParts, registryCases } from './families';
import type { FirstFrameStart } from './family-parts';
import { presetStartOnly } from './start-keys';

export type { FirstFrameStart } from './family-parts';

/** What the view draws of a start: the family's parsed config and the snapshot of its record. */
export interface FirstFrameScene {
  readonly start: FirstFrameStart;
  readonly config: FamilyConfig;
  readonly snapshot: Snapshot;
}

const STARTS = FIRST_FRAMES;

/** The bytes of a Float64Array (little-endian, as WebAssembly's memory) in base64: exact, NaN and −0 included. */
export function encodeRecord(a: ArrayLike<number>): string {
  const bytes = new Uint8Array(Float64Array.from(a).buffer);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

export function decodeRecord(b64: string): Float64Array {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Float64Array(bytes.buffer);
}

/** The stored starts (every preset of every family). */
export function firstFrameStarts(): readonly FirstFrameStart[] {
  return STARTS;
}

/**
 * The start the app will run for this address (mountApp's `query`) or preset (`caseName`), when it is
 * a preset's own start; null when it needs the engine (a changed field, a set-up, a camera, …).
 */
export function startBeforeEngine(query: string | undefined, caseName?: string): FirstFrameStart | null {
  let name: string | undefined;
  if (query !== undefined) {
    if (!presetStartOnly(query)) return null;
    name = caseFromQuery(query);
  } else {
    name = caseName ?? registryCases()[0]?.name;
  }
  return STARTS.find((s) => s.name === name) ?? null;
}

/** The parsed config and the snapshot of a start, read by the family's own reader (as the model reads the engine's). */
export function firstFrameScene(start: FirstFrameStart): FirstFrameScene {
  const family = familyParts(start.family).model(new Layout(start.layout));
  return { start, config: family.parseConfig(start.resolvedJson), snapshot: family.read(decodeRecord(start.record)) };
}
