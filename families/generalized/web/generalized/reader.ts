// Systems in generalized coordinates (Fetecau, Marsden, Ortiz & West §4): the state record
// (t, q, p, H, impacts, …) read into a snapshot, and the history row = the CLI's --csv row
// (t, q1…qn, p1…pn, E, impacts; E is the Hamiltonian H = ½pᵀM⁻¹p + V(q) at the grid times), both
// through the common reader (coordinate-record.ts). Planar models are drawn in the world's x–z
// plane: q = (x, y[, θ]) → position (x, 0, y), attitude θ.
import type { GeneralizedConfig } from './config';
import { parseGeneralizedConfig } from './config';
import type { Layout } from '../../../../web/src/engine/layout';
import type { HistoryColumns, ModelFamily } from '../../../../web/src/model/family';
import type { Quat } from '../../../../web/src/model/interpolation';
import type { GeneralizedSnapshot } from '../../../../web/src/model/coordinate-record';
import { coordinateColumns, coordinateFamily } from '../../../../web/src/model/coordinate-record';

export type { GeneralizedSnapshot } from '../../../../web/src/model/coordinate-record';

export type GeneralizedFamily = ModelFamily<GeneralizedSnapshot, GeneralizedConfig>;

/** Attitude quaternion of a model rotation θ (counter-clockwise in x–y = world x–z): −θ about world y. */
export function planarQuat(theta: number): Quat {
  return [0, -Math.sin(theta / 2), 0, Math.cos(theta / 2)];
}

export function generalizedColumns(L: Layout): HistoryColumns {
  return coordinateColumns(L, L.csvIndex('q') + 1); // the height y
}

export function generalizedFamily(L: Layout): GeneralizedFamily {
  return coordinateFamily(L, ({ n, q }) => ({
    id: 'generalized',
    columns: generalizedColumns(L),
    parseConfig: parseGeneralizedConfig,
    position: (s, out) => {
      out[0] = s[q] ?? NaN;
      out[1] = 0;
      out[2] = n >= 2 ? (s[q + 1] ?? NaN) : 0;
    },
    complete: (snap, s) => {
      if (n >= 3) {
        const theta = s[q + 2] ?? NaN;
        snap.q[1] = -Math.sin(theta / 2); // planarQuat, in place
        snap.q[3] = Math.cos(theta / 2);
      }
      return snap;
    },
  }));
}
