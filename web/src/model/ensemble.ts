// Ensembles on the page's side: the request (the core's EnsembleSpec as JSON), the validation
// of the panel's fields, the messages exchanged with the pool of workers (app/workers/ensemble.worker.ts), the
// merge of the members' results in member order, and the statistics the core computes from them
// (cpp/include/lgvci/core/ensemble.hpp: the perturbation and the statistics are defined there once).
// No DOM.
import type { EnsembleMemberResult, EnsembleRunner } from '../engine/lgvci_wasm';
import { t } from '../i18n';

/**
 * The name of one of the set-up's perturbations (HybridSimulation.perturbations(), docs/ensembles.md
 * "Perturbations"); '' for the family's default, its first.
 */
export type PerturbationKind = string;

/** The page's bounds (the core accepts up to 10⁴ members natively). */
export const ENSEMBLE_MAX_MEMBERS = 1000;
export const ENSEMBLE_MAX_STEPS = 10_000_000;
export const ENSEMBLE_MAX_SEED = Number.MAX_SAFE_INTEGER; // 2⁵³ − 1, as the core
export const ENSEMBLE_DEFAULTS = { members: 100, size: 1e-8, kind: '' as PerturbationKind, steps: 100_000, seed: 1, samples: 100 };
/** The prewarm's ensemble: one member of this many steps (the optimising compiler's tier-up of the step). */
export const ENSEMBLE_WARMUP_STEPS = 20_000;
/** Steps a worker takes between two looks at its message queue and progress reports. */
export const ENSEMBLE_CHUNK = 5000;

export interface EnsembleSpec {
  /** The config JSON of any family's set-up: the main run's resolved config. */
  configJson: string;
  kind: PerturbationKind;
  size: number;
  seed: number;
  steps: number;
  samples: number;
  members: number;
}

/** The JSON text the core's parseEnsembleSpec reads (without "kind" for the family's default). */
export function ensembleSpecJson(s: EnsembleSpec): string {
  return JSON.stringify({
    config: s.configJson,
    ...(s.kind === '' ? {} : { kind: s.kind }),
    size: s.size,
    seed: s.seed,
    steps: s.steps,
    samples: s.samples,
    members: s.members,
  });
}

export type Parsed = { ok: true; value: number } | { ok: false; message: string };

function parseNumber(raw: string): number {
  const s = raw.trim().replace(/[\s_]/g, '');
  return /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i.test(s) ? Number(s) : NaN;
}

function wholeIn(label: string, raw: string, lo: number, hi: number, hiText: string): Parsed {
  const v = parseNumber(raw.replace(/,/g, ''));
  if (!Number.isFinite(v) || !Number.isInteger(v)) return { ok: false, message: t('check.notWhole', { field: label, raw: raw.trim() }) };
  if (v < lo || v > hi) return { ok: false, message: t('check.range', { field: label, min: String(lo), max: hiText }) };
  return { ok: true, value: v };
}

export const validateMembers = (raw: string): Parsed => wholeIn(t('ensemble.field.members'), raw, 1, ENSEMBLE_MAX_MEMBERS, '1000');
export const validateEnsembleSteps = (raw: string): Parsed => wholeIn(t('ensemble.field.steps'), raw, 1, ENSEMBLE_MAX_STEPS, '10⁷');
export const validateSeed = (raw: string): Parsed => wholeIn(t('ensemble.seed'), raw, 0, ENSEMBLE_MAX_SEED, '2⁵³ − 1');

/** Perturbation size: a number in (0, 1], in the perturbed entry's unit (radians for a turn); "1e-8π" allowed. */
export function validatePerturbation(raw: string): Parsed {
  const typed = raw.trim();
  const pi = /π$|pi$/i.test(typed);
  const body = typed.replace(/\s*(?:π|pi)$/i, '');
  const v = parseNumber(body === '' && pi ? '1' : body) * (pi ? Math.PI : 1);
  if (!Number.isFinite(v)) return { ok: false, message: t('check.notNumber', { field: t('ensemble.size'), raw: typed }) };
  if (!(v > 0) || v > 1) return { ok: false, message: t('ensemble.sizeRange', { field: t('ensemble.size') }) };
  return { ok: true, value: v };
}

// ---- Messages between the page and a worker of the pool ----

export type EnsembleRequest =
  /**
   * Instantiate the module now (the pool's prewarm) and run the small ensemble `warmupJson` once, so
   * that the engine's stepping code is optimised before a run.
   */
  | { type: 'load'; warmupJson?: string }
  | { type: 'init'; id: number; specJson: string }
  | { type: 'run'; id: number; member: number }
  | { type: 'summarize'; id: number; merged: MergedResults };

export interface MemberMessage {
  member: number;
  steps: number;
  impacts: number;
  energyError: number;
  halted: boolean;
  err: Float64Array;
}

export type EnsembleReply =
  /** loadMs: waiting for the module (0 when it was loaded before); createMs: building the ensemble. */
  | { type: 'ready'; id: number; sampleCount: number; referenceImpacts: number; loadMs?: number; createMs?: number }
  | { type: 'steps'; id: number; member: number; done: number }
  /** ms: the member's run in the worker, from begin to its result. */
  | { type: 'member'; id: number; result: MemberMessage; ms?: number }
  | { type: 'statistics'; id: number; json: string; ms?: number }
  | { type: 'error'; id: number; message: string };

export function memberMessage(r: EnsembleMemberResult): MemberMessage {
  return { member: r.member, steps: r.steps, impacts: r.impacts, energyError: r.energyError, halted: r.halted, err: r.err };
}

// ---- Merge ----

/** All K results in member order, as the arrays the binding's statistics() reads. */
export interface MergedResults {
  impacts: Float64Array;
  steps: Float64Array;
  energyErrors: Float64Array;
  halted: Float64Array;
  /** K × sampleCount, member-major. */
  err: Float64Array;
}

/** Collects the members' results as the workers send them, in whatever order, into member order. */
export class EnsembleMerge {
  readonly members: number;
  readonly sampleCount: number;
  private readonly have: Uint8Array;
  private count = 0;
  private readonly out: MergedResults;

  constructor(members: number, sampleCount: number) {
    this.members = members;
    this.sampleCount = sampleCount;
    this.have = new Uint8Array(members);
    this.out = {
      impacts: new Float64Array(members),
      steps: new Float64Array(members),
      energyErrors: new Float64Array(members),
      halted: new Float64Array(members),
      err: new Float64Array(members * sampleCount),
    };
  }

  get received(): number {
    return this.count;
  }

  get complete(): boolean {
    return this.count === this.members;
  }

  /** Impact counts received so far (for a live summary). */
  receivedImpacts(): number[] {
    const v: number[] = [];
    for (let k = 0; k < this.members; k++) if (this.have[k]) v.push(this.out.impacts[k] ?? 0);
    return v;
  }

  add(r: MemberMessage): void {
    const k = r.member;
    if (!Number.isInteger(k) || k < 0 || k >= this.members) throw new Error(`ensemble: member ${k} is out of range`);
    if (this.have[k]) throw new Error(`ensemble: member ${k} arrived twice`);
    if (r.err.length !== this.sampleCount) throw new Error(`ensemble: member ${k} has ${r.err.length} samples, expected ${this.sampleCount}`);
    this.have[k] = 1;
    this.count++;
    this.out.impacts[k] = r.impacts;
    this.out.steps[k] = r.steps;
    this.out.energyErrors[k] = r.energyError;
    this.out.halted[k] = r.halted ? 1 : 0;
    this.out.err.set(r.err, k * this.sampleCount);
  }

  merged(): MergedResults {
    if (!this.complete) throw new Error(`ensemble: ${this.members - this.count} members missing`);
    return this.out;
  }
}

// ---- Statistics (computed by the core; parsed here) ----

export interface EnsembleStatistics {
  ensemble: { case: string | null; members: number; kind: PerturbationKind; size: number; seed: number; steps: number; samples: number; h: number };
  reference: { impacts: number; energy_error: number; steps: number; halted: boolean };
  halted: number;
  impacts: { min: number; max: number; mean: number; median: number; histogram: { lo: number; width: number; counts: number[] } };
  energy_error: {
    median: number;
    max: number;
    histogram: { bins_per_decade: number; first: number; edges: number[]; counts: number[]; zeros: number };
  };
  /** null entries: no member had a value there (JSON has no NaN). */
  divergence: { t: number[]; q1: (number | null)[]; median: (number | null)[]; q3: (number | null)[]; n: number[] };
}

export function parseStatistics(json: string): EnsembleStatistics {
  if (json === '') throw new Error('ensemble: the merged results do not fit the ensemble');
  return JSON.parse(json) as EnsembleStatistics;
}

/** The core's statistics of merged results. */
export function statisticsOf(runner: EnsembleRunner, m: MergedResults): EnsembleStatistics {
  return parseStatistics(runner.statistics(m.impacts, m.steps, m.energyErrors, m.halted, m.err));
}

/** Members counted by the impact histogram (= K). */
export function histogramTotal(s: EnsembleStatistics): number {
  return s.impacts.histogram.counts.reduce((a, b) => a + b, 0);
}

/** How far a pool of ensemble workers has got (app/workers/ensemble.ts reports it, the controls show it). */
export interface EnsembleProgress {
  /** Members finished. */
  members: number;
  total: number;
  /** Steps done over all members (finished and in progress), of members × steps. */
  steps: number;
  totalSteps: number;
  workers: number;
}

export interface EnsembleOutcome {
  statistics: EnsembleStatistics;
  workers: number;
  /** Seconds from Run to the statistics, including starting the workers and the reference runs. */
  elapsedSeconds: number;
  /** Where the time went (milliseconds; docs/ensembles.md "Page"). */
  timing?: EnsembleTiming;
}

/** Where an ensemble's time went, in milliseconds from Run (start()) unless said otherwise. */
export interface EnsembleTiming {
  /** Each worker: the module (spawning the worker and instantiating it, 0 if prewarmed) and the ensemble built (its reference run). */
  loadMs: number[];
  createMs: number[];
  /** Each worker: Run until it was ready, and the total time it spent running members. */
  readyMs: number[];
  runMs: number[];
  /** Run until the last member's result arrived. */
  membersMs: number;
  /** The statistics computed in the worker. */
  statisticsMs: number;
  /** Run until the statistics arrived in the page. */
  totalMs: number;
}
