// The comparison's live captions: what the student sees, in words, with the numbers
// measured in the running companions — never a fixed story. Pure functions of measured values; no DOM.
import type { Reversal } from './simulation-model';
import { fixed, localizeNumberText, t } from '../i18n';
import { baselineLabel } from './baselines';

/** An integer as it is counted (no grouping separators: "1234 steps"). */
const int = (n: number): string => String(n);

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
  if (!Number.isFinite(v)) return t('number.nan');
  if (v === 0) return '0';
  return localizeNumberText(v.toExponential(1).replace('e+', 'e'));
}

/** How far a method's energy is from the start, in words. */
export function energyPhrase(r: MethodReading): string {
  if (!Number.isFinite(r.relError)) return t('caption.halted', { method: r.label });
  if (r.relError >= 1e-3) {
    const percent = Math.round(r.relError * 1000) / 10;
    return t(r.drift < 0 ? 'caption.lost' : 'caption.gained', { method: r.label, percent });
  }
  return t('caption.within', { method: r.label, error: sci(r.relError) });
}

/** A time in seconds with enough digits to show a difference of `d` (at least 2 decimals). */
function seconds(t: number, d: number): string {
  const digits = Math.min(6, Math.max(2, Number.isFinite(d) && d > 0 ? Math.ceil(-Math.log10(d)) + 1 : 2));
  return fixed(t, digits);
}

/**
 * The naive baseline's impacts (docs/baselines.md "The naive baseline"): it reflects only at the end of
 * a step that ends inside the obstacle, so an impact's time is off by up to h (first order), while the
 * main run locates it within the step; with the measured first impacts of both and the impact counts.
 */
export function lateImpactPhrase(main: MethodReading, naive: MethodReading, h: number): string {
  const step = Number.isFinite(h) ? t('caption.lateStep', { h: localizeNumberText(String(h)) }) : '';
  const why = t('caption.lateWhy', { naive: naive.label, step, main: main.label });
  const a = main.firstImpact ?? NaN;
  const b = naive.firstImpact ?? NaN;
  let measured = '';
  if (Number.isFinite(a) && Number.isFinite(b)) {
    const d = b - a;
    const p = { naiveT: seconds(b, Math.abs(d)), main: main.label, mainT: seconds(a, Math.abs(d)), d: sci(Math.abs(d)) };
    measured = t(d >= 0 ? 'caption.firstLate' : 'caption.firstEarly', p);
  }
  const counts = naive.impacts !== main.impacts ? t('caption.impactCounts', { naive: int(naive.impacts), main: int(main.impacts) }) : '';
  return ` ${why}${measured}${counts}`;
}

/**
 * "After 12.3 s (1230 steps, 14 impacts): Rapier engine has lost 41 % of the energy; RK4 baseline
 * stays within 3.1e-8 of E₀; LGVCI stays within 5.2e-13 of E₀. …" — methods ordered by their drift,
 * largest first, followed by which one drifts least, how far the baselines are from the main run's
 * body and, with the naive baseline, why and by how much its impact times are off.
 */
export function comparisonCaption(
  time: number,
  steps: number,
  main: MethodReading,
  baselines: readonly MethodReading[],
  ctx: CaptionContext = {},
): string {
  if (steps === 0) {
    const n = baselines.length + 1;
    const count = n === 2 ? t('caption.two') : n === 3 ? t('caption.three') : n === 4 ? t('caption.four') : int(n);
    return t('caption.start', { count });
  }
  const all = [main, ...baselines].filter((r) => r.label !== '');
  const ordered = [...all].sort((a, b) => (Number.isFinite(b.relError) ? b.relError : Infinity) - (Number.isFinite(a.relError) ? a.relError : Infinity));
  const head = t('caption.after', { t: fixed(time, 1), steps: int(steps), n: int(main.impacts), main: main.label });
  const energy = t('caption.energies', { list: ordered.map(energyPhrase).join(t('caption.separator')) });
  const best = ordered[ordered.length - 1];
  const worst = ordered[0];
  let verdict = '';
  if (best && worst && best !== worst && Number.isFinite(best.relError) && Number.isFinite(worst.relError)) {
    const ratio = best.relError > 0 ? worst.relError / best.relError : Infinity;
    verdict =
      ratio >= 10
        ? ratio === Infinity
          ? t('caption.bestExact', { best: best.label })
          : t('caption.best', { best: best.label, ratio: sci(ratio), worst: worst.label })
        : t('caption.similar', { ratio: fixed(ratio, 1) });
  }
  const apart = baselines
    .filter((r) => Number.isFinite(r.divergence))
    .map((r) => `${r.label} ${r.divergence < 1e-3 ? sci(r.divergence) : fixed(r.divergence, 2)}`)
    .join(t('caption.comma'));
  const sep = apart ? t('caption.distance', { main: main.label, name: ctx.distanceName ?? '|Δx| + ‖ΔR‖₂', list: apart }) : '';
  const naive = baselines.find((r) => r.id === 'naive');
  const late = naive ? lateImpactPhrase(main, naive, ctx.h ?? NaN) : '';
  return `${head}${energy}${verdict}${sep}${late}`;
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
  const crossed = t('reverse.impacts', { n: int(rev.impacts) });
  if (!rev.distances) {
    const left = rev.returnStep - stepsNow;
    const seconds = (left * rev.h) / Math.max(speed, 1e-9);
    const wait = Number.isFinite(seconds) && seconds >= 2 ? t('reverse.wait', { seconds: int(Math.round(seconds)) }) : '';
    const limit =
      rev.impacts > 0
        ? t('reverse.limit', { crossed, twins: rev.twins ? t('reverse.limitTwins') : '' })
        : t('reverse.noImpact');
    return t('reverse.pending', { steps: int(rev.steps), left: int(left), wait }) + limit;
  }
  const d = Object.entries(rev.distances)
    .map(([k, v]) => `${DISTANCE_NAMES[k] ?? k} = ${sci(v)}`)
    .join(t('caption.comma'));
  const largest = Math.max(...Object.values(rev.distances));
  const x = rev.distances['x'] ?? rev.distances['q'];
  let verdict: string;
  if (!Number.isFinite(largest)) verdict = t('reverse.notNumber');
  else if (largest <= ROUND_OFF) verdict = t('reverse.roundOff', { d: sci(largest) });
  else if (largest <= NOT_BACK) verdict = t('reverse.within', { d: sci(largest), amplified: rev.impacts > 0 ? t('reverse.amplified', { crossed }) : '' });
  else {
    const distance = x !== undefined ? `${x < 0.01 ? sci(x) : fixed(x, 2)} m` : sci(largest);
    verdict = t('reverse.notBack', { distance, crossed });
  }
  const comp = Object.entries(rev.companions)
    .map(([id, v]) => `${companionLabels[id] ?? id} ${sci(v)}`)
    .join(t('caption.comma'));
  return (
    t('reverse.back', { steps: int(rev.steps), t: fixed(rev.t, 2), verdict, list: d }) +
    (comp ? t('reverse.companions', { name: companionDistance, list: comp }) : '')
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
  const head = t('sweep.head', {
    steps: int(last.steps),
    method: last.rk4 < last.lgvci ? baselineLabel('rk4') : 'LGVCI',
    lgvci: sci(last.lgvci),
    impactsLgvci: int(last.impactsLgvci),
    rk4: sci(last.rk4),
    impactsRk4: int(last.impactsRk4),
  });
  const start =
    t('sweep.start', {
      steps: int(first.steps),
      impacts: first.impactsLgvci === 0 && first.impactsRk4 === 0 ? t('sweep.noImpact') : t('sweep.fewImpacts'),
      lgvci: sci(first.lgvci),
      rk4: sci(first.rk4),
    }) + (first.rk4 < first.lgvci ? t('sweep.rk4Lower') : t('sweep.symmetric'));
  const g = growthPerImpact(points, 'lgvci');
  const amp = g !== null && g > 1 ? t('sweep.growth', { g: g < 100 ? fixed(g, 1) : sci(g) }) : t('sweep.multiplies');
  const counts = { rk4: int(last.impactsRk4), lgvci: int(last.impactsLgvci) };
  const count =
    last.impactsRk4 < last.impactsLgvci ? t('sweep.fewer', counts) : last.impactsRk4 > last.impactsLgvci ? t('sweep.more', counts) : t('sweep.same');
  return `${head} ${start}${amp}${count}`;
}
