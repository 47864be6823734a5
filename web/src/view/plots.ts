// The plots of a run (docs/page.md "Plots"), drawn with uPlot from the model's history of every step:
// the running family's plots as its package declares them (FamilyParts.plots, keyed by the core's plot
// names in its capabilities: view/live-plots.ts, view/family-plots.ts) — energy, energy error,
// a coordinate, velocities, cards a package draws itself —, the sensitivity twins' divergence for every
// family, and the long run's card. Each live card is fed row by row through an incremental min/max
// decimator (at most a few thousand points per plot however long the run) and redrawn at most every
// UPDATE_MS; hidden cards cost nothing. The card itself is plot-card.ts, the look plot-axes.ts.
import { el } from '../util/dom';
import { FrameBatch } from '../util/frame-batch';
import type { DecimatedData } from '../model/decimate';
import { MinMaxDecimator } from '../model/decimate';
import type { HistoryColumns } from '../model/family';
import type { LongRunResult } from '../model/long-run';
import type { SimulationModel } from '../model/simulation-model';
import type { TwinSet } from '../model/twins';
import type { ComparisonBaselines } from '../model/baselines';
import { mainMethodLabel } from '../model/baselines';
import { EnergyErrorStats } from '../model/error-stats';
import type { FamilyPlotCard, FamilyPlots, PlotRegistry } from './family-plots';
import { isOwnPlot } from './family-plots';
import type { LiveCardKey, LivePlot, PlotContext } from './live-plots';
import { divergencePlot, longDef } from './live-plots';
import { PlotCard } from './plot-card';
import { t as tr } from '../i18n';

/** Minimum time between two redraws of the live plots. */
export const UPDATE_MS = 100;
/** Decimation buckets per plot (at most twice as many points). */
const BUCKETS = 1500;

/** The page's cards: the live ones (one of each kind) and the long run's. */
export type CardKey = LiveCardKey | 'long';

const LIVE_CARDS: readonly LiveCardKey[] = ['energy', 'error', 'height', 'divergence', 'velocity'];

/** A live card fed from the model, row by row, through an incremental decimator. */
interface LiveFeed {
  readonly card: PlotCard;
  /** The running family's plot on this card (null: it declares none, the card is hidden). */
  plot: LivePlot | null;
  decimator: MinMaxDecimator;
  consumed: number;
}

/** No declarations: every family's plots empty, no own cards (a page without packages, tests). */
const NO_PLOTS: PlotRegistry = { of: () => ({}), own: {} };

export class PlotsView {
  readonly element: HTMLElement;
  readonly cards: Record<CardKey, PlotCard>;
  /** The running family's plots (the core's names), null until showPlots is called: every declared one. */
  private plotNames: ReadonlySet<string> | null = null;
  /** Redraws done (for tests and measurement). */
  updates = 0;
  private readonly feeds: Record<LiveCardKey, LiveFeed>;
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
  private readonly rowBuf: number[] = [];
  /** The columns and family the live plots were built for (another rebuilds them). */
  private columns: HistoryColumns;
  private familyId: string;
  /** The long run's status line is written at most once per animation frame. */
  private readonly batch = new FrameBatch();
  /** Measured from the error plot's rows: its caption's numbers (model/error-stats.ts). */
  readonly errorStats = new EnergyErrorStats();
  /** The declarations of the families' plots. */
  private readonly registry: PlotRegistry;
  /** The cards the families' packages draw, by the core's plot name (shown for a family that declares it). */
  private readonly familyCards: ReadonlyMap<string, FamilyPlotCard>;

  /** `registry`: the packages' plot declarations (app/families.ts familyPlots). */
  constructor(model: SimulationModel, idPrefix: string, registry: PlotRegistry = NO_PLOTS) {
    this.model = model;
    this.registry = registry;
    this.columns = model.history.columns;
    this.familyId = model.loaded ? model.family.id : '';
    const impactTimes = (): ArrayLike<number> => this.model.history.impactTimes();
    const ctx = this.context();
    const declared = this.declaredPlots();
    const feed = (key: LiveCardKey): LiveFeed => {
      const plot = declared[key];
      const def = (plot ?? (key === 'divergence' ? divergencePlot() : null))?.def(ctx);
      const card = new PlotCard(def ?? { key, title: '', figure: '', caption: '', yLabel: '', log: false, impacts: 'none', series: [] }, idPrefix, impactTimes);
      return { card, plot, decimator: this.decimatorFor(def?.series.length ?? 1, def?.log ?? false), consumed: 0 };
    };
    this.feeds = { energy: feed('energy'), error: feed('error'), height: feed('height'), divergence: feed('divergence'), velocity: feed('velocity') };
    this.cards = {
      energy: this.feeds.energy.card,
      error: this.feeds.error.card,
      height: this.feeds.height.card,
      divergence: this.feeds.divergence.card,
      velocity: this.feeds.velocity.card,
      long: new PlotCard(longDef(this.columns, this.feeds.error.plot?.longFigure), idPrefix, () => this.longImpacts),
    };
    this.cards.long.element.classList.add('plot-wide');
    this.cards.long.element.hidden = true;
    this.familyCards = new Map(Object.entries(registry.own).map(([plot, make]) => [plot, make(idPrefix)]));
    this.applyPlots();
    this.grid = el(
      'div',
      { class: 'plot-grid' },
      ...LIVE_CARDS.map((k) => this.cards[k].element),
      ...[...this.familyCards.values()].map((c) => c.element),
      this.cards.long.element,
    );
    this.element = el('section', { class: 'lgvci-plots', 'aria-label': tr('plot.section') }, this.grid);
    this.cards.divergence.showPlaceholder(this.feeds.divergence.plot?.placeholder?.(ctx) ?? null);
    this.resizeObserver = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.onResize());
    this.resizeObserver?.observe(this.grid);
  }

  /** What the plots' definitions depend on now: the columns, the comparison's baselines and the twins. */
  private context(): PlotContext {
    const m = this.model;
    return {
      columns: this.columns,
      baselines: this.baselines?.runs ?? [],
      main: m.loaded ? mainMethodLabel(m.run.integrator()) : 'LGVCI',
      twins: this.twins?.runs ?? [],
    };
  }

  /**
   * The running family's live plots by card: its declarations for the plot names shown (all it declares
   * before showPlots); the twins' divergence in the page's words where the family declares none.
   */
  private declaredPlots(): Record<LiveCardKey, LivePlot | null> {
    const out: Record<LiveCardKey, LivePlot | null> = { energy: null, error: null, height: null, divergence: null, velocity: null };
    const plots: FamilyPlots = this.familyId ? this.registry.of(this.familyId) : {};
    for (const [name, p] of Object.entries(plots)) {
      if (isOwnPlot(p) || (this.plotNames !== null && !this.plotNames.has(name))) continue;
      out[p.card] ??= p;
    }
    if (this.plotNames === null || this.plotNames.has('divergence')) out.divergence ??= divergencePlot();
    return out;
  }

  private decimatorFor(series: number, log: boolean): MinMaxDecimator {
    const n = Math.max(1, series);
    return new MinMaxDecimator(n, log ? { maxBuckets: BUCKETS, positiveOnly: new Array<boolean>(n).fill(true) } : { maxBuckets: BUCKETS });
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
   * Show the cards of these plots (the running family's Capabilities.plots, as its package declares
   * them) and the twins' divergence, and hide the others; the long run's card keeps its own state.
   */
  showPlots(names: readonly string[]): void {
    this.plotNames = new Set(names);
    if (!this.syncFamily()) this.rebuildPlots();
  }

  /** A new family or new columns of the model (a load): its plots built anew; whether they were. */
  private syncFamily(): boolean {
    const m = this.model;
    const family = m.loaded ? m.family.id : '';
    if (m.history.columns === this.columns && family === this.familyId) return false;
    this.columns = m.history.columns;
    this.familyId = family;
    this.cards.long.rebuild(longDef(this.columns, this.declaredPlots().error?.longFigure));
    this.cards.long.element.hidden = true; // a long run of the previous model does not describe this one
    this.rebuildPlots();
    return true;
  }

  /** A card a family's package draws, by the core's plot name (FamilyPlotCard), if the page has one. */
  familyCard(plot: string): FamilyPlotCard | undefined {
    return this.familyCards.get(plot);
  }

  private applyPlots(): void {
    for (const k of LIVE_CARDS) this.cards[k].element.hidden = this.feeds[k].plot === null;
    if (!this.columns.velocities) this.cards.velocity.element.hidden = true;
    const declared = this.familyId ? this.registry.of(this.familyId) : {};
    for (const [plot, card] of this.familyCards) {
      const own = declared[plot];
      card.element.hidden = !(own !== undefined && isOwnPlot(own) && (this.plotNames === null || this.plotNames.has(plot)));
    }
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
      LIVE_CARDS.some((k) => this.feedAvailable(k) !== this.feeds[k].consumed) ||
      [...this.familyCards.values()].some((c) => c.shown && c.stale(m));
    if (!news) return;
    this.lastUpdate = now;
    this.update();
  }

  private feedAvailable(k: LiveCardKey): number {
    return this.feeds[k].plot?.available(this.model) ?? 0;
  }

  /** Bring every live plot up to date now. */
  update(): void {
    const m = this.model;
    this.syncFamily();
    if (m.baselines !== this.baselines || m.twins !== this.twins) {
      // The comparison's baselines and the twins add series: new definitions, the data drawn anew.
      this.baselines = m.baselines;
      this.twins = m.twins;
      this.rebuildPlots();
    }
    if (m.history.epoch !== this.epoch) {
      this.epoch = m.history.epoch;
      this.restartFeeds();
    }
    const impactsChanged = m.history.impactCount !== this.impactsDrawn;
    this.impactsDrawn = m.history.impactCount;
    for (const k of LIVE_CARDS) {
      const f = this.feeds[k];
      const plot = f.plot;
      if (!plot) continue;
      const avail = plot.available(m);
      const fresh = avail !== f.consumed;
      for (let row = f.consumed; row < avail; row++) {
        plot.read(m, row, this.rowBuf, this.errorStats);
        f.decimator.push(m.history.data[row * m.history.stride] ?? NaN, this.rowBuf);
      }
      f.consumed = avail;
      // A hidden card (the velocity plot of a family without one) builds no uPlot.
      if (f.card.placeholder.hidden === false || f.card.element.hidden) continue;
      if (fresh || this.dirty || !f.card.plot) f.card.setData(f.decimator.output());
      else if (impactsChanged) f.card.redraw();
    }
    for (const c of this.familyCards.values()) c.update(m, this.dirty);
    const error = this.feeds.error.plot;
    const caption = error?.measuredCaption?.(this.context(), this.errorStats);
    if (caption) this.cards.error.setCaption(caption);
    this.dirty = false;
    this.updates += 1;
  }

  /**
   * The running family's plots for the columns, the baselines and the twins now: each card's definition
   * (a new uPlot), its visibility, the twins' placeholder; the data restart from the first row.
   */
  private rebuildPlots(): void {
    const ctx = this.context();
    const declared = this.declaredPlots();
    for (const k of LIVE_CARDS) {
      const f = this.feeds[k];
      f.plot = declared[k];
      const def = f.plot?.def(ctx);
      if (def) {
        f.card.rebuild(def);
        f.decimator = this.decimatorFor(def.series.length, def.log);
      }
    }
    this.cards.divergence.showPlaceholder(this.feeds.divergence.plot?.placeholder?.(ctx) ?? null);
    this.applyPlots();
    this.restartFeeds();
  }

  /** Every live card's data from the history's first row again. */
  private restartFeeds(): void {
    for (const k of LIVE_CARDS) {
      this.feeds[k].decimator.clear();
      this.feeds[k].consumed = 0;
    }
    this.errorStats.clear();
    this.dirty = true;
  }

  /** The latest values of a live plot's series, by label (for tests and captions). */
  seriesLabels(key: 'energy' | 'error'): string[] {
    return this.cards[key].definition.series.map((s) => s.label);
  }

  /** Rows shown so far by a live plot (for tests). */
  consumed(key: 'energy' | 'error' | 'height' | 'divergence'): number {
    return this.feeds[key].consumed;
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
