// Starting the page's workers (app/workers/worker-spawn.ts) in real Chromium: a worker starts and
// answers; and when the browser refuses to construct one (a policy, another origin without the
// blob: import), the refusal arrives as the worker's `error` event with the browser's reason, so the
// long run, the comparison, the ensemble and "Why variational?" say it instead of an exception
// escaping the caller (the why view used to hang at 0 %, and the element's mount failed).
import { afterEach, describe, expect, it } from 'vitest';
import { spawnLongRunWorker } from '../../../web/src/app/workers/worker-spawn';

const RealWorker = globalThis.Worker;
afterEach(() => {
  globalThis.Worker = RealWorker;
});

describe('worker-spawn', () => {
  it('starts the long-run worker, which answers a message', async () => {
    const w = spawnLongRunWorker('lgvci-test');
    const reply = await new Promise<unknown>((resolve, reject) => {
      w.onmessage = (e) => resolve(e.data);
      w.onerror = (e) => reject(new Error(e.message));
      // An unknown job id to cancel: the worker answers nothing for it, so ask for a run of 1 step.
      w.postMessage({ type: 'start', id: 1, configJson: JSON.stringify({ case: 'IV' }), steps: 1 });
    });
    w.terminate();
    expect(reply).toMatchObject({ id: 1 });
  });

  it("reports a refused construction as the worker's error event, with the browser's reason", async () => {
    globalThis.Worker = class {
      constructor() {
        throw new DOMException("Failed to construct 'Worker': blocked by the page's policy", 'SecurityError');
      }
    } as unknown as typeof Worker;
    const w = spawnLongRunWorker('lgvci-test');
    const event = await new Promise<ErrorEvent>((resolve) => {
      w.onerror = resolve;
    });
    expect(event.message).toBe("SecurityError: Failed to construct 'Worker': blocked by the page's policy");
    expect(event.cancelable).toBe(true);
    w.postMessage({});
    w.terminate();
  });
});
