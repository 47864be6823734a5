// Benchmark: 1e5 steps of each of the paper's four cases, native CLI against the WebAssembly module
// under Node. Prints the best of N runs and the ratio. Usage: node scripts/bench.mjs [runs]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 5);
globalThis.__dirname = path.join(root, 'build/wasm');
const { default: createLgvci } = await import(path.join(root, 'build/wasm/lgvci_wasm.mjs'));
const M = await createLgvci();
const cli = path.join(root, 'build/native/lgvci');
const steps = 100000;

console.log(`case  impacts  native ms  wasm(node) ms  wasm/native   (${steps} steps, best of ${runs})`);
for (const c of ['I', 'II', 'III', 'IV']) {
  let native = Infinity, wasm = Infinity, impacts = 0;
  for (let r = 0; r < runs; r++) {
    const out = JSON.parse(execFileSync(cli, ['--case', c, '--steps', String(steps), '--json'], { encoding: 'utf8' }));
    native = Math.min(native, out.wall_seconds * 1000);
    impacts = out.impacts;
    const { sim, error } = M.createSimulation(M.presetJson(c));
    if (!sim) throw new Error(`case ${c}: ${error.message}`);
    const t0 = performance.now();
    sim.step(steps);
    wasm = Math.min(wasm, performance.now() - t0);
    if (sim.totalImpacts() !== impacts) throw new Error(`case ${c}: WASM and native impact counts differ`);
    sim.delete();
  }
  console.log(`${c.padEnd(5)} ${String(impacts).padStart(7)}  ${native.toFixed(1).padStart(9)}  ${wasm.toFixed(1).padStart(13)}  ${(wasm / native).toFixed(2).padStart(11)}`);
}
