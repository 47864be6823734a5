// Newton's cradle: a generalized system (q_i = θ_i, p_i = m ℓ² θ̇_i) read by the common reader of
// generalized coordinates (coordinate-record.ts); its record also has the rest truncation's
// counters. The drawn body is the whole cradle, fixed at the origin (the camera does not follow
// anything); the balls' angles travel in the snapshot's `coords` and are interpolated for drawing.
// History row = the CLI's --csv row (t, q1…qn, p1…pn, E, impacts), then the core's conserved_energy
// and the velocities θ̇_i = qdot_i (the record's q̇ = M⁻¹p).
import type { CradleConfig } from './config';
import { parseCradleConfig } from './config';
import type { Layout } from '../../../../web/src/engine/layout';
import type { HistoryColumns, ModelFamily } from '../../../../web/src/model/family';
import type { GeneralizedSnapshot } from '../../../../web/src/model/coordinate-record';
import { coordinateColumns, coordinateFamily } from '../../../../web/src/model/coordinate-record';
import { derivedColumns } from '../../../../web/src/model/family';

export interface CradleSnapshot extends GeneralizedSnapshot {
  /** Rest truncations so far and the momentum they moved (docs/generalized.md "Newton's cradle: simultaneous impacts"). */
  restTruncations: number;
  truncatedMomentum: number;
}

export type CradleFamily = ModelFamily<CradleSnapshot, CradleConfig>;

export function cradleColumns(L: Layout): HistoryColumns {
  const n = L.field('q').size;
  return {
    // The far ball's angle: what swings out when the striker hits.
    ...coordinateColumns(L, L.csvIndex('q') + n - 1),
    // θ̇_i, the core's q̇ = M⁻¹p (the record's qdot, kept in the history after the CSV's columns).
    ...velocityColumns(L, n),
  };
}

/** The balls' θ̇_i, from the record's qdot (none for a record without it). */
function velocityColumns(L: Layout, n: number): Pick<HistoryColumns, 'velocities'> {
  const qdot = derivedColumns(L).qdot;
  return qdot === undefined ? {} : { velocities: Array.from({ length: n }, (_, i) => ({ label: `θ̇${i + 1}`, col: qdot + i })) };
}

export function cradleFamily(L: Layout): CradleFamily {
  return coordinateFamily(L, () => {
    // The sequential policy truncates nothing and its record has no counters: read them as 0.
    const truncations = L.has('rest_truncations') ? L.offset('rest_truncations', 1) : -1;
    const truncated = L.has('truncated_momentum') ? L.offset('truncated_momentum', 1) : -1;
    return {
      id: 'cradle',
      columns: cradleColumns(L),
      parseConfig: parseCradleConfig,
      position: (_s, out) => {
        out[0] = 0;
        out[1] = 0;
        out[2] = 0;
      },
      complete: (snap, s) => {
        const c = snap as CradleSnapshot;
        c.coords = snap.qs;
        c.restTruncations = truncations < 0 ? 0 : (s[truncations] ?? 0);
        c.truncatedMomentum = truncated < 0 ? 0 : (s[truncated] ?? 0);
        return c;
      },
    };
  });
}
