// Web Worker of the ensemble pool: app/ensemble-worker-core.ts on `self`. The module is instantiated
// from the compiled WebAssembly.Module the page posts (compiled once per page, shared by every
// worker) or, without one, loaded by the worker itself. Cancel terminates the workers
// (app/ensemble.ts). Started by app/worker-spawn.ts (the hosted build) or inlined (the single offline file).
import createLgvci from '@lgvci-wasm';
import { engineOptions } from 'lgvci-engine-options';
import type { LgvciModule } from '../engine/lgvci_wasm';
import type { EnsembleRequest } from '../model/ensemble';
import type { EnsembleReplyPost } from './ensemble-worker-core';
import { ensembleWorkerHandler } from './ensemble-worker-core';

interface WorkerScope {
  postMessage: EnsembleReplyPost;
  onmessage: ((e: MessageEvent<EnsembleRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;

function load(compiled?: WebAssembly.Module): Promise<LgvciModule> {
  if (!compiled) return createLgvci(engineOptions());
  // Emscripten's hook: instantiate the given module with the glue's imports instead of fetching and
  // compiling the .wasm again; a failure rejects the load (the pool then reports it).
  let fail: (e: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => (fail = reject));
  return Promise.race([
    createLgvci({
      ...engineOptions(),
      instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
        WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled), fail);
        return {};
      },
    }),
    failed,
  ]);
}

const handle = ensembleWorkerHandler(load, (m, transfer) => scope.postMessage(m, transfer));
scope.onmessage = (e) => handle(e.data);
