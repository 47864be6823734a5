// The host API on the BUILT site (docs/host-api.md): dist/api.json is the checked-in docs/api.json (a
// protocol change is a diff of it), and the two worked pages of examples/host-api/, served beside the
// built element script as a course site would put them, work in Debian's Chromium: the quiz reads the
// third bounce's height from the state (elastic impacts: the drop height again) and judges a right and a
// wrong prediction; the impacts table gets a row per impact the run counts and fits their gaps. And
// the built page in an iframe with api-origins= naming the course page's origin answers its
// postMessage requests and sends it the ready event; the same page allowing another origin answers
// nothing.
// Needs `npm run build` first.
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_TYPES, DIST, launchChromium, serveDistUnder } from './support';

const ROOT = new URL('../../../', import.meta.url);
const EXAMPLES = ['quiz.html', 'impacts-table.html'];

/** A course page with the simulator in an iframe whose address it sets from its own ?src=; it keeps every message. */
const FRAME_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Frame</title><link rel="icon" href="data:,"></head>
<body><iframe id="sim" title="Simulator" style="width:800px;height:500px;border:0"></iframe>
<script>
  window.got = [];
  addEventListener('message', (e) => { if (e.source === document.getElementById('sim').contentWindow) window.got.push({ origin: e.origin, data: e.data }); });
  document.getElementById('sim').src = new URLSearchParams(location.search).get('src');
</script></body></html>`;

let server: Server;
let origin = '';
let browser: Browser;
const errors: string[] = [];

beforeAll(async () => {
  if (!existsSync(join(DIST, 'api.json'))) throw new Error('dist/api.json missing: run `npm run build` first');
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/course/frame.html') {
      res.writeHead(200, { 'content-type': CONTENT_TYPES['.html']! });
      res.end(FRAME_PAGE);
      return;
    }
    const page = EXAMPLES.find((p) => path === `/site/${p}`);
    if (page) {
      res.writeHead(200, { 'content-type': CONTENT_TYPES['.html']! });
      res.end(readFileSync(new URL(`examples/host-api/${page}`, ROOT)));
      return;
    }
    serveDistUnder(res, path, '/site/');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
});

async function open(path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  page.setDefaultTimeout(120_000);
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${path}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${path}: ${String(e)}`));
  await page.goto(`${origin}${path}`);
  return page;
}

describe('host API on the built site', () => {
  it('dist/api.json is docs/api.json', () => {
    expect(readFileSync(join(DIST, 'api.json'), 'utf8')).toBe(readFileSync(new URL('docs/api.json', ROOT), 'utf8'));
  });

  it('the quiz reads the third bounce from the state and judges the prediction', async () => {
    const page = await open('/site/quiz.html');
    await page.locator('#check:not([disabled])').waitFor();
    const y0 = await page.evaluate(() => (document.getElementById('sim') as unknown as { getState(): { value: { fields: Record<string, number> } } }).getState().value.fields['gy0']!);
    expect(y0).toBeGreaterThan(0);
    await page.fill('#guess', String(y0));
    await page.click('#check');
    await expect.poll(() => page.textContent('#verdict')).toMatch(/^Right: the simulation reaches/);
    // the measured apex: the drop height again (elastic impacts keep the energy), from the record
    const top = Number(await page.getAttribute('#verdict', 'data-measured'));
    expect(Math.abs(top - y0) / y0).toBeLessThan(0.01);
    await page.fill('#guess', String(y0 / 2));
    await page.click('#check');
    await expect.poll(() => page.textContent('#verdict')).toMatch(/^Not quite/);
    await page.close();
    expect(errors).toEqual([]);
  }, 300_000);

  it('the impacts table gets a row per impact of the run and fits their gaps', async () => {
    const page = await open('/site/impacts-table.html');
    await page.locator('#run:not([disabled])').waitFor();
    await page.click('#run');
    const counted = await page.evaluate(() => (document.getElementById('sim') as unknown as { getState(): { value: { impacts: number } } }).getState().value.impacts);
    expect(counted).toBeGreaterThan(2);
    await expect.poll(() => page.locator('#rows tr').count(), { timeout: 60_000 }).toBe(counted);
    // the rows' times increase, each impulse is positive
    const rows = await page.$$eval('#rows tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))));
    for (let i = 1; i < rows.length; i++) expect(rows[i]![1]!).toBeGreaterThanOrEqual(rows[i - 1]![1]!);
    for (const r of rows) expect(r[2]!).toBeGreaterThan(0);
    await page.click('#fit');
    await expect.poll(() => page.textContent('#result')).toMatch(/^Fit of \d+ gaps/);
    expect(Number.isFinite(Number(await page.getAttribute('#result', 'data-slope')))).toBe(true);
    await page.close();
    expect(errors).toEqual([]);
  }, 300_000);

  it('the built page in an iframe answers the origin its address allows, and no other', async () => {
    const page = await open(`/course/frame.html?src=${encodeURIComponent(`/site/index.html?case=IV&embed=1&paused=1&api-origins=${origin}`)}`);
    type Got = { origin: string; data: Record<string, unknown> }[];
    const got = (): Promise<Got> => page.evaluate(() => (window as unknown as { got: Got }).got);
    await expect.poll(async () => (await got()).some((m) => m.data['event'] === 'ready'), { timeout: 120_000 }).toBe(true);
    const send = (msg: unknown): Promise<void> =>
      page.evaluate(([m, o]) => (document.getElementById('sim') as HTMLIFrameElement).contentWindow!.postMessage(m, o as string), [msg, origin] as const);
    await send({ lgvci: 1, id: 1, method: 'set', args: ['tilt', 12] });
    await send({ lgvci: 1, id: 2, method: 'step', args: [25] });
    await send({ lgvci: 1, id: 3, method: 'set', args: ['tilt', 'steep'] });
    await expect.poll(async () => (await got()).filter((m) => 'id' in m.data).length, { timeout: 30_000 }).toBe(3);
    const replies = Object.fromEntries((await got()).filter((m) => 'id' in m.data).map((m) => [m.data['id'], m]));
    expect(replies[1]!.origin).toBe(origin);
    expect(replies[1]!.data).toMatchObject({ lgvci: 1, ok: true, value: { field: 'tilt', value: 12 } });
    expect(replies[2]!.data).toMatchObject({ ok: true, value: { steps: 25 } });
    expect(replies[3]!.data).toMatchObject({ ok: false, error: { field: 'tilt' } });
    // the frame's controls show the value set
    const tilt = await page.frameLocator('#sim').locator('[data-field="tilt"] input[type="text"]').inputValue();
    expect(Number(tilt)).toBe(12);
    await page.close();

    // allowing another origin: the same requests get nothing, and the control keeps its value
    const other = await open(`/course/frame.html?src=${encodeURIComponent('/site/index.html?case=IV&embed=1&paused=1&api-origins=https://course.example.org')}`);
    const frame = other.frameLocator('#sim');
    await frame.locator('[data-field="tilt"] input[type="text"]').waitFor({ state: 'attached' });
    const before = await frame.locator('[data-field="tilt"] input[type="text"]').inputValue();
    await other.evaluate(([o]) => (document.getElementById('sim') as HTMLIFrameElement).contentWindow!.postMessage({ lgvci: 1, id: 9, method: 'set', args: ['tilt', 12] }, o as string), [origin] as const);
    // a reply would come within the frame's next tasks; the page goes on drawing meanwhile
    await other.waitForTimeout(1500);
    expect(await other.evaluate(() => (window as unknown as { got: unknown[] }).got)).toEqual([]);
    expect(await frame.locator('[data-field="tilt"] input[type="text"]').inputValue()).toBe(before);
    await other.close();
    expect(errors).toEqual([]);
  }, 300_000);
});
