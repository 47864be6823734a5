// Measures the built page: gzipped sizes of dist/ assets (the files index.html names and what they
// import statically, split by kind, against what loads later), and in headless Chromium, over RUNS
// cold loads (default 9; a new page each, no cache shared): the time from navigation to the first
// rendered frame (performance mark lgvci:first-frame), to that frame presented (presented.mjs: the
// next animation frame), to the engine being ready (lgvci:engine-ready) and to the first simulation
// step done (lgvci:first-step); the view's canvas size (CSS pixels, for measure-floor.mjs --size);
// the bytes fetched before the first frame;
// and the layout shift (CLS) up to one second after the first step. Median, quartiles and range
// (nearest rank) of each; a screenshot of the first load. Serves DIST (default dist/) itself unless a
// URL is given.
//
// Bytes before the first frame (docs/page.md "First load"): the document and every resource whose
// response ENDED before the first-frame mark (PerformanceResourceTiming.responseEnd), each counted as
// its dist/ file gzipped at level 9 (what a host serving precompressed files sends; this server sends
// them uncompressed, so transferSize would count raw bytes). A fetch still under way at the first
// frame is not counted: its bytes did not hold the frame back.
//
// Usage: npm run build && npm run measure [-- url] [screenshot.png]
//        node web/scripts/measure.mjs --json   one JSON object on stdout (the keys below), nothing else
//        DIST=other-dist RUNS=15 npm run measure          (A/B against another build)
//        QUERY='?case=III' npm run measure                 (another start; default: the page's own)
//        THROTTLE=kbps,rtt npm run measure                 (a slower link, e.g. 10000,40)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { extname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { PRESENTED_MARK, presentedInitScript } from './presented.mjs';
import { CHROMIUM, pageToMeasure } from './static-server.mjs';

const argv = process.argv.slice(2);
const json = argv.includes('--json');
const positional = argv.filter((a) => a !== '--json');
const width = Number(process.env.WIDTH ?? 1400);
const height = Number(process.env.HEIGHT ?? 900);
const shot = positional[1] ?? '/tmp/lgvci-shot.png';
const dist = process.env.DIST ?? 'dist';
const RUNS = Number(process.env.RUNS ?? 9);
const log = json ? () => undefined : (line) => console.log(line);

const FIRST_FRAME_MARK = 'lgvci:first-frame';
const ENGINE_READY_MARK = 'lgvci:engine-ready';
const FIRST_STEP_MARK = 'lgvci:first-step';

function walk(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

// A static server over dist/ (static-server.mjs), unless a URL is given.
const { server, url } = await pageToMeasure(positional[0], dist, process.env.QUERY ?? '');

// Sizes: index.html, what it names (scripts, styles, modulepreloads, preloads) and what those import
// statically (dist/.vite/manifest.json) are the static first load; the rest loads later or on demand.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const manifestPath = join(dist, '.vite', 'manifest.json');
const manifest = (() => {
  try {
    return JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    return {};
  }
})();
const byFile = new Map(Object.values(manifest).map((c) => [c.file, c]));
const linked = new Set();
const visit = (rel) => {
  if (linked.has(rel)) return;
  linked.add(rel);
  const c = byFile.get(rel);
  for (const css of c?.css ?? []) linked.add(css);
  for (const k of c?.imports ?? []) if (manifest[k]) visit(manifest[k].file);
};
for (const m of html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)) visit(m[1]);
const kindOf = (f) => ({ '.js': 'JS', '.mjs': 'JS', '.wasm': 'WASM', '.css': 'CSS', '.html': 'HTML' })[extname(f)] ?? 'other';
const byKind = {};
/** gzip -9 size of each dist/ file, by its path relative to dist/ ('index.html', 'assets/…'). */
const gzOf = new Map();
let total = 0, totalGz = 0, initialGz = 0, initial = 0;
for (const f of walk(dist)) {
  const rel = relative(dist, f);
  if (rel.startsWith('.vite')) continue;
  const buf = readFileSync(f);
  const gz = gzipSync(buf, { level: 9 }).length;
  gzOf.set(rel, gz);
  const first = rel === 'index.html' || linked.has(rel);
  total += buf.length;
  totalGz += gz;
  if (first) {
    initial += buf.length;
    initialGz += gz;
    const k = (byKind[kindOf(f)] ??= { raw: 0, gz: 0 });
    k.raw += buf.length;
    k.gz += gz;
  }
  log(`${f.padEnd(44)} ${String(buf.length).padStart(9)} B   gzip ${String(gz).padStart(8)} B  ${first ? 'first load' : 'later'}`);
}
log(`${'total'.padEnd(44)} ${String(total).padStart(9)} B   gzip ${String(totalGz).padStart(8)} B`);
log(`${'first load (html + linked + their imports)'.padEnd(44)} ${String(initial).padStart(9)} B   gzip ${String(initialGz).padStart(8)} B`);
for (const [k, v] of Object.entries(byKind).sort((a, b) => b[1].gz - a[1].gz)) {
  log(`${`  first load, ${k}`.padEnd(44)} ${String(v.raw).padStart(9)} B   gzip ${String(v.gz).padStart(8)} B`);
}

const load = loadavg().map((x) => Number(x.toFixed(2)));
const browser = await chromium.launch(CHROMIUM);
const errors = [];
const runs = [];
for (let i = 0; i < RUNS; i++) {
  const page = await browser.newPage({ viewport: { width, height } });
  if (process.env.THROTTLE) {
    // THROTTLE=kbps,rttms e.g. 10000,40 (a modest broadband link); http cache disabled.
    const [kbps, rtt] = process.env.THROTTLE.split(',').map(Number);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: rtt,
      downloadThroughput: (kbps * 1000) / 8,
      uploadThroughput: (kbps * 1000) / 8,
    });
  }
  await page.addInitScript(presentedInitScript(FIRST_FRAME_MARK));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  const marked = (name, timeout = 60000) => page.waitForFunction((n) => performance.getEntriesByName(n).length > 0, name, { timeout });
  await marked(FIRST_FRAME_MARK);
  // A build without the first-step mark (an older one, for an A/B): STEP_TIMEOUT=1 skips it (NaN).
  await marked(FIRST_STEP_MARK, Number(process.env.STEP_TIMEOUT ?? 60000)).catch((e) => {
    if (!process.env.STEP_TIMEOUT) throw e;
  });
  await page.waitForTimeout(1000);
  await marked(PRESENTED_MARK);
  const canvas = await page.evaluate(() => {
    const c = document.querySelector('canvas.lgvci-canvas');
    return c ? { width: Math.round(c.getBoundingClientRect().width), height: Math.round(c.getBoundingClientRect().height) } : null;
  });
  const t = await page.evaluate(
    ([ff, er, fs, pr]) =>
      new Promise((resolve) => {
        const at = (n) => performance.getEntriesByName(n)[0]?.startTime ?? NaN;
        const firstFrame = at(ff);
        const nav = performance.getEntriesByType('navigation')[0];
        const before = (performance.getEntriesByType('resource'))
          .filter((e) => e.responseEnd > 0 && e.responseEnd <= firstFrame && new URL(e.name).origin === location.origin)
          .map((e) => new URL(e.name).pathname);
        if (nav.responseEnd <= firstFrame) before.unshift(new URL(nav.name).pathname);
        // When the last byte the first frame used arrived: the rest of the wait is running the code
        // (parse, evaluation, building the scene) and the first render.
        const lastByte = Math.max(
          nav.responseEnd,
          ...performance
            .getEntriesByType('resource')
            .filter((e) => e.responseEnd > 0 && e.responseEnd <= firstFrame && new URL(e.name).origin === location.origin)
            .map((e) => e.responseEnd),
        );
        // Layout shifts so far (buffered), without those right after an input (none here): the sum.
        let cls = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) if (!e.hadRecentInput) cls += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(
          () =>
            resolve({
              firstFrame,
              presented: at(pr),
              engine: at(er),
              firstStep: at(fs),
              dcl: nav.domContentLoadedEventEnd,
              lastByte,
              before,
              cls,
            }),
          50,
        );
      }),
    [FIRST_FRAME_MARK, ENGINE_READY_MARK, FIRST_STEP_MARK, PRESENTED_MARK],
  );
  t.canvas = canvas;
  // The document is fetched as '/', served as index.html.
  const files = t.before.map((p) => {
    const rel = p.replace(/^\/+/, '').replace(/(^|\/)$/, '$1index.html');
    return gzOf.has(rel) ? rel : rel.replace(/^.*?(assets\/)/, '$1');
  });
  const missing = files.filter((f) => !gzOf.has(f));
  if (missing.length) errors.push(`fetched before the first frame but not in ${dist}: ${missing.join(', ')}`);
  t.files = files;
  t.bytesBeforeFirstFrame = files.reduce((s, f) => s + (gzOf.get(f) ?? 0), 0);
  runs.push(t);
  if (i === 0) {
    await page.waitForTimeout(Number(process.env.WAIT ?? 2000));
    await page.screenshot({ path: shot });
  }
  await page.close();
}
await browser.close();
server?.close();
for (const r of runs) {
  log(
    `first frame ${r.firstFrame.toFixed(0)} ms after navigation (DOMContentLoaded ${r.dcl.toFixed(0)} ms, engine ready ${r.engine.toFixed(0)} ms, first step ${r.firstStep.toFixed(0)} ms; ` +
      `${r.bytesBeforeFirstFrame} B gzipped before the first frame, CLS ${r.cls.toFixed(3)})`,
  );
}
// Median, quartiles and range (nearest-rank) of one measure over the loads.
function spread(key) {
  const v = runs.map((r) => r[key]).filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (v.length === 0) return { median: NaN, q1: NaN, q3: NaN, min: NaN, max: NaN };
  const q = (p) => v[Math.min(v.length - 1, Math.max(0, Math.ceil(p * v.length) - 1))];
  return { median: q(0.5), q1: q(0.25), q3: q(0.75), min: v[0], max: v[v.length - 1] };
}
const round = (s) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, Math.round(v)]));
const before = spread('bytesBeforeFirstFrame');
const medianRun = runs.find((r) => r.bytesBeforeFirstFrame === before.median);
for (const [key, label] of [['dcl', 'DOMContentLoaded'], ['lastByte', 'last byte the first frame used'], ['firstFrame', 'first frame'], ['presented', 'first frame presented'], ['engine', 'engine ready'], ['firstStep', 'first step']]) {
  const s = spread(key);
  log(`${label}: median ${s.median.toFixed(0)} ms (quartiles ${s.q1.toFixed(0)}–${s.q3.toFixed(0)}, range ${s.min.toFixed(0)}–${s.max.toFixed(0)}) over ${runs.length} loads`);
}
log(`bytes before the first frame (gzip -9, responses ended before it): median ${before.median} B (range ${before.min}–${before.max}): ${medianRun?.files.join(', ')}`);
const cls = spread('cls');
log(`layout shift (CLS, to 1 s after the first step): median ${cls.median.toFixed(3)} (max ${cls.max.toFixed(3)})`);
log(`load average at the start: ${load.join(', ')}; screenshot: ${shot}`);
if (json) {
  console.log(
    JSON.stringify({
      firstLoadGzipBytes: initialGz,
      bytesBeforeFirstFrame: before.median,
      firstFrameMs: round(spread('firstFrame')),
      firstFramePresentedMs: round(spread('presented')),
      canvas: runs[0]?.canvas ?? null,
      firstStepMs: round(spread('firstStep')),
      lastByteBeforeFirstFrameMs: round(spread('lastByte')),
      engineReadyMs: round(spread('engine')),
      runs: runs.length,
      load,
    }),
  );
}
if (errors.length) {
  console.error('console errors:\n' + errors.join('\n'));
  process.exitCode = 1;
}
