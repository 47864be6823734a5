// Main-thread side of the ensemble: a pool of Web Workers (app/ensemble.worker.ts, one per
// navigator.hardwareConcurrency, at most one per member). Every worker builds the same ensemble; the
// pool hands out member numbers one at a time to whichever worker is free, merges the results in
// member order (model/ensemble.ts) and has one worker compute the core's statistics of the merge.
// Cancel (or an error) terminates the workers; the next run starts new ones.
import { t } from '../i18n';
import type { EnsembleOutcome, EnsembleProgress, EnsembleReply, EnsembleRequest, EnsembleSpec, EnsembleStatistics } from '../model/ensemble';
import { EnsembleMerge, ensembleSpecJson, parseStatistics } from '../model/ensemble';
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

interface Slot {
  worker: EnsembleWorkerLike;
  ready: boolean;
  member: number; // −1: idle
  stepsDone: number;
}

export class EnsemblePool {
  private readonly handlers: EnsembleHandlers;
  private readonly makeWorker: () => EnsembleWorkerLike;
  private readonly size: number;
  private slots: Slot[] = [];
  private id = 0;
  private active = 0;
  private spec: EnsembleSpec | null = null;
  private merge: EnsembleMerge | null = null;
  private next = 0;
  private started = 0;
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
    return this.slots.length;
  }

  start(spec: EnsembleSpec): void {
    if (this.running) throw new Error('an ensemble is already running');
    this.id += 1;
    this.active = this.id;
    this.spec = { ...spec };
    this.merge = null;
    this.next = 0;
    this.finishedSteps = 0;
    this.started = performance.now();
    const want = Math.min(this.size, spec.members);
    while (this.slots.length > want) this.slots.pop()?.worker.terminate();
    while (this.slots.length < want) this.slots.push(this.newSlot());
    const specJson = ensembleSpecJson(spec);
    for (const s of this.slots) {
      s.ready = false;
      s.member = -1;
      s.stepsDone = 0;
      s.worker.postMessage({ type: 'init', id: this.id, specJson });
    }
  }

  private newSlot(): Slot {
    const slot: Slot = { worker: this.makeWorker(), ready: false, member: -1, stepsDone: 0 };
    slot.worker.onmessage = (e) => this.onReply(slot, e.data);
    slot.worker.onerror = (e) => {
      e.preventDefault();
      if (this.running) this.fail(t('ensemble.workerFailed', { message: e.message || t('worker.unknownError') }));
    };
    return slot;
  }

  /** Stop now: the workers are terminated (a member in progress is abandoned). */
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

  private dispatch(slot: Slot): void {
    const spec = this.spec;
    if (!spec || this.next >= spec.members) {
      slot.member = -1;
      return;
    }
    slot.member = this.next++;
    slot.stepsDone = 0;
    slot.worker.postMessage({ type: 'run', id: this.active, member: slot.member });
  }

  private reportProgress(): void {
    const spec = this.spec;
    if (!spec || !this.merge) return;
    let steps = this.finishedSteps;
    for (const s of this.slots) if (s.member >= 0) steps += s.stepsDone;
    this.handlers.progress({
      members: this.merge.received,
      total: spec.members,
      steps,
      totalSteps: spec.members * spec.steps,
      workers: this.slots.length,
    });
  }

  private onReply(slot: Slot, m: EnsembleReply): void {
    if (m.id !== this.active || !this.spec) return; // a late message of a run given up
    switch (m.type) {
      case 'ready':
        slot.ready = true;
        this.merge ??= new EnsembleMerge(this.spec.members, m.sampleCount);
        this.dispatch(slot);
        break;
      case 'steps':
        if (slot.member === m.member) slot.stepsDone = m.done;
        this.reportProgress();
        break;
      case 'member': {
        const merge = this.merge;
        if (!merge) return this.fail('ensemble: a result arrived before the ensemble was ready');
        try {
          merge.add(m.result);
        } catch (e) {
          return this.fail((e as Error).message);
        }
        this.finishedSteps += m.result.steps;
        slot.member = -1;
        this.reportProgress();
        if (merge.complete) {
          slot.worker.postMessage({ type: 'summarize', id: this.active, merged: merge.merged() });
        } else {
          this.dispatch(slot);
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
        const workers = this.slots.length;
        this.active = 0;
        for (const s of this.slots) s.member = -1;
        this.handlers.done({ statistics, workers, elapsedSeconds: (performance.now() - this.started) / 1000 });
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
