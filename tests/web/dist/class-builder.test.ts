// "Customise for class" on the BUILT page (docs/course-material.md "Customise for class"): the builder's
// code is fetched only when the teacher opens it; its live preview is the real embed of the built link
// (the tilt it locks is disabled there), and that frame keeps its own address in step (lock= kept)
// without touching the teacher's page's address. Needs `npm run build` first.
import { describe, expect, it } from 'vitest';
import { useDistSite } from './support';

const site = useDistSite();

describe('the teacher’s link builder on the built site', () => {
  it('is loaded on first use; its preview is the embed of the link and never writes the page’s address', async () => {
    const context = await site.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // Two apps in one renderer (the page and its preview) on a busy machine: generous waits.
    page.setDefaultTimeout(150_000);
    site.requested.length = 0;
    // Paused, and the preview paused too (autoplay=0): less for the machine to do while it loads.
    await page.goto(`${site.origin}/?case=IV&tilt=10&autoplay=0`);
    await page.waitForSelector('.lgvci-bar .bar-share', { state: 'attached' });
    expect(site.requested.some((p) => /\/assets\/class-(open|lock)-/.test(p))).toBe(false);
    const before = page.url();

    await page.click('.lgvci-bar .bar-share');
    await page.getByRole('button', { name: 'Customise for class…' }).click();
    await page.getByRole('dialog', { name: 'Customise for class' }).waitFor();
    expect(site.requested.some((p) => /\/assets\/class-open-/.test(p))).toBe(true);
    await page.getByRole('checkbox', { name: 'Lock Plane tilt angle in degrees' }).check();
    await page.getByRole('checkbox', { name: 'Play when it opens' }).uncheck();
    const link = await page.inputValue('.class-dialog input.share-text');
    // The plots Case IV has: the rigid body declares no velocity plot, so the builder offers none.
    expect(link).toBe(`${site.origin}/?case=IV&tilt=10&lock=tilt&plots=energy,error,height,divergence&autoplay=0&locale=en`);

    // The preview frame (debounced) is the embed of that link, and the page in it honours the lock.
    const frame = page.frameLocator('.class-dialog .share-preview iframe');
    const tilt = frame.locator('[data-field="tilt"] input[type="range"]');
    await tilt.waitFor({ state: 'attached' });
    expect(await tilt.isDisabled()).toBe(true);
    expect(await page.getAttribute('.class-dialog .share-preview iframe', 'src')).toBe(`${link}&embed=1`);
    // It writes its own address (the state codec keeps lock=) and leaves the teacher's alone.
    const inner = page.frames().find((f) => f !== page.mainFrame())!;
    await inner.evaluate(() => new Promise((r) => setTimeout(r, 600)));
    expect(new URL(inner.url()).searchParams.get('lock')).toBe('tilt');
    expect(page.url()).toBe(before);
    await context.close();
  }, 420_000);
});
