// The long run's three parts wired together: the worker client (LongRunClient), its side-panel group
// (LongRunControls) and the long-term plot (PlotsView). Progress reaches the DOM at most once per frame
// (the controls and the plots batch their writes).
import type { LongRunControls as Controls } from '../controls/long-run-controls';
import { LongRunControls, formatSteps, longRunSummary } from '../controls/long-run-controls';
import type { PlotsView } from '../view/plots';
import type { WorkerLike } from './workers/long-run';
import { LongRunClient } from './workers/long-run';
import { fixed, t } from '../i18n';

export interface LongRunParts {
  client: LongRunClient;
  controls: Controls;
}

export function wireLongRun(
  plots: PlotsView,
  configJson: () => string,
  idPrefix: string,
  hint: string,
  makeWorker?: () => WorkerLike,
): LongRunParts {
  let controls: Controls | null = null;
  const ctl = (): Controls => {
    if (!controls) throw new Error('long-run controls not built');
    return controls;
  };
  const client = new LongRunClient(
    {
      progress: (p) => {
        ctl().showProgress(p.done, p.total, p.impacts);
        plots.longRunProgress(
          p.series,
          t('long.plotRunning', { done: formatSteps(p.done), total: formatSteps(p.total), impacts: formatSteps(p.impacts) }),
        );
      },
      done: (r) => {
        ctl().finished(r);
        plots.longRunDone(r, t('long.plotDone', { impacts: formatSteps(r.impacts), steps: formatSteps(r.steps), wall: fixed(r.computeSeconds, 3) }));
        ctl().status.textContent = longRunSummary(r);
      },
      cancelled: (done, total) => {
        ctl().cancelled(done, total);
        plots.longRunProgress(undefined, 'cancelled');
      },
      error: (message) => {
        ctl().failed(message);
        plots.longRunProgress(undefined, 'failed');
      },
    },
    makeWorker,
  );
  controls = new LongRunControls(
    {
      start: (steps) => {
        if (client.running) return;
        ctl().started(steps);
        plots.longRunProgress(undefined, t('long.plotStarting', { steps: formatSteps(steps) }));
        client.start(configJson(), steps);
      },
      cancel: () => client.cancel(),
    },
    idPrefix,
    hint,
  );
  return { client, controls };
}
