// The page's live plots as declarations (docs/page.md "Plots"): for each kind of card, what it plots
// of the model row by row and how it is worded — the energy with its parts, the energy error (and its
// long-run counterpart), a coordinate over time (a height, an angle) with the sensitivity twins', the
// twins' divergence, and velocities. A family package declares its plots with these, keyed by the
// core's plot names (Capabilities.plots), and gives its own words (its paper's figures, its
// coordinate's name): FamilyParts.plots (view/family-plots.ts). The plots' view (plots.ts) feeds the
// running family's declarations into its cards (plot-card.ts). No DOM.
import type { CompanionRun } from '../model/companions';
import type { HistoryColumns } from '../model/family';
import type { EnergyErrorStats } from '../model/error-stats';
import { energyErrorCaption } from '../model/error-stats';
import { rowConservedEnergy } from '../model/energy-balance';
import type { SimulationModel } from '../model/simulation-model';
import type { PlotDef, SeriesDef } from './plot-card';
import { PLOT_COLORS } from './plot-axes';
import { formatList, t as tr } from '../i18n';

/** The page's live cards, one of each (their data-plot attribute); the long run's card is plots.ts's own. */
export type LiveCardKey = 'energy' | 'error' | 'height' | 'divergence' | 'velocity';

/** What a plot's definition depends on besides its declaration's words. */
export interface PlotContext {
  /** The running family's history columns. */
  readonly columns: HistoryColumns;
  /** The comparison's baselines while it is on (their series beside the main run's). */
  readonly baselines: readonly CompanionRun[];
  /** The main run's method, as the comparison names it (model/baselines.ts mainMethodLabel). */
  readonly main: string;
  /** The sensitivity twins while they are on. */
  readonly twins: readonly CompanionRun[];
}

/** One kind of card's plot: its definition and what it reads of the model. */
export interface LivePlot {
  /** The card it is drawn on. */
  readonly card: LiveCardKey;
  /** Its title, axes and series in the language of the moment (one value per series in read()). */
  def(ctx: PlotContext): PlotDef;
  /** History rows it can draw now (fewer than the history's while companions catch up). */
  available(m: SimulationModel): number;
  /** The values of row k, one per series of def(), into out; the energy error's also go to `stats`. */
  read(m: SimulationModel, k: number, out: number[], stats: EnergyErrorStats): void;
  /** What the card says instead of a chart, or null for the chart (the divergence while the twins are off). */
  placeholder?(ctx: PlotContext): string | null;
  /** A caption measured from the rows drawn (the energy error's), or null to keep def()'s. */
  measuredCaption?(ctx: PlotContext, stats: EnergyErrorStats): string | null;
  /** The figure of the family's paper its long-run counterpart reproduces (the energy error's: the long run's card). */
  readonly longFigure?: () => string;
}

/** The twins' runs of the model, [] while they are off. */
const twinsOf = (m: SimulationModel): readonly CompanionRun[] => m.twins?.runs ?? [];

/** Rows the main run and a companion set both have (the history's without the set). */
function rowsWith(m: SimulationModel, set: { readonly length: number } | null): number {
  return set ? Math.min(m.history.length, set.length) : m.history.length;
}

const PART_COLORS = [PLOT_COLORS.accent, PLOT_COLORS.amber, PLOT_COLORS.position];

/** A family's words on its energy card. */
export interface EnergyWords {
  /** The figure of its paper the card reproduces (default: "energy"). */
  readonly figure?: () => string;
  /** The caption when the record has energy parts (HistoryColumns.energyParts), with the energy's symbol. */
  readonly partsCaption?: (E: string) => string;
}

/** The energy: the total, its parts, E + dissipated where the record has the ledger, the baselines' energies. */
export function energyPlot(words: EnergyWords = {}): LivePlot {
  return {
    card: 'energy',
    def: ({ columns: cols, baselines, main }) => {
      const E = cols.energySymbol;
      const parts = cols.energyParts;
      // With a "dissipated" ledger, E + dissipated (the core's conserved_energy) stays at E₀ while E drops at each impact.
      const dissipated: SeriesDef[] = cols.dissipated === undefined ? [] : [{ label: tr('plot.dissipated', { E }), stroke: PLOT_COLORS.ink, dash: [4, 4] }];
      const partSeries = parts.map((p, i) => ({ label: p.label, stroke: PART_COLORS[i % PART_COLORS.length] ?? PLOT_COLORS.accent }));
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
          series: [{ label: `${main} ${E}`, stroke: PLOT_COLORS.ink, width: 2 }, ...partSeries, ...dissipated, ...baselines.map((r) => ({ label: `${r.label} ${E}`, stroke: r.color, width: 2 }))],
        };
      }
      const partsCaption = words.partsCaption;
      return {
        key: 'energy',
        title: parts.length > 0 ? tr('plot.energy.exchange') : tr('plot.energy.title', { E }),
        figure: words.figure?.() ?? tr('plot.fig.energy'),
        caption: parts.length > 0 && partsCaption ? partsCaption(E) : tr('plot.energy.caption', { E }),
        yLabel: tr('plot.energyAxis'),
        log: false,
        impacts: 'lines',
        yDigits: 4,
        series: [{ label: tr('plot.energy.total', { E }), stroke: PLOT_COLORS.ink, width: 2 }, ...partSeries, ...dissipated],
      };
    },
    available: (m) => rowsWith(m, m.baselines),
    read: (m, k, out) => {
      const h = m.history;
      const b = k * h.stride;
      out[0] = h.data[b + h.columns.energy] ?? NaN;
      const parts = h.columns.energyParts;
      parts.forEach((p, i) => (out[1 + i] = h.data[b + p.col] ?? NaN));
      let j = 1 + parts.length;
      if (h.columns.dissipated !== undefined) out[j++] = rowConservedEnergy(h.data, b, h.columns);
      m.baselines?.runs.forEach((r, i) => (out[j + i] = r.energy.get(k)));
    },
  };
}

/** A family's words on its energy-error card. */
export interface EnergyErrorWords {
  /** The figure of its paper the card reproduces (default: "energy error"). */
  readonly figure?: () => string;
  /** The figure its long-run counterpart reproduces (default: "long term"). */
  readonly longFigure?: () => string;
}

/** The energy's balance E + dissipated (the core's conserved_energy) against E₀, log scale; the baselines' |E − E₀|. */
export function energyErrorPlot(words: EnergyErrorWords = {}): LivePlot {
  /** What is plotted: E, or E + dissipated for a record with the ledger. */
  const lhsOf = (cols: HistoryColumns): string => (cols.dissipated === undefined ? cols.energySymbol : tr('plot.dissipated', { E: cols.energySymbol }));
  return {
    card: 'error',
    ...(words.longFigure ? { longFigure: words.longFigure } : {}),
    def: ({ columns: cols, baselines, main }) => {
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
          series: [{ label: main, stroke: PLOT_COLORS.accent, fill: 'rgba(31, 78, 140, 0.07)' }, ...baselines.map((r) => ({ label: r.label, stroke: r.color }))],
        };
      }
      const lhs = lhsOf(cols);
      return {
        key: 'error',
        title: tr('plot.error.title', { lhs, E }),
        figure: words.figure?.() ?? tr('plot.fig.error'),
        // Until the run has data nothing is claimed: the measured caption (model/error-stats.ts) replaces this.
        caption: tr('plot.error.caption'),
        yLabel: `|${lhs} − ${E}₀|`,
        log: true,
        impacts: 'lines',
        series: [{ label: `|${lhs} − ${E}₀|`, stroke: PLOT_COLORS.accent, fill: 'rgba(31, 78, 140, 0.07)' }],
      };
    },
    available: (m) => rowsWith(m, m.baselines),
    read: (m, k, out, stats) => {
      const h = m.history;
      const e0 = rowConservedEnergy(h.data, 0, h.columns);
      const e = rowConservedEnergy(h.data, k * h.stride, h.columns) - e0;
      out[0] = Math.abs(e);
      stats.push(e, k === 0 ? 0 : (h.data[k * h.stride + h.columns.impacts] ?? 0), e0);
      m.baselines?.runs.forEach((r, i) => (out[1 + i] = Math.abs(r.energy.get(k) - r.energy0)));
    },
    measuredCaption: ({ columns: cols, baselines }, stats) =>
      baselines.length > 0 ? null : energyErrorCaption(stats, cols.energySymbol, lhsOf(cols)),
  };
}

/** A family's words on a coordinate's card (its height, an angle). */
export interface CoordinateWords {
  /** The coordinate's name on the axis, e.g. "height y", in the language of the moment. */
  label(cols: HistoryColumns): string;
  /** The card's title (default: the label, capitalised). */
  readonly title?: () => string;
  /** The figure of its paper the card reproduces (default: none). */
  readonly figure?: () => string;
  /** The caption, with the sensitivity twins on or off (default: the coordinate's). */
  readonly caption?: (twins: boolean) => string;
  /** The main series' name in the legend without the twins (default: the label). */
  readonly series?: string;
  /** The axis starts at 0 (a height above the ground). */
  readonly fromZero?: boolean;
}

/** The column HistoryColumns.height over time (a height, an angle), with each sensitivity twin's when they run. */
export function coordinatePlot(words: CoordinateWords): LivePlot {
  return {
    card: 'height',
    def: ({ columns: cols, twins }) => {
      const label = words.label(cols);
      const on = twins.length > 0;
      return {
        key: 'height',
        title: words.title?.() ?? label.charAt(0).toUpperCase() + label.slice(1),
        figure: words.figure?.() ?? '',
        caption: words.caption?.(on) ?? (on ? tr('plot.coordinate.twinsCaption', { label }) : tr('plot.coordinate.caption', { label })),
        yLabel: label,
        log: false,
        impacts: 'lines',
        fromZero: words.fromZero ?? false,
        series: on
          ? [{ label: tr('plot.unperturbed'), stroke: PLOT_COLORS.ink, width: 2, dash: [7, 4] }, ...twins.map((r) => ({ label: r.label, stroke: r.color }))]
          : [{ label: words.series ?? label, stroke: PLOT_COLORS.ink, width: 2 }],
      };
    },
    available: (m) => rowsWith(m, m.twins),
    read: (m, k, out) => {
      const h = m.history;
      out[0] = h.data[k * h.stride + h.columns.height] ?? NaN;
      twinsOf(m).forEach((r, i) => (out[1 + i] = r.height.get(k)));
    },
  };
}

/** A family's words on the twins' divergence card. */
export interface DivergenceWords {
  /** The figure of its paper the card reproduces (default: none). */
  readonly figure?: () => string;
  /** The caption (default: Err(t) in the twins' distance, ModelFamily.poseSpace). */
  readonly caption?: () => string;
}

/**
 * The sensitivity twins' divergence Err(t) from the main run, log scale: each twin's distance from the
 * main run's row of the same step in the family's pose space (its configuration fields: model/companions.ts).
 */
export function divergencePlot(words: DivergenceWords = {}): LivePlot {
  return {
    card: 'divergence',
    def: ({ twins }) => ({
      key: 'divergence',
      title: tr('plot.divergence.title'),
      figure: words.figure?.() ?? '',
      caption: words.caption?.() ?? tr('plot.divergence.generic', { err: twins[0]?.space.distanceName ?? 'Err' }),
      yLabel: tr('plot.divergence.axis'),
      log: true,
      impacts: 'lines',
      series: twins.map((r) => ({ label: r.label, stroke: r.color })),
    }),
    available: (m) => (m.twins ? Math.min(m.history.length, m.twins.length) : 0),
    read: (m, k, out) => {
      twinsOf(m).forEach((r, i) => (out[i] = r.divergence.get(k)));
    },
    placeholder: ({ twins }) => (twins.length > 0 ? null : tr('plot.twinsPlaceholder')),
  };
}

/** A family's words on its velocities' card (no default: only a family that declares velocities has one). */
export interface VelocityWords {
  title(): string;
  caption(): string;
  /** The vertical axis's name, e.g. "θ̇ (rad/s)". */
  readonly axis: string;
  /** The figure of its paper the card reproduces (default: none). */
  readonly figure?: () => string;
}

const BODY_COLORS = ['#1d5fbf', '#c8102e', '#d9822b', '#2e8b57', '#7b3fa0', '#18263a', '#8a6d1f'];

/** The velocities q̇_i (HistoryColumns.velocities: the record's qdot = M⁻¹p), one series each. */
export function velocityPlot(words: VelocityWords): LivePlot {
  return {
    card: 'velocity',
    def: ({ columns: cols }) => ({
      key: 'velocity',
      title: words.title(),
      figure: words.figure?.() ?? '',
      caption: words.caption(),
      yLabel: words.axis,
      log: false,
      impacts: 'lines',
      yDigits: 4,
      series: (cols.velocities ?? []).map((c, i) => ({ label: c.label, stroke: BODY_COLORS[i % BODY_COLORS.length] ?? PLOT_COLORS.ink, width: 1.5 })),
    }),
    available: (m) => (m.history.columns.velocities ? m.history.length : 0),
    read: (m, k, out) => {
      const h = m.history;
      (h.columns.velocities ?? []).forEach((c, i) => (out[i] = h.data[k * h.stride + c.col] ?? NaN));
    },
  };
}

/** The long run's card (its series come from the worker, plots.ts longRunProgress): |E − E₀| over all its steps. */
export function longDef(cols: HistoryColumns, figure?: () => string): PlotDef {
  const E = cols.energySymbol;
  return {
    key: 'long',
    title: tr('plot.long.title', { E }),
    figure: figure?.() ?? tr('plot.fig.long'),
    caption: tr('plot.long.caption', { E }),
    yLabel: `|${E} − ${E}₀|`,
    log: true,
    impacts: 'rug',
    series: [{ label: `|${E} − ${E}₀|`, stroke: PLOT_COLORS.accent, fill: 'rgba(31, 78, 140, 0.07)' }],
  };
}
