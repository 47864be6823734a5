// The energy balance a run keeps (docs/architecture.md "Records": the core's conservedEnergy() is E plus
// the energy its impacts dissipated, held at E₀ by every family): E + dissipated, where "dissipated" is
// the state record's ledger of a family whose impacts may lose energy (Capabilities.dissipation), and E
// itself for a family without it. The HUD's error, the plots and the "Why variational?" view measure
// this one quantity, read here from a snapshot, a history row or a record.
import type { Layout } from '../engine/layout';
import type { HistoryColumns } from './family';

/** E + dissipated (E when the family has no ledger). */
export function conservedEnergy(energy: number, dissipated: number | undefined): number {
  return dissipated === undefined ? energy : energy + dissipated;
}

/** The conserved energy of history row `base` (an offset into the history's data) with these columns. */
export function rowConservedEnergy(data: ArrayLike<number>, base: number, cols: HistoryColumns): number {
  const E = data[base + cols.energy] ?? NaN;
  return conservedEnergy(E, cols.dissipated === undefined ? undefined : (data[base + cols.dissipated] ?? NaN));
}

/**
 * The conserved energy of a run whose records have this layout, from its energy (the core's energy(),
 * the record's E) and its state record (read only when the layout has the "dissipated" ledger).
 */
export function recordConservedEnergy(layout: Pick<Layout, 'has' | 'offset'>): (energy: number, record: () => ArrayLike<number>) => number {
  if (!layout.has('dissipated')) return (energy) => energy;
  const at = layout.offset('dissipated', 1);
  return (energy, record) => conservedEnergy(energy, record()[at] ?? NaN);
}
