// Systems in generalized coordinates (Fetecau, Marsden, Ortiz & West §4): the state record
// (t, q, p, H, impacts, …) read into a snapshot, and the history row = the CLI's --csv row
// (t, q1…qn, p1…pn, E, impacts; E is the Hamiltonian H = ½pᵀM⁻¹p + V(q) at the grid times).
// Planar models are drawn in the world's x–z plane: q = (x, y[, θ]) → position (x, 0, y), attitude θ.
import type { Vec3 } from '../../config/types';
import type { GeneralizedConfig } from '../../config/families/generalized-config';
import { parseGeneralizedConfig } from '../../config/families/generalized-config';
import type { Layout } from '../../engine/layout';
import type { HistoryColumns, ModelFamily, Snapshot } from '../family';
import { csvRowWriter } from '../family';
import type { Quat } from '../interpolation';

export interface GeneralizedSnapshot extends Snapshot {
  /** Generalized coordinates and momenta. */
  qs: number[];
  ps: number[];
}

export type GeneralizedFamily = ModelFamily<GeneralizedSnapshot, GeneralizedConfig>;

/** Attitude quaternion of a model rotation θ (counter-clockwise in x–y = world x–z): −θ about world y. */
export function planarQuat(theta: number): Quat {
  return [0, -Math.sin(theta / 2), 0, Math.cos(theta / 2)];
}

export function generalizedColumns(L: Layout): HistoryColumns {
  return {
    names: L.csvColumns,
    energy: L.csvIndex('E'),
    energyParts: [],
    height: L.csvIndex('q') + 1,
    heightLabel: 'height y',
    energySymbol: 'H',
    impacts: L.csvIndex('impacts'),
  };
}

export function generalizedFamily(L: Layout): GeneralizedFamily {
  const n = L.field('q').size;
  const o = {
    t: L.offset('t', 1),
    q: L.offset('q', n),
    p: L.offset('p', n),
    E: L.offset('E', 1),
    E0: L.offset('E0', 1),
    phi: L.offset('phi', 1),
    impacts: L.offset('total_impacts', 1),
    steps: L.offset('steps', 1),
    status: L.offset('status', 1),
  };
  const pos = (s: ArrayLike<number>, out: Vec3): void => {
    out[0] = s[o.q] ?? NaN;
    out[1] = 0;
    out[2] = n >= 2 ? (s[o.q + 1] ?? NaN) : 0;
  };
  return {
    id: 'generalized',
    layout: L,
    columns: generalizedColumns(L),
    parseConfig: parseGeneralizedConfig,
    groundNormal: () => [0, 0, 1],
    read: (s) => {
      const x: Vec3 = [0, 0, 0];
      pos(s, x);
      return {
        t: s[o.t] ?? NaN,
        x,
        q: n >= 3 ? planarQuat(s[o.q + 2] ?? NaN) : [0, 0, 0, 1],
        qs: Array.from(s.subarray(o.q, o.q + n)),
        ps: Array.from(s.subarray(o.p, o.p + n)),
        energy: s[o.E] ?? NaN,
        energy0: s[o.E0] ?? NaN,
        phi: s[o.phi] ?? NaN,
        impacts: s[o.impacts] ?? 0,
        steps: s[o.steps] ?? 0,
        status: s[o.status] ?? 0,
      };
    },
    position: pos,
    writeRow: csvRowWriter(L),
  };
}
