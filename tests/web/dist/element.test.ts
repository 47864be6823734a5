// The custom element on the BUILT site (docs/custom-element.md): dist/ served under /sim/v1/, a course
// page at /course/lesson.html (another path) that loads ../sim/v1/lgvci-element.js with one script tag
// and holds two <lgvci-sim> elements of different cases, driven in Debian's Chromium through
// Playwright. Checks: each element is its own app (pausing one leaves the other's time running, each
// its own family, run and shortcuts), the host's address, styles, <html lang> and scrolling stay the
// host's, removing an element deletes its app's engine objects, a changed attribute re-mounts with the
// new case, a bad attribute gives inside the element the message the address gives on the page, the
// elements of a page share one language and the second one says so. No console error anywhere.
// Needs `npm run build` first.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_TYPES, DIST, launchChromium, serveDistUnder } from './support';

const LESSON = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lesson: impacts</title><link rel="icon" href="data:,">
<script type="module" src="../sim/v1/lgvci-element.js"></script></head>
<body style="margin:0;font-family:serif"><main style="max-width:900px">
<h1>Lesson: collisions</h1><div id="probe">A paragraph of the course page.</div>
<lgvci-sim id="a" case="cradle" plots="energy" locale="de"></lgvci-sim>
<p>Between the two.</p>
<lgvci-sim id="b" case="IV" locale="fr" aria-label="Rigid body"></lgvci-sim>
${Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i + 1} of the lesson.</p>`).join('\n')}
</main></body></html>`;

/** One element with bad values: a field's (tilt), a pass-through key's (theme) and a key no family has (colour). */
const BAD = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lesson: bad values</title><link rel="icon" href="data:,">
<script type="module" src="../sim/v1/lgvci-element.js"></script></head>
<body><main><h1>Lesson</h1><lgvci-sim id="c" case="IV" tilt="steep" theme="dark" colour="red"></lgvci-sim></main></body></html>`;

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Slow machines (shared cores, software WebGL): a page with two simulators can take a minute to come up. */
const SLOW = 300_000;

let server: Server;
let origin = '';
let browser: Browser;
const errors: string[] = [];
const warnings: string[] = [];

beforeAll(async () => {
  if (!existsSync(join(DIST, 'lgvci-element.js'))) throw new Error('dist/lgvci-element.js missing: run `npm run build` first');
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/course/lesson.html' || path === '/course/bad.html') {
      res.writeHead(200, { 'content-type': CONTENT_TYPES['.html']! });
      res.end(path === '/course/lesson.html' ? LESSON : BAD);
      return;
    }
    serveDistUnder(res, path, '/sim/v1/');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
});

async function open(path: string, width = 1000, height = 800): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  page.setDefaultTimeout(120_000);
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${path}: ${m.text()}`);
    if (m.type() === 'warning' && !m.text().includes('GL Driver')) warnings.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`${path}: ${String(e)}`));
  // The page's layout shifts (Core Web Vitals' CLS), from its start.
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShifts: number[] };
    w.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.layoutShifts.push(e.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${origin}${path}`);
  return page;
}

/** Wait until the element `id` has an app that has drawn frames. */
async function ready(page: Page, id: string): Promise<void> {
  await page.waitForFunction(
    (i) => {
      const app = (document.getElementById(i) as { app?: { frames: number; playing: boolean } | null } | null)?.app;
      return !!app && (app.frames > 2 || !app.playing);
    },
    id,
    { timeout: 180_000 },
  );
}

/** What the tests read of an element's app (run inside the page). */
interface Probe {
  t: number;
  playing: boolean;
  family: string;
  caseName: string;
  lang: string | null;
}
/** What the tests read of an element's app (web/src/app/app.ts), typed for page.evaluate. */
interface ProbedApp {
  model: { curr: { t: number }; family: { id: string }; run: { sim: { isDeleted(): boolean } } };
  playing: boolean;
  controller: { params: { caseName: string } };
  root: Element;
  frames: number;
}
type AppElement = HTMLElement & { app: ProbedApp | null };
type ProbedWindow = Window & {
  readyEvents: number;
  oldA: { app: ProbedApp | null; sim: { isDeleted(): boolean } };
  oldB: { app: ProbedApp | null; sim: { isDeleted(): boolean } };
};

const probe = (page: Page, id: string): Promise<Probe> =>
  page.evaluate((i) => {
    const app = (document.getElementById(i) as AppElement).app!;
    return { t: app.model.curr.t, playing: app.playing, family: app.model.family.id, caseName: app.controller.params.caseName, lang: app.root.getAttribute('lang') };
  }, id);

describe('<lgvci-sim> in a course page at another path', () => {
  it('runs two elements as two apps: pausing one keeps the other running; each its own family, run and shortcuts; one language, the first element’s, and the other says so', async () => {
    errors.length = 0;
    warnings.length = 0;
    const page = await open('/course/lesson.html');
    await page.evaluate(() => {
      (window as unknown as { hostKeys: string[] }).hostKeys = [];
      document.addEventListener('keydown', (e) => (window as unknown as { hostKeys: string[] }).hostKeys.push(e.key));
    });
    await ready(page, 'a');
    await ready(page, 'b');
    const a0 = await probe(page, 'a');
    const b0 = await probe(page, 'b');
    expect([a0.family, a0.caseName]).toEqual(['cradle', 'cradle']);
    expect([b0.family, b0.caseName]).toEqual(['rigid_body', 'IV']);
    expect(a0.playing && b0.playing).toBe(true);
    expect((await probe(page, 'a')).lang).toBe('de');
    expect((await probe(page, 'b')).lang).toBe('de');
    // Words of the German message file in both (the bar's Reset button: "Zurücksetzen").
    const resetLabels = await page.evaluate(() =>
      ['a', 'b'].map((i) => document.getElementById(i)!.shadowRoot!.querySelector('.lgvci-bar')?.textContent ?? ''),
    );
    for (const text of resetLabels) expect(text).toContain('Zurücksetzen');
    const bText = await page.evaluate(() => document.getElementById('b')!.shadowRoot!.textContent ?? '');
    expect(bText).toContain('locale: every <lgvci-sim> on a page shows one language, here "de"');
    expect(warnings.some((w) => w.startsWith('locale: every <lgvci-sim>'))).toBe(true);

    // Space on the first element's root pauses it alone; the key stays inside (a slide deck would turn the page).
    await page.locator('#a').evaluate((el) => (el.shadowRoot!.querySelector('.lgvci-app') as HTMLElement).focus());
    await page.keyboard.press('Space');
    const a1 = await probe(page, 'a');
    const b1 = await probe(page, 'b');
    expect(a1.playing).toBe(false);
    expect(b1.playing).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { hostKeys: string[] }).hostKeys)).toEqual([]);
    await page.waitForTimeout(600);
    const a2 = await probe(page, 'a');
    const b2 = await probe(page, 'b');
    expect(a2.t).toBe(a1.t);
    expect(b2.t).toBeGreaterThan(b1.t + 0.1);

    // Reset the second: its run starts again at t = 0, the first keeps its own time.
    await page.evaluate(() => (document.getElementById('b') as unknown as { app: { reset(): void; pause(): void } }).app.reset());
    await page.evaluate(() => (document.getElementById('b') as unknown as { app: { pause(): void } }).app.pause());
    expect((await probe(page, 'b')).t).toBeLessThan(b2.t);
    expect((await probe(page, 'a')).t).toBe(a1.t);
    expect(errors).toEqual([]);
    await page.close();
  }, SLOW);

  it("leaves the host's address, <html lang>, styles and scrolling alone; the wheel over an element scrolls the page", async () => {
    errors.length = 0;
    const page = await open('/course/lesson.html', 1000, 700);
    const before = await page.evaluate(() => ({
      href: location.href,
      history: history.length,
      sheets: document.styleSheets.length,
      styles: document.querySelectorAll('style, link[rel="stylesheet"]').length,
    }));
    await ready(page, 'a');
    await ready(page, 'b');
    // Longer than the address's write delay (app/url-state.ts): a page would have written by now.
    await page.waitForTimeout(800);
    const after = await page.evaluate(() => {
      const probe = getComputedStyle(document.getElementById('probe')!);
      return {
        href: location.href,
        history: history.length,
        sheets: document.styleSheets.length,
        styles: document.querySelectorAll('style, link[rel="stylesheet"]').length,
        lang: document.documentElement.lang,
        boxSizing: probe.boxSizing,
        font: probe.fontFamily,
        ink: getComputedStyle(document.documentElement).getPropertyValue('--ink'),
        theme: document.documentElement.dataset['theme'] ?? null,
        embedPage: document.documentElement.classList.contains('lgvci-embed-page'),
      };
    });
    expect(after).toEqual({ href: before.href, history: before.history, sheets: before.sheets, styles: before.styles, lang: 'en', boxSizing: 'content-box', font: 'serif', ink: '', theme: null, embedPage: false });

    // The wheel over the second element's view scrolls the host page (the view zooms only after a click into it).
    await page.locator('#b').scrollIntoViewIfNeeded();
    const canvas = page.locator('#b canvas').first();
    const box = (await canvas.boundingBox())!;
    const y0 = await page.evaluate(() => scrollY);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 240);
    await page.waitForFunction((y) => scrollY > y, y0, { timeout: 30_000 });
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(y0);
    expect(errors).toEqual([]);
    await page.close();
  }, SLOW);

  it('gives a bad attribute the message the address gives on the page ("<key>: <rule>"), inside the element', async () => {
    errors.length = 0;
    const page = await open('/sim/v1/index.html?case=IV&tilt=steep&theme=dark&colour=red');
    await page.waitForFunction(() => performance.getEntriesByName('lgvci:app-ready').length > 0, undefined, { timeout: 180_000 });
    const onPage = await page.evaluate(() => ({
      list: [...document.querySelectorAll('.url-msg-list li')].map((li) => li.textContent ?? ''),
      text: document.getElementById('app')!.textContent ?? '',
    }));
    expect(onPage.list.some((m) => m.startsWith('tilt: '))).toBe(true);
    expect(onPage.list.some((m) => m.startsWith('colour: '))).toBe(true);
    expect(onPage.text).toContain('theme: must be projector or default (got "dark")');

    const lesson = await open('/course/bad.html');
    await ready(lesson, 'c');
    const inElement = await lesson.evaluate(() => {
      const s = document.getElementById('c')!.shadowRoot!;
      return { list: [...s.querySelectorAll('.url-msg-list li')].map((li) => li.textContent ?? ''), text: s.textContent ?? '' };
    });
    // The same lines as the page's, word for word (both in English here).
    const rule = (list: string[], key: string): string | undefined => list.find((m) => m.startsWith(`${key}: `));
    for (const key of ['tilt', 'colour']) {
      expect(rule(inElement.list, key), key).toBeDefined();
      expect(rule(inElement.list, key), key).toBe(rule(onPage.list, key));
    }
    expect(inElement.text).toContain('theme: must be projector or default (got "dark")');
    // Outside the element: nothing.
    expect(await lesson.evaluate(() => document.querySelector('main')!.innerText.includes('tilt:'))).toBe(false);
    expect(await lesson.evaluate(() => location.search)).toBe('');
    // Its share link opens the full page beside the script with the element's set-up, not the lesson.
    const share = await lesson.evaluate(() => (document.getElementById('c') as unknown as { app: { urlState: { shareUrl(): string } } }).app.urlState.shareUrl());
    expect(share.startsWith(`${origin}/sim/v1/index.html?`)).toBe(true);
    expect(new URLSearchParams(new URL(share).search).get('case')).toBe('IV');
    expect(errors).toEqual([]);
    await page.close();
    await lesson.close();
  }, SLOW);

  it('re-mounts on an attribute change with the new case, and deletes an app and its engine objects when its element is removed', async () => {
    errors.length = 0;
    const page = await open('/course/lesson.html');
    await ready(page, 'a');
    await ready(page, 'b');
    await page.evaluate(() => {
      const w = window as unknown as ProbedWindow;
      const el = (id: string) => document.getElementById(id) as AppElement;
      w.readyEvents = 0;
      el('b').addEventListener('lgvci-ready', () => (w.readyEvents += 1));
      w.oldB = { app: el('b').app, sim: el('b').app!.model.run.sim };
      w.oldA = { app: el('a').app, sim: el('a').app!.model.run.sim };
      // Two attributes set in one task: one re-mount.
      const b = document.getElementById('b')!;
      b.setAttribute('case', 'cradle');
      b.setAttribute('plots', 'energy');
    });
    await page.waitForFunction(() => {
      const w = window as unknown as ProbedWindow;
      const app = (document.getElementById('b') as AppElement).app;
      return app !== null && app !== w.oldB.app && app.frames > 2;
    }, undefined, { timeout: 180_000 });
    const b = await probe(page, 'b');
    expect([b.family, b.caseName]).toEqual(['cradle', 'cradle']);
    expect(await page.evaluate(() => (window as unknown as { readyEvents: number }).readyEvents)).toBe(1);
    // The old app's simulation was deleted (embind: isDeleted), its root emptied.
    expect(await page.evaluate(() => (window as unknown as { oldB: { sim: { isDeleted(): boolean } } }).oldB.sim.isDeleted())).toBe(true);

    // Removing the first element destroys its app; the second keeps running.
    const tb0 = (await probe(page, 'b')).t;
    await page.evaluate(() => document.getElementById('a')!.remove());
    const gone = await page.evaluate(() => {
      const w = window as unknown as ProbedWindow;
      return { sim: w.oldA.sim.isDeleted(), app: w.oldA.app === null ? 'null' : 'object', elementApp: document.querySelector('#a') === null, frames: w.oldA.app?.frames ?? -1 };
    });
    expect(gone.sim).toBe(true);
    expect(gone.elementApp).toBe(true);
    await page.waitForTimeout(400);
    // Its frame loop stopped: no frame drawn after removal.
    expect(await page.evaluate(() => (window as unknown as { oldA: { app: { frames: number } } }).oldA.app.frames)).toBe(gone.frames);
    expect((await probe(page, 'b')).t).toBeGreaterThan(tb0);
    expect(errors).toEqual([]);
    await page.close();
  }, SLOW);

  it('serves a demo page, dist/element.html, with two elements that both run, and axe-core finds no violation in it (shadow roots included)', async () => {
    errors.length = 0;
    const page = await open('/sim/v1/element.html');
    const ids = await page.evaluate(() => [...document.querySelectorAll('lgvci-sim')].map((e) => e.id));
    expect(ids.length).toBe(2);
    for (const id of ids) await ready(page, id);
    const families = await Promise.all(ids.map(async (id) => (await probe(page, id)).family));
    expect(new Set(families).size).toBe(2);
    // The elements arrive without moving the page (its rule for an undefined element, then the box the
    // element adopts when it is defined, before its app's chunk: docs/custom-element.md "Size and styles").
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThan(0.01);
    const box = await page.evaluate(() => {
      const el = document.createElement('lgvci-sim');
      el.setAttribute('case', 'particle');
      document.querySelector('main')!.append(el);
      const r = el.getBoundingClientRect();  // in the same task: its app's chunk has not run yet
      el.remove();
      return { width: r.width, height: r.height };
    });
    expect(box.height).toBeCloseTo(Math.max(320, (box.width * 10) / 16), 0);
    await page.addScriptTag({ path: AXE });
    const violations = await page.evaluate(async () => {
      const w = window as unknown as { axe: { run(c: Document): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } };
      const r = await w.axe.run(document);
      return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
    });
    expect(violations).toEqual([]);
    // A dialog loaded on demand brings its styles inside itself, so they reach the shadow root too:
    // the clip dialog's group has its border and the dialog its width (dialog-form.css, clips.css).
    const first = ids[0]!;
    await page.locator(`#${first}`).evaluate((el) => el.shadowRoot!.querySelector<HTMLButtonElement>('.bar-clip')!.click());
    await page.waitForFunction((id) => document.getElementById(id)!.shadowRoot!.querySelector('dialog.clip-dialog[open] fieldset.dialog-group'), first, { timeout: 20_000 });
    const styled = await page.locator(`#${first}`).evaluate((el) => {
      const d = el.shadowRoot!.querySelector<HTMLElement>('dialog.clip-dialog')!;
      const g = d.querySelector<HTMLElement>('fieldset.dialog-group')!;
      return { border: getComputedStyle(g).borderTopWidth, width: d.getBoundingClientRect().width };
    });
    expect(styled.border).toBe('1px');
    expect(styled.width).toBeLessThanOrEqual(440);
    expect(errors).toEqual([]);
    await page.close();
  }, SLOW);
});
