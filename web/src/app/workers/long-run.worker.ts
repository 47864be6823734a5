// Web Worker of the long run (in app/: it wires the engine to the model's long-run computation; the
// comparison's and the "Why variational?" view's jobs run in other instances of it): loads the WASM module itself, steps the requested config in chunks of
// LONG_RUN_CHUNK steps, posts progress (and, a few times per second, the decimated |E − E₀| series),
// yields between chunks so that a cancel message is seen, and posts the result with the time spent
// stepping. Started by app/workers/worker-spawn.ts (or inlined in the single offline file).
import { instantiateEngine } from '../../engine/instantiate';
import type { LgvciModule } from '../../engine/lgvci_wasm';
import type { LongRunReply, LongRunRequest, LongRunStart } from '../../model/long-run';
import { LONG_RUN_CHUNK, LongRunComputation } from '../../model/long-run';
import type { ComparisonReply, ComparisonRequest } from '../../model/comparison-long-run';
import { isComparisonRequest, runComparisonRequest } from './comparison-worker-tasks';
import type { WhyReply, WhyRequest } from '../../model/why';
import { isWhyRequest, runWhyRequest } from './why-worker-tasks';
import { yieldToEvents } from '../../util/yield-to-events';

interface WorkerScope {
  postMessage(message: LongRunReply | ComparisonReply | WhyReply): void;
  onmessage: ((e: MessageEvent<LongRunRequest | ComparisonRequest | WhyRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
let engine: Promise<LgvciModule> | null = null;
const cancelled = new Set<number>();

const SERIES_EVERY_MS = 250;
/** Progress is posted at most this often (a chunk takes well under a millisecond: posting each one
 * flooded the page with ~1600 messages a second). Cancel messages are still seen after every chunk. */
const PROGRESS_EVERY_MS = 50;

async function run(req: LongRunStart): Promise<void> {
  const started = performance.now();
  let comp: LongRunComputation | null = null;
  try {
    engine ??= instantiateEngine();
    const mod = await engine;
    comp = new LongRunComputation(mod, req.configJson, req.steps, req.maxBuckets ?? 2000);
    const chunk = Math.max(1, req.chunk ?? LONG_RUN_CHUNK);
    let lastSeries = performance.now();
    let lastProgress = -Infinity;
    while (!comp.finished) {
      comp.runChunk(chunk);
      const t = performance.now();
      if (t - lastProgress >= PROGRESS_EVERY_MS || comp.finished) {
        lastProgress = t;
        const withSeries = t - lastSeries >= SERIES_EVERY_MS;
        if (withSeries) lastSeries = t;
        scope.postMessage({
          type: 'progress',
          id: req.id,
          done: comp.done,
          total: comp.total,
          impacts: comp.impacts,
          t: comp.t,
          computeSeconds: comp.computeSeconds,
          ...(withSeries ? { series: comp.series() } : {}),
        });
      }
      await yieldToEvents();
      if (cancelled.has(req.id)) {
        cancelled.delete(req.id);
        scope.postMessage({ type: 'cancelled', id: req.id, done: comp.done, total: comp.total });
        return;
      }
    }
    const result = comp.result(req.steps, (performance.now() - started) / 1000);
    scope.postMessage({ type: 'done', id: req.id, result });
  } catch (e) {
    scope.postMessage({ type: 'error', id: req.id, message: e instanceof Error ? e.message : String(e) });
  } finally {
    comp?.dispose();
  }
}

scope.onmessage = (e) => {
  const msg = e.data;
  if (isComparisonRequest(msg)) {
    void runComparisonRequest(msg, () => (engine ??= instantiateEngine()), (m) => scope.postMessage(m));
    return;
  }
  if (isWhyRequest(msg)) {
    runWhyRequest(msg, () => (engine ??= instantiateEngine()), (m) => scope.postMessage(m));
    return;
  }
  if (msg.type === 'cancel') cancelled.add(msg.id);
  else if (msg.type === 'start') void run(msg);
};
