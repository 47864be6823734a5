// The size check's first load (scripts/size-check.mjs, docs/page.md "Size ceilings") against what the
// BUILT page really fetches before its first frame in Debian's Chromium: every file requested before
// the first frame is one the check counts, so a ceiling cannot miss a file the first frame waits for.
// Needs `npm run build` and `npm run build:single` first.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, launchChromium, serveDistUnder } from './support';

const SCRIPT = fileURLToPath(new URL('../../../scripts/size-check.mjs', import.meta.url));

let server: Server;
let origin = '';
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/index.html missing: run `npm run build` first');
  server = createServer((req, res) => {
    serveDistUnder(res, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname), '/');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
});

describe('the size check on the built site', () => {
  it('counts every file the page fetches before its first frame, and no lazy chunk', async () => {
    const r = spawnSync(process.execPath, [SCRIPT, '--json'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const rows = JSON.parse(r.stdout) as { name: string; files: string[] }[];
    const counted = rows.find((x) => x.name === 'first-load.gzip')!.files;
    expect(counted.some((f) => /rapier|worker|uPlot/i.test(f))).toBe(false);

    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${origin}/?case=IV`);
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
