// The host API on the BUILT site (docs/host-api.md): dist/api.json is the checked-in docs/api.json (a
// protocol change is a diff of it), and the two worked pages of examples/host-api/, served beside the
// built element script as a course site would put them, work in Debian's Chromium: the quiz reads the
// third bounce's height from the state (elastic impacts: the drop height again) and judges a right and a
// wrong prediction; the impacts table gets a row per impact the run counts and fits their gaps.
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

let server: Server;
let origin = '';
let browser: Browser;
const errors: string[] = [];

beforeAll(async () => {
  if (!existsSync(join(DIST, 'api.json'))) throw new Error('dist/api.json missing: run `npm run build` first');
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
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
});
