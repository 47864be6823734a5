// The "Why variational?" view's four panels (docs/page.md "Why variational?"), drawn with uPlot from
// model/why.ts's measurements: energy error over a run, symplecticity (the loop before and after, or
// the one-step map's defect against its floor), the momentum maps' drift (or the sentence that the
// set-up has none) and error against h on log–log axes. Each panel's caption is the model's one-line
// statement of the measured numbers. Which panel shows what follows the reports, not the family.
import type uPlot from 'uplot';
import type { UPlotLib } from './uplot-lib';
import { UplotSlot } from './uplot-lib';
import type { CaptionContext, Claim, EnergyRun, OrderPart, SymplecticityPart } from '../model/why';
import { bounceAreaChange, energyCaption, methodName, momentumCaption, orderCaption, symplecticityCaption } from '../model/why';
import { BASELINE_COLORS } from '../model/baselines';
import { el } from '../util/dom';
import { tickLabels } from '../util/format';
import { CARD_AXIS, PLOT_COLORS, decadeLabel, decadeSplits, linearTicks } from './plot-axes';
import { fixed, t } from '../i18n';

const HEIGHT = 210;

/** Colour of an integrator's series: the baselines' colours, the family's own scheme in the page's ink. */
export function methodColor(integrator: string): string {
  return integrator in BASELINE_COLORS ? (BASELINE_COLORS as Readonly<Record<string, string>>)[integrator] ?? PLOT_COLORS.ink : PLOT_COLORS.ink;
}

const logAxis = (label: string): uPlot.Axis => ({
  ...CARD_AXIS,
  label,
  labelSize: 18,
  size: 50,
  splits: (_u: uPlot, _i: number, min: number, max: number) => decadeSplits(min, max),
  filter: (_u: uPlot, splits: number[]) => splits,
  values: (_u: uPlot, splits: number[]) => splits.map(decadeLabel),
});

const positive = (v: number | undefined): number | null => (v !== undefined && v > 0 && Number.isFinite(v) ? v : null);

type Options = Omit<uPlot.Options, 'width' | 'height'>;

/**
 * Draws the cards' pending plots one per animation frame, so that a burst of results never makes one
 * long task of several uPlot constructions.
 */
class FrameScheduler {
  private readonly queue = new Set<WhyCard>();
  private handle: number | null = null;

  request(card: WhyCard): void {
    this.queue.add(card);
    this.handle ??= requestAnimationFrame(() => this.run());
  }

  cancel(card: WhyCard): void {
    this.queue.delete(card);
  }

  private run(): void {
    this.handle = null;
    const next = this.queue.values().next();
    if (next.done) return;
    this.queue.delete(next.value);
    next.value.drawPending();
    if (this.queue.size > 0) this.handle = requestAnimationFrame(() => this.run());
  }
}

const frames = new FrameScheduler();

/** One panel: heading, uPlot host and the live caption. */
class WhyCard {
  readonly element: HTMLElement;
  readonly host: HTMLElement;
  readonly caption: HTMLElement;
  private readonly slot: UplotSlot;

  constructor(key: Claim, title: string, idPrefix: string) {
    const titleId = `${idPrefix}-why-${key}-title`;
    this.host = el('div', { class: 'plot-host why-host', 'data-why-plot': key });
    this.caption = el('figcaption', { class: 'why-caption', text: t('whyView.measuring') });
    this.element = el(
      'figure',
      { class: 'plot-card why-card', 'data-why': key, 'aria-labelledby': titleId },
      el('div', { class: 'plot-head' }, el('h3', { id: titleId, text: title })),
      this.host,
      this.caption,
    );
    this.slot = new UplotSlot(this.host, () => ({ width: this.width(), height: HEIGHT }));
  }

  width(): number {
    return Math.max(240, Math.floor(this.host.clientWidth || this.element.clientWidth || 420));
  }

  /** The plot asked for last, drawn at the next free animation frame (one card per frame). */
  private pending: { opts: (U: UPlotLib) => Options; data: uPlot.AlignedData } | null = null;

  /** Draw at the next frame that has no other card to draw: results arrive faster than frames. */
  draw(opts: (U: UPlotLib) => Options, data: uPlot.AlignedData): void {
    this.pending = { opts, data };
    frames.request(this);
  }

  /** Draws the pending plot now (the frame scheduler's call). */
  drawPending(): void {
    const p = this.pending;
    this.pending = null;
    if (p) this.drawNow(p.opts, p.data);
  }

  private drawNow(opts: (U: UPlotLib) => Options, data: uPlot.AlignedData): void {
    this.slot.draw(opts, data, () => {
      this.host.hidden = false;
    });
  }

  resize(): void {
    this.slot.resize();
  }

  clear(): void {
    this.pending = null;
    frames.cancel(this);
    this.slot.destroy();
  }

  setCaption(text: string): void {
    this.caption.textContent = text;
  }
}

/** The same x for every series (the first run's), the others padded with gaps; `log`: only positive values. */
function alignOnFirst(xs: readonly number[], ys: readonly (readonly number[])[], log = true): uPlot.AlignedData {
  return [xs.slice(), ...ys.map((y) => xs.map((_, i) => (log ? positive(y[i]) : Number.isFinite(y[i]) ? (y[i] ?? null) : null)))];
}

/** A linear axis labelled with the decimals its spacing needs. */
const linearAxis = (label: string, size: number): uPlot.Axis => ({
  ...CARD_AXIS,
  label,
  labelSize: 18,
  size,
  values: (_u: uPlot, splits: number[], _ax: number, _space: number, incr: number) => tickLabels(splits, incr),
});

/** A time series on a log y axis; `log` false: linear (every value 0, which a log axis cannot show). */
function timeSeries(yLabel: string, labels: readonly { label: string; stroke: string; dash?: number[] }[], log = true): Options {
  return {
    pxAlign: 0,
    scales: { x: { time: false }, y: log ? { distr: 3, log: 10 } : { range: (_u, mn, mx) => (mn === mx ? [mn - 1, mx + 1] : [mn, mx]) } },
    axes: [{ ...CARD_AXIS, label: t('plot.timeAxis'), labelSize: 18, size: 32, values: linearTicks }, log ? logAxis(yLabel) : linearAxis(yLabel, 50)],
    series: [
      { label: 't (s)' },
      ...labels.map((s) => ({ label: s.label, stroke: s.stroke, width: 1.5, ...(s.dash ? { dash: s.dash } : {}), points: { show: false }, spanGaps: false })),
    ],
    legend: { show: true, live: false },
    cursor: { drag: { x: false, y: false, setScale: false } },
  };
}

/** Shifts a closed loop to its centroid (the start loop and its image are drawn over each other). */
export function centred(q: readonly number[], p: readonly number[]): [number[], number[]] {
  const n = Math.min(q.length, p.length);
  if (n === 0) return [[], []];
  let mq = 0;
  let mp = 0;
  for (let i = 0; i < n; i++) {
    mq += q[i] ?? 0;
    mp += p[i] ?? 0;
  }
  mq /= n;
  mp /= n;
  // Closed: the first point again at the end.
  const cq = [...q.slice(0, n), q[0] ?? 0].map((v) => v - mq);
  const cp = [...p.slice(0, n), p[0] ?? 0].map((v) => v - mp);
  return [cq, cp];
}

export class WhyPanels {
  readonly element: HTMLElement;
  readonly energy: WhyCard;
  readonly symplecticity: WhyCard;
  readonly momentum: WhyCard;
  readonly order: WhyCard;
  private energyRuns: EnergyRun[] = [];
  private sympParts: SymplecticityPart[] = [];
  private orderParts: OrderPart[] = [];
  private readonly failures = new Map<Claim, string[]>();
  private ctx: CaptionContext = { restTruncation: false, energyJump: false };

  constructor(idPrefix: string) {
    this.energy = new WhyCard('energy', `1 · ${t('whyView.energy')}`, idPrefix);
    this.symplecticity = new WhyCard('symplecticity', `2 · ${t('whyView.symplecticity')}`, idPrefix);
    this.momentum = new WhyCard('momentum', `3 · ${t('whyView.momentum')}`, idPrefix);
    this.order = new WhyCard('order', `4 · ${t('whyView.order')}`, idPrefix);
    this.element = el(
      'div',
      { class: 'lgvci-plots why-panels' },
      el('div', { class: 'plot-grid why-grid' }, this.energy.element, this.symplecticity.element, this.momentum.element, this.order.element),
    );
  }

  /** Forget the last measurements (a new set-up is being measured). */
  reset(ctx: CaptionContext): void {
    this.ctx = ctx;
    this.energyRuns = [];
    this.sympParts = [];
    this.orderParts = [];
    this.failures.clear();
    for (const c of this.cards()) {
      c.clear();
      c.setCaption(t('whyView.measuring'));
      delete c.element.dataset['done'];
    }
    delete this.order.element.dataset['fitted'];
    delete this.symplecticity.element.dataset['area'];
    delete this.symplecticity.element.dataset['bounceArea'];
  }

  cards(): WhyCard[] {
    return [this.energy, this.symplecticity, this.momentum, this.order];
  }

  failed(claim: Claim, integrator: string, message: string): void {
    const list = this.failures.get(claim) ?? [];
    list.push(`${methodName(integrator)}: ${message}`);
    this.failures.set(claim, list);
    const card = this.card(claim);
    const text = t('whyView.notMeasuredFor', { list: list.join(t('caption.separator')) });
    const parts = claim === 'energy' || claim === 'momentum' ? this.energyRuns.length : claim === 'order' ? this.orderParts.length : this.sympParts.length;
    if (parts === 0) card.setCaption(text);
    else card.caption.dataset['failures'] = text;
  }

  private card(claim: Claim): WhyCard {
    return claim === 'energy' ? this.energy : claim === 'symplecticity' ? this.symplecticity : claim === 'momentum' ? this.momentum : this.order;
  }

  private withFailures(claim: Claim, text: string): string {
    const f = this.failures.get(claim);
    return f && f.length > 0 ? `${text} ${t('whyView.notMeasuredFor', { list: f.join(t('caption.separator')) })}` : text;
  }

  addEnergy(run: EnergyRun): void {
    this.energyRuns.push(run);
    const runs = this.energyRuns;
    const first = runs[0];
    if (!first) return;
    this.energy.draw(
      () => timeSeries('|E − E₀|/|E₀|', runs.map((r) => ({ label: methodName(r.integrator), stroke: methodColor(r.integrator) }))),
      alignOnFirst(first.t, runs.map((r) => r.energyError)),
    );
    this.energy.setCaption(this.withFailures('energy', energyCaption(runs)));
    // Momentum maps: from the same runs.
    if (first.mapNames.length === 0) {
      this.momentum.clear();
      this.momentum.host.hidden = true;
    } else {
      const series: { label: string; stroke: string; dash?: number[] }[] = [];
      const ys: number[][] = [];
      const dashes = [undefined, [6, 3], [2, 3]];
      for (const r of runs)
        r.mapNames.forEach((name, i) => {
          const dash = dashes[i % dashes.length];
          series.push({ label: `${methodName(r.integrator)} ${name}`, stroke: methodColor(r.integrator), ...(dash ? { dash } : {}) });
          ys.push(r.mapDrift[i] ?? []);
        });
      // Drift exactly 0 everywhere (a map no step changes) has no log: a linear axis shows the flat zero.
      const log = ys.some((y) => y.some((v) => v > 0));
      this.momentum.draw(() => timeSeries('|J − J₀|', series, log), alignOnFirst(first.t, ys, log));
    }
    this.momentum.setCaption(this.withFailures('momentum', momentumCaption(runs)));
  }

  addSymplecticity(part: SymplecticityPart): void {
    this.sympParts.push(part);
    const parts = this.sympParts;
    const own = parts[0];
    if (!own) return;
    this.symplecticity.element.dataset['area'] = JSON.stringify(Object.fromEntries(parts.map((p) => [p.integrator, p.areaRelChange])));
    if (own.bounce) this.symplecticity.element.dataset['bounceArea'] = JSON.stringify(Object.fromEntries(parts.map((p) => [p.integrator, p.bounce ? bounceAreaChange(p.bounce) : null])));
    if (own.measure === 'loop_area') {
      // The start loop and each image, each about its centroid: the area, not the position, is the claim.
      // A family with a bounce map shows that instead (Birkhoff's (s, p_t)): each integrator's loop of
      // first bounces and of its last resolved bounce.
      const data: (number[] | null)[][] = [];
      const series: uPlot.Series[] = [{}];
      const line = (label: string, stroke: string, dash?: number[]): uPlot.Series => ({ label, stroke, width: 1.5, ...(dash ? { dash } : {}), points: { show: false } });
      let [q, pp] = own.pair;
      if (own.bounce) {
        [q, pp] = ['s', 'p_t'];
        data.push(centred(own.bounce.firstS, own.bounce.firstPt));
        series.push(line(t('whyView.bounce', { k: '1' }), PLOT_COLORS.axis, [4, 3]));
        for (const p of parts) {
          if (!p.bounce) continue;
          data.push(centred(p.bounce.lastS, p.bounce.lastPt));
          series.push(line(`${methodName(p.integrator)} ${t('whyView.bounce', { k: String(Math.max(1, p.bounce.resolved)) })}`, methodColor(p.integrator)));
        }
      } else {
        data.push(centred(own.startQ, own.startP));
        series.push(line(t('whyView.startLoop'), PLOT_COLORS.axis, [4, 3]));
        for (const p of parts) {
          data.push(centred(p.imageQ, p.imageP));
          series.push(line(t('whyView.afterSteps', { method: methodName(p.integrator), steps: String(p.steps) }), methodColor(p.integrator)));
        }
      }
      this.symplecticity.draw(
        () => ({
          mode: 2,
          pxAlign: 0,
          scales: { x: { time: false }, y: {} },
          axes: [
            linearAxis(t('whyView.minusCentre', { v: q ?? 'q' }), 32),
            linearAxis(t('whyView.minusCentre', { v: pp ?? 'p' }), 60),
          ],
          series,
          legend: { show: true, live: false },
          cursor: { drag: { x: false, y: false, setScale: false } },
        }),
        [null, ...data] as unknown as uPlot.AlignedData,
      );
    } else {
      const series: { label: string; stroke: string; dash?: number[] }[] = [];
      const ys: number[][] = [];
      for (const p of parts) {
        series.push({ label: t('whyView.defect', { method: methodName(p.integrator) }), stroke: methodColor(p.integrator) });
        ys.push(p.defect);
      }
      series.push({ label: t('whyView.floor', { method: methodName(own.integrator) }), stroke: PLOT_COLORS.axis, dash: [4, 3] });
      ys.push(own.floor);
      this.symplecticity.draw(
        () => ({ ...timeSeries('‖DΦᵀ𝕁DΦ − 𝕁‖', series) }),
        alignOnFirst(own.t, ys),
      );
    }
    this.symplecticity.setCaption(this.withFailures('symplecticity', symplecticityCaption(parts, this.ctx)));
  }

  addOrder(part: OrderPart): void {
    this.orderParts.push(part);
    const parts = this.orderParts;
    const own = parts[0];
    if (!own) return;
    this.order.element.dataset['fitted'] = JSON.stringify(Object.fromEntries(parts.map((p) => [p.integrator, p.fittedOrder])));
    this.order.draw(
      () => ({
        pxAlign: 0,
        scales: { x: { time: false, distr: 3, log: 10 }, y: { distr: 3, log: 10 } },
        axes: [
          { ...CARD_AXIS, label: t('whyView.timeStep'), labelSize: 18, size: 32, values: (_u: uPlot, splits: number[]) => splits.map((v) => (decadeLabel(v) || '')) },
          logAxis(t('whyView.errorAtT')),
        ],
        series: [
          { label: 'h' },
          ...parts.map((p) => ({
            label: t('whyView.slope', { method: methodName(p.integrator), slope: fixed(p.fittedOrder, 2) }),
            stroke: methodColor(p.integrator),
            width: 1.5,
            points: { show: true, size: 6, fill: methodColor(p.integrator) },
          })),
        ],
        legend: { show: true, live: false },
        cursor: { drag: { x: false, y: false, setScale: false } },
      }),
      // uPlot wants x ascending: the levels run from h down, so reverse.
      [own.h.slice().reverse(), ...parts.map((p) => p.error.slice().reverse().map((v) => positive(v)))],
    );
    this.order.setCaption(this.withFailures('order', orderCaption(parts)));
  }

  /** The measurement stopped early: the panels without a result say so. */
  cancelled(): void {
    const have: Record<Claim, number> = {
      energy: this.energyRuns.length,
      momentum: this.energyRuns.length,
      symplecticity: this.sympParts.length,
      order: this.orderParts.length,
    };
    for (const key of ['energy', 'symplecticity', 'momentum', 'order'] as const)
      if (have[key] === 0 && !this.failures.has(key)) this.card(key).setCaption(t('whyView.stoppedBefore'));
  }

  /** The measurement finished: mark the panels (tests and screen readers read the captions then). */
  finished(): void {
    for (const c of this.cards()) c.element.dataset['done'] = 'true';
  }

  resize(): void {
    for (const c of this.cards()) c.resize();
  }

  destroy(): void {
    for (const c of this.cards()) c.clear();
    this.element.remove();
  }
}
