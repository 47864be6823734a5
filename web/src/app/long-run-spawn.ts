// Starts the long-run worker as its own module file (the hosted build). Reached through the
// `lgvci-long-run-worker` alias; the single offline file swaps in long-run-spawn.inline.ts.
export function spawnLongRunWorker(): Worker {
  return new Worker(new URL('./long-run.worker.ts', import.meta.url), { type: 'module', name: 'lgvci-long-run' });
}
