// The "Why variational?" view's jobs inside the long-run worker (app/workers/long-run.worker.ts, a separate
// instance named lgvci-why, so that the single offline file carries no further copy of the module):
// drives model/why.ts's whyComputation — each of its pieces is bounded (a chunk of steps, one
// order-study level, one symplecticity measurement) — posting every event, and yielding between pieces
// so that a cancel message is seen.
import type { LgvciModule } from '../../engine/lgvci_wasm';
import type { WhyReply, WhyRequest } from '../../model/why';
import { whyComputation } from '../../model/why';
import { yieldToEvents } from '../../util/yield-to-events';

export function isWhyRequest(m: { type: string }): m is WhyRequest {
  return m.type === 'why-start' || m.type === 'why-cancel';
}

const cancelled = new Set<number>();

async function run(id: number, configJson: string, baselines: readonly string[], bounceMap: boolean, engine: () => Promise<LgvciModule>, post: (m: WhyReply) => void): Promise<void> {
  try {
    const mod = await engine();
    const work = whyComputation(mod, configJson, baselines, bounceMap);
    for (;;) {
      if (cancelled.has(id)) {
        cancelled.delete(id);
        // Ends the generator: its finally blocks delete the embind objects in use.
        work.return();
        post({ type: 'cancelled', id });
        return;
      }
      const next = work.next();
      if (next.done) break;
      post({ type: 'event', id, event: next.value });
      await yieldToEvents();
    }
    post({ type: 'done', id });
  } catch (e) {
    post({ type: 'error', id, message: e instanceof Error ? e.message : String(e) });
  }
}

export function runWhyRequest(msg: WhyRequest, engine: () => Promise<LgvciModule>, post: (m: WhyReply) => void): void {
  if (msg.type === 'why-cancel') cancelled.add(msg.id);
  else void run(msg.id, msg.configJson, msg.baselines, msg.bounceMap, engine, post);
}
