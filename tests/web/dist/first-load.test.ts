// The first load of the BUILT site (dist/, served by a tiny static server, driven in Debian's
// Chromium through Playwright): what index.html fetches before the first frame and in what order.
// index.html preloads the app's chunk, not the engine: a preset's first frame is drawn from its stored
// start (app/first-frame.ts) and the engine (its chunk and the .wasm, fetched once) after it; an
// address whose start needs the engine (a changed field) fetches it at once, before its first frame.
// uPlot is not part of the first load either: it is fetched after the first frame, and the plots draw
// with it. Sizes and times are printed by `npm run measure`, not asserted. Needs `npm run build` first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, useDistSite } from './support';

const site = useDistSite();

/** The chunk files index.html names (script, preloads, stylesheet), relative to dist/. */
function linkedFiles(): string[] {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1]!);
}

describe('first load of the built page', () => {
  it('index.html links the entry and the app chunk, and not the engine, uPlot or a worker', () => {
    const files = linkedFiles();
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    expect(files.some((f) => /^assets\/app-.*\.js$/.test(f))).toBe(true);
    expect(files.some((f) => /instantiate-|\.wasm$/.test(f))).toBe(false);
    expect(files.filter((f) => f.endsWith('.css'))).toHaveLength(1); // one stylesheet (uPlot's included)
    expect(files.some((f) => /uPlot|worker|rapier/i.test(f))).toBe(false);
    // The entry itself is small: three.js and the UI are in the app's chunk.
    const entry = files.find((f) => f.endsWith('.js') && html.includes(`<script type="module" crossorigin src="./${f}">`));
    expect(entry).toBeDefined();
    expect(readFileSync(join(DIST, entry!)).length).toBeLessThan(20_000);
  });

  it('fetches the .wasm once and after the first frame, uPlot only after it too, and the plots draw with it', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${site.origin}/?case=IV`);
    await page.waitForFunction(() => performance.getEntriesByName('lgvci:first-frame').length > 0, undefined, { timeout: 60_000 });
    // The energy plot's canvas: uPlot arrived and drew.
    await page.waitForSelector('[data-plot="energy"] .plot-host canvas', { timeout: 30_000 });
    const t = await page.evaluate(() => {
      const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const named = (re: RegExp) => res.filter((r) => re.test(new URL(r.name).pathname));
      return {
        firstFrame: performance.getEntriesByName('lgvci:first-frame')[0]!.startTime,
        wasm: named(/\.wasm$/).map((r) => r.startTime),
        uplot: named(/uPlot[^/]*\.js$/).map((r) => r.startTime),
      };
    });
    expect(t.wasm).toHaveLength(1);
    expect(t.wasm[0]!).toBeGreaterThanOrEqual(t.firstFrame);
    expect(t.uplot).toHaveLength(1);
    expect(t.uplot[0]!).toBeGreaterThanOrEqual(t.firstFrame);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a start the engine must compute (a changed field) fetches the .wasm before its first frame, and steps', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${site.origin}/?h=0.005`);
    await page.waitForFunction(() => performance.getEntriesByName('lgvci:first-step').length > 0, undefined, { timeout: 60_000 });
    const t = await page.evaluate(() => ({
      firstFrame: performance.getEntriesByName('lgvci:first-frame')[0]!.startTime,
      engine: performance.getEntriesByName('lgvci:engine-ready')[0]!.startTime,
      wasm: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.name.endsWith('.wasm')).map((r) => r.startTime),
    }));
    expect(t.wasm).toHaveLength(1);
    expect(t.wasm[0]!).toBeLessThan(t.firstFrame);
    expect(t.engine).toBeLessThan(t.firstFrame);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('before the engine: the preset drawn, a loading notice, Space queues Play; the run starts when the engine is ready', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1200, height: 900 } });
    // Hold the .wasm back until the test lets it go, to look at the page before the engine.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\.wasm$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${site.origin}/?paused=1`);
    await page.waitForFunction(() => performance.getEntriesByName('lgvci:first-frame').length > 0, undefined, { timeout: 60_000 });
    const notice = page.locator('.lgvci-loading[role="status"]');
    await expect.poll(() => notice.textContent()).toBe('Loading the integrator…');
    expect(await page.locator('.lgvci-viewport canvas').count()).toBe(1);
    await page.focus('#app');
    await page.keyboard.press('Space');
    await expect.poll(() => notice.textContent()).toBe('Loading the integrator… it plays as soon as it is ready.');
    release();
    // Paused by the address, but Play was pressed while loading: it steps.
    await page.waitForFunction(() => performance.getEntriesByName('lgvci:first-step').length > 0, undefined, { timeout: 60_000 });
    expect(await notice.count()).toBe(0);
    await page.close();
  });
});
