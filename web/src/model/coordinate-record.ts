// What the families in generalized coordinates share (Fetecau, Marsden, Ortiz & West §4; docs/generalized.md):
// their state record's common fields (t, q, p, E,
// E0, phi, total_impacts, steps, status) read into a snapshot, and their history row = the CLI's
// --csv row (t, q1…qn, p1…pn, E, impacts; E is the Hamiltonian H at the grid times). A family
// adds how it is drawn (the position and attitude of the body, the coordinates posing its parts),
// its own fields and its config; every offset comes from the record layout the module defines.
import type { Vec3 } from '../config/types';
import type { Layout } from '../engine/layout';
import type { FamilyConfig, HistoryColumns, ModelFamily, Snapshot } from './family';
import { derivedColumns, historyRowWriter } from './family';
import { RecordPoseSpace } from './companions';

export interface GeneralizedSnapshot extends Snapshot {
  /** Generalized coordinates and momenta. */
  qs: number[];
  ps: number[];
}

/**
 * The history columns of a record in generalized coordinates: the Hamiltonian H as the energy, no
 * energy parts, and the column the family plots over time (HistoryColumns.height).
 */
export function coordinateColumns(L: Layout, height: number): HistoryColumns {
  const { extra, conserved } = derivedColumns(L);
  return {
    names: L.csvColumns,
    extra,
    ...(conserved !== undefined ? { conserved } : {}),
    energy: L.csvIndex('E'),
    energyParts: [],
    height,
    energySymbol: 'H',
    impacts: L.csvIndex('impacts'),
  };
}

/** Where the coordinates and momenta are in a record (offsets of q₁ and p₁; n of each). */
export interface CoordinateRecord {
  readonly n: number;
  readonly q: number;
  readonly p: number;
}

/** A family's parts on top of the common record (coordinateFamily). */
export interface CoordinateParts<S extends GeneralizedSnapshot, C extends FamilyConfig> {
  readonly id: string;
  readonly columns: HistoryColumns;
  parseConfig(resolvedJson: string): C;
  /** The drawn position of a state view into out (ModelFamily.position). */
  position(state: ArrayLike<number>, out: Vec3): void;
  /**
   * The family's snapshot from the common one (its x from `position`, attitude identity, no coords),
   * completed in place and returned: the attitude (written into its q), the coordinates posing its
   * parts, its own fields. In place, because a snapshot read before is read into again (readInto).
   */
  complete(common: GeneralizedSnapshot, state: Float64Array): S;
}

/**
 * A reader of a record in generalized coordinates: the common fields plus the family's parts, made
 * from where the coordinates are. `n`: the number of coordinates the record must have (default: the
 * layout's size of q).
 */
export function coordinateFamily<S extends GeneralizedSnapshot, C extends FamilyConfig>(
  L: Layout,
  makeParts: (record: CoordinateRecord) => CoordinateParts<S, C>,
  n: number = L.field('q').size,
): ModelFamily<S, C> {
  const o = {
    t: L.offset('t', 1),
    q: L.offset('q', n),
    p: L.offset('p', n),
    E: L.offset('E', 1),
    E0: L.offset('E0', 1),
    phi: L.offset('phi', 1),
    conserved: L.has('conserved_energy') ? L.offset('conserved_energy', 1) : -1,
    impacts: L.offset('total_impacts', 1),
    steps: L.offset('steps', 1),
    status: L.offset('status', 1),
  };
  const parts = makeParts({ n, q: o.q, p: o.p });
  const family: ModelFamily<S, C> = {
    id: parts.id,
    layout: L,
    columns: parts.columns,
    parseConfig: (json) => parts.parseConfig(json),
    groundNormal: () => [0, 0, 1],
    // A new snapshot is a blank common one read into and completed by the family (readInto).
    read: (s) =>
      family.readInto(s, {
        t: 0,
        x: [0, 0, 0],
        q: [0, 0, 0, 1],
        qs: new Array<number>(n).fill(0),
        ps: new Array<number>(n).fill(0),
        energy: 0,
        energy0: 0,
        phi: 0,
        impacts: 0,
        steps: 0,
        status: 0,
      } as S),
    readInto: (s, out) => {
      parts.position(s, out.x);
      out.t = s[o.t] ?? NaN;
      const q = out.q;
      q[0] = 0;
      q[1] = 0;
      q[2] = 0;
      q[3] = 1;
      for (let i = 0; i < n; i++) {
        out.qs[i] = s[o.q + i] ?? NaN;
        out.ps[i] = s[o.p + i] ?? NaN;
      }
      out.energy = s[o.E] ?? NaN;
      out.energy0 = s[o.E0] ?? NaN;
      if (o.conserved >= 0) out.conserved = s[o.conserved] ?? NaN;
      out.phi = s[o.phi] ?? NaN;
      out.impacts = s[o.impacts] ?? 0;
      out.steps = s[o.steps] ?? 0;
      out.status = s[o.status] ?? 0;
      return parts.complete(out, s);
    },
    position: (s, out) => parts.position(s, out),
    writeRow: historyRowWriter(L),
    // A companion's pose is its whole record, compared by q and drawn by this reader.
    poseSpace: (layout) => new RecordPoseSpace(layout, family as ModelFamily),
  };
  return family;
}
