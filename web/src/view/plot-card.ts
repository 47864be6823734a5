// One live plot card of the page (docs/page.md "Plots"): a figure with its title, the figure of a paper
// it reproduces, its keys, a uPlot chart of decimated series with the impact times marked on it (or a
// placeholder in words), and its caption, the axes also said in words for screen readers. Generic: what
// it plots is a PlotDef (view/live-plots.ts, the families' plot declarations) and its data come from the
// plots' view (view/plots.ts); uPlot arrives after the first frame (uplot-lib.ts).
import type uPlot from 'uplot';
import type { UPlotLib } from './uplot-lib';
import { forgetRetry, uplotFailure, uplotFailureText, uplotOr } from './uplot-lib';
import { el } from '../util/dom';
import type { DecimatedData } from '../model/decimate';
import { tickLabels } from '../util/format';
import { FONT, LABEL_FONT, PLOT_COLORS, decadeLabel, decadeSplits, linearTicks } from './plot-axes';
import { fixed, localizeNumberText, t as tr } from '../i18n';

/** Height of a live plot's canvas, px. */
export const PLOT_HEIGHT = 210;

function fmtSci(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  return v === 0 ? '0' : localizeNumberText(v.toExponential(2));
}

function fmtFixed(digits: number): (u: uPlot, v: number | null) => string {
  return (_u, v) => (v === null || v === undefined || !Number.isFinite(v) ? '—' : fixed(v, digits));
}

/** One series of a live plot. */
export interface SeriesDef {
  label: string;
  stroke: string;
  width?: number;
  dash?: number[];
  fill?: string;
  log?: boolean;
}

/** What a live plot card shows: its words, its axes and its series (view/live-plots.ts makes them). */
export interface PlotDef {
  key: string;
  title: string;
  figure: string;
  caption: string;
  yLabel: string;
  log: boolean;
  series: SeriesDef[];
  /** How impact times are shown: dashed vertical lines, short ticks at the bottom, or not at all. */
  impacts: 'lines' | 'rug' | 'none';
  /** y range includes 0 (heights above the plane). */
  fromZero?: boolean;
  yDigits?: number;
}

/** Draws impact times on the plot canvas (a uPlot hook: configuring the library, not a chart). */
function impactHook(U: UPlotLib, style: 'lines' | 'rug', times: () => ArrayLike<number>): (u: uPlot) => void {
  return (u) => {
    const ts = times();
    if (ts.length === 0) return;
    const xmin = u.scales['x']?.min;
    const xmax = u.scales['x']?.max;
    if (xmin === undefined || xmax === undefined || xmin === null || xmax === null) return;
    const { left, top, width, height } = u.bbox;
    const ctx = u.ctx;
    const dpr = U.pxRatio;
    ctx.save();
    ctx.beginPath();
    ctx.rect(left, top, width, height);
    ctx.clip();
    ctx.beginPath();
    ctx.strokeStyle = PLOT_COLORS.impact;
    ctx.lineWidth = Math.max(1, dpr);
    // Dashed lines across the plot while they are a few pixels apart, else ticks along the time axis.
    let inView = 0;
    for (let i = 0; i < ts.length; i++) if ((ts[i] ?? NaN) >= xmin && (ts[i] ?? NaN) <= xmax) inView++;
    const asLines = style === 'lines' && inView * 14 * dpr <= width;
    if (asLines) ctx.setLineDash([4 * dpr, 3 * dpr]);
    const y0 = asLines ? top : top + height - 7 * dpr;
    for (let i = 0; i < ts.length; i++) {
      const t = ts[i] ?? NaN;
      if (!(t >= xmin && t <= xmax)) continue;
      const x = Math.round(u.valToPos(t, 'x', true)) + 0.5;
      ctx.moveTo(x, y0);
      ctx.lineTo(x, top + height);
    }
    ctx.stroke();
    ctx.restore();
  };
}

/** While the pointer is not over the plot, the legend shows the latest values (a live read-out). */
function showLatestInLegend(u: uPlot): void {
  if (u.legend.idx !== null && u.legend.idx !== undefined && (u.cursor.left ?? -1) >= 0) return;
  const n = u.data[0]?.length ?? 0;
  if (n > 0) u.setLegend({ idx: n - 1 }, false);
}

function plotOptions(U: UPlotLib, def: PlotDef, width: number, times: () => ArrayLike<number>): uPlot.Options {
  const axisCommon = {
    stroke: PLOT_COLORS.axis,
    font: FONT,
    labelFont: LABEL_FONT,
    grid: { stroke: PLOT_COLORS.grid, width: 1 },
    ticks: { stroke: PLOT_COLORS.grid, width: 1, size: 4 },
  };
  const yValue = def.log
    ? (_u: uPlot, v: number | null) => fmtSci(v)
    : fmtFixed(def.yDigits ?? 3);
  const hooks: uPlot.Hooks.Arrays = {
    setLegend: [
      (u) => {
        if (u.legend.idx === null || u.legend.idx === undefined) showLatestInLegend(u);
      },
    ],
  };
  if (def.impacts !== 'none') hooks.drawAxes = [impactHook(U, def.impacts, times)];
  return {
    width,
    height: PLOT_HEIGHT,
    pxAlign: 0,
    scales: {
      x: { time: false },
      y: def.log
        ? { distr: 3, log: 10 }
        : def.fromZero
          ? { range: (_u, mn, mx) => [Math.min(0, mn), mx + 0.06 * Math.max(1e-9, mx - Math.min(0, mn))] }
          : {},
    },
    axes: [
      { ...axisCommon, label: tr('plot.timeAxis'), labelSize: 18, size: 32, values: linearTicks },
      {
        ...axisCommon,
        label: def.yLabel,
        labelSize: 18,
        size: def.log ? 50 : 56,
        ...(def.log
          ? {
              splits: (_u: uPlot, _i: number, min: number, max: number) => decadeSplits(min, max),
              filter: (_u: uPlot, splits: number[]) => splits, // already thinned by decadeSplits
              values: (_u: uPlot, splits: number[]) => splits.map(decadeLabel),
            }
          : { values: (_u: uPlot, splits: number[], _ax: number, _space: number, incr: number) => tickLabels(splits, incr) }),
      },
    ],
    series: [
      { label: 't (s)', value: fmtFixed(2) },
      ...def.series.map((s) => ({
        label: s.label,
        stroke: s.stroke,
        width: s.width ?? 1.5,
        ...(s.dash ? { dash: s.dash } : {}),
        ...(s.fill ? { fill: s.fill } : {}),
        points: { show: false },
        spanGaps: false,
        value: yValue,
      })),
    ],
    legend: { show: true, live: true },
    cursor: { drag: { x: false, y: false, setScale: false }, points: { size: 6 } },
    hooks,
  };
}

/** One figure: header, uPlot host (or a placeholder message) and caption. */
export class PlotCard {
  readonly element: HTMLElement;
  readonly host: HTMLElement;
  readonly placeholder: HTMLElement;
  readonly status: HTMLElement;
  plot: uPlot | null = null;
  private def: PlotDef;
  private readonly titleEl: HTMLElement;
  private readonly figEl: HTMLElement;
  private readonly captionEl: HTMLElement;
  private readonly axesEl: HTMLElement;
  private readonly times: () => ArrayLike<number>;
  /** Data given before uPlot arrived (uplot-lib.ts): drawn by `retry` when it does. */
  private waitingData: DecimatedData | null = null;
  private readonly retry = (): void => {
    const d = this.waitingData;
    this.waitingData = null;
    const failed = uplotFailure();
    if (failed) this.showPlaceholder(uplotFailureText(failed));
    else if (d) this.setData(d);
  };

  constructor(def: PlotDef, idPrefix: string, times: () => ArrayLike<number>) {
    this.def = def;
    this.times = times;
    const titleId = `${idPrefix}-plot-${def.key}`;
    const capId = `${titleId}-cap`;
    this.titleEl = el('span', { text: def.title });
    this.figEl = el('span', { class: 'plot-fig', text: def.figure });
    this.figEl.hidden = def.figure === '';
    this.status = el('span', { class: 'plot-status', 'aria-live': 'polite' });
    const keys = el('span', { class: 'plot-keys', 'aria-hidden': 'true' });
    if (def.impacts !== 'none') keys.append(el('span', { class: `plot-key-impact ${def.impacts}`, text: tr('hud.impacts') }));
    this.host = el('div', { class: 'plot-host' });
    this.placeholder = el('p', { class: 'plot-placeholder', hidden: true });
    this.captionEl = el('span', { text: def.caption });
    this.axesEl = el('span', { class: 'sr-only', text: PlotCard.axesText(def) });
    this.element = el(
      'figure',
      {
        class: 'plot-card',
        'data-plot': def.key,
        'aria-labelledby': titleId,
        'aria-describedby': capId,
      },
      el(
        'header',
        { class: 'plot-head' },
        el('h3', { id: titleId }, this.titleEl, this.figEl),
        keys,
        this.status,
      ),
      this.host,
      this.placeholder,
      el('figcaption', { id: capId }, this.captionEl, this.axesEl),
    );
  }

  /** The axes in words (they are drawn on the canvas). */
  static axesText(def: PlotDef): string {
    const series = def.series.map((s) => s.label).join(tr('list.comma'));
    return tr(def.log ? 'plot.axesLog' : 'plot.axes', { y: def.yLabel, series });
  }

  get definition(): PlotDef {
    return this.def;
  }

  /** Replace the series (a new uPlot instance) — e.g. when the twins are switched on or off. */
  rebuild(def: PlotDef): void {
    this.def = def;
    this.titleEl.textContent = def.title;
    this.figEl.textContent = def.figure;
    this.figEl.hidden = def.figure === '';
    this.captionEl.textContent = def.caption;
    this.axesEl.textContent = PlotCard.axesText(def);
    this.destroyPlot();
  }

  /** Replace the caption's text (a caption measured from the run). */
  setCaption(text: string): void {
    if (this.captionEl.textContent !== text) this.captionEl.textContent = text;
  }

  showPlaceholder(text: string | null): void {
    this.placeholder.textContent = text ?? '';
    this.placeholder.hidden = text === null;
    this.host.hidden = text !== null;
    if (text !== null) this.destroyPlot();
  }

  private width(): number {
    return Math.max(240, Math.floor(this.host.clientWidth || this.element.clientWidth || 560));
  }

  setData(d: DecimatedData): void {
    const data: uPlot.AlignedData = [d.x, ...d.ys];
    if (!this.plot) {
      const U = uplotOr(this.retry);
      if (!U) {
        this.waitingData = d;
        return;
      }
      this.plot = new U(plotOptions(U, this.def, this.width(), this.times), data, this.host);
      this.plot.root.querySelector('canvas')?.setAttribute('aria-hidden', 'true');
    } else {
      this.plot.setData(data, true);
    }
    showLatestInLegend(this.plot);
  }

  /** Redraw without new data (e.g. impact marks changed). */
  redraw(): void {
    this.plot?.redraw(false, true);
  }

  resize(): void {
    if (!this.plot) return;
    const w = this.width();
    if (w !== this.plot.width) this.plot.setSize({ width: w, height: PLOT_HEIGHT });
  }

  destroyPlot(): void {
    forgetRetry(this.retry);
    this.waitingData = null;
    this.plot?.destroy();
    this.plot = null;
  }
}
