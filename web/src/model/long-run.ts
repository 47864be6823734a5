// The long run (Tran & Leok §7.3: 10⁵ steps) as a computation that advances in chunks, and the
// messages exchanged with the Web Worker that runs it. No DOM; the worker (engine/long-run.worker.ts)
// and the unit tests drive the same class.
import { t } from '../i18n';
import type { HybridSimulation, LgvciModule } from '../engine/lgvci_wasm';
import { createSimulationOrThrow } from '../engine/create';
import { Layout } from '../engine/layout';
import { simImpactReader } from './run';
import type { DecimatedData } from './decimate';
import { MinMaxDecimator } from './decimate';

export const LONG_RUN_DEFAULT_STEPS = 100_000;
export const LONG_RUN_MIN_STEPS = 1;
export const LONG_RUN_MAX_STEPS = 10_000_000;
/** Steps per chunk between progress reports and checks for a cancel message. */
export const LONG_RUN_CHUNK = 1000;

export interface LongRunStart {
  type: 'start';
  id: number;
  configJson: string;
  steps: number;
  chunk?: number;
  /** Buckets of the decimated |E − E₀| series (at most twice as many points). */
  maxBuckets?: number;
}

export interface LongRunCancel {
  type: 'cancel';
  id: number;
}

export type LongRunRequest = LongRunStart | LongRunCancel;

export interface LongRunProgress {
  type: 'progress';
  id: number;
  done: number;
  total: number;
  impacts: number;
  t: number;
  /** Seconds spent stepping so far. */
  computeSeconds: number;
  /** Decimated (t, |E − E₀|) so far; sent a few times per second, not with every chunk. */
  series?: DecimatedData;
}

export interface LongRunResult {
  steps: number;
  requested: number;
  t: number;
  impacts: number;
  energy0: number;
  maxAbsEnergyError: number;
  /** Seconds spent stepping (what `lgvci --json` reports as wall_seconds). */
  computeSeconds: number;
  /** Seconds from the start request to the end, including loading the module in the worker. */
  elapsedSeconds: number;
  /** Decimated (t, |E − E₀|). */
  series: DecimatedData;
  impactTimes: number[];
  /** '' or the integrator's message if the run halted. */
  statusMessage: string;
  /** The final state record's fields by name (the record layout's: t, q, p, … in generalized coordinates). */
  final: Record<string, number[]>;
}

export type LongRunReply =
  | LongRunProgress
  | { type: 'done'; id: number; result: LongRunResult }
  | { type: 'cancelled'; id: number; done: number; total: number }
  | { type: 'error'; id: number; message: string };

/** Validate a typed step count: an integer in [LONG_RUN_MIN_STEPS, LONG_RUN_MAX_STEPS]. */
export function validateLongRunSteps(raw: string): { ok: true; value: number } | { ok: false; message: string } {
  const s = raw.trim().replace(/[\s_,]/g, '');
  const v = /^\d+(?:\.\d*)?(?:e\+?\d+)?$/i.test(s) ? Number(s) : NaN;
  if (!Number.isFinite(v) || !Number.isInteger(v)) {
    return { ok: false, message: t('check.notWhole', { field: t('ensemble.field.steps'), raw: raw.trim() }) };
  }
  if (v < LONG_RUN_MIN_STEPS || v > LONG_RUN_MAX_STEPS) {
    return { ok: false, message: t('check.range', { field: t('ensemble.field.steps'), min: String(LONG_RUN_MIN_STEPS), max: '10⁷' }) };
  }
  return { ok: true, value: v };
}

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** One long run: step in chunks, keep |E − E₀| decimated, count impacts and time the stepping. */
export class LongRunComputation {
  readonly total: number;
  done = 0;
  impacts = 0;
  computeSeconds = 0;
  maxAbsEnergyError = 0;
  readonly energy0: number;
  readonly impactTimes: number[] = [];
  statusMessage = '';
  private sim: HybridSimulation | null;
  private readonly engine: LgvciModule;
  private readonly layout: Layout;
  private readonly o: { t: number; E: number; status: number };
  private readonly decimator: MinMaxDecimator;
  private view: Float64Array;
  private readonly sample = [0];

  constructor(engine: LgvciModule, configJson: string, steps: number, maxBuckets = 2000) {
    this.engine = engine;
    this.total = steps;
    this.sim = createSimulationOrThrow(engine, configJson);
    this.layout = new Layout(this.sim.layout());
    this.o = { t: this.layout.offset('t', 1), E: this.layout.offset('E', 1), status: this.layout.offset('status', 1) };
    this.view = this.sim.record();
    this.energy0 = this.sim.initialEnergy();
    this.decimator = new MinMaxDecimator(1, { maxBuckets, positiveOnly: [true] });
    this.sample[0] = 0;
    this.decimator.push(this.view[this.o.t] ?? 0, this.sample);
  }

  get finished(): boolean {
    return this.done >= this.total || this.statusMessage !== '';
  }

  private need(): HybridSimulation {
    if (!this.sim) throw new Error('LongRunComputation: disposed');
    return this.sim;
  }

  /** Advance up to n steps (fewer at the end or if the integrator halts); returns the steps taken. */
  runChunk(n: number): number {
    const sim = this.need();
    const o = this.o;
    const reader = simImpactReader(sim);
    const E0 = this.energy0;
    const todo = Math.min(n, this.total - this.done);
    const start = now();
    let s = this.view;
    let taken = 0;
    for (; taken < todo; taken++) {
      const k = sim.step(1);
      // The state view is detached (length 0) if WASM memory grew; take a fresh one then.
      if (s.length === 0) s = sim.record();
      if (k > 0) {
        this.impacts += k;
        reader.times(sim.drainImpacts(), this.impactTimes);
        if (s.length === 0) s = sim.record();
      }
      if (sim.halted()) {
        // Like the CLI, the failed step is not counted.
        this.statusMessage = sim.statusMessage() || `the run halted (status ${sim.status()})`;
        break;
      }
      const err = Math.abs((s[o.E] ?? NaN) - E0);
      if (err > this.maxAbsEnergyError) this.maxAbsEnergyError = err;
      this.sample[0] = err;
      this.decimator.push(s[o.t] ?? NaN, this.sample);
    }
    this.view = s;
    this.computeSeconds += (now() - start) / 1000;
    this.done += taken;
    return taken;
  }

  get t(): number {
    const s = this.view.length === 0 ? this.need().record() : this.view;
    return s[this.o.t] ?? NaN;
  }

  series(): DecimatedData {
    return this.decimator.output();
  }

  result(requested: number, elapsedSeconds: number): LongRunResult {
    const s = this.need().record();
    const final: Record<string, number[]> = {};
    for (const f of this.layout.fields) {
      if (f.columns.length > 0) final[f.name] = Array.from(s.subarray(f.offset, f.offset + f.size));
    }
    return {
      steps: this.done,
      requested,
      t: s[this.o.t] ?? NaN,
      impacts: this.impacts,
      energy0: this.energy0,
      maxAbsEnergyError: this.maxAbsEnergyError,
      computeSeconds: this.computeSeconds,
      elapsedSeconds,
      series: this.series(),
      impactTimes: this.impactTimes.slice(),
      statusMessage: this.statusMessage,
      final,
    };
  }

  dispose(): void {
    this.sim?.delete();
    this.sim = null;
  }
}
