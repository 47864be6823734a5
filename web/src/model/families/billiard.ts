// The billiard (docs/billiard.md): a point particle on a table in the plane, its record
// (t, q, p, E, impacts, phi, total_impacts, steps, status, E0, …) read into a snapshot. The table lies
// on the ground and the camera looks down on it: the model's (x, y) is the world's (x, y), z up, so the
// drawn position (the trail's points) is (x, y, DRAWN_HEIGHT), just above the table's felt. History row = the CLI's --csv row
// (t, q1, q2, p1, p2, E, impacts); E is the Hamiltonian H = |p|²/2m + m g y.
import type { Vec3 } from '../../config/types';
import type { BilliardConfig } from '../../config/families/billiard-table';
import { maxMomentum, parseBilliardConfig, tablePerimeter } from '../../config/families/billiard-table';
import type { Layout } from '../../engine/layout';
import type { HistoryColumns, ModelFamily } from '../family';
import { csvRowWriter } from '../family';
import type { GeneralizedSnapshot } from './generalized';

/** Height of the drawn particle (and its trail) above the ground: over the felt (view/families/billiard.ts). */
export const DRAWN_HEIGHT = 0.02;

export type BilliardFamily = ModelFamily<GeneralizedSnapshot, BilliardConfig>;

export function billiardColumns(L: Layout): HistoryColumns {
  return {
    names: L.csvColumns,
    energy: L.csvIndex('E'),
    energyParts: [],
    // The plot of one coordinate shows y (across the table; with gravity, the height).
    height: L.csvIndex('q') + 1,
    heightLabel: 'position y',
    energySymbol: 'H',
    impacts: L.csvIndex('impacts'),
  };
}

export function billiardFamily(L: Layout): BilliardFamily {
  const o = {
    t: L.offset('t', 1),
    q: L.offset('q', 2),
    p: L.offset('p', 2),
    E: L.offset('E', 1),
    E0: L.offset('E0', 1),
    phi: L.offset('phi', 1),
    impacts: L.offset('total_impacts', 1),
    steps: L.offset('steps', 1),
    status: L.offset('status', 1),
  };
  const pos = (s: ArrayLike<number>, out: Vec3): void => {
    out[0] = s[o.q] ?? NaN;
    out[1] = s[o.q + 1] ?? NaN;
    out[2] = DRAWN_HEIGHT;
  };
  return {
    id: 'billiard',
    layout: L,
    columns: billiardColumns(L),
    parseConfig: parseBilliardConfig,
    groundNormal: () => [0, 0, 1],
    read: (s) => {
      const x: Vec3 = [0, 0, 0];
      pos(s, x);
      return {
        t: s[o.t] ?? NaN,
        x,
        q: [0, 0, 0, 1],
        qs: [s[o.q] ?? NaN, s[o.q + 1] ?? NaN],
        ps: [s[o.p] ?? NaN, s[o.p + 1] ?? NaN],
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
    // Birkhoff's coordinates: s along the wall (the table's perimeter), p_t within ±|p|.
    bounceMapAxes: (c) => ({ perimeter: tablePerimeter(c.table), maxMomentum: maxMomentum(c) }),
  };
}
