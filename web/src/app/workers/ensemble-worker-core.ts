// What a worker of the ensemble pool does, apart from the Worker itself (app/workers/ensemble.worker.ts wires
// it to `self`; the unit tests run it in-process on the Node engine): 'load' instantiates the module
// ahead of a run and runs a small ensemble once, so that the engine's stepping code has been through
// the optimising compiler before the members need it (the pool's prewarm), 'init' builds the ensemble
// from the spec (the core validates it, checks the extreme members' starts and runs the unperturbed
// reference), 'run' runs one member
// ENSEMBLE_CHUNK steps at a time with a step count posted a few times a second and returns its result
// (its Err samples in a transferred Float64Array), 'summarize' turns the merged results into the core's
// statistics. Requests are handled one after another in arrival order: the pool queues several members
// on a worker, so a worker never waits for the page between two members (docs/ensembles.md "Page").
import type { EnsembleRunner, LgvciModule } from '../../engine/lgvci_wasm';
import type { EnsembleReply, EnsembleRequest } from '../../model/ensemble';
import { ENSEMBLE_CHUNK, memberMessage } from '../../model/ensemble';

export type EnsembleReplyPost = (message: EnsembleReply, transfer?: Transferable[]) => void;
/** Instantiates the engine. */
export type EngineLoader = () => Promise<LgvciModule>;

const STEPS_EVERY_MS = 200;

/** The worker's message handler: call it with every request, in order. */
export function ensembleWorkerHandler(load: EngineLoader, post: EnsembleReplyPost, now: () => number = () => performance.now()): (msg: EnsembleRequest) => void {
  let engine: Promise<LgvciModule> | null = null;
  let runner: EnsembleRunner | null = null;
  let runnerId = 0;
  let queue: Promise<void> = Promise.resolve();

  const module = (): Promise<LgvciModule> => {
    engine ??= load();
    return engine;
  };

  async function handle(msg: EnsembleRequest): Promise<void> {
    if (msg.type === 'load') {
      try {
        const mod = await module();
        if (msg.warmupJson) {
          const c = mod.createEnsemble(msg.warmupJson);
          if (c.ensemble) {
            c.ensemble.begin(0);
            while (!c.ensemble.advance(ENSEMBLE_CHUNK));
            c.ensemble.delete();
          }
        }
      } catch {
        engine = null; // reported by the 'init' that tries again
      }
      return;
    }
    try {
      if (msg.type === 'init') {
        const t0 = now();
        const mod = await module();
        const t1 = now();
        runner?.delete();
        runner = null;
        const c = mod.createEnsemble(msg.specJson);
        if (!c.ensemble) {
          post({ type: 'error', id: msg.id, message: c.error.message });
          return;
        }
        runner = c.ensemble;
        runnerId = msg.id;
        post({
          type: 'ready',
          id: msg.id,
          sampleCount: runner.sampleCount(),
          referenceImpacts: runner.referenceImpacts(),
          loadMs: t1 - t0,
          createMs: now() - t1,
        });
        return;
      }
      if (!runner || runnerId !== msg.id) throw new Error('the worker has no ensemble for this run');
      if (msg.type === 'run') {
        const t0 = now();
        if (!runner.begin(msg.member)) throw new Error(`member ${msg.member} is out of range`);
        let last = t0;
        while (!runner.advance(ENSEMBLE_CHUNK)) {
          const t = now();
          if (t - last >= STEPS_EVERY_MS) {
            last = t;
            post({ type: 'steps', id: msg.id, member: msg.member, done: runner.stepsDone() });
          }
        }
        const r = runner.result();
        if (!r) throw new Error(`member ${msg.member} has no result`);
        const m = memberMessage(r);
        post({ type: 'member', id: msg.id, result: m, ms: now() - t0 }, [m.err.buffer]);
      } else {
        const t0 = now();
        const m = msg.merged;
        const json = runner.statistics(m.impacts, m.steps, m.energyErrors, m.halted, m.err);
        if (json === '') throw new Error('the merged results do not fit the ensemble');
        post({ type: 'statistics', id: msg.id, json, ms: now() - t0 });
      }
    } catch (e) {
      post({ type: 'error', id: msg.id, message: e instanceof Error ? e.message : String(e) });
    }
  }

  return (msg) => {
    queue = queue.then(() => handle(msg));
  };
}
