// The billiard's bounce map (Birkhoff's coordinates of a particle bouncing inside a table): one point (s, p_t) per impact, s the arc
// length of the bounce point along the wall, p_t the tangential momentum there (the impact record's
// fields "s" and "p_t"), drawn as the impacts are computed and cleared on restart. The billiard's
// package draws this card for its plot "bounce_map" (FamilyParts.plots; the page shows it when the
// capabilities' plots contain it); its axes are s ∈ [0, perimeter) and p_t ∈ [−|p|, |p|]
// (bounceMapAxes). The map preserves area: an integrable table's points lie on smooth curves, a chaotic
// table's fill a region (docs/billiard.md).
import { tr as t } from './words';
import type uPlot from 'uplot';
import type { UPlotLib } from '../../../web/src/view/uplot-lib';
import { forgetRetry, uplotFailure, uplotFailureText, uplotOr } from '../../../web/src/view/uplot-lib';
import type { FamilyPlotCard } from '../../../web/src/view/family-plots';
import { el } from '../../../web/src/util/dom';
import { FONT, LABEL_FONT, PLOT_COLORS } from '../../../web/src/view/plot-axes';
import { tickLabels } from '../../../web/src/util/format';
import type { SimulationModel } from '../../../web/src/model/simulation-model';
import type { BilliardConfig } from './table';
import { maxMomentum, tablePerimeter } from './table';

/** The bounce map's axes of a config: s along the wall (the table's perimeter), p_t within ±|p|. */
export function bounceMapAxes(c: BilliardConfig): { perimeter: number; maxMomentum: number } {
  return { perimeter: tablePerimeter(c.table), maxMomentum: maxMomentum(c) };
}

const HEIGHT = 240;
const POINT_COLOR = PLOT_COLORS.accent;
const AXIS = { stroke: PLOT_COLORS.axis, grid: PLOT_COLORS.grid };

/** The points of one run: (s, p_t) per impact, in order, and the axes' extents. */
export class BounceMapData {
  readonly s: number[] = [];
  readonly pt: number[] = [];
  /** Impacts of the history read so far, and the history epoch they belong to. */
  consumed = 0;
  epoch = -1;
  perimeter = NaN;
  maxMomentum = NaN;

  clear(): void {
    this.s.length = 0;
    this.pt.length = 0;
    this.consumed = 0;
  }

  /** Read the history's impacts not yet read (all of them after a restart); whether anything changed. */
  sync(m: SimulationModel): boolean {
    const h = m.history;
    let changed = false;
    if (h.epoch !== this.epoch) {
      this.epoch = h.epoch;
      this.clear();
      // The card is the billiard's: the running config is its own while the card is shown.
      const axes = m.family.id === 'billiard' ? bounceMapAxes(m.config as BilliardConfig) : null;
      this.perimeter = axes?.perimeter ?? NaN;
      this.maxMomentum = axes?.maxMomentum ?? NaN;
      changed = true;
    }
    for (; this.consumed < h.impactCount; this.consumed++) {
      const f = h.impactFields(this.consumed);
      this.s.push(f['s'] ?? NaN);
      this.pt.push(f['p_t'] ?? NaN);
      changed = true;
    }
    return changed;
  }
}

function options(U: UPlotLib, width: number, d: BounceMapData): uPlot.Options {
  const axis = {
    stroke: AXIS.stroke,
    font: FONT,
    labelFont: LABEL_FONT,
    grid: { stroke: AXIS.grid, width: 1 },
    ticks: { stroke: AXIS.grid, width: 1, size: 4 },
    values: (_u: uPlot, splits: number[], _ax: number, _space: number, incr: number) => tickLabels(splits, incr),
  };
  const P = d.perimeter;
  const pm = d.maxMomentum;
  const points = U.paths.points;
  return {
    mode: 2,
    width,
    height: HEIGHT,
    pxAlign: 0,
    scales: {
      x: { time: false, auto: false, range: () => (Number.isFinite(P) && P > 0 ? [0, P] : [0, 1]) },
      y: { auto: false, range: () => (Number.isFinite(pm) && pm > 0 ? [-pm, pm] : [-1, 1]) },
    },
    axes: [
      { ...axis, label: t('bounceMap.xAxis'), labelSize: 18, size: 32 },
      { ...axis, label: t('bounceMap.yAxis'), labelSize: 18, size: 50 },
    ],
    series: [
      {},
      {
        label: t('bounceMap.series'),
        stroke: POINT_COLOR,
        fill: POINT_COLOR,
        ...(points ? { paths: points() } : {}),
        points: { show: false, size: 3.2, width: 0, fill: POINT_COLOR },
        facets: [
          { scale: 'x', auto: false },
          { scale: 'y', auto: false },
        ],
      },
    ],
    legend: { show: false },
    cursor: { show: false, drag: { x: false, y: false, setScale: false } },
  } as uPlot.Options;
}

/** The bounce map's figure: header with the count, the scatter plot, and its caption. */
export class BounceMapCard implements FamilyPlotCard {
  readonly element: HTMLElement;
  readonly data = new BounceMapData();
  plot: uPlot | null = null;
  private readonly host: HTMLElement;
  private readonly placeholder: HTMLElement;
  private readonly count: HTMLElement;
  private drawnPoints = -1;
  private drawnEpoch = -1;
  private readonly retry = (): void => {
    const failed = uplotFailure();
    if (failed) this.showFailure(uplotFailureText(failed));
    else this.draw(true);
  };

  constructor(idPrefix: string) {
    const titleId = `${idPrefix}-plot-bounce-map`;
    const capId = `${titleId}-cap`;
    this.count = el('span', { class: 'plot-status', 'aria-live': 'off', 'data-bounce-count': '' });
    this.host = el('div', { class: 'plot-host' });
    this.placeholder = el('p', { class: 'plot-placeholder', hidden: true });
    this.element = el(
      'figure',
      { class: 'plot-card', 'data-plot': 'bounce_map', 'aria-labelledby': titleId, 'aria-describedby': capId },
      el('header', { class: 'plot-head' }, el('h3', { id: titleId }, el('span', { text: t('bounceMap.title') }), el('span', { class: 'plot-fig', text: 'Birkhoff' })), this.count),
      this.host,
      this.placeholder,
      el(
        'figcaption',
        { id: capId },
        el('span', {
          text: t('bounceMap.caption'),
        }),
        el('span', { class: 'sr-only', text: t('bounceMap.axes') }),
      ),
    );
    this.element.hidden = true;
  }

  get shown(): boolean {
    return !this.element.hidden;
  }

  /** Impacts the card has not read yet. */
  stale(m: SimulationModel): boolean {
    return m.history.impactCount !== this.data.consumed;
  }

  /** Read the new impacts of the model and redraw if there are any (or the run restarted). */
  update(m: SimulationModel, force = false): void {
    const changed = this.data.sync(m);
    if (!this.shown) return;
    if (changed || force || !this.plot) this.draw(force);
  }

  private width(): number {
    return Math.max(240, Math.floor(this.host.clientWidth || this.element.clientWidth || 560));
  }

  private draw(rebuild: boolean): void {
    const d = this.data;
    const n = d.s.length;
    this.count.textContent = t('bounceMap.count', { n: String(n) });
    if (this.plot && !rebuild && d.epoch === this.drawnEpoch && n === this.drawnPoints) return;
    const U = uplotOr(this.retry);
    if (!U) return;
    // A new run (new table, new |p|) gets a new plot: its fixed ranges are the run's.
    if (this.plot && (rebuild || d.epoch !== this.drawnEpoch)) this.destroyPlot();
    const data = [null, [d.s, d.pt]] as unknown as uPlot.AlignedData;
    if (!this.plot) {
      this.plot = new U(options(U, this.width(), d), data, this.host);
      this.plot.root.querySelector('canvas')?.setAttribute('aria-hidden', 'true');
    } else {
      this.plot.setData(data); // the ranges are fixed (auto: false); resetting them commits the redraw
    }
    this.drawnEpoch = d.epoch;
    this.drawnPoints = n;
  }

  private showFailure(text: string): void {
    this.placeholder.textContent = text;
    this.placeholder.hidden = false;
    this.host.hidden = true;
    this.destroyPlot();
  }

  resize(): void {
    if (!this.plot) return;
    const w = this.width();
    if (w !== this.plot.width) this.plot.setSize({ width: w, height: HEIGHT });
  }

  destroyPlot(): void {
    forgetRetry(this.retry);
    this.plot?.destroy();
    this.plot = null;
    this.drawnPoints = -1;
    this.drawnEpoch = -1;
  }
}
