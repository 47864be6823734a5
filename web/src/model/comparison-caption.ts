// The comparison's live captions (issue 11): what the student sees, in words, with the numbers
// measured in the running companions — never a fixed story. Pure functions of measured values; no DOM.
import type { Reversal } from './simulation-model';

export interface MethodReading {
  label: string;
  /** |E − E₀| / |E₀| of the method's latest step (NaN if unknown, e.g. halted). */
  relError: number;
  /** E − E₀ (sign: lost or gained). */
  drift: number;
  impacts: number;
  /** Distance from the main run ‖x − x_main‖ + ‖R − R_main‖₂, NaN for the main run itself. */
  divergence: number;
}

/** 3.1e-8, 0.0012 → "1.2e-3", 0 → "0". */
export function sci(v: number): string {
  if (!Number.isFinite(v)) return 'not a number';
  if (v === 0) return '0';
  return v.toExponential(1).replace('e+', 'e');
}

/** How far a method's energy is from the start, in words. */
export function energyPhrase(r: MethodReading): string {
  if (!Number.isFinite(r.relError)) return `${r.label} has stopped (its integrator halted, or stalled in the Zeno guard)`;
  if (r.relError >= 1e-3) {
    const pct = Math.round(r.relError * 1000) / 10;
    return `${r.label} has ${r.drift < 0 ? 'lost' : 'gained'} ${pct} % of the energy`;
  }
  return `${r.label} stays within ${sci(r.relError)} of E₀`;
}

/**
 * "After 12.3 s (1230 steps, 14 impacts): Rapier engine has lost 41 % of the energy; RK4 baseline
 * stays within 3.1e-8 of E₀; LGVCI stays within 5.2e-13 of E₀. …" — methods ordered by their drift,
 * largest first, followed by which one drifts least and how far the baselines are from the LGVCI body.
 */
export function comparisonCaption(t: number, steps: number, main: MethodReading, baselines: readonly MethodReading[]): string {
  if (steps === 0) {
    return 'The three bodies start from the same state: press Play and watch them leave together and come apart.';
  }
  const all = [main, ...baselines].filter((r) => r.label !== '');
  const ordered = [...all].sort((a, b) => (Number.isFinite(b.relError) ? b.relError : Infinity) - (Number.isFinite(a.relError) ? a.relError : Infinity));
  const head = `After ${t.toFixed(1)} s (${steps} steps, ${main.impacts} impacts of the LGVCI body): `;
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
  const sep = apart ? ` Distance from the LGVCI body (|Δx| + ‖ΔR‖₂): ${apart}.` : '';
  return `${head}${energy}.${verdict}${sep}`;
}

const DISTANCE_NAMES: Record<string, string> = {
  x: '|x − x₀|',
  R: '‖R − R₀‖₂',
  gamma: '|γ + γ₀|',
  Pi: '|Π + Π₀|',
  q: '|q − q₀|',
  p: '|p + p₀|',
};

/** The Reverse button's read-out: on the way back, or how close the run came back. */
export function reversalText(rev: Reversal, stepsNow: number, companionLabels: Readonly<Record<string, string>> = {}): string {
  if (!rev.distances) {
    const left = rev.returnStep - stepsNow;
    return `Momenta reversed after ${rev.steps} steps: the body retraces its path; back at the start in ${left} steps.`;
  }
  const d = Object.entries(rev.distances)
    .map(([k, v]) => `${DISTANCE_NAMES[k] ?? k} = ${sci(v)}`)
    .join(', ');
  const largest = Math.max(...Object.values(rev.distances));
  const comp = Object.entries(rev.companions)
    .map(([id, v]) => `${companionLabels[id] ?? id} ${sci(v)}`)
    .join(', ');
  return (
    `Back after ${rev.steps} + ${rev.steps} steps (t = ${rev.t.toFixed(2)} s): ${d} (largest ${sci(largest)}).` +
    (comp ? ` Companions, |x − x₀| + ‖R − R₀‖₂: ${comp}.` : '')
  );
}
