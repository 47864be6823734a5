// Times an ensemble in the built page in headless Chromium: K members of N steps of the current
// set-up (Case IV by default) on the page's pool of Web Workers, from the click on "Run ensemble" to
// the frame after the histograms are drawn, and where the time went (the page's 'lgvci:ensemble'
// performance mark: per worker the module load, the ensemble built, Run until ready and the members'
// run time; the statistics; the drawing). Each of `runs` opens the page afresh (cold): the fields are
// filled (focusing the group starts the workers, as a reader's typing does), then Run is clicked; a
// second Run on the same page (warm: workers and module already there) is timed too.
// Usage: npm run build && npm run serve &  then
//   node web/scripts/measure-ensemble.mjs [url] [K] [N] [shot.png] [--workers W] [--runs R] [--json]
// The CPU time of each worker thread (Linux: the browser's "DedicatedWorker" threads in /proc) is
// read around every run: it does not depend on how many other processes share the cores, so the
// busiest worker's CPU seconds are what the run would take on free cores (the workers being its
// critical path), and the sum over the workers against one worker's shows any work added by splitting.
// --workers W sets navigator.hardwareConcurrency (the pool's size) to W. PAUSED=1 opens the page with
// prefers-reduced-motion, so the main simulation does not autoplay and the 3-D view (software WebGL
// here) does not compete with the workers for the cores. Prints the load average with the times.
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from 'playwright';
import { CHROMIUM } from './static-server.mjs';

const argv = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = argv.indexOf(name);
  if (i < 0) return fallback;
  const v = argv[i + 1];
  argv.splice(i, 2);
  return v;
};
const json = argv.includes('--json');
if (json) argv.splice(argv.indexOf('--json'), 1);
const workersArg = flag('--workers', null);
const runs = Number(flag('--runs', '1'));
const url = argv[0] ?? 'http://localhost:4173/';
const K = argv[1] ?? '100';
const N = argv[2] ?? '100000';
const shot = argv[3] ?? '/tmp/lgvci-ensemble.png';
const workers = workersArg === null ? null : Number(workersArg);
if (workers !== null && !(Number.isInteger(workers) && workers >= 1 && workers <= 16)) throw new Error('--workers: must be an integer in [1, 16]');
if (!(Number.isInteger(runs) && runs >= 1 && runs <= 50)) throw new Error('--runs: must be an integer in [1, 50]');

// A browser server, so that its process (and the worker threads under it) is known.
const server = await chromium.launchServer(CHROMIUM);
const browser = await chromium.connect(server.wsEndpoint());
const errors = [];
const TICK = 100; // USER_HZ: /proc's clock ticks per second on Linux

/** CPU ticks of every "DedicatedWorker" thread under the browser's process, by thread id. */
function workerTicks() {
  const root = server.process()?.pid;
  const out = new Map();
  if (!root) return out;
  let procs;
  try {
    procs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  const parent = new Map();
  for (const pid of procs) {
    try {
      const st = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(Number(pid), Number(st.slice(st.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {}
  }
  const under = (pid) => {
    for (let p = pid, i = 0; p > 1 && i < 64; p = parent.get(p) ?? 0, i++) if (p === root) return true;
    return false;
  };
  for (const pid of parent.keys()) {
    if (!under(pid)) continue;
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {}
    for (const tid of tasks) {
      try {
        const st = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        if (!st.slice(st.indexOf('(') + 1, st.lastIndexOf(')')).startsWith('DedicatedWorker')) continue;
        const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
        out.set(`${pid}/${tid}`, Number(f[11]) + Number(f[12]));
      } catch {}
    }
  }
  return out;
}

/** CPU seconds each worker thread used between two workerTicks() (threads that used some), largest first. */
function workerSeconds(before, after) {
  const v = [];
  for (const [k, t] of after) {
    const d = t - (before.get(k) ?? 0);
    if (d > 0) v.push(d / TICK);
  }
  return v.sort((a, b) => b - a);
}
const load = [];

/** Clicks Run and waits for the n-th 'lgvci:ensemble' mark and the frame after it. */
async function timeRun(page, n) {
  const before = workerTicks();
  await page.click('.ensemble-group .btn-primary');
  const t = await page.evaluate(async (count) => {
    const entries = () => performance.getEntriesByName('lgvci:ensemble');
    while (entries().length < count) await new Promise((r) => setTimeout(r, 2));
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
    const e = entries()[count - 1];
    const click = window.__lgvciEnsembleClicks[count - 1];
    return { clickToDrawnMs: performance.now() - click, clickToMarkMs: e.startTime - click, ...e.detail };
  }, n);
  const cpu = workerSeconds(before, workerTicks());
  return { ...t, workerCpuSeconds: cpu, workerCpuTotal: cpu.reduce((a, b) => a + b, 0), workerCpuMax: cpu[0] ?? null };
}

const cold = [];
const warm = [];
let cores = null;
let status = '';
for (let r = 0; r < runs; r++) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1800 } });
  if (process.env.PAUSED === '1') await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript((w) => {
    if (w !== null) Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => w });
    window.__lgvciEnsembleClicks = [];
    document.addEventListener(
      'click',
      (e) => {
        if (e.target instanceof Element && e.target.closest('.ensemble-group .btn-primary')) window.__lgvciEnsembleClicks.push(performance.now());
      },
      true,
    );
  }, workers);
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('lgvci:app-ready').length > 0, null, { timeout: 180000 });
  cores = await page.evaluate(() => navigator.hardwareConcurrency);
  await page.selectOption('select[id$="-case"]', 'IV').catch(() => {});
  await page.fill('input[id$="-ens-members"]', K);
  await page.fill('input[id$="-ens-steps"]', N);
  load.push(loadavg()[0]);
  cold.push(await timeRun(page, 1));
  load.push(loadavg()[0]);
  warm.push(await timeRun(page, 2));
  load.push(loadavg()[0]);
  status = (await page.textContent('p[id$="-ens-status"]')) ?? '';
  if (r === runs - 1) await page.locator('.lgvci-ensemble-plots').screenshot({ path: shot });
  await page.close();
}
await browser.close();
await server.close();

const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const summary = (list) => ({
  clickToDrawnMs: median(list.map((t) => t.clickToDrawnMs)),
  workerCpuMax: median(list.map((t) => t.workerCpuMax ?? NaN)),
  workerCpuTotal: median(list.map((t) => t.workerCpuTotal)),
  min: Math.min(...list.map((t) => t.clickToDrawnMs)),
  max: Math.max(...list.map((t) => t.clickToDrawnMs)),
  runs: list,
});
const out = {
  members: Number(K),
  steps: Number(N),
  workers: cores,
  paused: process.env.PAUSED === '1',
  cold: summary(cold),
  warm: summary(warm),
  load: { min: Math.min(...load), max: Math.max(...load) },
  status,
};
if (json) {
  console.log(JSON.stringify(out, null, 2));
} else {
  const f = (ms) => (ms / 1000).toFixed(2);
  const phases = (t) =>
    `ready ${t.readyMs.map((v) => v.toFixed(0)).join('/')} ms (module ${t.loadMs.map((v) => v.toFixed(0)).join('/')}, ensemble ${t.createMs.map((v) => v.toFixed(0)).join('/')}), ` +
    `members run ${t.runMs.map((v) => v.toFixed(0)).join('/')} ms, last member at ${t.membersMs.toFixed(0)} ms, statistics ${t.statisticsMs.toFixed(0)} ms, ` +
    `total ${t.totalMs.toFixed(0)} ms, drawing ${t.drawMs.toFixed(0)} ms, click to drawn ${t.clickToDrawnMs.toFixed(0)} ms; ` +
    `worker CPU ${t.workerCpuSeconds.map((v) => v.toFixed(2)).join('/')} s`;
  console.log(`navigator.hardwareConcurrency = ${cores}; main simulation ${out.paused ? 'paused' : 'playing'}; load average (1 min) ${out.load.min.toFixed(1)}–${out.load.max.toFixed(1)}`);
  console.log(`${K} members of ${N} steps, click to the histograms drawn, median of ${runs}: cold ${f(out.cold.clickToDrawnMs)} s (${f(out.cold.min)}–${f(out.cold.max)}), warm ${f(out.warm.clickToDrawnMs)} s (${f(out.warm.min)}–${f(out.warm.max)})`);
  cold.forEach((t, i) => console.log(`  cold ${i + 1}: ${phases(t)}`));
  warm.forEach((t, i) => console.log(`  warm ${i + 1}: ${phases(t)}`));
  console.log(`worker CPU seconds (busiest worker; all workers), median: cold ${out.cold.workerCpuMax} s; ${out.cold.workerCpuTotal.toFixed(2)} s, warm ${out.warm.workerCpuMax} s; ${out.warm.workerCpuTotal.toFixed(2)} s`);
  console.log(`page: ${status}`);
  console.log(`screenshot: ${shot}`);
}
if (errors.length) {
  console.error('console errors:\n' + errors.join('\n'));
  process.exitCode = 1;
}
