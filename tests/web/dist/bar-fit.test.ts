// The embed's bar at the frame sizes course pages give it (docs/course-material.md "Embed, share,
// fullscreen, accessibility"): at every width from a 320 px column to a wide lesson, with and without
// plots beside the view, in English and in German (longer words), every control of the bar — the
// language menu included — lies inside the bar and the frame. The language menu was cut off at
// 320–480 and 600–660 px and whenever plots were shown (an 800×500 frame with plots included).
// Needs `npm run build` first.
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { useDistSite } from './support';

const site = useDistSite();

const WIDTHS = [320, 360, 400, 440, 480, 560, 600, 640, 660, 720, 800, 1024, 1280];

/** The bar's controls that stick out of the bar or the window (their classes, with how far). */
function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bar = document.querySelector('.lgvci-bar')!;
    const b = bar.getBoundingClientRect();
    const out: string[] = [];
    for (const c of bar.querySelectorAll<HTMLElement>('button, select, .bar-language, .class-mark')) {
      if (getComputedStyle(c).display === 'none' || c.closest('[hidden]')) continue;
      const r = c.getBoundingClientRect();
      if (r.width === 0) continue;
      const right = Math.min(b.right, innerWidth);
      if (r.right > right + 0.5 || r.left < Math.max(b.left, 0) - 0.5) out.push(`${c.className} ${Math.round(r.left)}–${Math.round(r.right)} of ${Math.round(right)}`);
    }
    return out;
  });
}

describe('the embed bar fits its frame', () => {
  it.each(['en', 'de'])('%s: every control inside the bar at 13 widths, with and without plots', async (locale) => {
    const page = await site.browser.newPage({ viewport: { width: 320, height: 500 } });
    page.setDefaultTimeout(120_000);
    const failures: string[] = [];
    for (const plots of ['', '&plots=energy,error']) {
      await page.setViewportSize({ width: 800, height: 500 });
      await page.goto(`${site.origin}/?embed=1&case=IV&autoplay=0&locale=${locale}${plots}`);
      await page.waitForFunction(() => performance.getEntriesByName('lgvci:app-ready').length > 0);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: Math.round((width * 5) / 8) < 320 ? 320 : Math.round((width * 5) / 8) });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        for (const c of await clipped(page)) failures.push(`${width}px${plots ? ' with plots' : ''}: ${c}`);
      }
    }
    expect(failures).toEqual([]);
    await page.close();
  }, 300_000);
});
