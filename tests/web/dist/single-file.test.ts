// The single offline file: dist-single/lgvci.html, opened from file:// with no
// server in Debian's Chromium, renders the 3-D view, animates, runs a long run in its inlined worker to
// the same impact count as the native CLI, runs an ensemble on its inlined ensemble workers, says why
// the comparison has no Rapier here (left out of the file) while RK4 runs, and logs no console error.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support';

const file = fileURLToPath(new URL('../../../dist-single/lgvci.html', import.meta.url));
let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  if (!existsSync(file)) throw new Error('dist-single/lgvci.html is missing: run `npm run build:single` first');
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  // Any request other than the file itself (and the blob:/data: URLs it makes) means it is not self-contained.
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith('blob:') && !u.startsWith('data:') && u !== pathToFileURL(file).href) errors.push(`request for ${u}`);
  });
  await page.goto(pathToFileURL(file).href);
});

afterAll(async () => {
  await browser?.close();
});

describe('dist-single/lgvci.html from file://', () => {
  it('is one file with the WebAssembly and the worker inside', () => {
    const html = readFileSync(file, 'utf8');
    expect(html).not.toMatch(/(?:src|href)="\.?\/?assets\//);
    expect(html).toContain('data:application/wasm;base64,');
  });

  it('renders the 3-D view and animates', async () => {
    await page.waitForFunction(() => performance.getEntriesByName('lgvci:first-frame').length > 0, null, { timeout: 60_000 });
    // The view is drawn before the engine; the HUD and the run come with it.
    await page.waitForFunction(() => performance.getEntriesByName('lgvci:first-step').length > 0, null, { timeout: 60_000 });
    // the canvas is not blank: a screenshot of it (WebGL keeps no drawing buffer to read back) has
    // more than a handful of colours; the browser decodes the PNG
    const png = (await page.locator('canvas').first().screenshot()).toString('base64');
    const distinct = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const copy = document.createElement('canvas');
      copy.width = 96;
      copy.height = 96;
      const ctx = copy.getContext('2d')!;
      ctx.drawImage(img, 0, 0, 96, 96);
      const px = ctx.getImageData(0, 0, 96, 96).data;
      const colours = new Set<number>();
      for (let i = 0; i < px.length; i += 4) colours.add((px[i]! << 16) | (px[i + 1]! << 8) | px[i + 2]!);
      return colours.size;
    }, png);
    expect(distinct).toBeGreaterThan(8);
    const time = async (): Promise<number> => Number((await page.locator('[data-hud="time"]').first().textContent())?.replace(/[^\d.]/g, ''));
    const t0 = await time();
    await expect.poll(time, { timeout: 10_000 }).toBeGreaterThan(t0);
    // uPlot, a chunk of its own on the hosted site (loaded after the first frame), is inside the file too.
    await page.waitForSelector('[data-plot="energy"] .plot-host canvas', { timeout: 30_000 });
  });

  it('runs a Case IV long run of 10⁵ steps in the inlined worker: the native core\'s golden impact count', async () => {
    await page.getByRole('combobox', { name: 'Body preset' }).selectOption('IV');
    await page.getByRole('textbox', { name: 'Steps', exact: true }).fill('100000');
    await page.getByRole('button', { name: 'Start long run' }).click();
    await page.waitForFunction(() => /impacts in 100\u202f000 steps/.test(document.querySelector('.long-status')?.textContent ?? ''), null, {
      timeout: 90_000,
    });
    const impacts = Number(((await page.locator('[data-long="impacts"]').textContent()) ?? '').replace(/\D/g, ''));
    const golden = JSON.parse(readFileSync(fileURLToPath(new URL('../../golden/determinism.json', import.meta.url)), 'utf8')) as {
      long_run: { steps: number; impacts: Record<string, number> };
    };
    expect(golden.long_run.steps).toBe(100_000);
    expect(impacts).toBe(golden.long_run.impacts['IV']);
    expect(errors).toEqual([]);
  });
  it('runs an ensemble on its inlined ensemble workers', async () => {
    await page.getByRole('textbox', { name: 'Members K' }).fill('6');
    await page.getByRole('textbox', { name: 'Members K' }).press('Enter');
    await page.getByRole('textbox', { name: 'Steps N' }).fill('500');
    await page.getByRole('textbox', { name: 'Steps N' }).press('Enter');
    await page.getByRole('button', { name: 'Run ensemble' }).click();
    await page.waitForFunction(() => /^6 members of 500 steps in/.test(document.querySelector('.ensemble-group .long-status')?.textContent ?? ''), null, {
      timeout: 60_000,
    });
    expect(errors).toEqual([]);
  });

  it('the comparison says Rapier is not in the offline file, and runs RK4 and the naive baseline', async () => {
    await page.getByRole('checkbox', { name: 'Compare with RK4, the naive baseline and Rapier' }).click();
    await page.waitForFunction(() => /not part of the single offline file/.test(document.body.textContent ?? ''), null, { timeout: 30_000 });
    expect(await page.locator('.lgvci-app').first().textContent()).toMatch(/RK4/);
    expect(errors).toEqual([]);
  });
});
