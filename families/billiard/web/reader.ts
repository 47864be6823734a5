// The billiard (docs/billiard.md): a point particle on a table in the plane, its record
// (t, q, p, E, impacts, phi, total_impacts, steps, status, E0, …) read into a snapshot by the common
// reader of generalized coordinates (coordinate-record.ts). The table lies on the ground and the
// camera looks down on it: the model's (x, y) is the world's (x, y), z up, so the drawn position (the
// trail's points) is (x, y, DRAWN_HEIGHT), just above the table's felt. History row = the CLI's --csv
// row (t, q1, q2, p1, p2, E, impacts); E is the Hamiltonian H = |p|²/2m + m g y.
import type { BilliardConfig } from './table';
import { parseBilliardConfig } from './table';
import type { Layout } from '../../../web/src/engine/layout';
import type { HistoryColumns, ModelFamily } from '../../../web/src/model/family';
import type { GeneralizedSnapshot } from '../../../web/src/model/coordinate-record';
import { coordinateColumns, coordinateFamily } from '../../../web/src/model/coordinate-record';

/** Height of the drawn particle (and its trail) above the ground: over the felt (view.ts). */
export const DRAWN_HEIGHT = 0.02;

export type BilliardFamily = ModelFamily<GeneralizedSnapshot, BilliardConfig>;

export function billiardColumns(L: Layout): HistoryColumns {
  // Its coordinate over time is y (across the table; with gravity, the height); the billiard's plots
  // (capabilities: energy, energy error, the bounce map) do not draw it.
  return coordinateColumns(L, L.csvIndex('q') + 1);
}

export function billiardFamily(L: Layout): BilliardFamily {
  return coordinateFamily(
    L,
    ({ q }) => ({
      id: 'billiard',
      columns: billiardColumns(L),
      parseConfig: parseBilliardConfig,
      position: (s, out) => {
        out[0] = s[q] ?? NaN;
        out[1] = s[q + 1] ?? NaN;
        out[2] = DRAWN_HEIGHT;
      },
      complete: (snap) => snap,
    }),
    2,
  );
}
