// The README's WebAssembly example (the code block after <!-- snippet:node -->) runs as written under
// the Node that runs the tests: written beside the built module, as the README says, and executed in a
// child process; its output is the 1000-step Case IV run's energy and state hash, which the test
// computes itself through the module.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { wasmModulePath } from '../../../vite.config.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let engine: LgvciModule;

beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

it("the README's WebAssembly snippet runs under Node and prints the run's energy and hash", () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const block = /<!-- snippet:node -->\n```js\n([\s\S]*?)```/.exec(readme);
  expect(block, 'README.md has no <!-- snippet:node --> block').not.toBeNull();
  const file = path.join(path.dirname(wasmModulePath), `readme-snippet-${process.pid}.mjs`);
  writeFileSync(file, block![1]!);
  let out = '';
  try {
    out = execFileSync(process.execPath, [file], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } });
  } finally {
    rmSync(file, { force: true });
  }
  const sim = engine.createSimulation(engine.presetJson('IV')).sim!;
  sim.step(1000);
  expect(out.trim()).toBe(`${sim.energy()} ${sim.stateHash()}`);
  sim.delete();
});
