// The comparison's jobs inside the long-run worker (app/workers/long-run.worker.ts dispatches these messages
// here): the long-run table of the methods (Rapier loaded lazily, in the worker, for a family with
// shapes, set up by its package's worker parts) and the return-error sweep through the module's
// reverseCheck binding. Results are posted row by row.
import type { FamilyWorkerPackage } from '../family-parts';
import type { LgvciModule } from '../../engine/lgvci_wasm';
import type { Rapier } from '../../engine/rapier';
import { loadRapier } from '../../engine/rapier';
import type { RapierBaseline } from '../../model/baselines';
import type { ComparisonReply, ComparisonRequest } from '../../model/comparison-long-run';
import { compareTable, sweepPoint, tablePlan } from '../../model/comparison-long-run';

/**
 * The packages' worker parts (families/<package>/web/worker.ts, each exporting its `workerParts`),
 * found by the build: a worker carries no family's view or controls.
 */
const WORKER_PACKAGES = import.meta.glob<FamilyWorkerPackage>('../../../../families/*/web/worker.ts', { eager: true, import: 'workerParts' });

/** The Rapier set-up of a family, by the core's family name. */
function rapierOf(familyName: string): RapierBaseline | undefined {
  for (const p of Object.values(WORKER_PACKAGES)) for (const f of p.families) if (f.name === familyName) return f.rapier;
  return undefined;
}

export function isComparisonRequest(m: { type: string }): m is ComparisonRequest {
  return m.type === 'compare-table' || m.type === 'reverse-sweep';
}

/** Let queued messages run between two rows (the page stays informed). */
const pause = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

export async function runComparisonRequest(
  req: ComparisonRequest,
  engine: () => Promise<LgvciModule>,
  post: (m: ComparisonReply) => void,
): Promise<void> {
  try {
    const mod = await engine();
    if (req.type === 'compare-table') {
      let rapier: Rapier | null = null;
      if (tablePlan(mod, req.configJson).includes('rapier')) {
        try {
          rapier = await loadRapier();
        } catch {
          rapier = null;
        }
      }
      compareTable(mod, rapier, rapierOf, req.configJson, req.steps, (row) => post({ type: 'compare-row', id: req.id, row }));
      post({ type: 'compare-done', id: req.id });
    } else {
      for (const n of req.steps) {
        post({ type: 'sweep-point', id: req.id, point: sweepPoint(mod, req.configJson, n) });
        await pause();
      }
      post({ type: 'sweep-done', id: req.id });
    }
  } catch (e) {
    post({ type: 'compare-error', id: req.id, message: e instanceof Error ? e.message : String(e) });
  }
}
