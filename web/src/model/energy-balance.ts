// The energy balance a run keeps (docs/architecture.md "Records"): the core's conservedEnergy(), E plus
// the energy its impacts dissipated, held at E₀ by every family. The core writes it into every family's
// state record as `conserved_energy` (record only, not hashed), so the page reads it there: the HUD's
// error from the snapshot (Snapshot.conserved), the plots from the history row (HistoryColumns.conserved)
// and the "Why variational?" view from the record. Only a record without the field (a family outside
// this distribution that declares none, the unit tests' fake engine) has it computed here, as E plus its
// "dissipated" ledger where it has one (Capabilities.dissipation), else E.
import type { Layout } from '../engine/layout';
import type { HistoryColumns, Snapshot } from './family';

/** E + dissipated of a record without conserved_energy (E when it has no ledger either). */
export function conservedEnergy(energy: number, dissipated: number | undefined): number {
  return dissipated === undefined ? energy : energy + dissipated;
}

/** The conserved energy of a snapshot: the core's (Snapshot.conserved), else E + dissipated. */
export function snapshotConservedEnergy(s: Pick<Snapshot, 'energy' | 'dissipated' | 'conserved'>): number {
  return s.conserved ?? conservedEnergy(s.energy, s.dissipated);
}

/** The conserved energy of history row `base` (an offset into the history's data) with these columns. */
export function rowConservedEnergy(data: ArrayLike<number>, base: number, cols: HistoryColumns): number {
  if (cols.conserved !== undefined) return data[base + cols.conserved] ?? NaN;
  const E = data[base + cols.energy] ?? NaN;
  return conservedEnergy(E, cols.dissipated === undefined ? undefined : (data[base + cols.dissipated] ?? NaN));
}

/**
 * The conserved energy of a run whose records have this layout, from its energy (the core's energy(),
 * the record's E) and its state record (read only when the layout has conserved_energy or the
 * "dissipated" ledger).
 */
export function recordConservedEnergy(layout: Pick<Layout, 'has' | 'offset'>): (energy: number, record: () => ArrayLike<number>) => number {
  if (layout.has('conserved_energy')) {
    const at = layout.offset('conserved_energy', 1);
    return (_energy, record) => record()[at] ?? NaN;
  }
  if (!layout.has('dissipated')) return (energy) => energy;
  const at = layout.offset('dissipated', 1);
  return (energy, record) => conservedEnergy(energy, record()[at] ?? NaN);
}
