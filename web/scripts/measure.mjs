// Measures the built page (issue 14): gzipped sizes of dist/ assets, split into what the first load
// fetches (index.html, its CSS and JS chunks, the engine chunk and the .wasm) and what loads later (the
// long-run worker), and the time from navigation to the first rendered frame in headless Chromium
// (median of RUNS, default 5), plus a screenshot. Serves dist/ itself unless a URL is given.
// Usage: npm run build && npm run measure [-- url] [screenshot.png]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';

const width = Number(process.env.WIDTH ?? 1400);
const height = Number(process.env.HEIGHT ?? 900);
const shot = process.argv[3] ?? '/tmp/lgvci-shot.png';

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
      const body = readFileSync(join('dist', rel));
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
const html = readFileSync('dist/index.html', 'utf8');
const linked = new Set([...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => join('dist', m[1])));
let total = 0, totalGz = 0, initialGz = 0, initial = 0;
for (const f of walk('dist')) {
  const buf = readFileSync(f);
  const gz = gzipSync(buf, { level: 9 }).length;
  const first = f === join('dist', 'index.html') || linked.has(f);
  total += buf.length;
  totalGz += gz;
  if (first) { initial += buf.length; initialGz += gz; }
  console.log(`${f.padEnd(44)} ${String(buf.length).padStart(9)} B   gzip ${String(gz).padStart(8)} B  ${first ? 'first load' : 'later'}`);
}
console.log(`${'total'.padEnd(44)} ${String(total).padStart(9)} B   gzip ${String(totalGz).padStart(8)} B`);
console.log(`${'first load (html + linked + preloaded)'.padEnd(44)} ${String(initial).padStart(9)} B   gzip ${String(initialGz).padStart(8)} B`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const errors = [];
const runs = [];
for (let i = 0; i < Number(process.env.RUNS ?? 5); i++) {
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
const frames = runs.map((r) => r.firstFrame).sort((a, b) => a - b);
console.log(`first frame: median ${frames[Math.floor(frames.length / 2)].toFixed(0)} ms over ${frames.length} loads`);
console.log(`screenshot: ${shot}`);
server?.close();
if (errors.length) {
  console.log('console errors:\n' + errors.join('\n'));
  process.exitCode = 1;
}
