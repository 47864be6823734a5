// Measures the built page: gzipped sizes of dist/ assets, and (with a server running) the time from
// navigation to the first rendered frame in headless Chromium, plus a screenshot.
// Usage: npm run build && npm run serve &  then  node web/scripts/measure.mjs [url] [screenshot.png]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';

const url = process.argv[2] ?? 'http://localhost:4173/';
const shot = process.argv[3] ?? '/tmp/lgvci-shot.png';
const width = Number(process.env.WIDTH ?? 1400);
const height = Number(process.env.HEIGHT ?? 900);

function walk(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

let total = 0;
let totalGz = 0;
for (const f of walk('dist')) {
  const buf = readFileSync(f);
  const gz = gzipSync(buf, { level: 9 }).length;
  total += buf.length;
  totalGz += gz;
  console.log(`${f.padEnd(44)} ${String(buf.length).padStart(9)} B   gzip ${String(gz).padStart(8)} B`);
}
console.log(`${'total'.padEnd(44)} ${String(total).padStart(9)} B   gzip ${String(totalGz).padStart(8)} B`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const errors = [];
const runs = [];
for (let i = 0; i < Number(process.env.RUNS ?? 3); i++) {
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
console.log(`screenshot: ${shot}`);
if (errors.length) {
  console.log('console errors:\n' + errors.join('\n'));
  process.exitCode = 1;
}
