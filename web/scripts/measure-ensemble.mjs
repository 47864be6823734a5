// Times an ensemble in the built page in headless Chromium: K members of N steps of the
// current set-up (Case IV by default) on the page's pool of Web Workers, from the click on "Run
// ensemble" to the drawn histograms, and saves a screenshot of the ensemble plots.
// Usage: npm run build && npm run serve &  then  node web/scripts/measure-ensemble.mjs [url] [K] [N] [shot.png]
// PAUSED=1 opens the page with prefers-reduced-motion, so the main simulation does not autoplay and
// the 3-D view (software WebGL here) does not compete with the workers for the cores.
import { chromium } from 'playwright';

const url = process.argv[2] ?? 'http://localhost:4173/';
const K = process.argv[3] ?? '100';
const N = process.argv[4] ?? '100000';
const shot = process.argv[5] ?? '/tmp/lgvci-ensemble.png';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 1400, height: 1800 } });
if (process.env.PAUSED === '1') await page.emulateMedia({ reducedMotion: 'reduce' });
const errors = [];
page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
page.on('pageerror', (e) => errors.push(String(e)));
await page.goto(url);
await page.waitForFunction(() => performance.getEntriesByName('lgvci:first-frame').length > 0, null, { timeout: 30000 });
const cores = await page.evaluate(() => navigator.hardwareConcurrency);
await page.selectOption('select[id$="-case"]', 'IV').catch(() => {});
await page.fill('input[id$="-ens-members"]', K);
await page.fill('input[id$="-ens-steps"]', N);
const t0 = Date.now();
await page.click('text=Run ensemble');
await page.waitForSelector('.lgvci-ensemble-plots:not([hidden])', { timeout: 600000 });
const wall = (Date.now() - t0) / 1000;
const status = await page.textContent('p[id$="-ens-status"]');
console.log(`navigator.hardwareConcurrency = ${cores}; main simulation ${process.env.PAUSED === '1' ? 'paused' : 'playing'}`);
console.log(`${K} members of ${N} steps: ${wall.toFixed(2)} s from the click to the histograms`);
console.log(`page: ${status}`);
await page.locator('.lgvci-ensemble-plots').screenshot({ path: shot });
console.log(`screenshot: ${shot}`);
await browser.close();
if (errors.length) {
  console.log('console errors:\n' + errors.join('\n'));
  process.exitCode = 1;
}
