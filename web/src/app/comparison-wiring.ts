// Wires the comparison into the page: the switch hands the model the companions the running family
// declares (its core baselines, RK4 and the naive baseline, and for a family with shapes Rapier,
// loaded lazily by dynamic import only then, set up by its package), which runs them as companion runs of the main one
// (drawn as ghosts by the frame loop, plotted by PlotsView); the Reverse button; the legend and the
// live caption, recomputed from the measured values a few times a second and written through a
// FrameBatch.
import type { ComparisonPort, LegendItem } from '../controls/comparison-controls';
import { ComparisonControls } from '../controls/comparison-controls';
import type { Rapier } from '../engine/rapier';
import { loadRapier } from '../engine/rapier';
import { baselineDescription, baselineShort, listPhrase, mainMethodLabel, rapierNotLoaded } from '../model/baselines';
import { t } from '../i18n';
import type { MethodReading } from '../model/comparison-caption';
import { comparisonCaption, reversalText } from '../model/comparison-caption';
import type { SimulationModel } from '../model/simulation-model';
import { BODY_COLORS } from '../view/body-material';
import type { ComparisonResults } from '../view/comparison-results';
import type { ComparisonReply, ComparisonRequest } from '../model/comparison-long-run';
import { SWEEP_STEPS } from '../model/comparison-long-run';
import { spawnLongRunWorker } from 'lgvci-workers';

/** How often the caption is recomputed (it is written at most once per animation frame). */
export const CAPTION_EVERY_MS = 250;

export interface ComparisonExtras {
  startTable(): void;
  startSweep(): void;
}

export interface ComparisonWiring {
  readonly controls: ComparisonControls;
  /** Recompute the caption and the reversal read-out now (tests; the timer does it otherwise). */
  refresh(): void;
  destroy(): void;
}

export function wireComparison(
  model: SimulationModel,
  prefix: string,
  extras: ComparisonExtras,
  rapierLoader: () => Promise<Rapier> = loadRapier,
): ComparisonWiring {
  let loadNote = '';
  /** Rapier's module failed to load (e.g. the single offline file): a later preset does not retry it. */
  let rapierFailed = false;
  const port: ComparisonPort = {
    async setComparison(on) {
      if (!on) {
        model.setComparison(false);
        return { ok: true, message: '' };
      }
      let rapier: Rapier | null = null;
      loadNote = '';
      const plan = model.comparisonPlan;
      if (plan.includes('rapier')) {
        try {
          rapier = await rapierLoader();
        } catch (e) {
          rapierFailed = true;
          const rest = listPhrase(plan.filter((id) => id !== 'rapier').map(baselineShort));
          // the offline file's stand-in says why in English (engine/rapier-offline.ts): the page's words instead
          const offline = e instanceof Error && (e as Error & { offline?: boolean }).offline === true;
          loadNote = t('compare.rapierFailed', { reason: offline ? t('compare.rapierOffline') : e instanceof Error ? e.message : String(e), rest });
        }
      }
      const msg = model.setComparison(rapier);
      return { ok: msg === '', message: msg || loadNote || model.baselines?.note || '' };
    },
    reverse() {
      return model.reverse(); // the 'reverse' event refreshes the read-out
    },
    fastReturn(on) {
      // The frame loop runs the way back within its frame budget; pausing or the return stops it.
      model.fastForward = on && model.reversal !== null && model.reversal.distances === null;
      refresh();
    },
    startTable: () => extras.startTable(),
    startSweep: () => extras.startSweep(),
  };
  const controls = new ComparisonControls(port, prefix);
  const mainLabel = (): string => (model.loaded ? mainMethodLabel(model.run.integrator()) : 'LGVCI');

  /** The switch and its hint name what the running family compares (its capabilities, not its name). */
  const describeMethods = (): void => {
    if (!model.loaded) return;
    const plan = model.comparisonPlan;
    const main = mainLabel();
    if (plan.length === 0) {
      const why =
        model.capabilities.baselines.length > 0
          ? t('compare.onlyBaseline', { method: baselineShort(model.run.integrator()) })
          : t('compare.noBaselineDeclared');
      controls.setMethods(t('compare.toggle'), why, { sweep: false });
      return;
    }
    const download = plan.includes('rapier') ? t('compare.rapierDownload') : '';
    controls.setMethods(
      t('compare.with', { methods: listPhrase(plan.map(baselineShort)) }),
      t('compare.withHint', { methods: listPhrase(plan.map(baselineDescription)), main }) + download,
      { rapier: plan.includes('rapier'), sweep: plan.includes('rk4') },
    );
  };

  const legend = (): LegendItem[] => {
    const runs = model.companions;
    if (runs.length === 0) return [];
    return [{ label: t('compare.solidBody', { method: mainLabel() }), color: `#${BODY_COLORS.a.getHexString()}` }, ...runs.map((r) => ({ label: r.label, color: r.color }))];
  };

  const reading = (label: string, E: number, E0: number, impacts: number, divergence: number): MethodReading => ({
    label,
    relError: Math.abs(E - E0) / Math.abs(E0),
    drift: E - E0,
    impacts,
    divergence,
  });

  function refresh(): void {
    const b = model.baselines;
    if (b && b.length > 0 && model.loaded) {
      const k = Math.min(model.history.length, b.length) - 1;
      const h = model.history;
      const E = h.columns.energy;
      const main = { ...reading(mainLabel(), h.get(k, E), h.get(0, E), h.impactCount, NaN), firstImpact: h.impactTimes()[0] ?? NaN };
      const others = b.runs.map((r) => ({
        ...reading(r.label, r.energy.get(k), r.energy0, r.impacts, r.divergence.get(k)),
        id: r.id,
        firstImpact: r.firstImpactTime,
      }));
      controls.setCaption(comparisonCaption(h.get(k, 0), k, main, others, { distanceName: b.runs[0]?.space.distanceName, h: model.clock.h }));
    } else {
      controls.setCaption('');
    }
    const rev = model.reversal;
    controls.setFastReturn(rev !== null && rev.distances === null && model.loaded, model.fastForward);
    if (!rev || !model.loaded) return; // a refusal of the button stays until the next restart
    const labels = Object.fromEntries(model.companions.map((r) => [r.id, r.label]));
    controls.setReverseText(reversalText(rev, model.run.steps(), labels, model.clock.speed, model.companions[0]?.space.returnName));
  }

  /**
   * The comparison stays on across a new config; when the new family has Rapier in its plan and the
   * comparison was started without it (a model without a shape), load it now, as the switch would.
   */
  let catchingUp = false;
  const addRapierAfterLoad = (): void => {
    const b = model.baselines;
    if (catchingUp || rapierFailed || !b || !model.comparisonPlan.includes('rapier') || b.has('rapier') || b.note !== rapierNotLoaded()) return;
    catchingUp = true;
    void port.setComparison(true).then(
      (r) => {
        catchingUp = false;
        controls.sync(model.baselines !== null, r.ok ? '' : r.message, r.ok ? r.message : '');
      },
      () => {
        catchingUp = false;
      },
    );
  };

  const off = model.on((e) => {
    if (e === 'load') {
      describeMethods();
      addRapierAfterLoad();
    }
    if (e === 'load' || e === 'comparison' || e === 'twins') {
      controls.setLegend(legend());
      if (e !== 'twins') controls.sync(model.baselines !== null, model.comparisonError, model.baselines?.note ?? '');
    }
    if (e === 'load' || e === 'reset') controls.setReverseText('');
    if (e === 'load' || e === 'reset' || e === 'reverse' || e === 'returned' || e === 'comparison') refresh();
  });
  const timer = setInterval(refresh, CAPTION_EVERY_MS);
  controls.setLegend(legend());
  describeMethods();

  return {
    controls,
    refresh,
    destroy() {
      clearInterval(timer);
      off();
      controls.destroy();
    },
  };
}

/** The worker side of the comparison: its own instance of the long-run worker, started on demand. */
export interface JobWorker {
  postMessage(message: ComparisonRequest): void;
  onmessage: ((e: MessageEvent<ComparisonReply>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
  terminate(): void;
}

export function createJobWorker(): JobWorker {
  return spawnLongRunWorker('lgvci-comparison') as unknown as JobWorker;
}

/** Steps of the long-run table (Tran & Leok's 10⁵). */
export const TABLE_STEPS = 100_000;

/** The long-run table and the return-error sweep, computed in a worker and shown in `results`. */
export function comparisonJobs(
  configJson: () => string,
  results: ComparisonResults,
  makeWorker: () => JobWorker = createJobWorker,
): ComparisonExtras & { dispose(): void } {
  let worker: JobWorker | null = null;
  let id = 0;
  let tableId = 0;
  let sweepId = 0;
  const ensure = (): JobWorker => {
    if (worker) return worker;
    const w = makeWorker();
    w.onmessage = (e) => {
      const m = e.data;
      if (m.type === 'compare-row' && m.id === tableId) results.addRow(m.row);
      else if (m.type === 'compare-done' && m.id === tableId) results.tableDone();
      else if (m.type === 'sweep-point' && m.id === sweepId) results.addPoint(m.point);
      else if (m.type === 'sweep-done' && m.id === sweepId) results.sweepDone();
      else if (m.type === 'compare-error') {
        if (m.id === tableId) results.tableDone(t('compare.jobFailed', { message: m.message }));
        if (m.id === sweepId) results.sweepDone(t('compare.jobFailed', { message: m.message }));
      }
    };
    w.onerror = (e) => {
      e.preventDefault();
      const failed = t('compare.workerFailed', { message: e.message || t('worker.unknownError') });
      results.tableDone(failed);
      results.sweepDone(failed);
      worker?.terminate();
      worker = null;
    };
    worker = w;
    return w;
  };
  return {
    startTable() {
      tableId = ++id;
      results.tableStarted(TABLE_STEPS);
      ensure().postMessage({ type: 'compare-table', id: tableId, configJson: configJson(), steps: TABLE_STEPS });
    },
    startSweep() {
      sweepId = ++id;
      results.sweepStarted();
      ensure().postMessage({ type: 'reverse-sweep', id: sweepId, configJson: configJson(), steps: SWEEP_STEPS });
    },
    dispose() {
      worker?.terminate();
      worker = null;
    },
  };
}
