// Web Worker of the "Why variational?" view (docs/page.md): loads the WASM module itself and drives
// model/why.ts's whyComputation — each of its pieces is bounded (a chunk of steps, one order-study
// level, one symplecticity measurement) — posting every event, and yielding between pieces so that a
// cancel message is seen. Started by app/worker-spawn.ts (or inlined in the single offline file).
import { instantiateEngine } from '../engine/instantiate';
import type { LgvciModule } from '../engine/lgvci_wasm';
import type { WhyReply, WhyRequest } from '../model/why';
import { whyComputation } from '../model/why';

interface WorkerScope {
  postMessage(message: WhyReply): void;
  onmessage: ((e: MessageEvent<WhyRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
let engine: Promise<LgvciModule> | null = null;
const cancelled = new Set<number>();

/** Let queued messages (a cancel) run; a MessageChannel round trip avoids setTimeout's 4 ms clamp. */
function yieldToEvents(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });
}

async function run(id: number, configJson: string, baselines: readonly string[]): Promise<void> {
  try {
    engine ??= instantiateEngine();
    const mod = await engine;
    const work = whyComputation(mod, configJson, baselines);
    for (;;) {
      if (cancelled.has(id)) {
        cancelled.delete(id);
        // Ends the generator: its finally blocks delete the embind objects in use.
        work.return();
        scope.postMessage({ type: 'cancelled', id });
        return;
      }
      const next = work.next();
      if (next.done) break;
      scope.postMessage({ type: 'event', id, event: next.value });
      await yieldToEvents();
    }
    scope.postMessage({ type: 'done', id });
  } catch (e) {
    scope.postMessage({ type: 'error', id, message: e instanceof Error ? e.message : String(e) });
  }
}

scope.onmessage = (e) => {
  const msg = e.data;
  if (msg.type === 'cancel') cancelled.add(msg.id);
  else void run(msg.id, msg.configJson, msg.baselines);
};
