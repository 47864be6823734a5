// The ensemble's three parts wired together: the worker pool (EnsemblePool), its side-panel group
// (EnsembleControls) and its plots (EnsemblePlots). The members start from the main run's resolved
// config (whatever set-up is on screen, of any family: docs/ensembles.md "Page"), moved along the
// perturbation chosen in the kind menu; the core checks it and every perturbed start. The
// first pointer or focus on the group starts the workers and their module and runs one short member
// in each (EnsemblePool.prewarm), so that they are ready, their code optimised, by the time Run is pressed. Each finished run leaves a performance mark
// 'lgvci:ensemble' whose detail is where the time went (EnsembleTiming, plus drawMs for the plots),
// read by web/scripts/measure-ensemble.mjs.
import { EnsembleControls } from '../controls/ensemble-controls';
import { ENSEMBLE_DEFAULTS, ENSEMBLE_WARMUP_STEPS, ensembleSpecJson } from '../model/ensemble';
import type { EnsembleStatistics } from '../model/ensemble';
import { EnsemblePlots } from '../view/ensemble-plots';
import type { EnsembleOutcome, EnsembleWorkerLike } from './workers/ensemble';
import { EnsemblePool } from './workers/ensemble';

export interface EnsembleParts {
  pool: EnsemblePool;
  controls: EnsembleControls;
  plots: EnsemblePlots;
  /** The last finished ensemble (null before one finishes). */
  readonly last: EnsembleOutcome | null;
  readonly statistics: EnsembleStatistics | null;
  destroy(): void;
}

/**
 * `configJson`: the set-up on screen; `distance`: its family's divergence in symbols (PoseSpace.distanceName),
 * for the divergence plot's caption.
 */
export function wireEnsemble(
  configJson: () => string,
  idPrefix: string,
  hint: string,
  makeWorker?: () => EnsembleWorkerLike,
  poolSize?: number,
  distance: () => string = () => '|Δq|',
): EnsembleParts {
  let last: EnsembleOutcome | null = null;
  /** The distance of the set-up the running ensemble copies (read when it starts). */
  let runDistance = '';
  const plots = new EnsemblePlots(idPrefix);
  let controls: EnsembleControls; // assigned below; the pool calls back only after start()
  const pool = new EnsemblePool(
    {
      progress: (p) => controls.showProgress(p),
      done: (o) => {
        last = o;
        controls.finished(o);
        const t0 = performance.now();
        plots.show(o.statistics, runDistance);
        const drawMs = performance.now() - t0;
        performance.mark('lgvci:ensemble', { detail: { ...o.timing, drawMs, workers: o.workers } });
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
        runDistance = distance();
        pool.start({ configJson: configJson(), ...f, samples: ENSEMBLE_DEFAULTS.samples });
      },
      cancel: () => pool.cancel(),
    },
    idPrefix,
    hint,
  );
  // The warm-up: one member of the set-up on screen (any set-up with ensembles would do; a failing one is ignored).
  const prewarm = (): void => {
    let warmup: string | undefined;
    try {
      warmup = ensembleSpecJson({ configJson: configJson(), ...ENSEMBLE_DEFAULTS, members: 1, steps: ENSEMBLE_WARMUP_STEPS, samples: 1 });
    } catch {
      warmup = undefined;
    }
    pool.prewarm(warmup);
  };
  controls.element.addEventListener('pointerenter', prewarm, { once: true });
  controls.element.addEventListener('focusin', prewarm, { once: true });
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
      controls.element.removeEventListener('pointerenter', prewarm);
      controls.element.removeEventListener('focusin', prewarm);
      pool.dispose();
      controls.destroy();
      plots.destroy();
    },
  };
}
