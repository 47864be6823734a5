// What the energy-error plot's caption says, measured from the run it shows (docs: the page): how far
// the conserved quantity (E, or E + dissipated) wanders between impacts, and how much it jumps across
// a step with an impact. Fed row by row; no DOM.
import { localizeNumberText, t } from '../i18n';

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
  return v === 0 ? '0' : localizeNumberText(v.toExponential(1).replace('e+', 'e'));
}

/**
 * The caption of the energy-error plot from the measured stats: between impacts (round-off, or the
 * method's O(h²) oscillation with its size) and at impacts (kept to round-off, or the largest jump).
 * `symbol` is E or H, `lhs` what is plotted ("E + dissipated" with restitution). In the active language.
 */
export function energyErrorCaption(s: EnergyErrorStats, symbol: string, lhs: string): string {
  const tiny = ROUND_OFF_REL * Math.max(s.scale, 1e-300);
  const head = t('errorCaption.head', { lhs, E: symbol });
  if (s.scale === 0) return head;
  const flight =
    s.flight <= tiny
      ? t('errorCaption.flightRoundOff', { spread: sci(s.flight) })
      : t('errorCaption.flight', { spread: sci(s.flight), relative: sci(s.flight / s.scale), E: symbol });
  const jump =
    s.impacts === 0
      ? t('errorCaption.noImpact')
      : s.jump <= tiny
        ? t('errorCaption.impactsRoundOff', { n: String(s.impacts), jump: sci(s.jump) })
        : t('errorCaption.jump', { jump: sci(s.jump), relative: sci(s.jump / s.scale), E: symbol });
  return `${head}${flight}${jump}`;
}
