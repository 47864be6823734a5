// Generalized-coordinate models (Fetecau et al. §4: the particle and the star): the shape of the
// core's resolved config JSON, the controls' parameters (initial height, θ₀, initial velocities
// q̇₀ = M⁻¹p₀, h) and the config sent back to the core.
import type { JumpKind } from '../../../../web/src/config/fields';
import { jumpOf } from '../../../../web/src/config/fields';
import { ConfigShapeError, isRecord, parseJsonObject } from '../../../../web/src/config/parse';
import type { GeneralizedConfig as GeneratedConfig, GeneralizedConstraint, GeneralizedPotential } from '../generated/config-schema';

/**
 * The core's resolved config of a generalized model (presetJson / configJson): the type the core's
 * schema gives (generated/config-schema.ts) with the rows the resolved config always states.
 */
export type GeneralizedConfig = Omit<GeneratedConfig, 'model' | 'mass_matrix' | 'p0' | 'h'> & {
  model: 'generalized';
  /** Mass matrix rows (n × n): the resolved config writes every row whole. */
  mass_matrix: number[][];
  p0: number[];
  h: number;
  [key: string]: unknown;
};

function finiteArray(v: unknown, where: string, n?: number): number[] {
  if (!Array.isArray(v) || (n !== undefined && v.length !== n) || v.some((x) => typeof x !== 'number' || !Number.isFinite(x))) {
    throw new ConfigShapeError(`${where}: expected ${n ?? 'an array of'} finite numbers, got ${JSON.stringify(v)}`);
  }
  return v as number[];
}

/** Parse the core's resolved JSON of a generalized model (presetJson / configJson). */
export function parseGeneralizedConfig(json: string): GeneralizedConfig {
  const raw = parseJsonObject(json);
  if (raw['model'] !== 'generalized') throw new ConfigShapeError(`model: expected "generalized", got ${JSON.stringify(raw['model'])}`);
  const q0 = finiteArray(raw['q0'], 'q0');
  const n = q0.length;
  const M = raw['mass_matrix'];
  if (!Array.isArray(M) || M.length !== n) throw new ConfigShapeError(`mass_matrix: expected ${n} rows`);
  const rows = M.map((r, i) => finiteArray(r, `mass_matrix[${i}]`, n));
  if (!isRecord(raw['potential'])) throw new ConfigShapeError('potential: expected an object');
  const cs = raw['constraints'];
  if (!Array.isArray(cs) || !cs.every(isRecord)) throw new ConfigShapeError('constraints: expected an array of objects');
  const h = raw['h'];
  if (typeof h !== 'number' || !(h > 0)) throw new ConfigShapeError(`h: expected a positive number, got ${JSON.stringify(h)}`);
  return {
    ...(raw as object),
    model: 'generalized',
    mass_matrix: rows,
    potential: raw['potential'] as GeneralizedPotential,
    constraints: cs as GeneralizedConstraint[],
    q0,
    p0: finiteArray(raw['p0'], 'p0', n),
    h,
  };
}

/** Solve M v = p (Gaussian elimination with partial pivoting; n is tiny). */
export function solve(M: readonly (readonly number[])[], p: readonly number[]): number[] {
  const n = p.length;
  const a = M.map((r, i) => [...r, p[i] ?? NaN]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]?.[c] ?? 0) > Math.abs(a[piv]?.[c] ?? 0)) piv = r;
    [a[c], a[piv]] = [a[piv] ?? [], a[c] ?? []];
    const rowC = a[c] ?? [];
    for (let r = c + 1; r < n; r++) {
      const row = a[r] ?? [];
      const f = (row[c] ?? 0) / (rowC[c] ?? NaN);
      for (let k = c; k <= n; k++) row[k] = (row[k] ?? 0) - f * (rowC[k] ?? 0);
    }
  }
  const v = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    const row = a[r] ?? [];
    let s = row[n] ?? NaN;
    for (let k = r + 1; k < n; k++) s -= (row[k] ?? 0) * (v[k] ?? 0);
    v[r] = s / (row[r] ?? NaN);
  }
  return v;
}

export interface GeneralizedParams {
  caseName: string;
  h: number;
  jump: JumpKind;
  speed: number;
  /** Initial coordinates q₀ (the UI edits the height q₀[1] and, for the star, θ₀ = q₀[2]). */
  q0: number[];
  /** Initial velocities q̇₀ = M⁻¹ p₀. */
  v0: number[];
  [key: string]: unknown;
}

/**
 * The jump a resolved config of the generalized family runs (docs/generalized.md "The energy jump"): a
 * "jump" it names; else by its impact policy: a chain's is its chain_energy ("discrete": the variational
 * jump), the simultaneous impulse has only the energy form, the sequential policy's default is (75a).
 */
export function effectiveJump(c: Record<string, unknown>, policy: unknown = c['impact_policy']): JumpKind {
  if (policy === 'chain') return c['chain_energy'] === 'discrete' ? 'variational' : 'energy';
  if (policy === 'simultaneous') return 'energy';
  return jumpOf(c['jump'], 'variational');
}

/**
 * The keys that make a config run `jump` under `policy`, added to a config of the preset: none when the
 * preset already runs it (its JSON, and its bits, unchanged); a chain's as its chain_energy (a "jump"
 * beside the preset's chain_energy would contradict it); the simultaneous impulse's energy jump as none
 * (its only form), its "variational" as "jump", which the core refuses with its reason; else "jump".
 */
export function jumpKeys(base: Record<string, unknown>, basePolicy: unknown, jump: JumpKind, policy: unknown): Record<string, unknown> {
  if (policy === basePolicy && jump === effectiveJump(base, basePolicy)) return {};
  if (policy === 'chain') return { chain_energy: jump === 'variational' ? 'discrete' : 'continuous' };
  // the simultaneous impulse runs the energy jump only (no key); "variational" is sent to be refused
  if (policy === 'simultaneous' && jump === 'energy') return {};
  return { jump };
}

export function generalizedParams(caseName: string, c: GeneralizedConfig, speed: number): GeneralizedParams {
  return { caseName, h: c.h, jump: effectiveJump(c), speed, q0: [...c.q0], v0: solve(c.mass_matrix, c.p0) };
}

/**
 * The config sent to the core: the resolved preset with the edited values. An unedited start is sent
 * with the preset's own p₀ (bit-exact); an edited one as q̇₀ ("qdot0", p₀ = M q̇₀ computed by the core).
 */
export function generalizedConfigJson(base: GeneralizedConfig, p: GeneralizedParams): string {
  const baseV = solve(base.mass_matrix, base.p0);
  const sameV = baseV.every((v, i) => Object.is(v, p.v0[i]));
  const { p0, ...rest } = base;
  const cfg: Record<string, unknown> = { ...rest, q0: [...p.q0], h: p.h, ...jumpKeys(base, base['impact_policy'], p.jump, base['impact_policy']) };
  if (sameV) cfg['p0'] = [...p0];
  else cfg['qdot0'] = [...p.v0];
  return JSON.stringify(cfg);
}
