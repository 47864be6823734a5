// The plots of a run, drawn with uPlot from the model's history of every step:
//   energy, with its parts when the family's record has them, and impacts marked,
//   absolute energy error |E − E₀| on a log scale with impacts marked (and, after a long run,
//           its long-term counterpart over 10⁵ steps),
//   the family's height (or another coordinate), with the sensitivity twins' when they run,
//   divergence of the twins from the main run on a log scale, per-body velocities,
//   and the cards a family draws itself (FamilyParts.plotCards).
// A family names the figures of its paper these reproduce and how its height card is headed
// (HistoryColumns.plots).
// Data are min/max decimated incrementally (at most a few thousand points per plot however long the
// run) and the plots are redrawn at most every UPDATE_MS; hidden plots cost nothing.
import type uPlot from 'uplot';
import type { UPlotLib } from './uplot-lib';
import { forgetRetry, uplotFailure, uplotFailureText, uplotOr } from './uplot-lib';
import { el } from '../util/dom';
import { FrameBatch } from '../util/frame-batch';
import type { DecimatedData } from '../model/decimate';
import { MinMaxDecimator } from '../model/decimate';
import type { HistoryColumns } from '../model/family';
import type { LongRunResult } from '../model/long-run';
import type { SimulationModel } from '../model/simulation-model';
import type { TwinSet } from '../model/twins';
import type { CompanionRun } from '../model/companions';
import type { ComparisonBaselines } from '../model/baselines';
import { mainMethodLabel } from '../model/baselines';
import { EnergyErrorStats, energyErrorCaption } from '../model/error-stats';
import { rowConservedEnergy } from '../model/energy-balance';
import { tickLabels } from '../util/format';
import type { CardKey, FamilyPlotCard, FamilyPlotCards } from './plot-cards';
import { PLOT_CARDS } from './plot-cards';
import { fixed, formatList, localizeNumberText, t as tr } from '../i18n';

/** Minimum time between two redraws of the live plots. */
export const UPDATE_MS = 100;
/** Decimation buckets per plot (at most twice as many points). */
const BUCKETS = 1500;
const PLOT_HEIGHT = 210;

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

const FONT = "11px system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
const LABEL_FONT = "600 12px system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

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

function fmtSci(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  return v === 0 ? '0' : localizeNumberText(v.toExponential(2));
}

function fmtFixed(digits: number): (u: uPlot, v: number | null) => string {
  return (_u, v) => (v === null || v === undefined || !Number.isFinite(v) ? '—' : fixed(v, digits));
}

interface SeriesDef {
  label: string;
  stroke: string;
  width?: number;
  dash?: number[];
  fill?: string;
  log?: boolean;
}

interface PlotDef {
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
class PlotCard {
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

/** A plot fed from the model, row by row, through an incremental decimator. */
interface LiveFeed {
  card: PlotCard;
  decimator: MinMaxDecimator;
  consumed: number;
  /** Values of row k into out; returns false if row k is not available yet. */
  read: (m: SimulationModel, k: number, out: number[]) => void;
  available: (m: SimulationModel) => number;
}

const PART_COLORS = [PLOT_COLORS.accent, PLOT_COLORS.amber, PLOT_COLORS.position];

/** The energy plot of a family: the total and its parts (HistoryColumns.energyParts). */
function energyDef(cols: HistoryColumns, baselines: readonly CompanionRun[] = [], main = 'LGVCI'): PlotDef {
  const E = cols.energySymbol;
  const parts = cols.energyParts;
  // With a "dissipated" ledger, E + dissipated stays at E₀ while E drops at each impact (model/energy-balance.ts).
  const dissipatedSeries = cols.dissipated === undefined ? [] : [{ label: tr('plot.dissipated', { E }), stroke: PLOT_COLORS.ink, dash: [4, 4] }];
  if (baselines.length > 0) {
    return {
      key: 'energy',
      title: tr('plot.energy.compare'),
      figure: tr('plot.fig.comparison'),
      caption:
        parts.length > 0
          ? tr('plot.energy.compareCaptionParts', { E, main, parts: formatList(parts.map((p) => p.label)) })
          : tr('plot.energy.compareCaption', { E, main }),
      yLabel: tr('plot.energyAxis'),
      log: false,
      impacts: 'lines',
      yDigits: 4,
      series: [
        { label: `${main} ${E}`, stroke: PLOT_COLORS.ink, width: 2 },
        ...parts.map((p, i) => ({ label: p.label, stroke: PART_COLORS[i % PART_COLORS.length] ?? PLOT_COLORS.accent })),
        ...dissipatedSeries,
        ...baselines.map((r) => ({ label: `${r.label} ${E}`, stroke: r.color, width: 2 })),
      ],
    };
  }
  return {
    key: 'energy',
    title: parts.length > 0 ? tr('plot.energy.exchange') : tr('plot.energy.title', { E }),
    figure: cols.plots?.figures?.energy?.() ?? tr('plot.fig.energy'),
    caption: parts.length > 0 ? tr('plot.energy.exchangeCaption', { E }) : tr('plot.energy.caption', { E }),
    yLabel: tr('plot.energyAxis'),
    log: false,
    impacts: 'lines',
    yDigits: 4,
    series: [
      { label: tr('plot.energy.total', { E }), stroke: PLOT_COLORS.ink, width: 2 },
      ...parts.map((p, i) => ({ label: p.label, stroke: PART_COLORS[i % PART_COLORS.length] ?? PLOT_COLORS.accent })),
      ...dissipatedSeries,
    ],
  };
}

/** Series of the energy plot: the total, its parts, E + dissipated when the family has it, the baselines. */
function energySeriesCount(cols: HistoryColumns, baselines = 0): number {
  return 1 + cols.energyParts.length + (cols.dissipated === undefined ? 0 : 1) + baselines;
}

function errorDef(cols: HistoryColumns, baselines: readonly CompanionRun[] = [], main = 'LGVCI'): PlotDef {
  const E = cols.energySymbol;
  if (baselines.length > 0) {
    return {
      key: 'error',
      title: tr('plot.error.compare', { E }),
      figure: tr('plot.fig.comparison'),
      caption: tr('plot.error.compareCaption', { E, main }),
      yLabel: `|${E} − ${E}₀|`,
      log: true,
      impacts: 'lines',
      series: [
        { label: main, stroke: PLOT_COLORS.accent, fill: 'rgba(31, 78, 140, 0.07)' },
        ...baselines.map((r) => ({ label: r.label, stroke: r.color })),
      ],
    };
  }
  // With a "dissipated" ledger the balance is E + dissipated = E₀ (model/energy-balance.ts): its error is plotted.
  const lhs = cols.dissipated === undefined ? E : tr('plot.dissipated', { E });
  return {
    key: 'error',
    title: tr('plot.error.title', { lhs, E }),
    figure: cols.plots?.figures?.error?.() ?? tr('plot.fig.error'),
    // Until the run has data nothing is claimed: the measured caption (model/error-stats.ts) replaces this.
    caption: tr('plot.error.caption'),
    yLabel: `|${lhs} − ${E}₀|`,
    log: true,
    impacts: 'lines',
    series: [{ label: `|${lhs} − ${E}₀|`, stroke: PLOT_COLORS.accent, fill: 'rgba(31, 78, 140, 0.07)' }],
  };
}

/**
 * A history column's name (HistoryColumns.heightLabel: the model names its coordinate in English, as
 * the CSV's documentation does: "height x₃", "height y", "position y", "far ball θ5") in the active
 * language; the symbol stays. A name this table does not know is shown as it is.
 */
export function columnLabel(label: string): string {
  const m = /^(height|position|far ball) (\S+)$/.exec(label);
  if (!m) return label;
  const q = m[2] ?? '';
  return m[1] === 'height' ? tr('history.height', { q }) : m[1] === 'position' ? tr('history.position', { q }) : tr('history.farBall', { q });
}

function heightDef(twins: boolean, cols: HistoryColumns): PlotDef {
  // A family that heads its height card itself (HistoryColumns.plots.height: a figure of its paper)
  // has it so; another has its coordinate's name (HistoryColumns.heightLabel).
  const label = columnLabel(cols.heightLabel);
  const own = cols.plots?.height;
  if (!own) {
    return {
      key: 'height',
      title: label.charAt(0).toUpperCase() + label.slice(1),
      figure: '',
      caption: tr('plot.coordinate.caption', { label }),
      yLabel: label,
      log: false,
      impacts: 'lines',
      fromZero: false,
      series: [{ label, stroke: PLOT_COLORS.ink, width: 2 }],
    };
  }
  return {
    key: 'height',
    title: own.title(),
    figure: own.figure(),
    caption: own.caption(twins),
    yLabel: label,
    log: false,
    impacts: 'lines',
    fromZero: own.fromZero,
    series: twins
      ? [
          { label: tr('plot.unperturbed'), stroke: PLOT_COLORS.ink, width: 2, dash: [7, 4] },
          { label: tr('plot.twin', { d: 'δx' }), stroke: PLOT_COLORS.position },
          { label: tr('plot.twin', { d: 'δR' }), stroke: PLOT_COLORS.attitude },
        ]
      : [{ label: own.series, stroke: PLOT_COLORS.ink, width: 2 }],
  };
}

const divergenceDef = (): PlotDef => ({
  key: 'divergence',
  title: tr('plot.divergence.title'),
  figure: tr('plot.fig', { n: '10' }),
  caption: tr('plot.divergence.caption'),
  yLabel: tr('plot.divergence.axis'),
  log: true,
  impacts: 'lines',
  series: [
    { label: tr('plot.twin', { d: 'δx' }), stroke: PLOT_COLORS.position },
    { label: tr('plot.twin', { d: 'δR' }), stroke: PLOT_COLORS.attitude },
  ],
});

function longDef(cols: HistoryColumns): PlotDef {
  const E = cols.energySymbol;
  return {
    key: 'long',
    title: tr('plot.long.title', { E }),
    figure: cols.plots?.figures?.long?.() ?? tr('plot.fig.long'),
    caption: tr('plot.long.caption', { E }),
    yLabel: `|${E} − ${E}₀|`,
    log: true,
    impacts: 'rug',
    series: [{ label: `|${E} − ${E}₀|`, stroke: PLOT_COLORS.accent, fill: 'rgba(31, 78, 140, 0.07)' }],
  };
}

const BALL_COLORS = ['#1d5fbf', '#c8102e', '#d9822b', '#2e8b57', '#7b3fa0', '#18263a', '#8a6d1f'];

/** Per-body velocities (HistoryColumns.velocities: a pendulum's θ̇_i, Seghete & Murphey Fig. 3). */
function velocityDef(cols: HistoryColumns): PlotDef {
  const v = cols.velocities ?? [];
  return {
    key: 'velocity',
    title: tr('plot.velocity.title'),
    figure: tr('plot.fig', { n: '3' }),
    caption: tr('plot.velocity.caption'),
    yLabel: 'θ̇ (rad/s)',
    log: false,
    impacts: 'lines',
    yDigits: 4,
    series: v.map((c, i) => ({ label: c.label, stroke: BALL_COLORS[i % BALL_COLORS.length] ?? PLOT_COLORS.ink, width: 1.5 })),
  };
}

export class PlotsView {
  readonly element: HTMLElement;
  readonly cards: Record<CardKey, PlotCard>;
  /** The running family's plots (the core's names), null until showPlots is called: every card. */
  private plotNames: ReadonlySet<string> | null = null;
  /** Redraws done (for tests and measurement). */
  updates = 0;
  private readonly feeds: LiveFeed[];
  private readonly grid: HTMLElement;
  private visible = true;
  private lastUpdate = -Infinity;
  private dirty = true;
  private epoch = -1;
  private twins: TwinSet | null = null;
  private baselines: ComparisonBaselines | null = null;
  private impactsDrawn = -1;
  private longImpacts: number[] = [];
  private readonly resizeObserver: ResizeObserver | null;
  private readonly model: SimulationModel;
  private readonly rowBuf: number[] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  /** The columns the live plots were built for (a new family rebuilds them). */
  private columns: HistoryColumns;
  /** The long run's status line is written at most once per animation frame. */
  private readonly batch = new FrameBatch();
  /** Measured from the error plot's rows: its caption's numbers (model/error-stats.ts). */
  readonly errorStats = new EnergyErrorStats();
  /** The cards the families' packages draw, by the core's plot name (shown for a family that declares it). */
  private readonly familyCards: ReadonlyMap<string, FamilyPlotCard>;

  /** `familyCards`: the packages' own cards (app/families.ts familyPlotCards). */
  constructor(model: SimulationModel, idPrefix: string, familyCards: FamilyPlotCards = {}) {
    this.model = model;
    this.columns = model.history.columns;
    const impactTimes = (): ArrayLike<number> => this.model.history.impactTimes();
    this.cards = {
      energy: new PlotCard(energyDef(this.columns), idPrefix, impactTimes),
      error: new PlotCard(errorDef(this.columns), idPrefix, impactTimes),
      height: new PlotCard(heightDef(false, this.columns), idPrefix, impactTimes),
      divergence: new PlotCard(divergenceDef(), idPrefix, impactTimes),
      velocity: new PlotCard(velocityDef(this.columns), idPrefix, impactTimes),
      long: new PlotCard(longDef(this.columns), idPrefix, () => this.longImpacts),
    };
    this.cards.long.element.classList.add('plot-wide');
    this.cards.long.element.hidden = true;
    this.familyCards = new Map(Object.entries(familyCards).map(([plot, make]) => [plot, make(idPrefix)]));
    this.applyPlots();
    this.feeds = [
      {
        card: this.cards.energy,
        decimator: new MinMaxDecimator(energySeriesCount(this.columns), { maxBuckets: BUCKETS }),
        consumed: 0,
        available: (m) => (m.baselines ? Math.min(m.history.length, m.baselines.length) : m.history.length),
        read: (m, k, out) => {
          const h = m.history;
          const b = k * h.stride;
          out[0] = h.data[b + h.columns.energy] ?? NaN;
          const parts = h.columns.energyParts;
          parts.forEach((p, i) => (out[1 + i] = h.data[b + p.col] ?? NaN));
          let j = 1 + parts.length;
          if (h.columns.dissipated !== undefined) out[j++] = rowConservedEnergy(h.data, b, h.columns); // the core's E + dissipated
          m.baselines?.runs.forEach((r, i) => (out[j + i] = r.energy.get(k)));
        },
      },
      {
        card: this.cards.error,
        decimator: new MinMaxDecimator(1, { maxBuckets: BUCKETS, positiveOnly: [true] }),
        consumed: 0,
        available: (m) => (m.baselines ? Math.min(m.history.length, m.baselines.length) : m.history.length),
        read: (m, k, out) => {
          const h = m.history;
          const e0 = rowConservedEnergy(h.data, 0, h.columns);
          const e = rowConservedEnergy(h.data, k * h.stride, h.columns) - e0;
          out[0] = Math.abs(e);
          this.errorStats.push(e, k === 0 ? 0 : (h.data[k * h.stride + h.columns.impacts] ?? 0), e0);
          m.baselines?.runs.forEach((r, i) => (out[1 + i] = Math.abs(r.energy.get(k) - r.energy0)));
        },
      },
      {
        card: this.cards.height,
        decimator: new MinMaxDecimator(1, { maxBuckets: BUCKETS }),
        consumed: 0,
        available: (m) => (m.twins ? Math.min(m.history.length, m.twins.length) : m.history.length),
        read: (m, k, out) => {
          const h = m.history;
          out[0] = h.data[k * h.stride + h.columns.height] ?? NaN;
          if (m.twins) {
            out[1] = m.twins.run('position').height.get(k);
            out[2] = m.twins.run('attitude').height.get(k);
          }
        },
      },
      {
        card: this.cards.divergence,
        decimator: new MinMaxDecimator(2, { maxBuckets: BUCKETS, positiveOnly: [true, true] }),
        consumed: 0,
        available: (m) => (m.twins ? Math.min(m.history.length, m.twins.length) : 0),
        read: (m, k, out) => {
          out[0] = m.twins?.run('position').divergence.get(k) ?? NaN;
          out[1] = m.twins?.run('attitude').divergence.get(k) ?? NaN;
        },
      },
      {
        card: this.cards.velocity,
        decimator: new MinMaxDecimator(this.columns.velocities?.length ?? 1, { maxBuckets: BUCKETS }),
        consumed: 0,
        available: (m) => (m.history.columns.velocities ? m.history.length : 0),
        read: (m, k, out) => {
          const h = m.history;
          (h.columns.velocities ?? []).forEach((c, i) => {
            out[i] = h.data[k * h.stride + c.col] ?? NaN; // the core's q̇ = M⁻¹p (the record's qdot)
          });
        },
      },
    ];
    this.grid = el(
      'div',
      { class: 'plot-grid' },
      this.cards.energy.element,
      this.cards.error.element,
      this.cards.height.element,
      this.cards.divergence.element,
      this.cards.velocity.element,
      ...[...this.familyCards.values()].map((c) => c.element),
      this.cards.long.element,
    );
    this.element = el(
      'section',
      { class: 'lgvci-plots', 'aria-label': tr('plot.section') },
      this.grid,
    );
    this.cards.divergence.showPlaceholder(tr('plot.twinsPlaceholder'));
    this.resizeObserver =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.onResize());
    this.resizeObserver?.observe(this.grid);
  }

  private onResize(): void {
    if (!this.visible) return;
    for (const c of Object.values(this.cards)) c.resize();
    for (const c of this.familyCards.values()) c.resize();
  }

  get shown(): boolean {
    return this.visible;
  }

  setVisible(on: boolean): void {
    this.visible = on;
    this.element.hidden = !on;
    if (on) {
      this.dirty = true;
      this.lastUpdate = -Infinity;
    }
  }

  /**
   * Show the cards of these plots (the running family's Capabilities.plots) and hide the others; the
   * long run's card keeps its own state, and the velocity card needs velocity columns as well.
   */
  showPlots(names: readonly string[]): void {
    this.plotNames = new Set(names);
    this.applyPlots();
  }

  /** A card a family's package draws, by the core's plot name (FamilyPlotCard), if the page has one. */
  familyCard(plot: string): FamilyPlotCard | undefined {
    return this.familyCards.get(plot);
  }

  private applyPlots(): void {
    const wanted = new Set<string>();
    for (const [plot, card] of Object.entries(PLOT_CARDS)) if (this.plotNames === null || this.plotNames.has(plot)) wanted.add(card);
    for (const card of new Set(Object.values(PLOT_CARDS))) this.cards[card].element.hidden = !wanted.has(card);
    for (const [plot, card] of this.familyCards) card.element.hidden = !(this.plotNames === null || this.plotNames.has(plot));
    if (!this.columns.velocities) this.cards.velocity.element.hidden = true;
  }

  /** Something changed (restart, step while paused, twins): redraw at the next tick. */
  invalidate(): void {
    this.dirty = true;
  }

  /** Called every animation frame; redraws at most every UPDATE_MS, and only if there is news. */
  tick(now: number): void {
    if (!this.visible || now - this.lastUpdate < UPDATE_MS) return;
    const m = this.model;
    const news =
      this.dirty ||
      m.history.epoch !== this.epoch ||
      m.twins !== this.twins ||
      m.baselines !== this.baselines ||
      this.feeds.some((f) => f.available(m) !== f.consumed) ||
      [...this.familyCards.values()].some((c) => c.shown && c.stale(m));
    if (!news) return;
    this.lastUpdate = now;
    this.update();
  }

  /** Bring every live plot up to date now. */
  update(): void {
    const m = this.model;
    if (m.history.columns !== this.columns) this.rebuildForColumns(m.history.columns);
    if (m.baselines !== this.baselines) {
      this.baselines = m.baselines;
      this.rebuildEnergyCards();
      for (const f of this.feeds) {
        f.decimator.clear();
        f.consumed = 0;
      }
      this.errorStats.clear();
      this.dirty = true;
    }
    if (m.history.epoch !== this.epoch || m.twins !== this.twins) {
      const twinsChanged = m.twins !== this.twins;
      this.epoch = m.history.epoch;
      this.twins = m.twins;
      for (const f of this.feeds) {
        f.decimator.clear();
        f.consumed = 0;
      }
      this.errorStats.clear();
      if (twinsChanged) {
        const on = m.twins !== null;
        const h = this.feeds[2];
        if (h) h.decimator = new MinMaxDecimator(on ? 3 : 1, { maxBuckets: BUCKETS });
        this.cards.height.rebuild(heightDef(on, this.columns));
        this.cards.divergence.showPlaceholder(
          on
            ? null
            : tr('plot.twinsPlaceholder'),
        );
      }
    }
    const impactsChanged = m.history.impactCount !== this.impactsDrawn;
    this.impactsDrawn = m.history.impactCount;
    for (const f of this.feeds) {
      const avail = f.available(m);
      const fresh = avail !== f.consumed;
      for (let k = f.consumed; k < avail; k++) {
        f.read(m, k, this.rowBuf);
        f.decimator.push(m.history.data[k * m.history.stride] ?? NaN, this.rowBuf);
      }
      f.consumed = avail;
      // A hidden card (the velocity plot of a family without one) builds no uPlot.
      if (f.card.placeholder.hidden === false || f.card.element.hidden) continue;
      if (fresh || this.dirty || !f.card.plot) f.card.setData(f.decimator.output());
      else if (impactsChanged) f.card.redraw();
    }
    for (const c of this.familyCards.values()) c.update(m, this.dirty);
    if (!m.baselines) {
      const cols = m.history.columns;
      const sym = cols.energySymbol;
      this.cards.error.setCaption(energyErrorCaption(this.errorStats, sym, cols.dissipated === undefined ? sym : tr('plot.dissipated', { E: sym })));
    }
    this.dirty = false;
    this.updates += 1;
  }

  /** Another model family: its energy series and labels (the data restart from the new history). */
  private rebuildForColumns(cols: HistoryColumns): void {
    this.columns = cols;
    this.rebuildEnergyCards();
    this.cards.height.rebuild(heightDef(this.model.twins !== null, cols));
    this.cards.long.rebuild(longDef(cols));
    this.cards.long.element.hidden = true; // a long run of the previous model does not describe this one
    const velocity = this.feeds[4];
    if (velocity) velocity.decimator = new MinMaxDecimator(cols.velocities?.length ?? 1, { maxBuckets: BUCKETS });
    this.cards.velocity.rebuild(velocityDef(cols));
    this.applyPlots();
    for (const f of this.feeds) {
      f.decimator.clear();
      f.consumed = 0;
    }
    this.errorStats.clear();
    this.dirty = true;
  }

  /** The energy and energy-error plots of the columns, with the comparison's baselines when on. */
  private rebuildEnergyCards(): void {
    const cols = this.columns;
    const runs = this.baselines?.runs ?? [];
    const [energy, error] = this.feeds;
    if (energy) energy.decimator = new MinMaxDecimator(energySeriesCount(cols, runs.length), { maxBuckets: BUCKETS });
    if (error) {
      const n = 1 + runs.length;
      error.decimator = new MinMaxDecimator(n, { maxBuckets: BUCKETS, positiveOnly: new Array<boolean>(n).fill(true) });
    }
    const main = this.model.loaded ? mainMethodLabel(this.model.run.integrator()) : 'LGVCI';
    this.cards.energy.rebuild(energyDef(cols, runs, main));
    this.cards.error.rebuild(errorDef(cols, runs, main));
  }

  /** The latest values of a live plot's series, by label (for tests and captions). */
  seriesLabels(key: 'energy' | 'error'): string[] {
    return this.cards[key].definition.series.map((s) => s.label);
  }

  /** Rows shown so far by a live plot (for tests). */
  consumed(key: 'energy' | 'error' | 'height' | 'divergence'): number {
    const i = ['energy', 'error', 'height', 'divergence'].indexOf(key);
    return this.feeds[i]?.consumed ?? 0;
  }

  /** Progress of a long run: show its card with the series so far. */
  longRunProgress(series: DecimatedData | undefined, text: string): void {
    const card = this.cards.long;
    if (card.element.hidden) card.element.hidden = false;
    this.batch.text(card.status, text);
    if (series && this.visible) {
      this.longImpacts = [];
      card.setData(series);
    }
  }

  /** The finished long run: its series, impact ticks and summary. */
  longRunDone(r: LongRunResult, text: string): void {
    const card = this.cards.long;
    this.batch.drop();
    card.element.hidden = false;
    card.status.textContent = text;
    this.longImpacts = r.impactTimes;
    card.setData(r.series);
  }

  destroy(): void {
    this.batch.drop();
    this.resizeObserver?.disconnect();
    for (const c of Object.values(this.cards)) c.destroyPlot();
    for (const c of this.familyCards.values()) c.destroyPlot();
    this.element.remove();
  }
}
