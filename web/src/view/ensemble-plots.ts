// The ensemble's three plots, drawn with uPlot from the core's statistics: the histogram of
// impact counts, the histogram of final relative energy errors (log bins, 4 a decade), and the
// divergence curve — median and quartile band of Err(t), the family's distance over its configuration
// fields (‖x − x_ref‖₂ + ‖R − R_ref‖₂ for a body's position and attitude, ‖q − q_ref‖₂ in generalized coordinates:
// docs/ensembles.md), on a log scale.
// Hidden until the first ensemble finishes.
import type uPlot from 'uplot';
import type { UPlotLib } from './uplot-lib';
import { UplotSlot } from './uplot-lib';
import type { EnsembleStatistics } from '../model/ensemble';
import { el } from '../util/dom';
import { CARD_AXIS, PLOT_COLORS, decadeLabel, decadeSplits, linearTicks } from './plot-axes';
import { decimalSeparator, localizeNumberText, t } from '../i18n';

const HEIGHT = 200;

/** The histograms' data: x = bin position, y = members in the bin. */
export interface HistogramData {
  x: number[];
  y: number[];
  /** Bin labels for the legend/tooltips. */
  labels: string[];
}

export function impactHistogram(s: EnsembleStatistics): HistogramData {
  const h = s.impacts.histogram;
  return {
    x: h.counts.map((_, i) => h.lo + i * h.width + (h.width - 1) / 2),
    y: h.counts.slice(),
    labels: h.counts.map((_, i) => (h.width === 1 ? `${h.lo + i}` : `${h.lo + i * h.width}–${h.lo + (i + 1) * h.width - 1}`)),
  };
}

/** x = log₁₀ of the bin's centre (the edges are 10^(i/4)). */
export function energyHistogram(s: EnsembleStatistics): HistogramData {
  const h = s.energy_error.histogram;
  return {
    x: h.counts.map((_, i) => (h.first + i + 0.5) / h.bins_per_decade),
    y: h.counts.slice(),
    // with a decimal comma the interval's two ends are parted by a semicolon
    labels: h.counts.map((_, i) =>
      localizeNumberText(`[${(h.edges[i] ?? NaN).toExponential(1)}${decimalSeparator() === ',' ? ';' : ','} ${(h.edges[i + 1] ?? NaN).toExponential(1)})`),
    ),
  };
}

class Card {
  readonly element: HTMLElement;
  readonly host: HTMLElement;
  readonly caption: HTMLElement;
  private readonly slot: UplotSlot;
  constructor(title: string, caption: string, key: string) {
    this.host = el('div', { class: 'plot-host', 'data-ensemble-plot': key });
    this.caption = el('figcaption', { text: caption });
    this.element = el('figure', { class: 'plot-card' }, el('div', { class: 'plot-head' }, el('h3', { text: title })), this.host, this.caption);
    this.slot = new UplotSlot(this.host, () => ({ width: this.width(), height: HEIGHT }));
  }
  get plot(): uPlot | null {
    return this.slot.plot;
  }
  width(): number {
    return Math.max(240, Math.floor(this.host.clientWidth || this.element.clientWidth || 420));
  }
  draw(opts: (U: UPlotLib) => Omit<uPlot.Options, 'width' | 'height'>, data: uPlot.AlignedData): void {
    this.slot.draw(opts, data);
  }
  destroy(): void {
    this.slot.destroy();
  }
}

/** Bars of width `bin` (in x units) centred on the x values; the x range shows the outer bars whole. */
function barOptions(U: UPlotLib, xLabel: string, bin: number, decades = false): Omit<uPlot.Options, 'width' | 'height'> {
  const bars = U.paths.bars ? U.paths.bars({ size: [0.9, 60] }) : undefined;
  // A log histogram's x is log₁₀ of the value: ticks at whole decades, labelled 10ⁿ.
  const decadeAxis = decades
    ? {
        splits: (_u: uPlot, _i: number, min: number, max: number) => {
          const out: number[] = [];
          for (let e = Math.ceil(min); e <= Math.floor(max); e++) out.push(e);
          // Less than a decade shown: ticks at the quarter-decade edges instead.
          if (out.length < 2) {
            out.length = 0;
            for (let e = Math.ceil(min * 4) / 4; e <= max; e += 0.25) out.push(e);
          }
          return out;
        },
        values: (_u: uPlot, splits: number[]) =>
          splits.map((e) => (Number.isInteger(e) ? decadeLabel(10 ** e) : localizeNumberText((10 ** e).toExponential(1)))),
      }
    : { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] }; // impact counts: whole numbers
  return {
    pxAlign: 0,
    scales: {
      x: { time: false, range: (_u, mn, mx) => [mn - bin / 2, mx + bin / 2] },
      y: { range: (_u, _mn, mx) => [0, Math.max(1, mx * 1.08)] },
    },
    axes: [
      { ...CARD_AXIS, label: xLabel, labelSize: 18, size: 32, ...decadeAxis },
      { ...CARD_AXIS, label: t('ensemble.axisMembers'), labelSize: 18, size: 44 },
    ],
    series: [{ label: xLabel }, { label: t('ensemble.axisMembers'), stroke: PLOT_COLORS.accent, fill: 'rgba(31, 78, 140, 0.35)', width: 1, ...(bars ? { paths: bars } : {}), points: { show: false } }],
    legend: { show: true },
  };
}

export class EnsemblePlots {
  readonly element: HTMLElement;
  readonly impacts = new Card(t('ensemble.impactsTitle'), t('ensemble.impactsCaption'), 'impacts');
  readonly energy = new Card(t('ensemble.energyTitle'), t('ensemble.energyCaption'), 'energy');
  /** Its caption names the family's distance, written when it is drawn (show). */
  readonly divergence = new Card(t('ensemble.divergenceTitle'), '', 'divergence');
  /** The statistics last drawn. */
  statistics: EnsembleStatistics | null = null;

  constructor(idPrefix: string) {
    this.element = el(
      'section',
      { class: 'lgvci-plots lgvci-ensemble-plots', id: `${idPrefix}-ensemble-plots`, 'aria-label': t('ensemble.plots') },
      el('div', { class: 'plot-grid' }, this.impacts.element, this.energy.element, this.divergence.element),
    );
    this.element.hidden = true;
  }

  /** Draw the statistics; `err`: the divergence's distance in symbols (the family's, PoseSpace.distanceName). */
  show(s: EnsembleStatistics, err: string): void {
    this.statistics = s;
    this.element.hidden = false;
    this.divergence.caption.textContent = t('ensemble.divergenceCaption', { err });
    const imp = impactHistogram(s);
    this.impacts.draw((U) => barOptions(U, t('results.impacts'), s.impacts.histogram.width), [imp.x, imp.y]);
    // Members drawn in the histogram (the sum of the bars), for the reader and for tests.
    this.impacts.host.dataset['members'] = String(imp.y.reduce((a, b) => a + b, 0));
    const en = energyHistogram(s);
    this.energy.draw((U) => barOptions(U, '|E − E₀|/E₀', 1 / s.energy_error.histogram.bins_per_decade, true), [en.x, en.y]);
    this.energy.host.dataset['members'] = String(en.y.reduce((a, b) => a + b, 0) + s.energy_error.histogram.zeros);
    const d = s.divergence;
    const pos = (v: number | null): number | null => (v !== null && v > 0 ? v : null);
    this.divergence.draw(
      () => ({
        pxAlign: 0,
        scales: { x: { time: false }, y: { distr: 3, log: 10 } },
        axes: [
          { ...CARD_AXIS, label: t('plot.timeAxis'), labelSize: 18, size: 32, values: linearTicks },
          {
            ...CARD_AXIS,
            label: 'Err(t)',
            labelSize: 18,
            size: 50,
            splits: (_u: uPlot, _i: number, min: number, max: number) => decadeSplits(min, max),
            filter: (_u: uPlot, splits: number[]) => splits,
            values: (_u: uPlot, splits: number[]) => splits.map(decadeLabel),
          },
        ],
        series: [
          { label: 't (s)' },
          { label: 'q3', stroke: 'rgba(31, 78, 140, 0.5)', width: 1, points: { show: false } },
          { label: t('ensemble.median'), stroke: PLOT_COLORS.ink, width: 2, points: { show: false } },
          { label: 'q1', stroke: 'rgba(31, 78, 140, 0.5)', width: 1, points: { show: false } },
        ],
        bands: [{ series: [1, 3], fill: 'rgba(31, 78, 140, 0.18)' }],
      }),
      [d.t, d.q3.map(pos), d.median.map(pos), d.q1.map(pos)],
    );
  }

  hide(): void {
    this.element.hidden = true;
  }

  destroy(): void {
    this.impacts.destroy();
    this.energy.destroy();
    this.divergence.destroy();
    this.element.remove();
  }
}
