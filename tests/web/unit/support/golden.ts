// tests/golden/determinism.json, the golden determinism hashes that the native suite checks too: after
// `steps` steps of each preset, its state hash, impact count and time.
import { readFileSync } from 'node:fs';
import { repoRoot } from './cli';

export interface Golden {
  steps: number;
  presets: Record<string, { hash: string; impacts: number; t: number }>;
}

export const golden = JSON.parse(readFileSync(`${repoRoot}tests/golden/determinism.json`, 'utf8')) as Golden;
