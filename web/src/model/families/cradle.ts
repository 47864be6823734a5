// Newton's cradle: a generalized system (q_i = θ_i, p_i = m ℓ² θ̇_i) whose record also has
// the rest truncation's counters. The drawn body is the whole cradle, fixed at the origin (the camera
// does not follow anything); the balls' angles travel in the snapshot's `coords` and are interpolated
// for drawing. History row = the CLI's --csv row (t, q1…qn, p1…pn, E, impacts).
import type { Vec3 } from '../../config/types';
import type { CradleConfig } from '../../config/families/cradle-config';
import { parseCradleConfig } from '../../config/families/cradle-config';
import type { Layout } from '../../engine/layout';
import type { HistoryColumns, ModelFamily } from '../family';
import { csvRowWriter } from '../family';
import type { GeneralizedSnapshot } from './generalized';

export interface CradleSnapshot extends GeneralizedSnapshot {
  /** Rest truncations so far and the momentum they moved (docs/generalized.md "Newton's cradle: simultaneous impacts"). */
  restTruncations: number;
  truncatedMomentum: number;
}

export type CradleFamily = ModelFamily<CradleSnapshot, CradleConfig>;

export function cradleColumns(L: Layout): HistoryColumns {
  const n = L.field('q').size;
  return {
    names: L.csvColumns,
    energy: L.csvIndex('E'),
    energyParts: [],
    // The far ball's angle: what swings out when the striker hits.
    height: L.csvIndex('q') + n - 1,
    heightLabel: `far ball θ${n}`,
    energySymbol: 'H',
    impacts: L.csvIndex('impacts'),
    // θ̇_i = p_i / (m ℓ²): M = m ℓ² I is diagonal.
    velocities: Array.from({ length: n }, (_, i) => ({ label: `θ̇${i + 1}`, col: L.csvIndex('p') + i, index: i })),
  };
}

export function cradleFamily(L: Layout): CradleFamily {
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
    // The sequential policy truncates nothing and its record has no counters: read them as 0.
    truncations: L.has('rest_truncations') ? L.offset('rest_truncations', 1) : -1,
    truncated: L.has('truncated_momentum') ? L.offset('truncated_momentum', 1) : -1,
  };
  const pos = (_s: ArrayLike<number>, out: Vec3): void => {
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
  };
  return {
    id: 'cradle',
    layout: L,
    columns: cradleColumns(L),
    parseConfig: parseCradleConfig,
    groundNormal: () => [0, 0, 1],
    read: (s) => {
      const qs = Array.from(s.subarray(o.q, o.q + n));
      return {
        t: s[o.t] ?? NaN,
        x: [0, 0, 0],
        q: [0, 0, 0, 1],
        coords: qs,
        qs,
        ps: Array.from(s.subarray(o.p, o.p + n)),
        energy: s[o.E] ?? NaN,
        energy0: s[o.E0] ?? NaN,
        phi: s[o.phi] ?? NaN,
        impacts: s[o.impacts] ?? 0,
        steps: s[o.steps] ?? 0,
        status: s[o.status] ?? 0,
        restTruncations: o.truncations < 0 ? 0 : (s[o.truncations] ?? 0),
        truncatedMomentum: o.truncated < 0 ? 0 : (s[o.truncated] ?? 0),
      };
    },
    position: pos,
    writeRow: csvRowWriter(L),
  };
}
