// The comparison's worker results on the page: the long-run table (energy error after N
// steps, impacts, time per step of each method) and the return error of the reverse check against the
// run length N for the LGVCI and RK4 (log scale, uPlot).
import type uPlot from 'uplot';
import { forgetRetry, uplotFailure, uplotFailureText, uplotOr } from './uplot-lib';
import { el } from '../util/dom';
import type { SweepPoint, TableRow } from '../model/comparison-long-run';
import { decadeLabel, decadeSplits, PLOT_COLORS } from './plot-axes';
import { sweepCaption } from '../model/comparison-caption';
import { baselineLabel, mainMethodLabel } from '../model/baselines';
import { fixed, localizeNumberText, t } from '../i18n';

const SWEEP_COLORS = { lgvci: PLOT_COLORS.accent, rk4: '#2e8b57' };

function sci(v: number): string {
  if (!Number.isFinite(v)) return v === Infinity ? t('results.lost') : '—';
  return v === 0 ? '0' : localizeNumberText(v.toExponential(1));
}

function signed(v: number): string {
  return Number.isFinite(v) && v > 0 ? `+${sci(v)}` : sci(v).replace('-', '−');
}

/** A row's note in the active language: the halt and the missing module from their data, a setup message as it came. */
function rowNote(r: TableRow): string {
  if (r.haltedAfter !== undefined) return t('results.haltedAfter', { steps: String(r.haltedAfter) });
  if (r.missing) return t('results.rapierNotLoaded');
  return r.note;
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
          ...[t('results.method'), t('results.steps'), t('results.impacts'), 'final (E − E₀)/E₀', 'max |E − E₀|/E₀', t('results.usPerStep'), t('results.note')].map((h) =>
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
      el('header', { class: 'plot-head' }, el('h3', { id: id('table-title'), text: t('results.tableTitle') }), this.tableStatus),
      this.table,
      el(
        'figcaption',
        {},
        t('results.tableCaption'),
      ),
    );
    this.sweepHost = el('div', { class: 'plot-host' });
    this.sweepCaption = el('span', { class: 'sweep-caption' });
    this.sweepStatus = el('span', { class: 'plot-status', 'aria-live': 'polite' });
    this.sweepCard = el(
      'figure',
      { class: 'plot-card plot-wide', 'data-plot': 'return-error', hidden: true, 'aria-labelledby': id('sweep-title') },
      el('header', { class: 'plot-head' }, el('h3', { id: id('sweep-title'), text: t('results.sweepTitle') }), this.sweepStatus),
      this.sweepHost,
      el(
        'figcaption',
        {},
        t('results.sweepCaption'),
        this.sweepCaption,
      ),
    );
    this.element = el('div', { class: 'compare-results' }, this.tableCard, this.sweepCard);
  }

  tableStarted(steps: number): void {
    this.rows.length = 0;
    this.body.replaceChildren();
    this.tableCard.hidden = false;
    this.tableStatus.textContent = t('results.computingTable', { steps });
  }

  addRow(r: TableRow): void {
    this.rows.push(r);
    this.body.append(
      el(
        'tr',
        { 'data-method': r.method },
        el('th', { scope: 'row', text: r.main ? mainMethodLabel(r.id) : baselineLabel(r.id) }),
        ...[String(r.steps), String(r.impacts), signed(r.finalDrift), sci(r.maxRelError), Number.isFinite(r.usPerStep) ? fixed(r.usPerStep, 2) : '—', rowNote(r)].map(
          (text) => el('td', { text }),
        ),
      ),
    );
  }

  tableDone(message?: string): void {
    this.tableStatus.textContent = message ?? t('results.done');
  }

  sweepStarted(): void {
    this.points.length = 0;
    this.sweepCard.hidden = false;
    this.sweepStatus.textContent = t('results.computing');
    this.sweepCaption.textContent = '';
    this.draw();
  }

  addPoint(p: SweepPoint): void {
    this.points.push(p);
    this.sweepStatus.textContent = t('results.point', {
      steps: String(p.steps),
      lgvci: sci(p.lgvci),
      impactsLgvci: String(p.impactsLgvci),
      rk4: sci(p.rk4),
      impactsRk4: String(p.impactsRk4),
    });
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
            { label: t('results.runLength'), stroke: PLOT_COLORS.axis },
            {
              label: t('results.returnError'),
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
            { label: baselineLabel('rk4'), stroke: SWEEP_COLORS.rk4, width: 2, points: { show: true, size: 5 }, value: (_u, v) => (v === null ? '—' : sci(v)) },
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
