// The worksheet (docs/course-material.md "A worksheet") on the BUILT page in Debian's Chromium: printed
// to A4 (Chromium's own PDF printer, the page's print stylesheet), Case IV with four plots is one page
// holding the 3-D view as it was (a picture with the body in it: the WebGL canvas prints blank), the
// set-up with the control values, the plots and the answer lines; the bar, the panel and the page's
// introduction are not printed. Before the print stylesheet the page printed as 4 A4 pages of buttons.
// Needs `npm run build` first.
import { describe, expect, it } from 'vitest';
import { useDistSite } from './support';

const site = useDistSite();

/** The number of pages of a PDF (its page objects). */
const pageCount = (pdf: Buffer): number => (pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;

describe('printing the page', () => {
  it('Case IV with its plots prints as one A4 worksheet: the view, the set-up, the plots, the answer lines', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(120_000);
    await page.goto(`${site.origin}/?case=IV&tilt=10&autoplay=0&plots=energy,error,height,divergence`);
    await page.waitForFunction(() => performance.getEntriesByName('lgvci:app-ready').length > 0);
    await page.waitForSelector('[data-plot="error"] .plot-host canvas');
    // Printed by Chromium (to PDF, A4), which dispatches beforeprint as its Print does: one page, with
    // the view's picture at the view's own pixel width (beside the plots' canvases).
    const viewWidth = await page.evaluate(() => document.querySelector<HTMLCanvasElement>('.lgvci-viewport canvas')!.width);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pageCount(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toContain(`/Width ${viewWidth}`);

    // What the sheet holds, filled as before a print (on the screen's layout, as the browser does).
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    const filled = await page.evaluate(() => {
      const c = document.querySelector<HTMLCanvasElement>('.print-sheet .print-view')!;
      // the picture is not blank: its pixels vary (the body and the grid on the plane)
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      const seen = new Set<number>();
      for (let i = 0; i < d.length; i += 4 * 97) seen.add((d[i]! << 16) | (d[i + 1]! << 8) | d[i + 2]!);
      return {
        width: c.width,
        colours: seen.size,
        setup: [...document.querySelectorAll('.print-setup li')].map((li) => li.textContent ?? ''),
        state: document.querySelector('.print-state')?.textContent ?? '',
        title: document.querySelector('.print-title')?.textContent ?? '',
        lines: document.querySelectorAll('.print-answer-line').length,
      };
    });
    expect(filled.width).toBe(viewWidth);
    expect(filled.colours).toBeGreaterThan(20);
    expect(filled.title).toMatch(/Case IV/);
    expect(filled.state).toMatch(/^t \d/);
    expect(filled.setup).toContain('Plane tilt angle in degrees: 10 °');
    expect(filled.lines).toBe(5);

    // In print: the sheet and the four plots; not the bar, the panel or the page's introduction.
    await page.emulateMedia({ media: 'print' });
    const shown = await page.evaluate(() => {
      const on = (sel: string): boolean => {
        const e = document.querySelector(sel);
        return !!e && e.getBoundingClientRect().height > 0;
      };
      return {
        sheet: on('.print-sheet'),
        bar: on('.lgvci-bar'),
        panel: on('.lgvci-panel'),
        about: on('.page-about'),
        plots: [...document.querySelectorAll('.plot-grid > .plot-card')].filter((e) => e.getBoundingClientRect().height > 0).length,
      };
    });
    expect(shown).toEqual({ sheet: true, bar: false, panel: false, about: false, plots: 4 });
    await page.close();
  }, 240_000);
});
