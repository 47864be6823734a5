// Web Worker of the ensemble pool: app/workers/ensemble-worker-core.ts on `self`, with the module loaded by
// the worker itself (engine/instantiate.ts). Cancel terminates the workers (app/workers/ensemble.ts). Started
// by app/workers/worker-spawn.ts (the hosted build) or inlined (the single offline file).
import { instantiateEngine } from '../../engine/instantiate';
import type { EnsembleRequest } from '../../model/ensemble';
import type { EnsembleReplyPost } from './ensemble-worker-core';
import { ensembleWorkerHandler } from './ensemble-worker-core';

interface WorkerScope {
  postMessage: EnsembleReplyPost;
  onmessage: ((e: MessageEvent<EnsembleRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const handle = ensembleWorkerHandler(instantiateEngine, (m, transfer) => scope.postMessage(m, transfer));
scope.onmessage = (e) => handle(e.data);
