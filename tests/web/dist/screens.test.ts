// The built site on the screens students and instructors use (docs: the page), driven in Debian's
// Chromium: a 390×844 phone with touch (the view takes most of the first screen, Play/Step/Reset are
// under it without opening anything, no keyboard-only button), a course lesson that pastes the share
// dialog's snippet (a wheel over the frame scrolls the lesson; with Ctrl it zooms the camera), the
// snippet in a 320 px column (the frame keeps its shape and its bar does not clip), and axe-core at
// every size. Needs `npm run build` first.
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Frame, Page } from 'playwright';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { iframeSnippet } from '../../../web/src/config/share-link';
import { CONTENT_TYPES, DIST, launchChromium, serveDistUnder } from './support';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let server: Server;
let origin = '';
let browser: Browser;
const errors: string[] = [];

function lesson(column: string): string {
  const filler = Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i + 1} of the lesson.</p>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Lesson</title><link rel="icon" href="data:,"></head>
<body style="margin:0"><main style="width:${column};margin:0 auto"><h1>Lesson: a body bouncing on a plane</h1>${filler.slice(0, 200)}
${iframeSnippet(`${origin}/sim/?embed=1&case=IV`, 'Collision simulation')}
${filler}</main></body></html>`;
}

beforeAll(async () => {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/index.html missing: run `npm run build` first');
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const column = /^\/lesson-(\d+)\.html$/.exec(path);
    if (column) {
      res.writeHead(200, { 'content-type': CONTENT_TYPES['.html']! });
      res.end(lesson(`${column[1]}px`));
      return;
    }
    serveDistUnder(res, path, '/sim/');
  });
  await new Promise<void>((r) => server.listen(0, r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

beforeEach(() => {
  errors.length = 0;
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
});

async function open(path: string, opts: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(opts);
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${path}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${path}: ${String(e)}`));
  await page.goto(`${origin}${path}`);
  return page;
}

const appReady = (f: Page | Frame): Promise<unknown> =>
  f.waitForFunction(() => performance.getEntriesByName('lgvci:app-ready').length > 0, undefined, { timeout: 60_000 });

async function simFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('iframe');
  await handle.scrollIntoViewIfNeeded();
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('no frame');
  await appReady(frame);
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

/** Wait until the page's own scroll position stops moving (Chromium scrolls smoothly). */
async function scrollSettled(page: Page): Promise<number> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((done) => {
        const y = window.scrollY;
        setTimeout(() => done(window.scrollY === y), 250);
      }),
  );
  return page.evaluate(() => window.scrollY);
}

describe('a phone (390×844, touch)', () => {
  it('the view takes more than half of the first screen, Play/Step/Reset are under it, no Keys button', async () => {
    const page = await open('/sim/?case=IV', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await appReady(page);
    const r = await page.evaluate(() => {
      const v = document.querySelector('.lgvci-viewport')!.getBoundingClientRect();
      const visibleH = Math.max(0, Math.min(v.bottom, innerHeight) - Math.max(v.top, 0));
      const shown = (sel: string): boolean => {
        const b = document.querySelector<HTMLElement>(sel);
        if (!b || getComputedStyle(b).display === 'none') return false;
        const q = b.getBoundingClientRect();
        return q.width > 0 && q.top >= v.bottom && q.bottom <= innerHeight && q.right <= innerWidth;
      };
      return {
        share: (visibleH * Math.min(v.width, innerWidth)) / (innerWidth * innerHeight),
        play: shown('.lgvci-bar .bar-run.btn-primary'),
        step: shown('.lgvci-bar .bar-run[aria-label="Step"]'),
        reset: shown('.lgvci-bar .bar-run[aria-label="Reset"]'),
        keys: getComputedStyle(document.querySelector('.bar-help')!).display,
        hudLines: Math.round(document.querySelector('.lgvci-hud')!.getBoundingClientRect().height),
        scrollW: document.documentElement.scrollWidth,
      };
    });
    expect(r.share).toBeGreaterThanOrEqual(0.55);
    expect([r.play, r.step, r.reset]).toEqual([true, true, true]);
    expect(r.keys).toBe('none');
    expect(r.hudLines).toBeLessThanOrEqual(40); // one line until tapped
    expect(r.scrollW).toBe(390);
    // The one-line HUD expands on a tap; the controls open as a sheet that leaves the view in sight.
    await page.tap('.hud-summary');
    expect(await page.getAttribute('.hud-summary', 'aria-expanded')).toBe('true');
    await page.tap('.bar-drawer');
    const sheet = await page.evaluate(() => {
      const v = document.querySelector('.lgvci-viewport')!.getBoundingClientRect();
      const p = document.querySelector('.lgvci-panel')!.getBoundingClientRect();
      return { viewH: Math.min(v.bottom, p.top) - Math.max(v.top, 0), panelTop: p.top, panelH: p.height };
    });
    expect(sheet.viewH).toBeGreaterThanOrEqual(200);
    expect(sheet.panelH).toBeGreaterThan(250);
    expect(await axeViolations(page.mainFrame())).toEqual([]);
    await page.close();
    expect(errors).toEqual([]);
  });
});

describe('the snippet in a scrolling lesson', () => {
  it('a wheel over the frame scrolls the lesson; with Ctrl it zooms the camera instead', async () => {
    const page = await open('/lesson-800.html', { viewport: { width: 1000, height: 700 } });
    const frame = await simFrame(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    const y0 = await scrollSettled(page);
    const box = (await (await page.$('iframe'))!.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 120);
    await page.mouse.wheel(0, 300);
    // The hint said how to zoom (for a moment: its text stays).
    expect(await frame.evaluate(() => document.querySelector('.lgvci-gesture-hint')?.textContent)).toMatch(/^Ctrl \+ scroll zooms/);
    const y1 = await scrollSettled(page);
    expect(y1).toBeGreaterThan(y0);
    expect(await frame.evaluate(() => new URLSearchParams(location.search).has('cam'))).toBe(false);
    // Ctrl + wheel: the camera zooms (the address records the camera), the lesson stays.
    const b2 = (await (await page.$('iframe'))!.boundingBox())!;
    await page.mouse.move(b2.x + b2.width / 2, b2.y + b2.height / 2);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -300);
    await page.keyboard.up('Control');
    const y2 = await scrollSettled(page);
    expect(y2).toBe(y1);
    await frame.waitForFunction(() => new URLSearchParams(location.search).has('cam'), undefined, { timeout: 10_000 });
    await page.close();
    expect(errors).toEqual([]);
  });

  it('in a 320 px column the frame keeps its 8:5 shape and no bar button is cut off', async () => {
    const page = await open('/lesson-320.html', { viewport: { width: 360, height: 740 } });
    const frame = await simFrame(page);
    const box = (await (await page.$('iframe'))!.boundingBox())!;
    expect(box.width).toBeCloseTo(320, 0);
    expect(box.height).toBeCloseTo(200, 0);
    const r = await frame.evaluate(() => ({
      right: Math.max(...[...document.querySelectorAll<HTMLElement>('.lgvci-bar button')].filter((b) => b.offsetWidth > 0).map((b) => b.getBoundingClientRect().right)),
      bottom: Math.max(...[...document.querySelectorAll<HTMLElement>('.lgvci-bar button')].filter((b) => b.offsetWidth > 0).map((b) => b.getBoundingClientRect().bottom)),
      fullscreen: document.querySelector<HTMLElement>('.bar-fullscreen')!.offsetWidth,
      hud: document.querySelector('.lgvci-hud')!.getBoundingClientRect().height,
      view: document.querySelector('.lgvci-viewport')!.getBoundingClientRect().height,
    }));
    expect(r.right).toBeLessThanOrEqual(320);
    expect(r.bottom).toBeLessThanOrEqual(200);
    expect(r.fullscreen).toBeGreaterThan(0);
    expect(r.hud).toBeLessThanOrEqual(0.3 * r.view); // condensed to its line
    expect(await axeViolations(frame)).toEqual([]);
    await page.close();
    expect(errors).toEqual([]);
  });
});

describe('axe-core at the other sizes', () => {
  it('800×500 and 1366×768 full pages have no violation; at 1366×768 the energy-error plot is in the first screen', async () => {
    for (const [w, h] of [
      [800, 500],
      [1366, 768],
    ] as const) {
      const page = await open('/sim/?case=I', { viewport: { width: w, height: h } });
      await appReady(page);
      expect(await axeViolations(page.mainFrame()), `${w}×${h}`).toEqual([]);
      if (w === 1366) {
        const r = await page.evaluate(() => ({
          view: document.querySelector('.lgvci-viewport')!.getBoundingClientRect().bottom,
          error: document.querySelector('[data-plot="error"] .plot-host')!.getBoundingClientRect(),
        }));
        expect(r.view).toBeLessThanOrEqual(768);
        expect(r.error.top).toBeLessThan(768);
        expect(r.error.top + 0.75 * r.error.height).toBeLessThanOrEqual(768);
      }
      await page.close();
    }
    expect(errors).toEqual([]);
  });
});
