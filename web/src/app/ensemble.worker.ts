// Web Worker of the ensemble pool: loads the WASM module itself, builds the ensemble from
// the spec ('init': the core validates it, checks every member's start and runs the unperturbed
// reference), then runs the members the page hands it one at a time ('run'), ENSEMBLE_CHUNK steps
// at a time with a step count posted a few times a second, and returns each member's result. One
// worker also turns the merged results into the core's statistics ('summarize'). Cancel terminates
// the workers (app/ensemble.ts). Started by app/worker-spawn.ts (the hosted build) or inlined (the single offline file).
import { instantiateEngine } from '../engine/instantiate';
import type { EnsembleRunner, LgvciModule } from '../engine/lgvci_wasm';
import type { EnsembleReply, EnsembleRequest } from '../model/ensemble';
import { ENSEMBLE_CHUNK, memberMessage } from '../model/ensemble';

interface WorkerScope {
  postMessage(message: EnsembleReply, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent<EnsembleRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
let engine: Promise<LgvciModule> | null = null;
let runner: EnsembleRunner | null = null;
let runnerId = 0;
/** Requests are handled one after another (init is asynchronous: the module loads). */
let queue: Promise<void> = Promise.resolve();

const STEPS_EVERY_MS = 200;

async function handle(msg: EnsembleRequest): Promise<void> {
  try {
    if (msg.type === 'init') {
      engine ??= instantiateEngine();
      const mod = await engine;
      runner?.delete();
      runner = null;
      const c = mod.createEnsemble(msg.specJson);
      if (!c.ensemble) {
        scope.postMessage({ type: 'error', id: msg.id, message: c.error.message });
        return;
      }
      runner = c.ensemble;
      runnerId = msg.id;
      scope.postMessage({ type: 'ready', id: msg.id, sampleCount: runner.sampleCount(), referenceImpacts: runner.referenceImpacts() });
      return;
    }
    if (!runner || runnerId !== msg.id) throw new Error('the worker has no ensemble for this run');
    if (msg.type === 'run') {
      if (!runner.begin(msg.member)) throw new Error(`member ${msg.member} is out of range`);
      let last = performance.now();
      while (!runner.advance(ENSEMBLE_CHUNK)) {
        const t = performance.now();
        if (t - last >= STEPS_EVERY_MS) {
          last = t;
          scope.postMessage({ type: 'steps', id: msg.id, member: msg.member, done: runner.stepsDone() });
        }
      }
      const r = runner.result();
      if (!r) throw new Error(`member ${msg.member} has no result`);
      const m = memberMessage(r);
      scope.postMessage({ type: 'member', id: msg.id, result: m }, [m.err.buffer]);
    } else {
      const m = msg.merged;
      const json = runner.statistics(m.impacts, m.steps, m.energyErrors, m.halted, m.err);
      if (json === '') throw new Error('the merged results do not fit the ensemble');
      scope.postMessage({ type: 'statistics', id: msg.id, json });
    }
  } catch (e) {
    scope.postMessage({ type: 'error', id: msg.id, message: e instanceof Error ? e.message : String(e) });
  }
}

scope.onmessage = (e) => {
  const msg = e.data;
  queue = queue.then(() => handle(msg));
};
