// Measures the built page: gzipped sizes of dist/ assets, split into what the first load
// fetches (index.html, its CSS and JS chunks, the engine chunk and the .wasm) and what loads later (the
// long-run worker), the first load split by kind (HTML, JS, WASM, CSS), and the time from navigation to
// the first rendered frame in headless Chromium (median, quartiles and range of RUNS loads, default 9),
// plus a screenshot. Serves DIST (default dist/) itself unless a URL is given.
// Usage: npm run build && npm run measure [-- url] [screenshot.png]
//        DIST=other-dist RUNS=15 npm run measure          (A/B against another build)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';

const width = Number(process.env.WIDTH ?? 1400);
const height = Number(process.env.HEIGHT ?? 900);
const shot = process.argv[3] ?? '/tmp/lgvci-shot.png';
const dist = process.env.DIST ?? 'dist';

function walk(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

// A static server over dist/ with the MIME type streaming compilation needs for .wasm.
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.png': 'image/png' };
let server = null;
let url = process.argv[2];
if (!url) {
  server = createServer((req, res) => {
    const rel = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^\/+/, '') || 'index.html';
    try {
      const body = readFileSync(join(dist, rel));
      res.writeHead(200, { 'content-type': types[extname(rel)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${server.address().port}/`;
}

// What the first load fetches: index.html and everything it links (scripts, styles, preloads), plus
// what those import statically; the worker chunk is fetched only when a long run starts.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const linked = new Set([...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => join(dist, m[1])));
const kindOf = (f) => ({ '.js': 'JS', '.mjs': 'JS', '.wasm': 'WASM', '.css': 'CSS', '.html': 'HTML' })[extname(f)] ?? 'other';
const byKind = {};
let total = 0, totalGz = 0, initialGz = 0, initial = 0;
for (const f of walk(dist)) {
  const buf = readFileSync(f);
  const gz = gzipSync(buf, { level: 9 }).length;
  const first = f === join(dist, 'index.html') || linked.has(f);
  total += buf.length;
  totalGz += gz;
  if (first) {
    initial += buf.length;
    initialGz += gz;
    const k = (byKind[kindOf(f)] ??= { raw: 0, gz: 0 });
    k.raw += buf.length;
    k.gz += gz;
  }
  console.log(`${f.padEnd(44)} ${String(buf.length).padStart(9)} B   gzip ${String(gz).padStart(8)} B  ${first ? 'first load' : 'later'}`);
}
console.log(`${'total'.padEnd(44)} ${String(total).padStart(9)} B   gzip ${String(totalGz).padStart(8)} B`);
console.log(`${'first load (html + linked + preloaded)'.padEnd(44)} ${String(initial).padStart(9)} B   gzip ${String(initialGz).padStart(8)} B`);
for (const [k, v] of Object.entries(byKind).sort((a, b) => b[1].gz - a[1].gz)) {
  console.log(`${`  first load, ${k}`.padEnd(44)} ${String(v.raw).padStart(9)} B   gzip ${String(v.gz).padStart(8)} B`);
}
const jsWasm = (byKind.JS?.gz ?? 0) + (byKind.WASM?.gz ?? 0);
console.log(`${'  first load, JS + WASM (target 250 KB)'.padEnd(44)} ${''.padStart(9)}     gzip ${String(jsWasm).padStart(8)} B`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const errors = [];
const runs = [];
for (let i = 0; i < Number(process.env.RUNS ?? 9); i++) {
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
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('lgvci:first-frame').length > 0, null, {
    timeout: 30000,
  });
  const t = await page.evaluate(() => ({
    firstFrame: performance.getEntriesByName('lgvci:first-frame')[0].startTime,
    engine: performance.getEntriesByName('lgvci:engine-ready')[0]?.startTime ?? NaN,
    dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
  }));
  runs.push(t);
  if (i === 0) {
    await page.waitForTimeout(Number(process.env.WAIT ?? 3000));
    await page.screenshot({ path: shot });
  }
  await page.close();
}
await browser.close();
for (const r of runs) {
  console.log(
    `first frame ${r.firstFrame.toFixed(0)} ms after navigation (DOMContentLoaded ${r.dcl.toFixed(0)} ms, WASM engine ready ${r.engine.toFixed(0)} ms)`,
  );
}
// Median, quartiles and range (nearest-rank) of one timing over the loads.
function spread(key) {
  const v = runs.map((r) => r[key]).sort((a, b) => a - b);
  const q = (p) => v[Math.min(v.length - 1, Math.max(0, Math.ceil(p * v.length) - 1))];
  return { median: q(0.5), q1: q(0.25), q3: q(0.75), min: v[0], max: v[v.length - 1] };
}
for (const [key, label] of [['dcl', 'DOMContentLoaded'], ['engine', 'WASM engine ready'], ['firstFrame', 'first frame']]) {
  const s = spread(key);
  console.log(
    `${label}: median ${s.median.toFixed(0)} ms (quartiles ${s.q1.toFixed(0)}–${s.q3.toFixed(0)}, range ${s.min.toFixed(0)}–${s.max.toFixed(0)}) over ${runs.length} loads`,
  );
}
console.log(`screenshot: ${shot}`);
server?.close();
if (errors.length) {
  console.log('console errors:\n' + errors.join('\n'));
  process.exitCode = 1;
}
