// What the model needs to know about a model family (each family's reader is in its package,
// families/<package>/web): how to read its state record into a snapshot with a drawable pose, and
// the columns of its per-step history (= the native CLI's --csv columns). No DOM, no three.js.
import type { Mat3, Vec3 } from '../config/types';
import type { Layout } from '../engine/layout';
import type { Capabilities, FamilyInfo } from '../engine/lgvci_wasm';
import type { RapierBaseline } from './baselines';
import type { PoseSpace } from './companions';
import type { Quat } from './interpolation';
import type { FamilyTwins } from './twins';

/** What every family's config has. */
export interface FamilyConfig {
  h: number;
}

/** What every family's state gives the page: time, counters, energy and a pose to draw (world frame, z up). */
export interface Snapshot {
  t: number;
  /** Position of the drawn body's reference point (the centre of mass). */
  x: Vec3;
  /** Attitude of the drawn body. */
  q: Quat;
  /** Coordinates that pose parts of the drawn body (a pendulum's angles θ_i), interpolated for drawing. */
  coords?: number[];
  energy: number;
  energy0: number;
  /**
   * Energy lost at impacts so far (a family whose record has the "dissipated" ledger, Capabilities.dissipation):
   * energy + dissipated ≈ energy0 (model/energy-balance.ts).
   */
  dissipated?: number;
  /**
   * The core's E + dissipated, held at energy0 (the record's conserved_energy), where the record has it;
   * absent: model/energy-balance.ts adds energy and dissipated.
   */
  conserved?: number;
  /**
   * Persistent contact (a family with a contact phase, Capabilities.contactPhase): contact points held on
   * the ground (0 in flight) and the normal force they carry. Absent for families without one.
   */
  contactPoints?: number;
  normalForce?: number;
  /** Smallest contact-constraint value (Φ or min φ_k); < 0 means penetration. */
  phi: number;
  impacts: number;
  steps: number;
  status: number;
}

/**
 * The per-step record of a family: the CSV's columns (`names`), then the record-only values of the core
 * the plots read (`extra`: its derived quantities, docs/architecture.md "Records"), and which columns
 * the plots read. A history row has names.length + extra.length numbers; the CSV export writes the
 * first names.length (the native CLI's --csv row).
 */
export interface HistoryColumns {
  readonly names: readonly string[];
  /** Record-only values kept after the CSV's columns (derivedColumns: conserved_energy, qdot1…); absent: none. */
  readonly extra?: readonly string[];
  /** Column of the total energy (E or H). */
  readonly energy: number;
  /** Columns of the energy's parts shown beside it in the energy plot (may be empty). */
  readonly energyParts: readonly { label: string; col: number }[];
  /** Column of the coordinate the family plots over time (the drawn height above the ground, an angle). */
  readonly height: number;
  /** Symbol of the energy in the plots and the HUD ('E', or 'H' for the Hamiltonian). */
  readonly energySymbol: string;
  /** Column of the impacts of the step (the last of the CSV's; written as an integer). */
  readonly impacts: number;
  /**
   * Columns of velocities q̇_i plotted one series each (the record's qdot = M⁻¹p, among `extra`).
   * Absent: no velocity plot.
   */
  readonly velocities?: readonly { label: string; col: number }[];
  /**
   * Column of the energy lost at impacts so far (the record's "dissipated" ledger): the energy plot adds
   * "E + dissipated" and the error plot measures it against E₀ (model/energy-balance.ts).
   */
  readonly dissipated?: number;
  /** Column of the core's conserved energy E + dissipated (the record's conserved_energy, among `extra`). */
  readonly conserved?: number;
}

/** Numbers in a history row of these columns: the CSV's, then the record-only ones. */
export function rowWidth(cols: Pick<HistoryColumns, 'names' | 'extra'>): number {
  return cols.names.length + (cols.extra?.length ?? 0);
}

export interface ModelFamily<S extends Snapshot = Snapshot, C extends FamilyConfig = FamilyConfig> {
  readonly id: string;
  /** The state record's layout, as the module defines it. */
  readonly layout: Layout;
  readonly columns: HistoryColumns;
  /** The core's resolved config JSON of this family, checked (throws on a shape mismatch). */
  parseConfig(resolvedJson: string): C;
  /** Unit normal of the ground (world frame) in a config. */
  groundNormal(config: C): Vec3;
  /** The snapshot of an engine state view (a new object: a start, a one-off read). */
  read(state: Float64Array): S;
  /**
   * The snapshot of an engine state view written into out, a snapshot this family read before (no
   * allocation: the page reads the drawn states every frame, docs/page.md "The frame loop"); returns out.
   */
  readInto(state: Float64Array, out: S): S;
  /** The drawn position of an engine state view into out (no allocation: called every step). */
  position(state: ArrayLike<number>, out: Vec3): void;
  /** Write the history row (every column but `impacts`: HistoryColumns) of an engine state view into out[offset…]. */
  writeRow(state: ArrayLike<number>, out: Float64Array, offset: number): void;
  /**
   * The pose space of a companion run of this family (the twins, the core's baselines) whose record
   * has `layout` (model/companions.ts): what its pose is, its distance from the main run, how it is drawn.
   */
  poseSpace(layout: Layout): PoseSpace;
  /**
   * The coefficient of restitution of a config (the wording of a Zeno halt, config/messages.ts), for a
   * family whose impacts may lose energy; absent or null: it has none.
   */
  restitution?(config: C): number | null;
  /** The body's mass and inertia J of a config (the HUD's read-out), for a family whose body has them; null: not given. */
  massProperties?(config: C): { mass: number; inertia: Mat3 } | null;
}

/**
 * The core's record-only fields a history row keeps after the CSV's columns, where a record has them:
 * the balance E + dissipated every run keeps at E₀ (conserved_energy) and the velocities q̇ = M⁻¹p
 * (qdot) of a model in generalized coordinates (docs/architecture.md "Records"). The plots read them
 * instead of recomputing them.
 */
export const DERIVED_FIELDS: readonly string[] = ['conserved_energy', 'qdot'];

/** The derived fields of a layout (DERIVED_FIELDS it has, in that order). */
function derivedFields(L: Layout): { name: string; offset: number; size: number }[] {
  return DERIVED_FIELDS.filter((n) => L.has(n)).map((n) => L.field(n));
}

/**
 * The record-only columns of a layout's history rows (HistoryColumns.extra) and where the derived
 * quantities are in a row: `conserved` (conserved_energy) and `qdot` (the first q̇), absent without them.
 */
export function derivedColumns(L: Layout): { extra: string[]; conserved?: number; qdot?: number } {
  const extra: string[] = [];
  const at: Record<string, number> = {};
  const first = L.csvColumns.length;
  for (const f of derivedFields(L)) {
    at[f.name] = first + extra.length;
    for (let i = 0; i < f.size; i++) extra.push(f.size === 1 ? f.name : `${f.name}${i + 1}`);
  }
  const conserved = at['conserved_energy'];
  const qdot = at['qdot'];
  return { extra, ...(conserved !== undefined ? { conserved } : {}), ...(qdot !== undefined ? { qdot } : {}) };
}

/** Writer of a history row: the record's CSV fields, in column order, then its derived fields (derivedColumns). */
export function historyRowWriter(L: Layout): (s: ArrayLike<number>, out: Float64Array, offset: number) => void {
  const runs = [...L.csvRuns(), ...derivedFields(L).map((f) => ({ offset: f.offset, size: f.size }))];
  return (s, out, offset) => {
    let c = offset;
    for (const r of runs) for (let i = 0; i < r.size; i++) out[c++] = s[r.offset + i] ?? NaN;
  };
}

/**
 * Picks the reader of a simulation by its family (HybridSimulation.family(), the core's name) and its
 * record layout (the page's registry, app/families.ts, finds the families in their packages).
 */
export type FamilyResolver = (familyName: string, layout: Layout) => ModelFamily;

/**
 * What the model needs of the page's family table. The app passes it in (app/families.ts's
 * familyTable(), over the family packages it finds): the model imports nothing from the app or the
 * view (docs/architecture.md "The page's family registry"; tests/web/unit/layering.test.ts).
 */
export interface FamilyTable {
  /** The reader of a simulation's state record. */
  readonly resolve: FamilyResolver;
  /**
   * The families among the core's `core` that have a capability, as a phrase for a refusal (their
   * titles, FamilyControls.title, joined by "or"; "no model" when none has it).
   */
  withCapability(core: readonly Pick<FamilyInfo, 'name' | 'capabilities'>[], has: (c: Capabilities) => boolean): string;
  /** The Rapier set-up of a family (its package's), if it has one. */
  rapier(familyName: string): RapierBaseline | undefined;
  /** The sensitivity twins of a family (its package's), if it has them. */
  twins(familyName: string): FamilyTwins | undefined;
}
