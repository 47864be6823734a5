// Main-thread side of the long run: starts the worker (app/workers/long-run.worker.ts) on demand, sends
// start/cancel messages and forwards the replies. One run at a time; the worker is kept for the next
// run (the WASM module stays loaded in it) and terminated by dispose().
import { t } from '../../i18n';
import { spawnLongRunWorker } from 'lgvci-workers';
import type { LongRunProgress, LongRunReply, LongRunRequest, LongRunResult } from '../../model/long-run';

export interface LongRunHandlers {
  progress(p: LongRunProgress): void;
  done(r: LongRunResult): void;
  cancelled(done: number, total: number): void;
  error(message: string): void;
}

export interface WorkerLike {
  postMessage(message: LongRunRequest): void;
  onmessage: ((e: MessageEvent<LongRunReply>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
  terminate(): void;
}

export function createLongRunWorker(): WorkerLike {
  return spawnLongRunWorker() as unknown as WorkerLike;
}

/** Without an answer to a cancel within this time the worker is terminated (and restarted next time). */
const CANCEL_GRACE_MS = 3000;

export class LongRunClient {
  private worker: WorkerLike | null = null;
  private readonly makeWorker: () => WorkerLike;
  private readonly handlers: LongRunHandlers;
  private id = 0;
  private active = 0;
  private cancelTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(handlers: LongRunHandlers, makeWorker: () => WorkerLike = createLongRunWorker) {
    this.handlers = handlers;
    this.makeWorker = makeWorker;
  }

  get running(): boolean {
    return this.active !== 0;
  }

  private ensureWorker(): WorkerLike {
    if (this.worker) return this.worker;
    const w = this.makeWorker();
    w.onmessage = (e) => this.onReply(e.data);
    w.onerror = (e) => {
      e.preventDefault();
      const id = this.active;
      this.kill();
      if (id) this.handlers.error(t('long.workerFailed', { message: e.message || t('worker.unknownError') }));
    };
    this.worker = w;
    return w;
  }

  start(configJson: string, steps: number): void {
    if (this.running) throw new Error('a long run is already in progress');
    this.id += 1;
    this.active = this.id;
    this.ensureWorker().postMessage({ type: 'start', id: this.id, configJson, steps });
  }

  cancel(): void {
    if (!this.running || !this.worker) return;
    const id = this.active;
    this.worker.postMessage({ type: 'cancel', id });
    this.cancelTimer ??= setTimeout(() => {
      this.cancelTimer = null;
      if (this.active !== id) return;
      this.kill();
      this.handlers.cancelled(NaN, NaN);
    }, CANCEL_GRACE_MS);
  }

  private finish(): void {
    this.active = 0;
    if (this.cancelTimer) clearTimeout(this.cancelTimer);
    this.cancelTimer = null;
  }

  private kill(): void {
    this.worker?.terminate();
    this.worker = null;
    this.finish();
  }

  private onReply(m: LongRunReply): void {
    if (m.id !== this.active) return; // a late message of a run already given up
    switch (m.type) {
      case 'progress':
        this.handlers.progress(m);
        break;
      case 'done':
        this.finish();
        this.handlers.done(m.result);
        break;
      case 'cancelled':
        this.finish();
        this.handlers.cancelled(m.done, m.total);
        break;
      case 'error':
        this.finish();
        this.handlers.error(m.message);
        break;
    }
  }

  dispose(): void {
    this.kill();
  }
}
