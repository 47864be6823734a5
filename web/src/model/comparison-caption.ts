// The comparison's live captions: what the student sees, in words, with the numbers
// measured in the running companions — never a fixed story. Pure functions of measured values; no DOM.
import type { Reversal } from './simulation-model';

export interface MethodReading {
  label: string;
  /** |E − E₀| / |E₀| of the method's latest step (NaN if unknown, e.g. halted). */
  relError: number;
  /** E − E₀ (sign: lost or gained). */
  drift: number;
  impacts: number;
  /** Distance from the main run (‖x − x_main‖ + ‖R − R_main‖₂, |q − q_main|), NaN for the main run itself. */
  divergence: number;
  /** The companion's id (a core baseline's integrator name, 'rapier'); absent for the main run. */
  id?: string;
  /** Time of its first impact (NaN before it or when unknown). */
  firstImpact?: number;
}

/** What the caption says beside the readings: the distance's name and the time step. */
export interface CaptionContext {
  /** The companions' distance from the main run in symbols ("|Δx| + ‖ΔR‖₂", "|Δq|"). */
  distanceName?: string;
  /** Time step h, s. */
  h?: number;
}

/** 3.1e-8, 0.0012 → "1.2e-3", 0 → "0". */
export function sci(v: number): string {
  if (!Number.isFinite(v)) return 'not a number';
  if (v === 0) return '0';
  return v.toExponential(1).replace('e+', 'e');
}

/** How far a method's energy is from the start, in words. */
export function energyPhrase(r: MethodReading): string {
  if (!Number.isFinite(r.relError)) return `${r.label} has stopped (its integrator halted)`;
  if (r.relError >= 1e-3) {
    const pct = Math.round(r.relError * 1000) / 10;
    return `${r.label} has ${r.drift < 0 ? 'lost' : 'gained'} ${pct} % of the energy`;
  }
  return `${r.label} stays within ${sci(r.relError)} of E₀`;
}

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];

/** A time in seconds with enough digits to show a difference of `d` (at least 2 decimals). */
function seconds(t: number, d: number): string {
  const digits = Math.min(6, Math.max(2, Number.isFinite(d) && d > 0 ? Math.ceil(-Math.log10(d)) + 1 : 2));
  return t.toFixed(digits);
}

/**
 * The naive baseline's impacts (docs/baselines.md "The naive baseline"): it reflects only at the end of
 * a step that ends inside the obstacle, so an impact's time is off by up to h (first order), while the
 * main run locates it within the step; with the measured first impacts of both and the impact counts.
 */
export function lateImpactPhrase(main: MethodReading, naive: MethodReading, h: number): string {
  const step = Number.isFinite(h) ? ` (h = ${h} s)` : '';
  const why = `${naive.label} reflects only at the end of a step that ends inside the obstacle (φ < 0): its impact times are off by up to one step${step}, first order in h; the ${main.label} locates each impact within its step.`;
  const a = main.firstImpact ?? NaN;
  const b = naive.firstImpact ?? NaN;
  let measured = '';
  if (Number.isFinite(a) && Number.isFinite(b)) {
    const d = b - a;
    measured = ` First impact: t = ${seconds(b, Math.abs(d))} s against the ${main.label}'s ${seconds(a, Math.abs(d))} s (${sci(Math.abs(d))} s ${d >= 0 ? 'late' : 'early'}).`;
  }
  const counts = naive.impacts !== main.impacts ? ` Impacts so far: ${naive.impacts} against ${main.impacts}.` : '';
  return ` ${why}${measured}${counts}`;
}

/**
 * "After 12.3 s (1230 steps, 14 impacts): Rapier engine has lost 41 % of the energy; RK4 baseline
 * stays within 3.1e-8 of E₀; LGVCI stays within 5.2e-13 of E₀. …" — methods ordered by their drift,
 * largest first, followed by which one drifts least, how far the baselines are from the main run's
 * body and, with the naive baseline, why and by how much its impact times are off.
 */
export function comparisonCaption(
  t: number,
  steps: number,
  main: MethodReading,
  baselines: readonly MethodReading[],
  ctx: CaptionContext = {},
): string {
  if (steps === 0) {
    const n = baselines.length + 1;
    return `The ${COUNT_WORDS[n] ?? String(n)} bodies start from the same state: press Play and watch them leave together and come apart.`;
  }
  const all = [main, ...baselines].filter((r) => r.label !== '');
  const ordered = [...all].sort((a, b) => (Number.isFinite(b.relError) ? b.relError : Infinity) - (Number.isFinite(a.relError) ? a.relError : Infinity));
  const head = `After ${t.toFixed(1)} s (${steps} steps, ${main.impacts} impacts of the ${main.label} body): `;
  const energy = ordered.map(energyPhrase).join('; ');
  const best = ordered[ordered.length - 1];
  const worst = ordered[0];
  let verdict = '';
  if (best && worst && best !== worst && Number.isFinite(best.relError) && Number.isFinite(worst.relError)) {
    const ratio = best.relError > 0 ? worst.relError / best.relError : Infinity;
    verdict =
      ratio >= 10
        ? ` ${best.label} keeps the energy best, ${ratio === Infinity ? 'exactly' : `${sci(ratio)} times closer than ${worst.label}`}.`
        : ` So far the energy errors are within a factor ${ratio.toFixed(1)} of each other.`;
  }
  const apart = baselines
    .filter((r) => Number.isFinite(r.divergence))
    .map((r) => `${r.label} ${r.divergence < 1e-3 ? sci(r.divergence) : r.divergence.toFixed(2)}`)
    .join(', ');
  const sep = apart ? ` Distance from the ${main.label} body (${ctx.distanceName ?? '|Δx| + ‖ΔR‖₂'}): ${apart}.` : '';
  const naive = baselines.find((r) => r.id === 'naive');
  const late = naive ? lateImpactPhrase(main, naive, ctx.h ?? NaN) : '';
  return `${head}${energy}.${verdict}${sep}${late}`;
}

const DISTANCE_NAMES: Record<string, string> = {
  x: '|x − x₀|',
  R: '‖R − R₀‖₂',
  gamma: '|γ + γ₀|',
  Pi: '|Π + Π₀|',
  q: '|q − q₀|',
  p: '|p + p₀|',
};

/** Below this the return is at round-off. */
const ROUND_OFF = 1e-9;
/** Above this (in the state's units: metres, momenta) the run did not come back in any useful sense. */
const NOT_BACK = 1e-3;

/**
 * The Reverse button's read-out. On the way back: how many steps (and, at `speed`, how long) and, when
 * the way back crosses impacts, the limit: each impact amplifies round-off, so the return is exact only
 * up to the divergence the sensitivity twins show. Once back: how far from the start, said plainly
 * (round-off, amplified round-off, or not back at all), then the core's distances.
 */
export function reversalText(
  rev: Reversal,
  stepsNow: number,
  companionLabels: Readonly<Record<string, string>> = {},
  speed = 1,
  companionDistance = '|x − x₀| + ‖R − R₀‖₂',
): string {
  const crossed = rev.impacts === 1 ? '1 impact' : `${rev.impacts} impacts`;
  if (!rev.distances) {
    const left = rev.returnStep - stepsNow;
    const seconds = (left * rev.h) / Math.max(speed, 1e-9);
    const wait = Number.isFinite(seconds) && seconds >= 2 ? ` (about ${Math.round(seconds)} s at this speed)` : '';
    const limit =
      rev.impacts > 0
        ? ` The way back crosses ${crossed}; each one amplifies the rounding errors of the computer's arithmetic${
            rev.twins ? ' (the sensitivity twins show by how much)' : ''
          }, so the body comes back exactly only while that amplified error stays small — after many impacts it can end far from its start.`
        : ' No impact on the way: a time-symmetric scheme retraces its steps to round-off.';
    return `Momenta reversed after ${rev.steps} steps: the body retraces its path; back at the start in ${left} steps${wait}.${limit}`;
  }
  const d = Object.entries(rev.distances)
    .map(([k, v]) => `${DISTANCE_NAMES[k] ?? k} = ${sci(v)}`)
    .join(', ');
  const largest = Math.max(...Object.values(rev.distances));
  const x = rev.distances['x'] ?? rev.distances['q'];
  let verdict: string;
  if (!Number.isFinite(largest)) verdict = 'the distance from the start is not a number: the run did not come back.';
  else if (largest <= ROUND_OFF) verdict = `back at its start to round-off (largest distance ${sci(largest)}).`;
  else if (largest <= NOT_BACK)
    verdict = `back at its start to within ${sci(largest)}: round-off${rev.impacts > 0 ? `, amplified by the ${crossed} crossed twice` : ''}.`;
  else
    verdict =
      `it did not come back: it ends ${x !== undefined ? `${x < 0.01 ? sci(x) : x.toFixed(2)} m` : sci(largest)} from its start. ` +
      `The ${crossed} crossed twice amplified round-off until the two paths parted — sensitivity to the start (chaos), not a fault of the reversal.`;
  const comp = Object.entries(rev.companions)
    .map(([id, v]) => `${companionLabels[id] ?? id} ${sci(v)}`)
    .join(', ');
  return (
    `Back after ${rev.steps} + ${rev.steps} steps (t = ${rev.t.toFixed(2)} s): ${verdict} Distances: ${d}.` +
    (comp ? ` Companions, ${companionDistance}: ${comp}.` : '')
  );
}

/** One point of the return-error sweep (model/comparison-long-run.ts SweepPoint). */
export interface SweepReading {
  steps: number;
  lgvci: number;
  rk4: number;
  impactsLgvci: number;
  impactsRk4: number;
}

/** The error's growth per impact crossed, ×G, from the first and last finite, positive points. */
function growthPerImpact(points: readonly SweepReading[], key: 'lgvci' | 'rk4'): number | null {
  const imp = key === 'lgvci' ? 'impactsLgvci' : 'impactsRk4';
  const ok = points.filter((p) => p[key] > 0 && Number.isFinite(p[key]) && p[imp] > 0);
  const a = ok[0];
  const b = ok[ok.length - 1];
  if (!a || !b || b[imp] <= a[imp]) return null;
  return 10 ** ((Math.log10(b[key]) - Math.log10(a[key])) / (b[imp] - a[imp]));
}

/**
 * The return-error plot's caption, from the measured points: which method comes back closer at the
 * longest run, and why in the measured terms — where each starts (the shortest run) and how many
 * impacts each crossed, since every impact multiplies the error (its measured growth per impact).
 */
export function sweepCaption(points: readonly SweepReading[]): string {
  const both = points.filter((p) => Number.isFinite(p.lgvci) && Number.isFinite(p.rk4) && p.lgvci > 0 && p.rk4 > 0);
  const first = both[0];
  const last = both[both.length - 1];
  if (!first || !last) return '';
  const better = last.rk4 < last.lgvci ? 'RK4' : 'LGVCI';
  const head =
    `At N = ${last.steps} the ${better === 'RK4' ? 'RK4 baseline' : 'LGVCI'} comes back closer ` +
    `(LGVCI ${sci(last.lgvci)} after ${last.impactsLgvci} impacts, RK4 ${sci(last.rk4)} after ${last.impactsRk4}).`;
  const start =
    `At N = ${first.steps} (${first.impactsLgvci === 0 && first.impactsRk4 === 0 ? 'no impact' : 'few impacts'}) the return errors are ` +
    `LGVCI ${sci(first.lgvci)} and RK4 ${sci(first.rk4)}: ` +
    (first.rk4 < first.lgvci
      ? 'RK4 starts lower here — its error in flight can be below the LGVCI’s round-off (a body that does not spin falls on a parabola, which RK4 integrates exactly, while the LGVCI solves an implicit step to a tolerance).'
      : 'the time-symmetric LGVCI retraces its flight to round-off, while RK4’s truncation error is not undone by the reversal.');
  const g = growthPerImpact(points, 'lgvci');
  const amp = g !== null && g > 1 ? ` Each impact multiplied the LGVCI’s error by about ${g < 100 ? g.toFixed(1) : sci(g)} (the sensitivity the twins show),` : ' Each impact multiplies the error,';
  const count =
    last.impactsRk4 < last.impactsLgvci
      ? ` and RK4, losing energy at its bounces, crossed fewer impacts (${last.impactsRk4} vs ${last.impactsLgvci}).`
      : last.impactsRk4 > last.impactsLgvci
        ? ` and RK4 crossed more impacts (${last.impactsRk4} vs ${last.impactsLgvci}).`
        : ' and both crossed as many impacts.';
  return `${head} ${start}${amp}${count}`;
}
