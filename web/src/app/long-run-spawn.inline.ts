// The single offline file (npm run build:single): the long-run worker's code is inlined and started
// from a blob: URL, so it runs from file:// with no server.
import LongRunWorker from './long-run.worker.ts?worker&inline';

export function spawnLongRunWorker(): Worker {
  return new LongRunWorker({ name: 'lgvci-long-run' });
}
