// Benchmark (issue 14): 10⁵ steps of each of the paper's four cases with the native CLI, the
// WebAssembly module under Node and, for the cube (Case IV), Rapier (@dimforge/rapier3d-compat, the
// same cube: side 2√3, m = 1, J = 2I, restitution 1, friction 0, h = 0.01, same initial state). Prints
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

// Rapier: z up, gravity −9.80665 e3, a fixed slab whose top is the plane z = 0, the cube of Case IV (Tran & Leok §7).
let RAPIER = null;
async function rapier() {
  if (!RAPIER) {
    const mod = await import('@dimforge/rapier3d-compat');
    RAPIER = mod.default?.init ? mod.default : mod;
  }
  await RAPIER.init();
  const g = 9.80665, side = 2 * Math.sqrt(3), m = 1;
  let best = Infinity, err = NaN;
  for (let r = 0; r < Math.min(runs, 2); r++) {  // ~0.2 ms a step: two runs are enough
    const world = new RAPIER.World({ x: 0, y: 0, z: -g });
    world.timestep = 0.01;
    // the plane z = 0: the top face of a fixed slab wider than the ~2000 m the cube travels
    world.createCollider(RAPIER.ColliderDesc.cuboid(1e4, 1e4, 1).setTranslation(0, 0, -1).setFriction(0).setRestitution(1)
      .setFrictionCombineRule(RAPIER.CoefficientCombineRule.Min).setRestitutionCombineRule(RAPIER.CoefficientCombineRule.Max));
    const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(0, 0, 10).setLinvel(2, 2, 10)
      .setAngvel({ x: 2, y: -2, z: 2 }).setCanSleep(false));  // ω = J⁻¹Π₀ = (4, −4, 4)/2
    world.createCollider(RAPIER.ColliderDesc.cuboid(side / 2, side / 2, side / 2).setDensity(m / side ** 3)
      .setFriction(0).setRestitution(1), body);
    const energy = () => {
      const v = body.linvel(), w = body.angvel(), z = body.translation().z;
      const J = (m * side * side) / 6;  // isotropic: ½ωᵀJω in any frame
      return 0.5 * m * (v.x ** 2 + v.y ** 2 + v.z ** 2) + 0.5 * J * (w.x ** 2 + w.y ** 2 + w.z ** 2) + m * g * z;
    };
    const e0 = energy();
    const t0 = performance.now();
    for (let k = 0; k < steps; k++) world.step();
    best = Math.min(best, performance.now() - t0);
    err = Math.abs(energy() - e0) / e0;
    world.free();
  }
  return { ms: best, err };
}

const result = {};
for (const c of cases) {
  const n = native(c), w = wasm(c);
  if (w.hash !== n.hash || w.impacts !== n.impacts) throw new Error(`case ${c}: WASM and native differ (hash ${w.hash} vs ${n.hash})`);
  const row = { steps, impacts: n.impacts, native_ms: n.ms, wasm_ms: w.ms, native_rel_energy_error: n.err, wasm_rel_energy_error: w.err };
  if (c === 'IV') {
    const r = await rapier();
    Object.assign(row, { rapier_ms: r.ms, rapier_rel_energy_error: r.err });
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
