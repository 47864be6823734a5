// The language of the BUILT page (docs/languages.md), through its entry (main.ts): `?locale=de` gives
// a German page (<html lang>, the title, the static heading, the bar); with no `locale` the browser's
// language decides (a French Chromium gets French), a language the page does not ship falls back to
// English, and the language menu mounts the app again in the chosen language, writes `locale=` into
// the address and keeps the keyboard on the menu; only the chosen language's chunk is fetched. Needs
// `npm run build` first.
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { useDistSite } from './support';

const site = useDistSite();

async function open(path: string, locale: string): Promise<Page> {
  const context = await site.browser.newContext({ locale, viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.goto(`${site.origin}${path}`);
  await page.waitForSelector('.lgvci-bar .bar-share', { state: 'attached' });
  return page;
}

describe('the built page in the language asked for', () => {
  it('?locale=de: German page, lang, title and bar; only the German chunk of the other languages is fetched', async () => {
    site.requested.length = 0;
    const page = await open('/?locale=de', 'en-US');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.title()).toMatch(/^Variationelle Stoßintegratoren/);
    expect(await page.textContent('h1')).toContain('Körper springen, die Energie bleibt');
    expect(await page.getAttribute('.lgvci-bar .bar-share', 'aria-label')).toBe('Teilen');
    const chunks = site.requested.filter((p) => /\/assets\/(de|fr|es|zh)-/.test(p)).map((p) => p.replace(/^.*\/assets\/(\w+)-.*$/, '$1'));
    expect(chunks).toEqual(['de']);
    await page.context().close();
  });

  it('no locale: the browser’s language (French), or English for one the page does not ship', async () => {
    const fr = await open('/?case=II', 'fr-FR');
    expect(await fr.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await fr.getAttribute('.lgvci-bar .bar-share', 'aria-label')).toBe('Partager');
    await fr.context().close();
    const pt = await open('/', 'pt-BR');
    expect(await pt.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await pt.getAttribute('.lgvci-bar .bar-share', 'aria-label')).toBe('Share');
    await pt.context().close();
  });

  it('the language menu: the same set-up in Spanish, locale=es in the address, the focus on the menu', async () => {
    const page = await open('/?case=II&tilt=5', 'en-US');
    await page.focus('.bar-language-select');
    await page.selectOption('.bar-language-select', 'es');
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await page.waitForSelector('.lgvci-bar .bar-share[aria-label="Compartir"]', { state: 'attached' });
    const url = new URL(page.url());
    expect(url.searchParams.get('locale')).toBe('es');
    expect(url.searchParams.get('tilt')).toBe('5');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('bar-language-select'))).toBe(true);
    expect(await page.textContent('h1')).toContain('Cuerpos que rebotan');
    await page.context().close();
  });
});
