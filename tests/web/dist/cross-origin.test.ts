// The element served from ANOTHER origin than the course page (docs/custom-element.md "From another
// site"): a course page at http://127.0.0.1:A loads lgvci-element.js from http://localhost:B, as a
// course that links a department's copy of the simulator does. With CORS headers on B the element runs,
// and so do its Web Workers ("Why variational?" measures; before, the browser refused to start a worker
// from B's address and the view hung at 0 %). Without them the browser refuses the module script
// itself: no code of ours runs, and the page shows the fallback text the documented snippet puts inside
// the element (before, the element was 0 px tall with no word). Needs `npm run build` first.
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, launchChromium, serveDistUnder } from './support';

/** The course page: the documented snippet with its fallback text, from `sim` (B's address). */
const lesson = (sim: string): string => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lesson</title><link rel="icon" href="data:,">
<script type="module" src="${sim}/lgvci-element.js"></script></head>
<body><main style="max-width:900px"><h1>Lesson</h1>
<lgvci-sim id="a" case="particle" view="why"><p class="fallback">The simulator could not be loaded.</p></lgvci-sim>
</main></body></html>`;

let pages: Server;
let withCors: Server;
let withoutCors: Server;
let pagesOrigin = '';
let corsOrigin = '';
let plainOrigin = '';
let browser: Browser;

/** dist/ at B, with or without `Access-Control-Allow-Origin`. */
function distServer(cors: boolean): Server {
  return createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (cors) {
      const head = res.writeHead.bind(res);
      res.writeHead = ((status: number, headers?: Record<string, string>) =>
        head(status, { ...(headers ?? {}), 'access-control-allow-origin': '*' })) as typeof res.writeHead;
    }
    serveDistUnder(res, path, '/');
  });
}

async function listen(s: Server, host: string): Promise<string> {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://${host}:${(s.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  if (!existsSync(join(DIST, 'lgvci-element.js'))) throw new Error('dist/lgvci-element.js missing: run `npm run build` first');
  withCors = distServer(true);
  withoutCors = distServer(false);
  pages = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const sim = url.searchParams.get('sim') === 'cors' ? corsOrigin : plainOrigin;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(lesson(sim));
  });
  corsOrigin = await listen(withCors, 'localhost');
  plainOrigin = await listen(withoutCors, 'localhost');
  pagesOrigin = await listen(pages, '127.0.0.1');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  for (const s of [pages, withCors, withoutCors]) await new Promise<void>((r) => (s ? s.close(() => r()) : r()));
});

async function open(sim: 'cors' | 'plain', errors: string[]): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  page.setDefaultTimeout(120_000);
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${pagesOrigin}/lesson.html?sim=${sim}`);
  return page;
}

describe('<lgvci-sim> from another origin', () => {
  it('with CORS: the element runs, and "Why variational?" measures in its worker', async () => {
    const errors: string[] = [];
    const page = await open('cors', errors);
    await page.waitForFunction(() => {
      const app = (document.getElementById('a') as unknown as { app?: { frames: number } | null }).app;
      return !!app && app.frames > 2;
    });
    // The fallback text is not shown once the element has its own content.
    expect(await page.locator('.fallback').isVisible()).toBe(false);
    // The why view (view="why") reports progress past 0 % from its worker, or its end.
    await page.waitForFunction(
      () => {
        const root = document.getElementById('a')!.shadowRoot!;
        const bar = root.querySelector('.why-progress') as HTMLProgressElement | null;
        const status = root.querySelector('.why-status')?.textContent ?? '';
        return (bar?.value ?? 0) > 0 || /measured|failed/i.test(status);
      },
      undefined,
      { timeout: 180_000 },
    );
    const status = await page.evaluate(() => document.getElementById('a')!.shadowRoot!.querySelector('.why-status')?.textContent ?? '');
    expect(status).not.toMatch(/failed/i);
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);

  it('without CORS: the browser refuses the script, and the fallback text inside the element shows', async () => {
    const errors: string[] = [];
    const page = await open('plain', errors);
    await page.waitForLoadState('load');
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => customElements.get('lgvci-sim') === undefined)).toBe(true);
    const box = await page.locator('.fallback').boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(10);
    expect(await page.locator('.fallback').isVisible()).toBe(true);
    // The browser's own report names CORS; nothing of ours ran.
    expect(errors.some((e) => /CORS|Access-Control-Allow-Origin/.test(e))).toBe(true);
    await page.close();
  });
});
