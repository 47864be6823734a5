// Settings that travel with the offline file (docs/course-material.md "The offline file with a set-up"),
// on the BUILT site and the file it makes, in Debian's Chromium:
// - the hosted page's Share dialog downloads lgvci-offline.html with the set-up written into it; opened
//   from disk (file://, no query: an attachment loses it), the file starts in that set-up;
// - "Customise for class…" does the same with the teacher's settings: the lock holds in the file and the
//   page says "Set by your teacher", with no way to undo it;
// - inside the offline file, Share and Customise make no file:/// links (they say why) and download a
//   copy of the file itself with the set-up as it is now, which opens in that set-up.
// Needs `npm run build` (which builds the offline file too).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright';
import { afterAll, describe, expect, it } from 'vitest';
import { DIST, useDistSite } from './support';

const site = useDistSite();
const work = mkdtempSync(join(tmpdir(), 'lgvci-offline-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SETTINGS = /<script type="application\/json" id="lgvci-settings">([^<]*)<\/script>/;

/** The query written into a downloaded file. */
function bakedQuery(file: string): string {
  const m = SETTINGS.exec(readFileSync(file, 'utf8'));
  if (!m) throw new Error(`${file}: no settings block`);
  return JSON.parse(m[1]!) as string;
}

/** Click `button` (a name) in the open dialog and save the download under work/. */
async function download(page: Page, button: string, as: string): Promise<string> {
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByRole('button', { name: button }).click()]);
  const path = join(work, as);
  await d.saveAs(path);
  expect(d.suggestedFilename()).toMatch(/^lgvci-(class-)?IV\.html$/);
  return path;
}

/** A page on `url`, with its console errors and every request that is not the file itself. */
async function open(context: BrowserContext, url: string, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  if (url.startsWith('file:')) {
    const file = url.split('?')[0]!;
    page.on('request', (r) => {
      const u = r.url();
      if (!u.startsWith('blob:') && !u.startsWith('data:') && !u.startsWith(file)) errors.push(`request for ${u}`);
    });
  }
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('lgvci:app-ready').length > 0);
  return page;
}

const tiltValue = (page: Page): Promise<string> => page.inputValue('[data-field="tilt"] input[type="text"]');

describe('the offline file with a set-up', () => {
  it('Share on the hosted page: the file opens from disk in that set-up', async () => {
    const context = await site.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const errors: string[] = [];
    const page = await open(context, `${site.origin}/?case=IV&tilt=12&autoplay=0`, errors);
    await page.click('.lgvci-bar .bar-share');
    const file = await download(page, 'Download offline file with this set-up', 'shared.html');
    const query = bakedQuery(file);
    expect(new URLSearchParams(query).get('case')).toBe('IV');
    expect(new URLSearchParams(query).get('tilt')).toBe('12');
    // the file as the site serves it, but for its settings block
    const served = readFileSync(join(DIST, 'lgvci-offline.html'), 'utf8');
    expect(readFileSync(file, 'utf8').replace(SETTINGS, '')).toBe(served.replace(SETTINGS, ''));

    const offline = await open(context, pathToFileURL(file).href, errors);
    expect(await tiltValue(offline)).toBe('12');
    expect(new URL(offline.url()).searchParams.get('tilt')).toBe('12');
    expect(errors).toEqual([]);
    await context.close();
  }, 400_000);

  it('Customise for class: the lock travels in the file; the file makes no file:/// links and copies itself with the set-up as it is', async () => {
    const context = await site.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const errors: string[] = [];
    const page = await open(context, `${site.origin}/?case=IV&tilt=10&autoplay=0`, errors);
    await page.click('.lgvci-bar .bar-share');
    await page.getByRole('button', { name: 'Customise for class…' }).click();
    await page.getByRole('dialog', { name: 'Customise for class' }).waitFor();
    await page.getByRole('checkbox', { name: 'Lock Plane tilt angle in degrees' }).check();
    const file = await download(page, 'Download offline file with these settings', 'class.html');
    expect(new URLSearchParams(bakedQuery(file)).get('lock')).toBe('tilt');

    const offline = await open(context, pathToFileURL(file).href, errors);
    expect(await offline.locator('[data-field="tilt"] input[type="range"]').isDisabled()).toBe(true);
    expect(await offline.locator('.class-mark').textContent()).toBe('Set by your teacher');
    // Share in the file: no link to this computer, the reason said, no way to unlock; the download is there
    await offline.click('.lgvci-bar .bar-share');
    const dialog = offline.getByRole('dialog', { name: 'Share' });
    await dialog.waitFor();
    expect(await offline.locator('.share-dialog input.share-text').isDisabled()).toBe(true);
    expect(await offline.locator('.share-dialog input.share-text').inputValue()).toBe('');
    expect(await offline.locator('.share-dialog .share-local-note').isVisible()).toBe(true);
    expect(await offline.getByRole('button', { name: 'Customise for class…' }).count()).toBe(0);
    await offline.keyboard.press('Escape');
    // the set-up changes in the file (a field the teacher left open), then the file copies itself
    const speed = offline.locator('[data-field="speed"] input[type="text"]');
    await speed.fill('3');
    await speed.press('Enter');
    await offline.click('.lgvci-bar .bar-share');
    const copy = await download(offline, 'Download offline file with this set-up', 'copy.html');
    const q = new URLSearchParams(bakedQuery(copy));
    expect([q.get('lock'), q.get('speed'), q.get('tilt')]).toEqual(['tilt', '3', '10']);
    const again = await open(context, pathToFileURL(copy).href, errors);
    expect(await again.inputValue('[data-field="speed"] input[type="text"]')).toBe('3');
    expect(await again.locator('[data-field="tilt"] input[type="range"]').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 600_000);
});
