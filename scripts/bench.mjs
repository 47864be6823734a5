// Benchmark: 10⁵ steps of each of the paper's four cases with the native CLI, the
// WebAssembly module under Node and, for the cube (Case IV), Rapier (@dimforge/rapier3d-compat, set up
// exactly as the page's comparison does: same body, m, J, restitution 1, friction 0, h, initial state). Prints
// the best of N runs: time per step and the relative energy error |E − E₀|/E₀ after the run, with
// ratios to native. Checks that native and WASM end in the same state (bit-identical hashes).
// Usage: node scripts/bench.mjs [runs] [--json]   (after the native and WASM builds)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const json = args.includes('--json');
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
const steps = 100000;
const cases = ['I', 'II', 'III', 'IV'];

// LGVCI_WASM=/path/to/lgvci_wasm.mjs benchmarks another build of the module (as in vite.config.ts).
const wasmModule = process.env.LGVCI_WASM ?? path.join(root, 'build/wasm/lgvci_wasm.mjs');
globalThis.__dirname = path.dirname(wasmModule);
const { default: createLgvci } = await import(wasmModule);
const M = await createLgvci({ wasmBinary: readFileSync(wasmModule.replace(/\.mjs$/, '.wasm')) });
const cli = path.join(root, 'build/native/lgvci');

function native(c) {
  let best = Infinity, out = null;
  for (let r = 0; r < runs; r++) {
    out = JSON.parse(execFileSync(cli, ['--case', c, '--steps', String(steps), '--json'], { encoding: 'utf8' }));
    best = Math.min(best, out.wall_seconds * 1000);
  }
  return { ms: best, impacts: out.impacts, hash: out.state_hash, err: Math.abs(out.energy_final - out.energy_initial) / out.energy_initial };
}

function wasm(c) {
  let best = Infinity, res = null;
  for (let r = 0; r < runs; r++) {
    const { sim, error } = M.createSimulation(M.presetJson(c));
    if (!sim) throw new Error(`case ${c}: ${error.message}`);
    const t0 = performance.now();
    sim.step(steps);
    best = Math.min(best, performance.now() - t0);
    res = { impacts: sim.totalImpacts(), hash: sim.stateHash(), err: Math.abs(sim.energy() - sim.initialEnergy()) / sim.initialEnergy() };
    sim.delete();
  }
  return { ms: best, ...res };
}

// Rapier: the page's own set-up (web/src/model/rapier-baseline.ts, docs/page.md "Comparison on the page: RK4, Rapier and Reverse": the
// core's resolved config, ε-rounded cuboid, the core's m and J, restitution 1, friction 0, a half-space
// ground) timed by the page's long-run table code (measureRun: the stepping alone, the energy sampled
// every 1000 steps), loaded from the TypeScript sources through Vite's module runner.
const { runnerImport } = await import('vite');
const tsModule = async (rel) => (await runnerImport(path.join(root, rel), { configFile: false, logLevel: 'silent' })).module;
const { RapierStepper } = await tsModule('web/src/model/rapier-baseline.ts');
const { measureRun } = await tsModule('web/src/model/comparison-long-run.ts');
const { parseResolvedConfig } = await tsModule('web/src/config/parse.ts');
let RAPIER = null;
async function rapier(c) {
  if (!RAPIER) {
    const mod = await import('@dimforge/rapier3d-compat');
    RAPIER = mod.default?.init ? mod.default : mod;
    await RAPIER.init();
  }
  const { sim, error } = M.createSimulation(M.presetJson(c));
  if (!sim) throw new Error(`case ${c}: ${error.message}`);
  const config = parseResolvedConfig(sim.configJson());
  sim.delete();
  const stepper = new RapierStepper(RAPIER, config);
  let best = Infinity, row = null;
  try {
    for (let r = 0; r < Math.min(runs, 2); r++) {  // ~0.1 ms a step: two runs are enough
      row = measureRun('Rapier', stepper, steps, () => performance.now());
      best = Math.min(best, (row.usPerStep * row.steps) / 1000);
    }
  } finally {
    stepper.dispose();
  }
  return { ms: best, err: row.finalRelError, impacts: row.impacts };
}

const result = {};
for (const c of cases) {
  const n = native(c), w = wasm(c);
  if (w.hash !== n.hash || w.impacts !== n.impacts) throw new Error(`case ${c}: WASM and native differ (hash ${w.hash} vs ${n.hash})`);
  const row = { steps, impacts: n.impacts, native_ms: n.ms, wasm_ms: w.ms, native_rel_energy_error: n.err, wasm_rel_energy_error: w.err };
  if (c === 'IV') {
    const r = await rapier(c);
    Object.assign(row, { rapier_ms: r.ms, rapier_rel_energy_error: r.err, rapier_impacts: r.impacts });
  }
  result[c] = row;
}

if (json) {
  console.log(JSON.stringify(result, null, 2));
} else {
  const us = (ms) => ((ms * 1000) / steps).toFixed(3);
  console.log(`${steps} steps, best of ${runs} (Rapier ${Math.min(runs, 2)}); µs per step (ratio to native); |E − E₀|/E₀ after the run`);
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log('case  impacts  native µs  wasm µs (×)       rapier µs (×)     native err  wasm err  rapier err');
  for (const [c, r] of Object.entries(result)) {
    const rap = r.rapier_ms === undefined ? '—'.padEnd(17) : `${us(r.rapier_ms)} (${(r.rapier_ms / r.native_ms).toFixed(2)})`.padEnd(17);
    console.log(
      `${c.padEnd(5)} ${String(r.impacts).padStart(7)}  ${us(r.native_ms).padStart(9)}  ${`${us(r.wasm_ms)} (${(r.wasm_ms / r.native_ms).toFixed(2)})`.padEnd(16)}  ${rap} ` +
        `${r.native_rel_energy_error.toExponential(1).padStart(10)}  ${r.wasm_rel_energy_error.toExponential(1).padStart(8)}  ${r.rapier_rel_energy_error === undefined ? '—' : r.rapier_rel_energy_error.toExponential(1)}`,
    );
  }
}
