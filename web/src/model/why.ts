// The "Why variational?" view's model (docs/page.md "Why variational?"): the four claims of the seed
// papers measured for one set-up with each of the family's integrators — its own variational scheme,
// the naive baseline and RK4 where the family declares them (Capabilities.baselines):
//   energy        |E − E₀|/|E₀| over a run (docs/baselines.md),
//   symplecticity the loop's action or the one-step map's defect (docs/symplecticity.md),
//   momentum maps their drift over the same run (docs/momentum-maps.md),
//   order         error against h through the first impact, fitted slope (docs/order-study.md).
// whyComputation() is the work, cut into bounded pieces (a generator the worker drives, app/workers/why-worker-tasks.ts);
// the caption functions turn the measured numbers into the panels' one-line statements. Nothing here
// names a family: what is shown follows the module's reports and the family's capabilities.
import type { LgvciModule, SymplecticityReport } from '../engine/lgvci_wasm';
import { Layout } from '../engine/layout';
import { recordConservedEnergy } from './energy-balance';
import { fixed, localizeNumberText, t } from '../i18n';
import { baselineConfig, listPhrase } from './baselines';

/** Steps of the energy and momentum-map run (the same for every integrator). */
export const WHY_RUN_STEPS = 4000;
/** Samples of that run kept for the plots. */
export const WHY_RUN_SAMPLES = 400;
/** Steps of the symplecticity measurement when the order study gives no T (no impact found). */
export const WHY_FALLBACK_STEPS = 400;
/** The defect is measured in each step up to this many (the module's sample cap is 1000). */
export const WHY_MAX_DEFECT_SAMPLES = 1000;
/** Reference steps per piece of the order study (a piece is a few milliseconds). */
export const WHY_REFERENCE_CHUNK = 2000;
/** Relative changes at or below this are round-off (double precision over thousands of steps). */
export const ROUND_OFF = 1e-10;
/** The loop's area is kept when its relative change is below this (docs/symplecticity.md: 1e-12 measured). */
export const AREA_KEPT = 1e-9;
/** Bounces the bounce map's loop is followed for (docs/symplecticity.md "The bounce map"). */
export const WHY_BOUNCES = 20;
/** The bounce map's loop keeps its area when (A_k − A₁)/A₁ stays below this over its resolved bounces (3e-10 measured on an integrable table, docs/symplecticity.md "The bounce map"). */
export const BOUNCE_AREA_KEPT = 1e-7;

export type Claim = 'energy' | 'symplecticity' | 'momentum' | 'order';

export interface EnergyRun {
  readonly integrator: string;
  readonly steps: number;
  readonly impacts: number;
  /** The run stopped early (the integrator halted). */
  readonly halted: boolean;
  readonly t: number[];
  /**
   * The largest |E − E₀|/|E₀| (|E − E₀| when E₀ = 0; E + dissipated for a family with losses) over the
   * steps since the previous sample.
   */
  readonly energyError: number[];
  readonly mapNames: string[];
  /** The largest |J_i − J_i(0)| over the steps since the previous sample, one array per map. */
  readonly mapDrift: number[][];
  readonly mapInitial: number[];
}

export interface SymplecticityPart {
  readonly integrator: string;
  readonly measure: 'loop_area' | 'defect';
  readonly steps: number;
  readonly t: number[];
  readonly haltedRuns: number;
  readonly pair: string[];
  /** The canonical chart's dimension 2n (the loop's action sums the n pairs). */
  readonly coordinates: number;
  /** Loop: (A_T − A₀)/A₀ at the last sample (NaN: the image was not resolved). */
  readonly areaRelChange: number;
  readonly startQ: number[];
  readonly startP: number[];
  readonly imageQ: number[];
  readonly imageP: number[];
  /** Defect: per step measured, with its floor and the impacts in that step. */
  readonly defect: number[];
  readonly floor: number[];
  readonly impacts: number[];
  /** The bounce map's loop, for a family with a bounce map (null otherwise, or when it failed: bounceError). */
  readonly bounce: BounceLoops | null;
  readonly bounceError: string;
}

/** The bounce map's loop (a family with one): its first and last resolved loops, and the area's change. */
export interface BounceLoops {
  readonly bounces: number;
  /** Bounces 1..resolved are resolved by the loop's 200 points. */
  readonly resolved: number;
  /** (A_k − A₁)/A₁, k = 1..bounces. */
  readonly areaRelChange: number[];
  readonly firstS: number[];
  readonly firstPt: number[];
  readonly lastS: number[];
  readonly lastPt: number[];
}

/** The largest |(A_k − A₁)/A₁| over the resolved bounces. */
export function bounceAreaChange(b: BounceLoops): number {
  let m = 0;
  for (let k = 0; k < b.resolved; k++) m = Math.max(m, Math.abs(b.areaRelChange[k] ?? NaN));
  return m;
}

export interface OrderPart {
  readonly integrator: string;
  readonly h: number[];
  readonly error: number[];
  /** The core's least-squares slope (resultJson's fitted_order). */
  readonly fittedOrder: number;
  readonly T: number;
  readonly steps: number;
}

export type WhyEvent =
  | {
      readonly kind: 'progress';
      readonly fraction: number;
      /** What is being measured, in English (the worker has no language); the page says it from task, integrator and level (progressLabel). */
      readonly label: string;
      readonly task: 'energy' | 'symplecticity' | 'order' | 'done';
      readonly integrator?: string;
      /** The order study's piece: 'reference' or 'h/2ᵏ'. */
      readonly level?: string;
    }
  | { readonly kind: 'energy'; readonly part: EnergyRun }
  | { readonly kind: 'symplecticity'; readonly part: SymplecticityPart }
  | { readonly kind: 'order'; readonly part: OrderPart }
  | { readonly kind: 'failed'; readonly claim: Claim; readonly integrator: string; readonly message: string };

// ---- worker protocol ----
export type WhyRequest =
  | { readonly type: 'why-start'; readonly id: number; readonly configJson: string; readonly baselines: readonly string[]; readonly bounceMap: boolean }
  | { readonly type: 'why-cancel'; readonly id: number };
export type WhyReply =
  | { readonly type: 'event'; readonly id: number; readonly event: WhyEvent }
  | { readonly type: 'done'; readonly id: number }
  | { readonly type: 'cancelled'; readonly id: number }
  | { readonly type: 'error'; readonly id: number; readonly message: string };

/** The integrator's name as the captions and legends say it (in the active language). */
export function methodName(integrator: string): string {
  if (integrator === 'naive') return t('why.naive');
  if (integrator === 'rk4') return 'RK4';
  return integrator.toUpperCase();
}

/** The integrator as the subject of a sentence ("The VCI", "The naive baseline", "RK4"). */
export function subjectName(integrator: string): string {
  if (integrator === 'naive') return t('why.subject.naive');
  if (integrator === 'rk4') return 'RK4';
  return t('why.subject.other', { name: integrator.toUpperCase() });
}

/** Whose error a sentence speaks of ("The naive baseline's", "RK4's"; a language may name the error here). */
function ownerName(integrator: string): string {
  if (integrator === 'naive') return t('why.owner.naive');
  return integrator === 'rk4' ? t('why.owner.plain', { name: 'RK4' }) : t('why.owner.other', { name: methodName(integrator) });
}

/** Whose bounce map a sentence speaks of, in the middle of a sentence ("the naive baseline's"). */
function mapOwnerName(integrator: string): string {
  if (integrator === 'naive') return t('why.mapOwner.naive');
  return integrator === 'rk4' ? t('why.mapOwner.plain', { name: 'RK4' }) : t('why.mapOwner.other', { name: methodName(integrator) });
}

/** What the "Why variational?" dialog says while it measures (the worker's progress event, in the active language). */
export function progressLabel(e: Extract<WhyEvent, { kind: 'progress' }>): string {
  const method = methodName(e.integrator ?? '');
  if (e.task === 'energy') return t('why.progress.energy', { method });
  if (e.task === 'symplecticity') return t('why.progress.symplecticity', { method });
  if (e.task === 'order') return t('why.progress.order', { method, level: e.level === 'reference' ? t('why.progress.reference') : (e.level ?? '') });
  return t('results.done');
}

/** A ratio in words: "70×", "3000×", "1e13×". */
export function times(ratio: number): string {
  if (!Number.isFinite(ratio)) return '—';
  return ratio < 1e4 ? `${localizeNumberText(String(Number(ratio.toPrecision(1))))}×` : `${sci(ratio, 0)}×`;
}

/** The config with another integrator ('' : the family's own scheme, the key removed). */
export function withIntegrator(configJson: string, integrator: string): string {
  // A baseline's config is the comparison's (baselines.ts: its own impacts, no "jump").
  if (integrator !== '') return baselineConfig(configJson, integrator);
  const { integrator: _drop, ...rest } = JSON.parse(configJson) as Record<string, unknown>;
  void _drop;
  return JSON.stringify(rest);
}

/**
 * The integrators the view compares: the family's own (first), then the naive baseline and RK4 when
 * the family declares them (in that order), each once.
 */
export function whyIntegrators(own: string, baselines: readonly string[]): string[] {
  const out = [own];
  for (const b of ['naive', 'rk4']) if (baselines.includes(b) && !out.includes(b)) out.push(b);
  return out;
}

/** Least-squares slope of log y on log x over the points with x, y > 0 (NaN with fewer than 2). */
export function logLogSlope(x: readonly number[], y: readonly number[]): number {
  const px: number[] = [];
  const py: number[] = [];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const a = x[i] ?? NaN;
    const b = y[i] ?? NaN;
    if (a > 0 && b > 0 && Number.isFinite(a) && Number.isFinite(b)) {
      px.push(Math.log(a));
      py.push(Math.log(b));
    }
  }
  const n = px.length;
  if (n < 2) return NaN;
  const mx = px.reduce((s, v) => s + v, 0) / n;
  const my = py.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += ((px[i] ?? 0) - mx) * ((py[i] ?? 0) - my);
    sxx += ((px[i] ?? 0) - mx) ** 2;
  }
  return sxx > 0 ? sxy / sxx : NaN;
}

/** log₂(e_k / e_{k+1}) between neighbouring levels (h halved each time). */
export function neighbourRates(error: readonly number[]): number[] {
  const out: number[] = [];
  for (let k = 0; k + 1 < error.length; k++) out.push(Math.log2((error[k] ?? NaN) / (error[k + 1] ?? NaN)));
  return out;
}

/** 3.1e-5; 0 → "0"; NaN → "—". */
export function sci(v: number, digits = 1): string {
  if (!Number.isFinite(v)) return '—';
  if (v === 0) return '0';
  return localizeNumberText(v.toExponential(digits).replace('e+', 'e'));
}

function maxOf(a: readonly number[]): number {
  let m = 0;
  for (const v of a) if (Number.isFinite(v) && v > m) m = v;
  return m;
}

function list(items: string[]): string {
  return listPhrase(items);
}

/** An integer as it is counted (no grouping: "4000 steps"). */
const int = (n: number): string => String(n);

// ---- captions ----

/**
 * The energy panel: the largest relative error of each integrator over the run, and for each whether
 * it grows (the second half's largest against the first half's) — a statement of what was measured.
 */
export function energyCaption(runs: readonly EnergyRun[]): string {
  const own = runs[0];
  if (!own) return '';
  const parts = runs.map((r) => `${methodName(r.integrator)} ${sci(maxOf(r.energyError))}${r.halted ? t('why.haltedAfter', { steps: int(r.steps) }) : ''}`);
  const name = methodName(own.integrator);
  let s = t('why.energy.head', { steps: int(own.steps), n: int(own.impacts), method: name, list: list(parts) });
  const ownMax = maxOf(own.energyError);
  if (ownMax <= ROUND_OFF) s += t('why.energy.roundOff', { method: name });
  else {
    const half = Math.floor(own.energyError.length / 2);
    const first = maxOf(own.energyError.slice(0, half));
    const second = maxOf(own.energyError.slice(half));
    s += t(second <= 2 * first ? 'why.energy.bounded' : 'why.energy.grows', { owner: ownerName(own.integrator), first: sci(first), second: sci(second) });
  }
  for (const r of runs.slice(1)) {
    const m = maxOf(r.energyError);
    if (ownMax > 0 && m > 10 * ownMax && !r.halted) s += t('why.energy.larger', { owner: ownerName(r.integrator), times: times(m / ownMax) });
  }
  return s;
}

/** The momentum-map panel: their drift per integrator, or the sentence that the set-up has none. */
export function momentumCaption(runs: readonly EnergyRun[]): string {
  const own = runs[0];
  if (!own) return '';
  if (own.mapNames.length === 0)
    return t('why.momentum.none');
  const names = own.mapNames.join(t('list.comma'));
  const per = runs.map((r) => `${methodName(r.integrator)} ${r.mapDrift.map((d) => sci(maxOf(d))).join(' / ')}`);
  const it = own.mapNames.length === 1 ? t('why.momentum.it') : t('why.momentum.them');
  let s = t('why.momentum.head', { names, steps: int(own.steps), impacts: t('reverse.impacts', { n: int(own.impacts) }), list: list(per) });
  const kept = (r: EnergyRun): boolean =>
    r.mapDrift.every((d, i) => maxOf(d) <= ROUND_OFF * Math.max(1, Math.abs(r.mapInitial[i] ?? 0)));
  s += t(kept(own) ? 'why.momentum.kept' : 'why.momentum.notKept', { method: subjectName(own.integrator), it });
  const losers = runs.slice(1).filter((r) => !kept(r));
  const keepers = runs.slice(1).filter((r) => kept(r));
  for (const r of losers) s += t('why.momentum.otherNot', { method: subjectName(r.integrator) });
  for (const r of keepers) s += t('why.momentum.otherToo', { method: subjectName(r.integrator), it });
  return s;
}

export interface CaptionContext {
  /** Capabilities.restTruncation: simultaneous impacts resolved with a rest truncation. */
  readonly restTruncation: boolean;
  /** Capabilities.energyJump: the impact solves the discrete energy balance (75a). */
  readonly energyJump: boolean;
}

interface DefectSummary {
  flight: number;
  flightFloor: number;
  impact: number;
  impactFloor: number;
  impactSteps: number;
}

export function defectSummary(p: SymplecticityPart): DefectSummary {
  const s: DefectSummary = { flight: 0, flightFloor: 0, impact: 0, impactFloor: 0, impactSteps: 0 };
  for (let i = 0; i < p.defect.length; i++) {
    const d = p.defect[i] ?? NaN;
    const f = p.floor[i] ?? NaN;
    if ((p.impacts[i] ?? 0) > 0) {
      s.impactSteps++;
      if (d > s.impact) {
        s.impact = d;
        s.impactFloor = f;
      }
    } else {
      s.flight = Math.max(s.flight, Number.isFinite(d) ? d : 0);
      s.flightFloor = Math.max(s.flightFloor, Number.isFinite(f) ? f : 0);
    }
  }
  return s;
}

/** The bounce map's sentences (the drawing shows its loops): the area change of each integrator over its resolved bounces. */
export function bounceSentence(parts: readonly SymplecticityPart[]): string {
  const own = parts[0]?.bounce;
  if (!own) return '';
  const ownName = methodName(parts[0]?.integrator ?? '');
  const with_ = parts.filter((p) => p.bounce);
  const per = with_.map((p) => `${methodName(p.integrator)} ${sci(bounceAreaChange(p.bounce as BounceLoops))}`);
  let s = t('why.bounce.head', { bounces: int(own.bounces), list: list(per) });
  s += own.resolved < own.bounces ? t('why.bounce.resolved', { method: ownName, resolved: int(own.resolved) }) : '.';
  const change = bounceAreaChange(own);
  s += change <= BOUNCE_AREA_KEPT ? t('why.bounce.keeps', { method: ownName }) : t('why.bounce.changes', { method: ownName, change: sci(change) });
  const losers = with_.slice(1).filter((p) => p.bounce && bounceAreaChange(p.bounce) > 1e3 * Math.max(change, 1e-12));
  // What a scheme that does not keep areas does to the loop by its last resolved bounce (the naive
  // push-back shrinks it: its bounce map contracts, like a dissipative one).
  const fate = (b: BounceLoops): string => {
    const k = Math.max(1, b.resolved);
    const r = 1 + (b.areaRelChange[k - 1] ?? NaN);
    return r < 1 ? t('why.bounce.shrinks', { r: sci(r), k: int(k) }) : t('why.bounce.grows', { times: times(r), k: int(k) });
  };
  s +=
    losers.length > 0
      ? t('why.bounce.losers', { list: list(losers.map((p) => t('why.bounce.fate', { owner: mapOwnerName(p.integrator), fate: fate(p.bounce as BounceLoops) }))) })
      : '.';
  return s;
}

/** The symplecticity panel: the loop's area change per integrator, or the one-step map's defect against its floor. */
export function symplecticityCaption(parts: readonly SymplecticityPart[], ctx: CaptionContext): string {
  const own = parts[0];
  if (!own) return '';
  const ownName = methodName(own.integrator);
  const tEnd = own.t[own.t.length - 1] ?? NaN;
  if (own.measure === 'loop_area') {
    const val = (p: SymplecticityPart): string => (Number.isFinite(p.areaRelChange) ? sci(p.areaRelChange) : t('why.symp.unresolved'));
    const changes = list(parts.map((p) => `${methodName(p.integrator)} ${val(p)}`));
    // A family with a bounce map draws that: its sentences first, then the flow's loop in one sentence.
    if (own.bounce)
      return `${bounceSentence(parts)}${t('why.symp.flowLoop', { pair: own.pair.join(', '), steps: int(own.steps), list: changes })}`;
    let s = t('why.symp.loop', { pair: own.pair.join(', '), steps: int(own.steps), t: fixed(tEnd, 2), list: changes });
    if (own.coordinates > 2) s += t('why.symp.pairs', { pairs: int(own.coordinates / 2) });
    const a = Math.abs(own.areaRelChange);
    if (a <= AREA_KEPT) s += t('why.symp.keeps', { method: subjectName(own.integrator) });
    else if (Number.isFinite(a))
      s += ctx.restTruncation
        ? t('why.symp.restTruncation', { method: subjectName(own.integrator) })
        : t('why.symp.changes', { method: subjectName(own.integrator), change: sci(a) });
    const naive = parts.find((p) => p.integrator === 'naive');
    if (naive && Math.abs(naive.areaRelChange) > 1e-4) s += t(Math.abs(naive.areaRelChange) > 0.99 ? 'why.symp.naiveFlattens' : 'why.symp.naiveDistorts');
    if (own.bounceError) s += t('why.symp.bounceError', { message: own.bounceError });
    return s;
  }
  const desc = (p: SymplecticityPart): string => {
    const d = defectSummary(p);
    const flight = t('why.defect.flight', { method: methodName(p.integrator), defect: sci(d.flight), floor: sci(d.flightFloor) });
    return d.impactSteps > 0 ? flight + t('why.defect.impact', { defect: sci(d.impact), floor: sci(d.impactFloor) }) : flight;
  };
  let s = t('why.defect.head', { steps: int(own.defect.length), t: fixed(tEnd, 2), list: parts.map(desc).join(t('caption.separator')) });
  const d = defectSummary(own);
  s += t(d.flight <= d.flightFloor ? 'why.defect.atFloor' : 'why.defect.aboveFloor', { method: ownName });
  if (d.impactSteps > 0 && d.impact > d.impactFloor)
    s += t(ctx.energyJump ? 'why.defect.impactAbove' : 'why.defect.impactAbove75a', { ratio: sci(d.impact / d.impactFloor, 0) });
  if (own.haltedRuns > 0) s += t('why.defect.halted', { n: int(own.haltedRuns) });
  return s;
}

/** The order panel: the fitted slope per integrator, and what one set-up's points can and cannot show. */
export function orderCaption(parts: readonly OrderPart[]): string {
  const own = parts[0];
  if (!own) return '';
  const h0 = own.h[0] ?? NaN;
  let s = t('why.order.head', {
    T: fixed(own.T, 2),
    h: localizeNumberText(String(h0)),
    last: `h/${2 ** (own.h.length - 1)}`,
    // NaN: every error 0, no line to fit (the caption below says round-off)
    list: list(parts.map((p) => `${methodName(p.integrator)} ${Number.isFinite(p.fittedOrder) ? fixed(p.fittedOrder, 2) : '—'}`)),
  });
  const scattered: string[] = [];
  for (const p of parts) {
    const rates = neighbourRates(p.error).filter(Number.isFinite);
    if (rates.length < 2) continue;
    const lo = Math.min(...rates);
    const hi = Math.max(...rates);
    const owner = ownerName(p.integrator);
    const first = rates[0] ?? NaN;
    const last = rates[rates.length - 1] ?? NaN;
    if (maxOf(p.error) <= ROUND_OFF) {
      s += t('why.order.roundOff', { owner, largest: sci(maxOf(p.error)) });
    } else if (first >= 3 && last < 1) {
      s += t('why.order.stops', { owner, factor: (2 ** first).toFixed(0), near: sci(p.error[p.error.length - 1] ?? NaN) });
    } else if (p.fittedOrder < 0.5) {
      s += t('why.order.flat', { owner, largest: sci(maxOf(p.error)), smallest: sci(Math.min(...p.error)) });
    } else if (hi - lo > 1.5) {
      scattered.push(`${methodName(p.integrator)} ${fixed(lo, 1)} … ${fixed(hi, 1)}`);
    }
  }
  if (scattered.length > 0) s += t('why.order.scatter', { list: scattered.join(t('caption.separator')) });
  return s;
}

// ---- the computation ----

function copy(a: ArrayLike<number> | undefined): number[] {
  return a ? Array.from(a) : [];
}

/** One run of WHY_RUN_STEPS steps, sampled; yields progress between chunks. */
function* energyRun(mod: LgvciModule, cfg: string, integrator: string, base: number, span: number): Generator<WhyEvent, EnergyRun> {
  const r = mod.createSimulation(cfg);
  if (r.error) throw new Error(r.error.message);
  const sim = r.sim;
  try {
    const names = sim.momentumMapLayout().map((f) => f.name);
    const m0 = Array.from(sim.momentumMaps());
    const e0 = sim.initialEnergy();
    // The balance the run keeps (the core's conserved_energy, E + dissipated): its error is measured.
    const balance = recordConservedEnergy(new Layout(sim.layout()));
    const record = (): ArrayLike<number> => sim.record();
    const conserved = (): number => balance(sim.energy(), record);
    const scale = Math.abs(e0) > 0 ? Math.abs(e0) : 1;
    const t: number[] = [sim.time()];
    const energyError: number[] = [Math.abs(conserved() - e0) / scale];
    const mapDrift: number[][] = names.map(() => [0]);
    const every = WHY_RUN_STEPS / WHY_RUN_SAMPLES;
    // Every step is measured (the CLI's max_abs_energy_error and max_drift are over every step); each
    // sample keeps the largest value of its `every` steps, so the plot's peaks are the run's.
    for (let k = 0; k < WHY_RUN_SAMPLES && !sim.halted(); k++) {
      let e = 0;
      const d = names.map(() => 0);
      for (let j = 0; j < every && !sim.halted(); j++) {
        sim.step(1);
        e = Math.max(e, Math.abs(conserved() - e0) / scale);
        if (names.length > 0) {
          const m = sim.momentumMaps();
          for (let i = 0; i < names.length; i++) d[i] = Math.max(d[i] ?? 0, Math.abs((m[i] ?? NaN) - (m0[i] ?? NaN)));
        }
      }
      t.push(sim.time());
      energyError.push(e);
      for (let i = 0; i < names.length; i++) mapDrift[i]?.push(d[i] ?? NaN);
      if (k % 40 === 39)
        yield { kind: 'progress', fraction: base + (span * (k + 1)) / WHY_RUN_SAMPLES, label: `energy and momentum maps, ${integrator}`, task: 'energy', integrator };
    }
    return { integrator, steps: sim.steps(), impacts: sim.totalImpacts(), halted: sim.halted(), t, energyError, mapNames: names, mapDrift, mapInitial: m0 };
  } finally {
    sim.delete();
  }
}

/** The bounce map's loop of one integrator: the module's bounceMap, its first and last resolved loops. */
function bounceLoops(mod: LgvciModule, cfg: string): BounceLoops {
  const r = mod.bounceMap(cfg, WHY_BOUNCES);
  if (r.error) throw new Error(r.error.message);
  const b = r.report;
  const last = Math.max(1, b.resolved);
  return {
    bounces: b.areaRelChange.length,
    resolved: b.resolved,
    areaRelChange: copy(b.areaRelChange),
    firstS: copy(b.s[1]),
    firstPt: copy(b.pt[1]),
    lastS: copy(b.s[last]),
    lastPt: copy(b.pt[last]),
  };
}

function symplecticityPart(mod: LgvciModule, cfg: string, integrator: string, steps: number, bounceMap: boolean): SymplecticityPart {
  const first = mod.symplecticity(cfg, steps, 1, '');
  if (first.error) throw new Error(first.error.message);
  let rep: SymplecticityReport = first.report;
  if (rep.measure === 'defect') {
    const n = Math.min(steps, WHY_MAX_DEFECT_SAMPLES);
    const all = mod.symplecticity(cfg, n, n, 'defect');
    if (all.error) throw new Error(all.error.message);
    rep = all.report;
  }
  const rel = rep.areaRelChange;
  let bounce: BounceLoops | null = null;
  let bounceError = '';
  if (bounceMap && rep.measure === 'loop_area') {
    try {
      bounce = bounceLoops(mod, cfg);
    } catch (e) {
      bounceError = message(e);
    }
  }
  return {
    integrator,
    measure: rep.measure,
    steps: rep.measure === 'defect' ? Math.min(steps, WHY_MAX_DEFECT_SAMPLES) : steps,
    t: copy(rep.t),
    haltedRuns: rep.haltedRuns,
    pair: rep.pair ?? [],
    coordinates: rep.coordinates.length,
    areaRelChange: rel && rel.length > 0 ? (rel[rel.length - 1] ?? NaN) : NaN,
    startQ: copy(rep.startQ),
    startP: copy(rep.startP),
    imageQ: copy(rep.imageQ),
    imageP: copy(rep.imageP),
    defect: copy(rep.defect),
    floor: copy(rep.floor),
    impacts: copy(rep.impacts),
    bounce,
    bounceError,
  };
}

/** The order study of one integrator at N coarse steps (0: the core's choice), a piece at a time. */
function* orderPart(mod: LgvciModule, cfg: string, integrator: string, steps: number, base: number, span: number): Generator<WhyEvent, OrderPart> {
  const r = mod.createOrderStudy(cfg, steps);
  if (r.error) throw new Error(r.error.message);
  const study = r.study;
  try {
    const levels = study.levels();
    let levelSteps = 0;
    for (let k = 0; k < levels; k++) levelSteps += study.stepsAt(k);
    const total = study.referenceSteps() + levelSteps;
    const label = `order study, ${integrator}`;
    for (;;) {
      const a = study.advanceReference(WHY_REFERENCE_CHUNK);
      if (a.error) throw new Error(a.error.message);
      yield { kind: 'progress', fraction: base + (span * study.referenceStepsDone()) / total, label: `${label}: reference`, task: 'order', integrator, level: 'reference' };
      if (a.done) break;
    }
    let done = study.referenceSteps();
    for (let k = 0; k < levels; k++) {
      const lv = study.runLevel(k);
      if (lv.error) throw new Error(lv.error.message);
      done += study.stepsAt(k);
      yield { kind: 'progress', fraction: base + (span * done) / total, label: `${label}: h/${2 ** k}`, task: 'order', integrator, level: `h/${2 ** k}` };
    }
    const json = JSON.parse(study.resultJson()) as { h: number[]; error: number[]; fitted_order: number | null };
    return { integrator, h: json.h, error: json.error, fittedOrder: json.fitted_order ?? NaN, T: study.T(), steps: study.steps() };
  } finally {
    study.delete();
  }
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * All four claims for `configJson` with each integrator (the family's own scheme, then the naive
 * baseline and RK4 where `baselines` — the family's Capabilities.baselines — lists them), as a
 * sequence of events; each step of the generator is bounded (a chunk of steps, one order-study level,
 * one symplecticity measurement), so a worker can post progress and stop between them. A claim that
 * the module refuses for one integrator gives a 'failed' event and the rest go on.
 */
export function* whyComputation(mod: LgvciModule, configJson: string, baselines: readonly string[], bounceMap = false): Generator<WhyEvent, void> {
  // The family's own scheme: the config without its "integrator" (the family's default).
  const ownCfg = withIntegrator(configJson, '');
  const made = mod.createSimulation(ownCfg);
  if (made.error) throw new Error(made.error.message);
  const own = made.sim.integrator();
  made.sim.delete();
  const integrators = whyIntegrators(own, baselines);
  const n = integrators.length;
  const cfgs = integrators.map((name, i) => (i === 0 ? ownCfg : withIntegrator(configJson, name)));
  // The order study's T: the own scheme's N = ⌈1.5 k₁⌉, shared by all (and the symplecticity run's length).
  let steps = 0;
  {
    const r = mod.createOrderStudy(cfgs[0] ?? configJson, 0);
    if (r.study) {
      steps = r.study.steps();
      r.study.delete();
    } else yield { kind: 'failed', claim: 'order', integrator: integrators[0] ?? '', message: r.error.message };
  }
  // Energy and momentum maps: 0 … 0.15.
  for (let i = 0; i < n; i++) {
    const integrator = integrators[i] ?? '';
    try {
      const part = yield* energyRun(mod, cfgs[i] ?? '', integrator, (0.15 * i) / n, 0.15 / n);
      yield { kind: 'energy', part };
    } catch (e) {
      yield { kind: 'failed', claim: 'energy', integrator, message: message(e) };
    }
  }
  // Symplecticity: 0.15 … 0.35.
  for (let i = 0; i < n; i++) {
    const integrator = integrators[i] ?? '';
    yield { kind: 'progress', fraction: 0.15 + (0.2 * i) / n, label: `symplecticity, ${integrator}`, task: 'symplecticity', integrator };
    try {
      yield { kind: 'symplecticity', part: symplecticityPart(mod, cfgs[i] ?? '', integrator, steps > 0 ? steps : WHY_FALLBACK_STEPS, bounceMap) };
    } catch (e) {
      yield { kind: 'failed', claim: 'symplecticity', integrator, message: message(e) };
    }
  }
  // Order: 0.35 … 1.
  if (steps === 0) return;
  for (let i = 0; i < n; i++) {
    const integrator = integrators[i] ?? '';
    try {
      const part = yield* orderPart(mod, cfgs[i] ?? '', integrator, steps, 0.35 + (0.65 * i) / n, 0.65 / n);
      yield { kind: 'order', part };
    } catch (e) {
      yield { kind: 'failed', claim: 'order', integrator, message: message(e) };
    }
  }
  yield { kind: 'progress', fraction: 1, label: 'done', task: 'done' };
}
