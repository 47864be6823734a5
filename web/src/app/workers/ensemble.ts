// Main-thread side of the ensemble: a pool of Web Workers (app/workers/ensemble.worker.ts, one per
// navigator.hardwareConcurrency, at most one per member). Every worker builds the same ensemble; the
// pool hands out member numbers to the workers, keeping a few queued on each so that a worker never
// waits for the page between two members (guided self-scheduling: the queue shrinks towards the end, so
// the workers finish together), merges the results in member order (model/ensemble.ts) and has one
// worker compute the core's statistics of the merge. The workers stay for the next run and can be
// started, their module loaded and their code warmed up before a run (prewarm()). Cancel (or an error)
// terminates the workers; the next run starts new ones.
import { t } from '../../i18n';
import type { EnsembleOutcome, EnsembleProgress, EnsembleReply, EnsembleRequest, EnsembleSpec, EnsembleStatistics, EnsembleTiming } from '../../model/ensemble';
import { EnsembleMerge, ensembleSpecJson, parseStatistics } from '../../model/ensemble';
import { spawnEnsembleWorker } from 'lgvci-workers';

export interface EnsembleWorkerLike {
  postMessage(message: EnsembleRequest): void;
  onmessage: ((e: MessageEvent<EnsembleReply>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
  terminate(): void;
}

export function createEnsembleWorker(): EnsembleWorkerLike {
  return spawnEnsembleWorker() as unknown as EnsembleWorkerLike;
}

export type { EnsembleOutcome, EnsembleProgress };

export interface EnsembleHandlers {
  progress(p: EnsembleProgress): void;
  done(o: EnsembleOutcome): void;
  cancelled(membersDone: number, total: number): void;
  error(message: string): void;
}

export function defaultPoolSize(): number {
  const n = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : 1;
  return Math.max(1, Math.min(16, Number.isFinite(n) && n > 0 ? n : 1));
}

/** Steps' worth of members kept queued on a worker (about 0.3 s of WebAssembly stepping), at least 2 members. */
export const ENSEMBLE_QUEUED_STEPS = 2_000_000;

/** How many members to keep queued on a worker: guided self-scheduling (at most half a fair share of those not yet handed out). */
export function queueTarget(steps: number, unassigned: number, workers: number): number {
  const byTime = Math.ceil(ENSEMBLE_QUEUED_STEPS / Math.max(1, steps));
  const byShare = Math.ceil(unassigned / (2 * Math.max(1, workers)));
  return Math.max(2, Math.min(byTime, byShare));
}

interface Slot {
  worker: EnsembleWorkerLike;
  ready: boolean;
  /** Members handed to this worker and not yet returned, in the order it runs them. */
  queue: number[];
  stepsDone: number;
  loadMs: number;
  createMs: number;
  readyMs: number;
  runMs: number;
}

export class EnsemblePool {
  private readonly handlers: EnsembleHandlers;
  private readonly makeWorker: () => EnsembleWorkerLike;
  private readonly size: number;
  private slots: Slot[] = [];
  /** Slots taking part in the current run (the first `used`). */
  private used = 0;
  private id = 0;
  private active = 0;
  private spec: EnsembleSpec | null = null;
  private merge: EnsembleMerge | null = null;
  private next = 0;
  private started = 0;
  private membersAt = 0;
  /** Steps of the members already merged. */
  private finishedSteps = 0;

  constructor(handlers: EnsembleHandlers, makeWorker: () => EnsembleWorkerLike = createEnsembleWorker, size = defaultPoolSize()) {
    this.handlers = handlers;
    this.makeWorker = makeWorker;
    this.size = Math.max(1, Math.floor(size));
  }

  get running(): boolean {
    return this.active !== 0;
  }

  /** Workers of the current (or last) run. */
  get workers(): number {
    return this.used;
  }

  /**
   * Start the workers and instantiate the module in each before a run (e.g. when the panel is first
   * used); with `warmupJson` (an ensemble spec, app/workers/ensemble-worker-core.ts) each also runs it once.
   */
  prewarm(warmupJson?: string): void {
    if (this.running || this.slots.length >= this.size) return;
    const fresh: Slot[] = [];
    while (this.slots.length < this.size) {
      const s = this.newSlot();
      this.slots.push(s);
      fresh.push(s);
    }
    const msg: EnsembleRequest = warmupJson ? { type: 'load', warmupJson } : { type: 'load' };
    for (const s of fresh) s.worker.postMessage(msg);
  }

  start(spec: EnsembleSpec): void {
    if (this.running) throw new Error('an ensemble is already running');
    this.id += 1;
    const id = this.id;
    this.active = id;
    this.spec = { ...spec };
    this.merge = null;
    this.next = 0;
    this.finishedSteps = 0;
    this.started = performance.now();
    this.membersAt = 0;
    this.used = Math.min(this.size, spec.members);
    while (this.slots.length < this.used) this.slots.push(this.newSlot());
    const specJson = ensembleSpecJson(spec);
    for (const s of this.slots.slice(0, this.used)) Object.assign(s, { ready: false, queue: [], stepsDone: 0, loadMs: 0, createMs: 0, readyMs: 0, runMs: 0 });
    for (const s of this.slots.slice(0, this.used)) s.worker.postMessage({ type: 'init', id, specJson });
  }

  private newSlot(): Slot {
    const slot: Slot = { worker: this.makeWorker(), ready: false, queue: [], stepsDone: 0, loadMs: 0, createMs: 0, readyMs: 0, runMs: 0 };
    slot.worker.onmessage = (e) => this.onReply(slot, e.data);
    slot.worker.onerror = (e) => {
      e.preventDefault();
      if (this.running) this.fail(t('ensemble.workerFailed', { message: e.message || t('worker.unknownError') }));
      else this.drop(slot);
    };
    return slot;
  }

  /** A worker that failed between runs is replaced by a new one at the next run. */
  private drop(slot: Slot): void {
    slot.worker.terminate();
    this.slots = this.slots.filter((s) => s !== slot);
  }

  /** Stop now: the workers are terminated (members in progress are abandoned). */
  cancel(): void {
    if (!this.running) return;
    const done = this.merge?.received ?? 0;
    const total = this.spec?.members ?? 0;
    this.killAll();
    this.handlers.cancelled(done, total);
  }

  private killAll(): void {
    for (const s of this.slots) s.worker.terminate();
    this.slots = [];
    this.active = 0;
  }

  private fail(message: string): void {
    this.killAll();
    this.handlers.error(message);
  }

  /** Queue members on the slot up to queueTarget. */
  private fill(slot: Slot): void {
    const spec = this.spec;
    if (!spec) return;
    const target = queueTarget(spec.steps, spec.members - this.next, this.used);
    while (slot.queue.length < target && this.next < spec.members) {
      const member = this.next++;
      if (slot.queue.length === 0) slot.stepsDone = 0;
      slot.queue.push(member);
      slot.worker.postMessage({ type: 'run', id: this.active, member });
    }
  }

  private reportProgress(): void {
    const spec = this.spec;
    if (!spec || !this.merge) return;
    let steps = this.finishedSteps;
    for (const s of this.slots.slice(0, this.used)) if (s.queue.length > 0) steps += s.stepsDone;
    this.handlers.progress({
      members: this.merge.received,
      total: spec.members,
      steps,
      totalSteps: spec.members * spec.steps,
      workers: this.used,
    });
  }

  private timing(statisticsMs: number): EnsembleTiming {
    const used = this.slots.slice(0, this.used);
    return {
      loadMs: used.map((s) => s.loadMs),
      createMs: used.map((s) => s.createMs),
      readyMs: used.map((s) => s.readyMs),
      runMs: used.map((s) => s.runMs),
      membersMs: this.membersAt,
      statisticsMs,
      totalMs: performance.now() - this.started,
    };
  }

  private onReply(slot: Slot, m: EnsembleReply): void {
    if (m.id !== this.active || !this.spec) return; // a late message of a run given up
    switch (m.type) {
      case 'ready':
        slot.ready = true;
        slot.loadMs = m.loadMs ?? 0;
        slot.createMs = m.createMs ?? 0;
        slot.readyMs = performance.now() - this.started;
        this.merge ??= new EnsembleMerge(this.spec.members, m.sampleCount);
        this.fill(slot);
        break;
      case 'steps':
        if (slot.queue[0] === m.member) slot.stepsDone = m.done;
        this.reportProgress();
        break;
      case 'member': {
        const merge = this.merge;
        if (!merge) return this.fail('ensemble: a result arrived before the ensemble was ready');
        if (slot.queue[0] !== m.result.member) return this.fail(`ensemble: member ${m.result.member} arrived out of turn`);
        try {
          merge.add(m.result);
        } catch (e) {
          return this.fail((e as Error).message);
        }
        slot.queue.shift();
        slot.stepsDone = 0;
        slot.runMs += m.ms ?? 0;
        this.finishedSteps += m.result.steps;
        this.reportProgress();
        if (merge.complete) {
          this.membersAt = performance.now() - this.started;
          slot.worker.postMessage({ type: 'summarize', id: this.active, merged: merge.merged() });
        } else {
          this.fill(slot);
        }
        break;
      }
      case 'statistics': {
        let statistics: EnsembleStatistics;
        try {
          statistics = parseStatistics(m.json);
        } catch (e) {
          return this.fail((e as Error).message);
        }
        const workers = this.used;
        const timing = this.timing(m.ms ?? 0);
        this.active = 0;
        for (const s of this.slots) s.queue = [];
        this.handlers.done({ statistics, workers, elapsedSeconds: timing.totalMs / 1000, timing });
        break;
      }
      case 'error':
        this.fail(m.message);
        break;
    }
  }

  dispose(): void {
    this.killAll();
  }
}
