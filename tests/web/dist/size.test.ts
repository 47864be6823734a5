// The size check's first load (scripts/size-check.mjs, docs/page.md "Size ceilings") against what the
// BUILT page really fetches before its first frame in Debian's Chromium: every file requested before
// the first frame is one the check counts, so a ceiling cannot miss a file the first frame waits for.
// Needs `npm run build` and `npm run build:single` first.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useDistSite } from './support';

const SCRIPT = fileURLToPath(new URL('../../../scripts/size-check.mjs', import.meta.url));

const site = useDistSite();

describe('the size check on the built site', () => {
  it('counts every file the page fetches before its first frame, and no lazy chunk', async () => {
    const r = spawnSync(process.execPath, [SCRIPT, '--json'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const rows = JSON.parse(r.stdout) as { name: string; files: string[] }[];
    const counted = rows.find((x) => x.name === 'first-load.gzip')!.files;
    expect(counted.some((f) => /rapier|worker|uPlot/i.test(f))).toBe(false);

    const page = await site.browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${site.origin}/?case=IV`);
    await page.waitForFunction(() => performance.getEntriesByName('lgvci:first-frame').length > 0, undefined, { timeout: 60_000 });
    const fetched = await page.evaluate(() => {
      const firstFrame = performance.getEntriesByName('lgvci:first-frame')[0]!.startTime;
      return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.startTime < firstFrame && new URL(e.name).origin === location.origin)
        .map((e) => new URL(e.name).pathname.replace(/^\//, ''));
    });
    await page.close();
    expect(fetched.length).toBeGreaterThan(2);
    expect(fetched.filter((f) => !counted.includes(f))).toEqual([]);
  });
});
