// The comparison's worker results on the page: the long-run table (energy error after N
// steps, impacts, time per step of each method) and the return error of the reverse check against the
// run length N for the LGVCI and RK4 (log scale, uPlot).
import type uPlot from 'uplot';
import { forgetRetry, uplotFailure, uplotFailureText, uplotOr } from './uplot-lib';
import { el } from '../util/dom';
import type { SweepPoint, TableRow } from '../model/comparison-long-run';
import { decadeLabel, decadeSplits, PLOT_COLORS } from './plots';
import { sweepCaption } from '../model/comparison-caption';

const SWEEP_COLORS = { lgvci: PLOT_COLORS.accent, rk4: '#2e8b57' };

function sci(v: number): string {
  if (!Number.isFinite(v)) return v === Infinity ? 'lost' : '—';
  return v === 0 ? '0' : v.toExponential(1);
}

function signed(v: number): string {
  return Number.isFinite(v) && v > 0 ? `+${sci(v)}` : sci(v).replace('-', '−');
}

export class ComparisonResults {
  readonly element: HTMLElement;
  readonly table: HTMLTableElement;
  readonly tableStatus: HTMLElement;
  readonly sweepHost: HTMLElement;
  readonly sweepStatus: HTMLElement;
  /** What the measured points say (sweepCaption), rewritten with each point. */
  readonly sweepCaption: HTMLElement;
  private readonly tableCard: HTMLElement;
  private readonly sweepCard: HTMLElement;
  private readonly body: HTMLTableSectionElement;
  private plot: uPlot | null = null;
  private readonly redrawWhenLoaded = (): void => {
    const failed = uplotFailure();
    if (failed) this.sweepHost.textContent = uplotFailureText(failed);
    else this.draw();
  };
  /** The sweep's points so far. */
  readonly points: SweepPoint[] = [];
  readonly rows: TableRow[] = [];

  constructor(idPrefix: string) {
    const id = (s: string): string => `${idPrefix}-cmp-${s}`;
    this.body = el('tbody');
    this.table = el(
      'table',
      { class: 'compare-table', 'aria-labelledby': id('table-title') },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ...['method', 'steps', 'impacts', 'final (E − E₀)/E₀', 'max |E − E₀|/E₀', 'µs / step', 'note'].map((h) =>
            el('th', { scope: 'col', text: h }),
          ),
        ),
      ),
      this.body,
    );
    this.tableStatus = el('span', { class: 'plot-status', 'aria-live': 'polite' });
    this.tableCard = el(
      'figure',
      { class: 'plot-card plot-wide', 'data-plot': 'compare-table', hidden: true },
      el('header', { class: 'plot-head' }, el('h3', { id: id('table-title'), text: 'Long run of each method' }), this.tableStatus),
      this.table,
      el(
        'figcaption',
        {},
        'The same config stepped by each method in the worker. The energy error is sampled every 1000 steps and at the end; the time per step is the stepping alone (the energy read-out excluded).',
      ),
    );
    this.sweepHost = el('div', { class: 'plot-host' });
    this.sweepCaption = el('span', { class: 'sweep-caption' });
    this.sweepStatus = el('span', { class: 'plot-status', 'aria-live': 'polite' });
    this.sweepCard = el(
      'figure',
      { class: 'plot-card plot-wide', 'data-plot': 'return-error', hidden: true, 'aria-labelledby': id('sweep-title') },
      el('header', { class: 'plot-head' }, el('h3', { id: id('sweep-title'), text: 'Return error against run length' }), this.sweepStatus),
      this.sweepHost,
      el(
        'figcaption',
        {},
        'N steps forward, momenta negated, N steps back (the core’s reverse check): the largest of |x − x₀|, ‖R − R₀‖₂, |γ + γ₀|, |Π + Π₀|, log scale. ',
        this.sweepCaption,
      ),
    );
    this.element = el('div', { class: 'compare-results' }, this.tableCard, this.sweepCard);
  }

  tableStarted(steps: number): void {
    this.rows.length = 0;
    this.body.replaceChildren();
    this.tableCard.hidden = false;
    this.tableStatus.textContent = `computing ${steps.toLocaleString('en-US')} steps of each method…`;
  }

  addRow(r: TableRow): void {
    this.rows.push(r);
    this.body.append(
      el(
        'tr',
        { 'data-method': r.method },
        el('th', { scope: 'row', text: r.method }),
        ...[String(r.steps), String(r.impacts), signed(r.finalDrift), sci(r.maxRelError), Number.isFinite(r.usPerStep) ? r.usPerStep.toFixed(2) : '—', r.note].map(
          (t) => el('td', { text: t }),
        ),
      ),
    );
  }

  tableDone(message = 'done'): void {
    this.tableStatus.textContent = message;
  }

  sweepStarted(): void {
    this.points.length = 0;
    this.sweepCard.hidden = false;
    this.sweepStatus.textContent = 'computing…';
    this.sweepCaption.textContent = '';
    this.draw();
  }

  addPoint(p: SweepPoint): void {
    this.points.push(p);
    this.sweepStatus.textContent = `N = ${p.steps}: LGVCI ${sci(p.lgvci)} (${p.impactsLgvci} impacts), RK4 ${sci(p.rk4)} (${p.impactsRk4} impacts)`;
    this.sweepCaption.textContent = sweepCaption(this.points);
    this.draw();
  }

  sweepDone(message?: string): void {
    if (message) this.sweepStatus.textContent = message;
  }

  private draw(): void {
    const xs = this.points.map((p) => p.steps);
    // log scale: a return error of exactly 0 or a lost run is left out (gap)
    const y = (v: number): number | null => (v > 0 && Number.isFinite(v) ? v : null);
    const data: uPlot.AlignedData = [xs, this.points.map((p) => y(p.lgvci)), this.points.map((p) => y(p.rk4))];
    if (!this.plot) {
      const U = uplotOr(this.redrawWhenLoaded);
      if (!U) return; // drawn when uPlot arrives (uplot-lib.ts)
      const width = Math.max(280, Math.floor(this.sweepHost.clientWidth || 560));
      this.plot = new U(
        {
          width,
          height: 210,
          scales: { x: { time: false }, y: { distr: 3, log: 10 } },
          axes: [
            { label: 'run length N (steps each way)', stroke: PLOT_COLORS.axis },
            {
              label: 'return error',
              stroke: PLOT_COLORS.axis,
              size: 50,
              splits: (_u, _i, min, max) => decadeSplits(min, max),
              filter: (_u, splits) => splits,
              values: (_u, splits) => splits.map(decadeLabel),
            },
          ],
          series: [
            { label: 'N', value: (_u, v) => (v === null ? '—' : String(v)) },
            // The legend's numbers in exponent form: the default formatting rounds 1.6e-4 to 0.
            { label: 'LGVCI', stroke: SWEEP_COLORS.lgvci, width: 2, points: { show: true, size: 5 }, value: (_u, v) => (v === null ? '—' : sci(v)) },
            { label: 'RK4 baseline', stroke: SWEEP_COLORS.rk4, width: 2, points: { show: true, size: 5 }, value: (_u, v) => (v === null ? '—' : sci(v)) },
          ],
        },
        data,
        this.sweepHost,
      );
      this.plot.root.querySelector('canvas')?.setAttribute('aria-hidden', 'true'); // the status line says it in words
    } else {
      this.plot.setData(data, true);
    }
    if (xs.length > 0) this.plot.setLegend({ idx: xs.length - 1 }, false); // the legend shows the latest N
  }

  destroy(): void {
    forgetRetry(this.redrawWhenLoaded);
    this.plot?.destroy();
    this.plot = null;
    this.element.remove();
  }
}
