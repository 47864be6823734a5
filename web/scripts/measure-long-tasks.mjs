// Main-thread tasks over 50 ms after load (the Core Web Vitals budget the page keeps: docs/page.md
// "Long tasks"), in headless Chromium over RUNS cold loads (default 5) of the built page, each watched
// for WATCH ms (default 10000) after the load event while the page plays (its first impacts included).
// Per load: every long task after the load event (start relative to it, and duration), from the
// Long Tasks API (PerformanceObserver 'longtask'), and the page's own share of each frame: its
// animation-frame callbacks timed, those over 50 ms named by the page's last mark (lgvci:first-frame,
// lgvci:app-ready, …). In headless Chromium's software GL every frame's task waits for the rasteriser,
// so the tasks measure this machine's GL; the callbacks measure the page. Serves DIST (default dist/)
// itself unless a URL is given.
//
// Usage: npm run build && node web/scripts/measure-long-tasks.mjs [url] [--json]
//        QUERY='?case=cradle' RUNS=9 WATCH=20000 node web/scripts/measure-long-tasks.mjs
import { chromium } from 'playwright';
import { CHROMIUM, pageToMeasure } from './static-server.mjs';

const argv = process.argv.slice(2);
const json = argv.includes('--json');
const positional = argv.filter((a) => a !== '--json');
const RUNS = Number(process.env.RUNS ?? 5);
const WATCH = Number(process.env.WATCH ?? 10000);
const width = Number(process.env.WIDTH ?? 1400);
const height = Number(process.env.HEIGHT ?? 900);
const log = json ? () => undefined : (line) => console.log(line);

const { server, url } = await pageToMeasure(positional[0], process.env.DIST ?? 'dist', process.env.QUERY ?? '');

const browser = await chromium.launch(CHROMIUM);
const errors = [];
const loads = [];
for (let i = 0; i < RUNS; i++) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.addInitScript(() => {
    const tasks = [];
    Object.defineProperty(window, '__longTasks', { value: tasks });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    // The page's own work per frame: each animation-frame callback timed (the GL commands it issues
    // are queued; the software rasteriser's wait comes after it, in the same task).
    const callbacks = [];
    Object.defineProperty(window, '__frameCallbacks', { value: callbacks });
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (cb) =>
      raf((t) => {
        const t0 = performance.now();
        try {
          cb(t);
        } finally {
          callbacks.push({ start: t0, ms: performance.now() - t0 });
        }
      });
  });
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(WATCH);
  const r = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const loaded = nav.loadEventEnd;
    const frames = window.__frameCallbacks.filter((c) => c.start >= loaded).map((c) => c.ms).sort((a, b) => a - b);
    const q = (p) => frames[Math.min(frames.length - 1, Math.max(0, Math.ceil(p * frames.length) - 1))] ?? NaN;
    return {
      frames: { count: frames.length, median: q(0.5), p95: q(0.95), max: frames[frames.length - 1] ?? NaN },
      // Each slow callback named by the page's last mark (lgvci:…) set before it ended.
      slowFrames: window.__frameCallbacks
        .filter((c) => c.start >= loaded && c.ms > 50)
        .map((c) => {
          const marks = performance.getEntriesByType('mark').filter((m) => m.name.startsWith('lgvci:') && m.startTime <= c.start + c.ms);
          return { at: Math.round(c.start - loaded), ms: Math.round(c.ms), after: marks[marks.length - 1]?.name ?? 'no mark' };
        }),
      loaded,
      before: window.__longTasks.filter((t) => t.start < loaded).map((t) => Math.round(t.duration)),
      after: window.__longTasks.filter((t) => t.start >= loaded).map((t) => ({ at: Math.round(t.start - loaded), ms: Math.round(t.duration) })),
    };
  });
  loads.push(r);
  log(
    `load ${i + 1}: load event at ${r.loaded.toFixed(0)} ms; long tasks before it ${JSON.stringify(r.before)}; ` +
      `after it ${r.after.length ? r.after.map((t) => `${t.ms} ms at +${t.at} ms`).join(', ') : 'none'}; ` +
      `frame callbacks over 50 ms: ${r.slowFrames.length ? r.slowFrames.map((t) => `${t.ms} ms at +${t.at} ms (${t.after})`).join(', ') : 'none'}; ` +
      `${r.frames.count} frame callbacks: median ${r.frames.median.toFixed(1)} ms, 95th percentile ${r.frames.p95.toFixed(1)} ms, max ${r.frames.max.toFixed(1)} ms`,
  );
  await page.close();
}
await browser.close();
server?.close();
const after = loads.flatMap((l) => l.after);
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)] ?? NaN;
const summary = {
  runs: RUNS,
  watchMs: WATCH,
  loadsWithLongTaskAfterLoad: loads.filter((l) => l.after.length > 0).length,
  longestAfterLoadMs: after.length ? Math.max(...after.map((t) => t.ms)) : 0,
  longTasksAfterLoad: after.length,
  frameCallbackMs: {
    median: median(loads.map((l) => l.frames.median)),
    p95: median(loads.map((l) => l.frames.p95)),
    max: Math.max(...loads.map((l) => l.frames.max)),
  },
};
log(
  `${summary.loadsWithLongTaskAfterLoad} of ${RUNS} loads had a task over 50 ms after the load event ` +
    `(${summary.longTasksAfterLoad} in all, the longest ${summary.longestAfterLoadMs} ms) in ${WATCH} ms of play; ` +
    `the page's frame callback: median ${summary.frameCallbackMs.median.toFixed(1)} ms, 95th percentile ` +
    `${summary.frameCallbackMs.p95.toFixed(1)} ms, longest ${summary.frameCallbackMs.max.toFixed(1)} ms`,
);
if (json) console.log(JSON.stringify(summary));
if (errors.length) {
  console.error('console errors:\n' + errors.join('\n'));
  process.exitCode = 1;
}
