// The first load of the BUILT site (dist/, served by a tiny static server, driven in Debian's
// Chromium through Playwright): what index.html fetches before the first frame and in what order.
// The small entry starts the engine, index.html preloads the engine's chunk, the .wasm and the app's
// chunk (so the .wasm is fetched once, by the preload, and compiles while the app's chunk loads),
// and uPlot is not part of the first load: it is fetched after the first frame, and the plots draw
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
  it('index.html links the entry, the engine chunk, the .wasm and the app chunk, and not uPlot or a worker', () => {
    const files = linkedFiles();
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    expect(files.some((f) => /^assets\/instantiate-.*\.js$/.test(f))).toBe(true);
    expect(files.some((f) => /^assets\/app-.*\.js$/.test(f))).toBe(true);
    expect(html).toMatch(/<link rel="preload" as="fetch" type="application\/wasm" crossorigin="anonymous" href="\.\/assets\/lgvci_wasm-[^"]+\.wasm">/);
    expect(files.filter((f) => f.endsWith('.css'))).toHaveLength(1); // one stylesheet (uPlot's included)
    expect(files.some((f) => /uPlot|worker|rapier/i.test(f))).toBe(false);
    // The entry itself is small: three.js and the UI are in the app's chunk.
    const entry = files.find((f) => f.endsWith('.js') && html.includes(`<script type="module" crossorigin src="./${f}">`));
    expect(entry).toBeDefined();
    expect(readFileSync(join(DIST, entry!)).length).toBeLessThan(20_000);
  });

  it('fetches the .wasm once, uPlot only after the first frame, and the plots draw with it', async () => {
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
    expect(t.uplot).toHaveLength(1);
    expect(t.uplot[0]!).toBeGreaterThanOrEqual(t.firstFrame);
    expect(errors).toEqual([]);
    await page.close();
  });
});
