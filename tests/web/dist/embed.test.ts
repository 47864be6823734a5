// The host-page test on the BUILT site: dist/ served by a tiny static server under /course/sim/,
// a course page at /course/lesson.html that pastes the share dialog's iframe snippet (800×500,
// embed=1), driven in Debian's Chromium through Playwright. Checks: the 3-D view takes ≥ 60 % of the
// frame, the host page neither scrolls nor loses its focus, keys pressed in the host page do not reach
// the simulator (and do once it has the focus), fullscreen works inside the frame that allows it and
// is disabled with a reason in one that does not, and axe-core finds no violation on the embed, the
// full page and the projector theme. No console error anywhere. Needs `npm run build` first.
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { iframeSnippet } from '../../../web/src/config/share-link';
import { CONTENT_TYPES, DIST, launchChromium, serveDistUnder } from './support';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

function hostPage(snippet: string, extra = ''): string {
  const filler = Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i + 1} of the lesson, after the simulation.</p>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lesson: impacts</title><link rel="icon" href="data:,"></head>
<body><main><h1>Lesson: a body bouncing on a plane</h1>
<p>Read this, then try the simulation below.</p><button id="host-button">A button of the course page</button>
${snippet}
${extra}
${filler}</main></body></html>`;
}

let server: Server;
let origin = '';
let simOrigin = '';
let browser: Browser;
const errors: string[] = [];

beforeAll(async () => {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/index.html missing: run `npm run build` first');
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = decodeURIComponent(url.pathname);
    if (path === '/course/lesson.html' || path === '/course/nofs.html') {
      // The simulator comes from another origin (localhost vs 127.0.0.1), as on a real course site:
      // only then does the iframe's allowfullscreen decide whether it may go fullscreen.
      const src = `${simOrigin}/course/sim/?embed=1&case=IV`;
      const snippet =
        path === '/course/lesson.html'
          ? iframeSnippet(src, 'Collision simulation')
          : `<iframe src="${src}" title="Collision simulation, no fullscreen" width="800" height="500"></iframe>`;
      res.writeHead(200, { 'content-type': CONTENT_TYPES['.html']! });
      res.end(hostPage(snippet));
      return;
    }
    serveDistUnder(res, path, '/course/sim/');
  });
  await new Promise<void>((r) => server.listen(0, r));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  simOrigin = `http://localhost:${port}`;
  browser = await launchChromium();
});

beforeEach(() => {
  errors.length = 0;
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
});

async function open(path: string, width = 1000, height = 700): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${path}: ${m.text()}`);
    // The snippet's own attributes: Chromium warned that `allow` overrides `allowfullscreen` when the
    // snippet had both.
    if (m.type() === 'warning' && /allowfullscreen|Allow attribute/i.test(m.text())) errors.push(`${path}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${path}: ${String(e)}`));
  await page.goto(`${origin}${path}`);
  return page;
}

async function simFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('iframe');
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('no frame');
  await frame.waitForFunction(() => performance.getEntriesByName('lgvci:app-ready').length > 0, undefined, { timeout: 60_000 });
  return frame;
}

async function axeViolations(frame: Frame): Promise<string[]> {
  await frame.addScriptTag({ path: AXE });
  return frame.evaluate(async () => {
    const w = window as unknown as { axe: { run(c: Document): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } };
    const r = await w.axe.run(document);
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

const playLabel = (f: Frame): Promise<string | null> => f.locator('.bar-run.btn-primary').getAttribute('aria-label');

describe('the built site embedded in a course page at a sub-path', () => {
  it('an 800×500 iframe: the view fills ≥ 60 %, the host neither scrolls nor loses focus, host keys stay in the host', async () => {
    const page = await open('/course/lesson.html');
    const frame = await simFrame(page);
    const canvasH = await frame.evaluate(() => document.querySelector('canvas')!.getBoundingClientRect().height);
    expect(canvasH).toBeGreaterThanOrEqual(0.6 * 500);
    expect(await frame.evaluate(() => [document.documentElement.scrollHeight, document.documentElement.scrollWidth])).toEqual([500, 800]);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    // The embed plays on its own (no reduced motion asked); keys in the host page do not reach it.
    expect(await playLabel(frame)).toBe('Pause');
    await page.focus('#host-button');
    await page.keyboard.press('s');
    await page.keyboard.press('r');
    await page.keyboard.press('?');
    expect(await playLabel(frame)).toBe('Pause');
    expect(await frame.evaluate(() => document.querySelector('dialog[open]'))).toBeNull();
    // Space on the host page scrolls the host page (its own default), not the simulator.
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await page.keyboard.press('Space');
    expect(await playLabel(frame)).toBe('Pause');
    // Chromium scrolls smoothly: let the host's own scroll come to rest before putting it back (a
    // scrollTo during the animation can be overtaken by it; seen under load).
    await page.waitForFunction(
      () => new Promise<boolean>((done) => {
        const y = window.scrollY;
        setTimeout(() => done(window.scrollY === y), 250);
      }),
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Once the simulator has the focus (a click on the view), Space pauses it.
    await frame.click('canvas', { position: { x: 400, y: 250 } });
    await frame.press('.lgvci-app', 'Space');
    expect(await playLabel(frame)).toBe('Play');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Fullscreen of the simulator element, from inside the frame that allows it.
    expect(await frame.evaluate(() => document.fullscreenEnabled)).toBe(true);
    await frame.click('.bar-fullscreen');
    await frame.waitForFunction(() => document.fullscreenElement?.classList.contains('lgvci-app') === true);
    expect(await frame.locator('.bar-fullscreen').textContent()).toBe('Exit fullscreen');
    await frame.click('.bar-fullscreen');
    await frame.waitForFunction(() => document.fullscreenElement === null);
    expect(await axeViolations(frame)).toEqual([]);
    await page.close();
    expect(errors).toEqual([]);
  });

  it('an iframe without allowfullscreen: the button is disabled and says why', async () => {
    const page = await open('/course/nofs.html');
    const frame = await simFrame(page);
    expect(await frame.evaluate(() => document.fullscreenEnabled)).toBe(false);
    const b = frame.locator('.bar-fullscreen');
    expect(await b.isDisabled()).toBe(true);
    expect(await b.getAttribute('title')).toContain('allowfullscreen');
    await page.close();
    expect(errors).toEqual([]);
  });

  it('a 480×320 embed: the view still gets ≥ 60 % and the bar fits', async () => {
    const page = await open('/course/sim/?embed=1&case=IV', 480, 320);
    await page.waitForFunction(() => performance.getEntriesByName('lgvci:app-ready').length > 0);
    const r = await page.evaluate(() => ({
      canvas: document.querySelector('canvas')!.getBoundingClientRect().height,
      scrollW: document.documentElement.scrollWidth,
      scrollH: document.documentElement.scrollHeight,
      barRight: Math.max(...[...document.querySelectorAll('.lgvci-bar button')].map((b) => b.getBoundingClientRect().right)),
    }));
    expect(r.canvas).toBeGreaterThanOrEqual(0.6 * 320);
    expect(r.scrollW).toBe(480);
    expect(r.scrollH).toBe(320);
    expect(r.barRight).toBeLessThanOrEqual(480);
    await page.close();
    expect(errors).toEqual([]);
  });

  it('axe-core: no violations on the full page and with the projector theme', async () => {
    for (const path of ['/course/sim/', '/course/sim/?theme=projector&case=star']) {
      const page = await open(path, 1280, 860);
      await page.waitForFunction(() => performance.getEntriesByName('lgvci:app-ready').length > 0);
      expect(await axeViolations(page.mainFrame()), path).toEqual([]);
      await page.close();
    }
    expect(errors).toEqual([]);
  });
});
