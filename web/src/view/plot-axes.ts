// The look every chart of the page shares (the live plots, the ensemble's, the "Why variational?"
// view's, the comparison's sweep, a package's own cards): colours, fonts, the small cards' axis style,
// and the labels of linear and log axes in the page's language. No DOM, no data.
import type uPlot from 'uplot';
import { tickLabels } from '../util/format';

/** The page's chart colours. */
export const PLOT_COLORS = {
  ink: '#18263a',
  accent: '#1f4e8c',
  amber: '#d9822b',
  position: '#1d5fbf',
  attitude: '#c8102e',
  impact: 'rgba(200, 16, 46, 0.5)',
  grid: '#e8edf3',
  axis: '#56677d',
};

export const FONT = "11px system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
export const LABEL_FONT = "600 12px system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/** The axis style of the small plot cards (the ensemble's, the "Why variational?" view's). */
export const CARD_AXIS = {
  stroke: PLOT_COLORS.axis,
  font: FONT,
  labelFont: `600 ${FONT}`,
  grid: { stroke: PLOT_COLORS.grid, width: 1 },
  ticks: { stroke: PLOT_COLORS.grid, width: 1, size: 4 },
};

/** A linear axis's tick labels (util/format.ts tickLabels: as many decimals as the spacing needs, the language's decimal separator). */
export const linearTicks = (_u: uPlot, splits: number[], _ax: number, _space: number, incr: number): string[] => tickLabels(splits, incr);

const SUP: Record<string, string> = {
  '-': '⁻', '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹',
};

/** 1e-12 → "10⁻¹²"; values between powers of ten → '' (log axes label decades only). */
export function decadeLabel(v: number): string {
  if (!(v > 0)) return '';
  const e = Math.round(Math.log10(v));
  if (Math.abs(v / 10 ** e - 1) > 1e-9) return '';
  if (e === 0) return '1';
  if (e === 1) return '10';
  return `10${[...String(e)].map((c) => SUP[c] ?? c).join('')}`;
}

/** Decades to label on a log axis: every k-th power of ten so that at most ~5 are labelled. */
export function decadeSplits(min: number, max: number): number[] {
  if (!(min > 0) || !(max > 0)) return [];
  const lo = Math.ceil(Math.log10(min) - 1e-9);
  const hi = Math.floor(Math.log10(max) + 1e-9);
  const span = hi - lo;
  const step = span <= 4 ? 1 : span <= 8 ? 2 : span <= 12 ? 3 : Math.ceil(span / 4);
  const out: number[] = [];
  for (let e = hi; e >= lo; e -= step) out.unshift(10 ** e);
  return out;
}
