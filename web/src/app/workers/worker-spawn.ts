// Starts the page's Web Workers as their own module files (the hosted build): the long-run worker (long
// runs, and a second instance for the comparison's jobs) and the ensemble's workers. Reached through the
// `lgvci-workers` alias; the single offline file swaps in worker-spawn.inline.ts.
import ensembleWorkerUrl from './ensemble.worker.ts?worker&url';
import longRunWorkerUrl from './long-run.worker.ts?worker&url';

/**
 * A worker that could not be started: it reports why as an `error` event once its handlers are set
 * (after the caller's current task), as a worker that fails to load does, so every caller's `onerror`
 * shows the reason instead of an exception escaping the caller.
 */
function failedWorker(reason: unknown): Worker {
  const message = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
  const stub = {
    onmessage: null as ((e: MessageEvent) => void) | null,
    onerror: null as ((e: ErrorEvent) => void) | null,
    postMessage(): void {},
    terminate(): void {
      stub.onerror = null;
    },
  };
  setTimeout(() => stub.onerror?.(new ErrorEvent('error', { message, cancelable: true })), 0);
  return stub as unknown as Worker;
}

/**
 * The worker of module `url`. A browser starts a worker only from a script of the page's own origin;
 * when the script comes from another origin (the element loaded from another site, with CORS:
 * docs/custom-element.md "From another site"), a one-line module of the page's origin (a blob: URL)
 * imports it, under the same CORS rules as the element's own script.
 */
function spawn(url: URL, name: string): Worker {
  try {
    if (url.origin === self.location.origin) return new Worker(url, { type: 'module', name });
    const src = URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' }));
    try {
      return new Worker(src, { type: 'module', name });
    } finally {
      URL.revokeObjectURL(src);
    }
  } catch (e) {
    return failedWorker(e);
  }
}

export function spawnLongRunWorker(name = 'lgvci-long-run'): Worker {
  return spawn(new URL(longRunWorkerUrl, import.meta.url), name);
}

export function spawnEnsembleWorker(): Worker {
  return spawn(new URL(ensembleWorkerUrl, import.meta.url), 'lgvci-ensemble');
}
