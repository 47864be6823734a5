// Lighthouse on the built site served gzipped, as a static host serves it (docs/benchmarks.md
// "Lighthouse"): the five pages a student opens from a link, each run `--runs` times (default 3) with
// Lighthouse's mobile preset (slow 4G, 4× CPU slowdown, simulated) and once more with its desktop
// preset; the median run's performance and accessibility scores and its LCP, TBT, CLS, FCP and Speed
// Index, per page. Debian's Chromium (CHROMIUM_PATH) is launched by chrome-launcher. Prints a table,
// or with --json the numbers scripts/figures.py writes into the docs.
//
//   node web/scripts/lighthouse.mjs [--runs N] [--json] [--dir dist]
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { CHROMIUM, serveDir } from './static-server.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const value = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : fallback;
};
const runs = Number(value('--runs', '3'));
if (!Number.isInteger(runs) || runs < 1 || runs > 15) {
  console.error('lighthouse.mjs: --runs: expected a whole number in [1, 15]');
  process.exit(2);
}
const dir = value('--dir', fileURLToPath(new URL('../../dist/', import.meta.url)));

/** The pages of issue "Fast on a phone": the default, the cradle, the stadium, the Why view, the element. */
export const PAGES = ['', '?case=cradle', '?case=billiard-stadium', '?case=particle&view=why', 'element.html'];

const { server, base } = await serveDir(dir, { gzip: true });
const chrome = await launch({ chromePath: CHROMIUM.executablePath, chromeFlags: ['--headless=new', ...CHROMIUM.args] });

/** One Lighthouse run: the scores (0–100) and metrics (ms; CLS unitless). */
async function measure(url, desktop) {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, desktop ? desktopConfig : undefined);
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse: no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`lighthouse: ${url}: ${lhr.runtimeError.message}`);
  const a = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    version: lhr.lighthouseVersion,
    performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? Number.NaN) * 100),
    lcp: a('largest-contentful-paint'),
    tbt: a('total-blocking-time'),
    cls: a('cumulative-layout-shift'),
    fcp: a('first-contentful-paint'),
    si: a('speed-index'),
  };
}

/** The run with the median performance score (ties: the median LCP among them). */
function median(results) {
  const sorted = [...results].sort((x, y) => x.performance - y.performance || x.lcp - y.lcp);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const rows = [];
try {
  for (const page of PAGES) {
    const url = `${base}${page}`;
    const mobile = [];
    for (let k = 0; k < runs; k++) mobile.push(await measure(url, false));
    const desktop = await measure(url, true);
    rows.push({ page: `/${page}`, mobile: median(mobile), mobileRuns: mobile.map((r) => r.performance), desktop });
  }
} finally {
  await chrome.kill();
  server.close();
}

if (flag('--json')) console.log(JSON.stringify({ lighthouse: rows[0]?.desktop.version, runs, pages: rows }, null, 1));
else {
  const f = (v, d = 0) => (Number.isFinite(v) ? v.toFixed(d) : '—');
  console.log(`Lighthouse, built site served gzipped; mobile: median of ${runs} (scores of each run), desktop: one run`);
  console.log('page                           mobile  (runs)        a11y  LCP s  TBT ms  CLS    desktop');
  for (const r of rows)
    console.log(
      `${r.page.padEnd(30)} ${String(r.mobile.performance).padStart(5)}  (${r.mobileRuns.join(', ')})`.padEnd(52) +
        `${String(r.mobile.accessibility).padStart(4)}  ${f(r.mobile.lcp / 1000, 1).padStart(5)}  ${f(r.mobile.tbt).padStart(6)}  ${f(r.mobile.cls, 3)}  ${String(r.desktop.performance).padStart(5)}`,
    );
}
