// The ensemble's three parts wired together: the worker pool (EnsemblePool), its side-panel group
// (EnsembleControls) and its plots (EnsemblePlots). The members start from the main run's resolved
// config (whatever rigid-body set-up is on screen); the core checks it and every perturbed start.
import { EnsembleControls } from '../controls/ensemble-controls';
import { ENSEMBLE_DEFAULTS } from '../model/ensemble';
import type { EnsembleStatistics } from '../model/ensemble';
import { EnsemblePlots } from '../view/ensemble-plots';
import type { EnsembleOutcome, EnsembleWorkerLike } from './ensemble';
import { EnsemblePool } from './ensemble';

export interface EnsembleParts {
  pool: EnsemblePool;
  controls: EnsembleControls;
  plots: EnsemblePlots;
  /** The last finished ensemble (null before one finishes). */
  readonly last: EnsembleOutcome | null;
  readonly statistics: EnsembleStatistics | null;
  destroy(): void;
}

export function wireEnsemble(configJson: () => string, idPrefix: string, makeWorker?: () => EnsembleWorkerLike, poolSize?: number): EnsembleParts {
  let last: EnsembleOutcome | null = null;
  const plots = new EnsemblePlots(idPrefix);
  let controls: EnsembleControls; // assigned below; the pool calls back only after start()
  const pool = new EnsemblePool(
    {
      progress: (p) => controls.showProgress(p),
      done: (o) => {
        last = o;
        controls.finished(o);
        plots.show(o.statistics);
      },
      cancelled: (done, total) => controls.cancelled(done, total),
      error: (message) => controls.failed(message),
    },
    makeWorker,
    poolSize,
  );
  controls = new EnsembleControls(
    {
      run: (f) => {
        if (pool.running) return;
        controls.started(f.members, f.steps);
        pool.start({ configJson: configJson(), ...f, samples: ENSEMBLE_DEFAULTS.samples });
      },
      cancel: () => pool.cancel(),
    },
    idPrefix,
  );
  return {
    pool,
    controls,
    plots,
    get last() {
      return last;
    },
    get statistics() {
      return last ? last.statistics : null;
    },
    destroy() {
      pool.dispose();
      controls.destroy();
      plots.destroy();
    },
  };
}
