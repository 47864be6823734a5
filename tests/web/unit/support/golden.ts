// tests/golden/determinism.json, the golden determinism hashes that the native suite checks too: after
// `steps` steps of each preset, its state hash, impact count and time.
import { readFileSync } from 'node:fs';
import { repoRoot } from './cli';

export interface GoldenRun {
  hash: string;
  impacts: number;
  t: number;
}

export interface Golden {
  steps: number;
  presets: Record<string, GoldenRun>;
  /** The baselines' runs ("integrator": "rk4" on Cases I–IV, "naive" on every preset), beside a `_comment`. */
  rk4: Record<string, GoldenRun | string>;
  naive: Record<string, GoldenRun | string>;
}

/** The runs of a baseline's section, without its comment. */
export function goldenRuns(section: Record<string, GoldenRun | string>): [string, GoldenRun][] {
  return Object.entries(section).filter((e): e is [string, GoldenRun] => typeof e[1] !== 'string');
}

export const golden = JSON.parse(readFileSync(`${repoRoot}tests/golden/determinism.json`, 'utf8')) as Golden;
