// Node (Vitest unit tests, the `lgvci-engine-options` alias of vitest.unit.config.ts): the engine's
// .wasm is read from the build folder and passed as wasmBinary (Node cannot stream-compile a path).
import { readFileSync } from 'node:fs';
import { wasmBinaryPath } from '../../../vite.config.ts';

export type EngineOptions = Record<string, unknown>;

let binary: Uint8Array | null = null;

export function engineOptions(): EngineOptions {
  binary ??= new Uint8Array(readFileSync(wasmBinaryPath));
  return { wasmBinary: binary };
}
