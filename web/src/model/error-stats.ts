// What the energy-error plot's caption says, measured from the run it shows (docs: the page): how far
// the conserved quantity (E, or E + dissipated) wanders between impacts, and how much it jumps across
// a step with an impact. Fed row by row; no DOM.

/** Relative size below which a change is round-off (|ΔE| / |E₀|). */
export const ROUND_OFF_REL = 1e-11;

export class EnergyErrorStats {
  /** Largest spread max − min of E − E₀ within one stretch between impacts. */
  flight = 0;
  /** Largest |ΔE| across a step that had an impact. */
  jump = 0;
  /** Impacts seen. */
  impacts = 0;
  /** |E₀|, the scale of "round-off". */
  scale = 0;
  private segMin = Infinity;
  private segMax = -Infinity;
  private prev: number | null = null;

  clear(): void {
    this.flight = 0;
    this.jump = 0;
    this.impacts = 0;
    this.scale = 0;
    this.segMin = Infinity;
    this.segMax = -Infinity;
    this.prev = null;
  }

  /** Row k: the signed error E_k − E₀ (conserved quantity), and the impacts of its step; |E₀| once. */
  push(error: number, impacts: number, scale: number): void {
    if (!Number.isFinite(error)) return;
    this.scale = Math.abs(scale);
    if (impacts > 0 && this.prev !== null) {
      this.jump = Math.max(this.jump, Math.abs(error - this.prev));
      this.impacts += impacts;
      this.segMin = Infinity;
      this.segMax = -Infinity;
    }
    this.segMin = Math.min(this.segMin, error);
    this.segMax = Math.max(this.segMax, error);
    this.flight = Math.max(this.flight, this.segMax - this.segMin);
    this.prev = error;
  }
}

function sci(v: number): string {
  return v === 0 ? '0' : v.toExponential(1).replace('e+', 'e');
}

/**
 * The caption of the energy-error plot from the measured stats: between impacts (round-off, or the
 * method's O(h²) oscillation with its size) and at impacts (kept to round-off, or the largest jump).
 * `symbol` is E or H, `lhs` what is plotted ("E + dissipated" with restitution).
 */
export function energyErrorCaption(s: EnergyErrorStats, symbol: string, lhs: string): string {
  const tiny = ROUND_OFF_REL * Math.max(s.scale, 1e-300);
  const head = `Absolute energy error |${lhs} − ${symbol}₀| on a log scale, dashed lines at impacts.`;
  if (s.scale === 0) return head;
  const flight =
    s.flight <= tiny
      ? ` Between impacts the discrete flow keeps it at round-off (it varies by ${sci(s.flight)} so far).`
      : ` Between impacts it oscillates by up to ${sci(s.flight)} (${sci(s.flight / s.scale)} of |${symbol}₀|): the method's O(h²) energy error, which a smaller h shrinks — it does not drift.`;
  const jump =
    s.impacts === 0
      ? ' No impact yet.'
      : s.jump <= tiny
        ? ` Across the ${s.impacts} impact${s.impacts === 1 ? '' : 's'} so far it stays at round-off (largest change ${sci(s.jump)}).`
        : ` At an impact it changes by up to ${sci(s.jump)} (${sci(s.jump / s.scale)} of |${symbol}₀|): the step that contains the impact is not energy-exact for the plotted ${symbol}; a smaller h shrinks the change.`;
  return `${head}${flight}${jump}`;
}
