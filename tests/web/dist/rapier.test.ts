// Rapier in the BUILT site (dist/, served by a tiny static server, in Debian's Chromium): one file holds
// Rapier (its wasm inlined as base64, about 4.3 MB), and both the page (the comparison's ghosts) and
// the long-run worker (the comparison's long-run table) load Rapier from that one URL — Vite bundles
// workers on their own, and a plain import() gave each bundle its own copy (rapier-import.hosted.ts).
// Needs `npm run build` first.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, useDistSite } from './support';

/** A name inside @dimforge/rapier3d-compat's module (its wasm-bindgen file name), in no other file. */
const RAPIER_MARKER = 'rapier_wasm3d_bg.wasm';

const site = useDistSite();

/** dist/assets files whose text contains Rapier's module. */
function rapierFiles(): string[] {
  const dir = join(DIST, 'assets');
  return readdirSync(dir).filter((f) => /\.m?js$/.test(f) && readFileSync(join(dir, f), 'utf8').includes(RAPIER_MARKER));
}

describe('one Rapier in the built site', () => {
  it('dist/ holds Rapier in one .js file', () => {
    const files = rapierFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^rapier-[\w-]+\.js$/);
  });

  it('the page and the long-run worker both run Rapier, loaded from that one URL', async () => {
    const [file] = rapierFiles();
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${site.origin}/?case=IV`);
    await page.waitForFunction(() => performance.getEntriesByName('lgvci:app-ready').length > 0, null, { timeout: 60_000 });
    expect(site.requested.filter((p) => /rapier/i.test(p))).toEqual([]); // not part of the first load

    // the page: the comparison's legend names Rapier's ghost once Rapier is running in the page
    await page.getByRole('checkbox', { name: 'Compare with RK4, the naive baseline and Rapier' }).click();
    await page.waitForFunction(() => /Rapier engine/.test(document.querySelector('.compare-overlay')?.textContent ?? ''), null, { timeout: 60_000 });
    // the worker: the long-run table's Rapier row (the worker leaves it out when Rapier fails to load)
    await page.getByRole('button', { name: 'Long-run table (10⁵ steps)' }).click();
    await page.waitForFunction(() => /100000/.test(document.querySelector('[data-plot="compare-table"] tr[data-method="Rapier engine"]')?.textContent ?? ''), null, {
      timeout: 110_000,
      polling: 500,
    });
    // one Rapier URL over the page and its worker (the worker's fetch may be answered from the cache)
    expect([...new Set(site.requested.filter((p) => /rapier/i.test(p)))]).toEqual([`/assets/${file}`]);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
