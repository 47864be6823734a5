// The single offline file (npm run build:single): the workers' code is inlined and started from blob:
// URLs, so they run from file:// with no server.
import EnsembleWorker from './ensemble.worker.ts?worker&inline';
import LongRunWorker from './long-run.worker.ts?worker&inline';

export function spawnLongRunWorker(name = 'lgvci-long-run'): Worker {
  return new LongRunWorker({ name });
}

export function spawnEnsembleWorker(): Worker {
  return new EnsembleWorker({ name: 'lgvci-ensemble' });
}
