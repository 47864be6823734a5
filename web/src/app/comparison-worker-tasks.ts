// The comparison's jobs inside the long-run worker (app/long-run.worker.ts dispatches these messages
// here): the long-run table of the methods (Rapier loaded lazily, in the worker, when the family is a
// rigid body with a shape) and the
// return-error sweep through the module's reverseCheck binding. Results are posted row by row.
import type { LgvciModule } from '../engine/lgvci_wasm';
import type { Rapier } from '../engine/rapier';
import { loadRapier } from '../engine/rapier';
import type { ComparisonReply, ComparisonRequest } from '../model/comparison-long-run';
import { compareTable, sweepPoint, tablePlan } from '../model/comparison-long-run';

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
      compareTable(mod, rapier, req.configJson, req.steps, (row) => post({ type: 'compare-row', id: req.id, row }));
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
