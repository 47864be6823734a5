// Starts the page's Web Workers as their own module files (the hosted build): the long-run worker (long
// runs, and a second instance for the comparison's jobs) and the ensemble's workers. Reached through the
// `lgvci-workers` alias; the single offline file swaps in worker-spawn.inline.ts.
export function spawnLongRunWorker(name = 'lgvci-long-run'): Worker {
  return new Worker(new URL('./long-run.worker.ts', import.meta.url), { type: 'module', name });
}

export function spawnEnsembleWorker(): Worker {
  return new Worker(new URL('./ensemble.worker.ts', import.meta.url), { type: 'module', name: 'lgvci-ensemble' });
}
