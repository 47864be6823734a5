// The "Why variational?" view wired (docs/page.md "Why variational?"): its dialog and button
// (controls/why-controls.ts), its panels (view/why-view.ts) and its worker (an instance of the long-run
// worker of its own, where app/workers/why-worker-tasks.ts runs model/why.ts's whyComputation). Opened by the
// bar's button or by `view=why` in the address; it measures the current set-up — the main run's
// resolved config, with the family's own scheme and the baselines its capabilities declare — and a
// Cancel ends the measurement (the worker is terminated if it does not answer within a grace time).
import { spawnLongRunWorker } from 'lgvci-workers';
import type { Capabilities } from '../engine/lgvci_wasm';
import type { WhyReply, WhyRequest } from '../model/why';
import { methodName, progressLabel } from '../model/why';
import { t } from '../i18n';
import { WhyControls } from '../controls/why-controls';
import { WhyPanels } from '../view/why-view';

export interface WhyWorkerLike {
  postMessage(message: WhyRequest): void;
  onmessage: ((e: MessageEvent<WhyReply>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
  terminate(): void;
}

export interface WhySource {
  configJson(): string;
  capabilities(): Capabilities;
  /** The set-up's name for the heading line (its preset's). */
  label(): string;
}

const CANCEL_GRACE_MS = 2000;

export interface WhyWiring {
  readonly controls: WhyControls;
  readonly panels: WhyPanels;
  readonly running: boolean;
  open(): void;
  measure(): void;
  cancel(): void;
  destroy(): void;
}

/** The address's `view` key: set while the view is open (so a shared link opens it), removed on close. */
function setViewInAddress(open: boolean): void {
  const params = new URLSearchParams(location.search);
  if (open) params.set('view', 'why');
  else params.delete('view');
  const s = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${s ? `?${s}` : ''}${location.hash}`);
}

export function wireWhy(
  prefix: string,
  source: WhySource,
  opts: { syncUrl?: boolean; makeWorker?: () => WhyWorkerLike } = {},
): WhyWiring {
  const panels = new WhyPanels(prefix);
  const makeWorker = opts.makeWorker ?? ((): WhyWorkerLike => spawnLongRunWorker('lgvci-why') as unknown as WhyWorkerLike);
  let worker: WhyWorkerLike | null = null;
  let id = 0;
  let active = 0;
  let cancelTimer: ReturnType<typeof setTimeout> | null = null;

  const finish = (text: string): void => {
    active = 0;
    if (cancelTimer) clearTimeout(cancelTimer);
    cancelTimer = null;
    controls.setRunning(false);
    controls.setStatus(text);
  };
  const kill = (): void => {
    worker?.terminate();
    worker = null;
  };
  const onReply = (m: WhyReply): void => {
    if (m.id !== active) return;
    if (m.type === 'event') {
      const e = m.event;
      if (e.kind === 'progress') controls.setProgress(e.fraction, progressLabel(e));
      else if (e.kind === 'energy') panels.addEnergy(e.part);
      else if (e.kind === 'symplecticity') panels.addSymplecticity(e.part);
      else if (e.kind === 'order') panels.addOrder(e.part);
      else panels.failed(e.claim, e.integrator, e.message);
    } else if (m.type === 'done') {
      panels.finished();
      finish(t('why.measured'));
    } else if (m.type === 'cancelled') {
      panels.cancelled();
      finish(t('why.cancelled'));
    } else {
      panels.cancelled();
      finish(t('why.failed', { message: m.message }));
    }
  };
  const ensureWorker = (): WhyWorkerLike => {
    if (worker) return worker;
    const w = makeWorker();
    w.onmessage = (e) => onReply(e.data);
    w.onerror = (e) => {
      e.preventDefault();
      kill();
      if (active) {
        panels.cancelled();
        finish(t('why.workerFailed', { message: e.message || t('worker.unknownError') }));
      }
    };
    worker = w;
    return w;
  };

  function measure(): void {
    if (active) cancel();
    if (cancelTimer) {
      // A previous run has not answered its cancel yet: start afresh.
      kill();
      clearTimeout(cancelTimer);
      cancelTimer = null;
    }
    const caps = source.capabilities();
    panels.reset({ restTruncation: caps.restTruncation, energyJump: caps.energyJump });
    controls.setupLine.textContent = t('why.setup', { label: source.label(), baselines: caps.baselines.map(methodName).join(t('list.comma')) || t('why.none') });
    id += 1;
    active = id;
    controls.setRunning(true);
    controls.setProgress(0, t('why.starting'));
    ensureWorker().postMessage({ type: 'why-start', id, configJson: source.configJson(), baselines: caps.baselines, bounceMap: caps.plots.includes('bounce_map') });
  }

  function cancel(): void {
    if (!active || !worker) return;
    const which = active;
    worker.postMessage({ type: 'why-cancel', id: which });
    cancelTimer ??= setTimeout(() => {
      cancelTimer = null;
      if (active !== which) return;
      kill();
      panels.cancelled();
      finish(t('why.cancelled'));
    }, CANCEL_GRACE_MS);
  }

  const controls = new WhyControls(prefix, panels.element, {
    measure,
    cancel,
    openChanged: (open) => {
      if (opts.syncUrl) setViewInAddress(open);
      if (!open) cancel();
      else requestAnimationFrame(() => panels.resize());
    },
  });

  return {
    controls,
    panels,
    get running() {
      return active !== 0;
    },
    open() {
      controls.open();
      measure();
    },
    measure,
    cancel,
    destroy() {
      kill();
      if (cancelTimer) clearTimeout(cancelTimer);
      controls.destroy();
      panels.destroy();
    },
  };
}
