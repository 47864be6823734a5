// Benchmark of everything the step-time and page targets name (docs/benchmarks.md), in one run:
//   steps        10⁵ steps of each of the paper's four cases with the native CLI, the WebAssembly module
//                under Node and, for the cube (Case IV), Rapier (@dimforge/rapier3d-compat, set up exactly as
//                the page's comparison does: same body, m, J, restitution 1, friction 0, h, initial state):
//                the best of N runs, time per step and |E − E₀|/E₀ after the run, ratios to native; native
//                and WASM must end in the same state (bit-identical hashes).
//   ensemble     100 Case IV members × 10⁵ steps natively on T = 1 … cores threads (`lgvci --ensemble
//                --threads T`, each T in turn, rounds interleaved so that a change of load hits all T
//                alike): wall and CPU seconds (/usr/bin/time), the speed-up wall(1)/wall(T), and the
//                statistics checked identical for every T; and in the built page (web/scripts/
//                measure-ensemble.mjs, headless Chromium, the main simulation paused) on 1 and 2 workers:
//                click to the histograms drawn, cold and warm, and the busiest worker's CPU seconds.
//   first load   `node web/scripts/measure.mjs --json` (bytes before the first frame, first frame and when it
//                was presented, first step), and the three.js floor under it at the page's canvas size
//                (`web/scripts/measure-floor.mjs --json`: pages that only draw a clear, a lit cube, a cube
//                with its shadow, with the page's renderer settings).
//   sizes        scripts/size-check.mjs --json (every size against its ceiling) and the Rapier files of dist/.
// Every timing is printed with the load average over its measurement: on this shared 2-core machine the
// absolute times move with the load; the ratios measured in the same run are the comparable figures.
// Usage: node scripts/bench.mjs [runs] [--json] [--page-runs R] [--no-page] [--port P]
//   (after the native and WASM builds; the page parts need `npm run build` and `npm run build:single`)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const json = args.includes('--json');
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : args[i + 1];
};
const pageRuns = Number(option('--page-runs', '3'));
const port = Number(option('--port', '4179'));
const noPage = args.includes('--no-page');
const runs = Number(args.find((a, i) => /^\d+$/.test(a) && !['--page-runs', '--port'].includes(args[i - 1])) ?? 5);
const log = (msg) => json || console.error(msg);
/** The 1-minute load average now; each measurement records it at its start and end. */
const load1 = () => loadavg()[0];
const loadSpan = (a, b) => ({ min: Math.min(a, b), max: Math.max(a, b) });
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

const stepRows = {};
const stepsLoad0 = load1();
for (const c of cases) {
  const n = native(c), w = wasm(c);
  if (w.hash !== n.hash || w.impacts !== n.impacts) throw new Error(`case ${c}: WASM and native differ (hash ${w.hash} vs ${n.hash})`);
  const row = { steps, impacts: n.impacts, native_ms: n.ms, wasm_ms: w.ms, native_rel_energy_error: n.err, wasm_rel_energy_error: w.err };
  if (c === 'IV') {
    const r = await rapier(c);
    Object.assign(row, { rapier_ms: r.ms, rapier_rel_energy_error: r.err, rapier_impacts: r.impacts });
  }
  stepRows[c] = row;
}
const stepsLoad = loadSpan(stepsLoad0, load1());


// ---- Ensemble, native: T = 1 … cores threads ----
const ENSEMBLE = { members: 100, steps: 100000 };
const cores = cpus().length;

/** One `lgvci --ensemble` run under /usr/bin/time: wall and CPU seconds, and its statistics. */
function nativeEnsembleRun(threads) {
  const p = spawnSync(
    '/usr/bin/time',
    ['-f', 'TIME %e %U %S', cli, '--case', 'IV', '--ensemble', String(ENSEMBLE.members), '--steps', String(ENSEMBLE.steps), '--threads', String(threads), '--json'],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  if (p.status !== 0) throw new Error(`lgvci --ensemble --threads ${threads}: ${p.stderr}`);
  const t = /TIME ([\d.]+) ([\d.]+) ([\d.]+)\s*$/.exec(p.stderr);
  if (!t) throw new Error(`/usr/bin/time printed no times: ${p.stderr}`);
  const out = JSON.parse(p.stdout);
  const wall = out.wall_seconds;
  delete out.wall_seconds;
  delete out.threads;
  return { wall, process_wall: Number(t[1]), cpu: Number(t[2]) + Number(t[3]), statistics: JSON.stringify(out) };
}

const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function nativeEnsemble() {
  const threads = Array.from({ length: cores }, (_, i) => i + 1);
  const rounds = Math.max(1, Math.min(runs, 3));
  const by = new Map(threads.map((t) => [t, []]));
  const l0 = load1();
  let statistics = null;
  let identical = true;
  for (let r = 0; r < rounds; r++) {
    for (const t of threads) {
      const m = nativeEnsembleRun(t);
      statistics ??= m.statistics;
      identical &&= m.statistics === statistics;
      by.get(t).push(m);
    }
  }
  const rows = threads.map((t) => ({ threads: t, wall_s: median(by.get(t).map((m) => m.wall)), cpu_s: median(by.get(t).map((m) => m.cpu)), runs: by.get(t).map(({ wall, cpu }) => ({ wall, cpu })) }));
  const one = rows[0];
  for (const row of rows) {
    row.speedup = one.wall_s / row.wall_s;
    row.efficiency = row.speedup / row.threads;
    row.cpu_ratio = row.cpu_s / one.cpu_s; // CPU seconds against T = 1: the work added by threading
  }
  return { ...ENSEMBLE, rounds, rows, statistics_identical: identical, load: loadSpan(l0, load1()) };
}

// ---- Ensemble, in the page (headless Chromium, the built site on a local `vite preview`) ----
async function serve() {
  const vite = path.join(root, 'node_modules/.bin/vite');
  const child = spawn(vite, ['preview', '--port', String(port), '--strictPort'], { cwd: root, stdio: 'ignore' });
  const url = `http://localhost:${port}/`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return { url, close: () => child.kill() };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`vite preview did not answer on port ${port}`);
}

function measureEnsemble(url, workers) {
  const p = spawnSync(
    'node',
    ['web/scripts/measure-ensemble.mjs', url, String(ENSEMBLE.members), String(ENSEMBLE.steps), '/tmp/lgvci-bench-ensemble.png', '--workers', String(workers), '--runs', String(pageRuns), '--json'],
    { cwd: root, encoding: 'utf8', env: { ...process.env, PAUSED: '1' }, maxBuffer: 1 << 26 },
  );
  if (p.status !== 0) throw new Error(`measure-ensemble.mjs --workers ${workers}: ${p.stderr.slice(-2000)}`);
  return JSON.parse(p.stdout);
}

async function pageEnsemble() {
  if (!existsSync(path.join(root, 'dist/index.html'))) return { error: 'not measured (no dist/: run npm run build)' };
  const server = await serve();
  try {
    const l0 = load1();
    const one = measureEnsemble(server.url, 1);
    const two = measureEnsemble(server.url, 2);
    const pick = (m) => ({
      cold_ms: m.cold.clickToDrawnMs,
      warm_ms: m.warm.clickToDrawnMs,
      cold_busiest_worker_cpu_s: m.cold.workerCpuMax,
      warm_busiest_worker_cpu_s: m.warm.workerCpuMax,
      cold_workers_cpu_s: m.cold.workerCpuTotal,
      warm_workers_cpu_s: m.warm.workerCpuTotal,
      load: m.load,
      runs: { cold: m.cold.runs, warm: m.warm.runs },
    });
    const w1 = pick(one), w2 = pick(two);
    return {
      ...ENSEMBLE,
      page_runs: pageRuns,
      workers_1: w1,
      workers_2: w2,
      speedup_cold: w1.cold_ms / w2.cold_ms,
      speedup_warm: w1.warm_ms / w2.warm_ms,
      cpu_speedup_warm: w1.warm_busiest_worker_cpu_s / w2.warm_busiest_worker_cpu_s,
      load: loadSpan(l0, load1()),
    };
  } finally {
    server.close();
  }
}

// ---- First load (web/scripts/measure.mjs --json, when it has the flag) ----
function firstLoad() {
  const script = path.join(root, 'web/scripts/measure.mjs');
  const NO_JSON = 'not measured (measure.mjs has no --json)';
  if (!existsSync(path.join(root, 'dist/index.html'))) return { error: 'not measured (no dist/: run npm run build)' };
  if (!readFileSync(script, 'utf8').includes('--json')) return { error: NO_JSON };
  const l0 = load1();
  const p = spawnSync('node', [script, '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
  try {
    const out = JSON.parse(p.stdout);
    if (p.status !== 0 || typeof out.bytesBeforeFirstFrame !== 'number' || typeof out.firstFrameMs?.median !== 'number') throw new Error('unexpected output');
    return { ...out, bench_load: loadSpan(l0, load1()) };
  } catch {
    return { error: NO_JSON };
  }
}

// ---- The three.js floor at the page's canvas size (web/scripts/measure-floor.mjs --json) ----
function firstFrameFloor(canvas) {
  const size = canvas ? `${canvas.width}x${canvas.height}` : '966x502';
  const l0 = load1();
  const p = spawnSync('node', ['web/scripts/measure-floor.mjs', '--size', size, '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
  try {
    const out = JSON.parse(p.stdout);
    if (p.status !== 0 || typeof out.shadow?.firstFrameMs !== 'number') throw new Error('unexpected output');
    return { ...out, bench_load: loadSpan(l0, load1()) };
  } catch {
    return { error: `not measured (measure-floor.mjs: ${(p.stderr || p.stdout).trim().split('\n').at(-1)})` };
  }
}

// ---- Sizes (scripts/size-check.mjs --json) and Rapier's files in dist/ ----
function sizes() {
  const p = spawnSync('node', ['scripts/size-check.mjs', '--json'], { cwd: root, encoding: 'utf8' });
  let measures = null;
  let error = null;
  try {
    measures = JSON.parse(p.stdout).map(({ name, bytes, ceiling, over }) => ({ name, bytes, ceiling, over }));
  } catch {
    error = `not measured (size-check: ${(p.stderr || p.stdout).trim().split('\n').at(-1)})`;
  }
  const assets = path.join(root, 'dist/assets');
  const rapier = existsSync(assets)
    ? readdirSync(assets)
        .filter((f) => /rapier/i.test(f))
        .map((f) => ({ file: f, bytes: statSync(path.join(assets, f)).size }))
    : null;
  return { measures, error, rapier_files: rapier };
}

log('steps: done');
const ensembleNative = nativeEnsemble();
log('ensemble (native): done');
const ensemblePage = noPage ? { error: 'not measured (--no-page)' } : await pageEnsemble().catch((e) => ({ error: `not measured (${e.message.split('\n')[0]})` }));
log('ensemble (page): done');
const first = noPage ? { error: 'not measured (--no-page)' } : firstLoad();
const floor = noPage ? { error: 'not measured (--no-page)' } : firstFrameFloor(first.canvas);
const size = sizes();

const result = {
  machine: { cores, cpu: cpus()[0]?.model ?? '?', load_at_end: loadavg() },
  steps: { runs, load: stepsLoad, cases: stepRows },
  ensemble_native: ensembleNative,
  ensemble_page: ensemblePage,
  first_load: first,
  first_frame_floor: floor,
  sizes: size,
};

if (json) {
  console.log(JSON.stringify(result, null, 2));
} else {
  const us = (ms) => ((ms * 1000) / steps).toFixed(3);
  const ld = (l) => `load average ${l.min.toFixed(1)}–${l.max.toFixed(1)}`;
  console.log(`machine: ${cores} × ${result.machine.cpu}`);
  console.log(`\n${steps} steps, best of ${runs} (Rapier ${Math.min(runs, 2)}); µs per step (ratio to native); |E − E₀|/E₀ after the run; ${ld(stepsLoad)}`);
  console.log('case  impacts  native µs  wasm µs (×)       rapier µs (×)     native err  wasm err  rapier err');
  for (const [c, r] of Object.entries(stepRows)) {
    const rap = r.rapier_ms === undefined ? '—'.padEnd(17) : `${us(r.rapier_ms)} (${(r.rapier_ms / r.native_ms).toFixed(2)})`.padEnd(17);
    console.log(
      `${c.padEnd(5)} ${String(r.impacts).padStart(7)}  ${us(r.native_ms).padStart(9)}  ${`${us(r.wasm_ms)} (${(r.wasm_ms / r.native_ms).toFixed(2)})`.padEnd(16)}  ${rap} ` +
        `${r.native_rel_energy_error.toExponential(1).padStart(10)}  ${r.wasm_rel_energy_error.toExponential(1).padStart(8)}  ${r.rapier_rel_energy_error === undefined ? '—' : r.rapier_rel_energy_error.toExponential(1)}`,
    );
  }
  const en = ensembleNative;
  console.log(`\nensemble natively, ${en.members} Case IV members × ${en.steps} steps, median of ${en.rounds}; ${ld(en.load)}; statistics identical for every T: ${en.statistics_identical}`);
  console.log('threads  wall s  speed-up (×T)   CPU s  CPU vs T=1');
  for (const r of en.rows) console.log(`${String(r.threads).padStart(7)}  ${r.wall_s.toFixed(2).padStart(6)}  ${r.speedup.toFixed(2)} (${r.efficiency.toFixed(2)})`.padEnd(32) + `${r.cpu_s.toFixed(2).padStart(6)}  ${r.cpu_ratio.toFixed(2)}`);
  const ep = ensemblePage;
  if (ep.error) console.log(`\nensemble in the page: ${ep.error}`);
  else {
    console.log(`\nensemble in the page (headless Chromium, main simulation paused), click to histograms drawn, median of ${ep.page_runs}; ${ld(ep.load)}`);
    for (const [w, m] of [[1, ep.workers_1], [2, ep.workers_2]])
      console.log(`  ${w} worker${w > 1 ? 's' : ' '}: cold ${(m.cold_ms / 1000).toFixed(2)} s, warm ${(m.warm_ms / 1000).toFixed(2)} s; busiest worker CPU ${m.warm_busiest_worker_cpu_s} s (warm), all workers ${m.warm_workers_cpu_s.toFixed(2)} s`);
    console.log(`  speed-up 1 → 2 workers: cold ${ep.speedup_cold.toFixed(2)}, warm ${ep.speedup_warm.toFixed(2)}; busiest worker's CPU ${ep.cpu_speedup_warm.toFixed(2)}`);
  }
  if (first.error) console.log(`\nfirst load: ${first.error}`);
  else console.log(`\nfirst load: ${first.bytesBeforeFirstFrame} B before the first frame (gzip), first frame ${first.firstFrameMs.median.toFixed(0)} ms, first step ${first.firstStepMs.median.toFixed(0)} ms (medians of ${first.runs})`);
  if (floor.error) console.log(`three.js floor: ${floor.error}`);
  else console.log(`three.js floor (${floor.canvas.width}×${floor.canvas.height}): ${['clear', 'lit', 'shadow'].map((k) => `${k} ${floor[k].firstFrameMs} ms (presented ${floor[k].presentedMs} ms)`).join(', ')}`);
  console.log('\nsizes:');
  if (size.error) console.log(`  ${size.error}`);
  else for (const m of size.measures) console.log(`  ${m.name.padEnd(16)} ${String(m.bytes).padStart(9)} B of ${m.ceiling} B${m.over ? '  OVER' : ''}`);
  if (size.rapier_files) console.log(`  Rapier files in dist/assets: ${size.rapier_files.map((f) => `${f.file} (${f.bytes} B)`).join(', ') || 'none'}`);
}
