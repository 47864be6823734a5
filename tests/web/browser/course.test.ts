// Course material in the real app (Chromium, real WASM): embed mode in 800×500 and 480×320 frames, narrow
// screens, the help and share dialogs, fullscreen, reduced motion, the screen-reader summary, the PNG
// exports and axe-core's WCAG checks on the normal page, the embed and the projector theme.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import type { App } from '../../../web/src/app/app';
import { mountApp } from '../../../web/src/app/app';
import { Announcer, ANNOUNCE_THROTTLE_MS, summaryText } from '../../../web/src/app/announcer';
import type { EmbedOptions } from '../../../web/src/app/embed-options';
import { parseEmbedOptions } from '../../../web/src/app/embed-options';
import { ShareDialog } from '../../../web/src/controls/share-dialog';
import type { ErrorCapture } from './support';
import { axeViolations, captureDownloads, captureErrors, textField, typeInto } from './support';

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** vitest.browser.config.ts: Playwright's page.emulateMedia({ reducedMotion }). */
    emulateReducedMotion(reduce: boolean): Promise<void>;
  }
}

const DEFAULT_VIEWPORT = { width: 1280, height: 860 };
const EMBED: EmbedOptions = { embed: true, plots: null, theme: 'default' };

let host: HTMLElement;
let app: App | null = null;
let capture: ErrorCapture;
const restore: (() => void)[] = [];

beforeEach(() => {
  capture = captureErrors();
  host = document.createElement('div');
  document.body.append(host);
});

afterEach(async () => {
  app?.destroy();
  app = null;
  host.remove();
  for (const r of restore.splice(0)) r();
  await page.viewport(DEFAULT_VIEWPORT.width, DEFAULT_VIEWPORT.height);
  await commands.emulateReducedMotion(false);
  capture.stop();
  expect(capture.errors).toEqual([]);
});

/** A host element filling a frame of w × h CSS pixels (the test viewport set to that size). */
async function frame(w: number, h: number): Promise<void> {
  await page.viewport(w, h);
  host.style.cssText = `position: fixed; left: 0; top: 0; width: ${w}px; height: ${h}px;`;
}


/** The PNG's width and height from its IHDR chunk (bytes 16–23), after checking the signature. */
async function pngSize(b: Blob): Promise<{ width: number; height: number }> {
  const bytes = new Uint8Array(await b.arrayBuffer());
  expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const dv = new DataView(bytes.buffer);
  return { width: dv.getUint32(16), height: dv.getUint32(20) };
}

describe('embed mode', () => {
  for (const [w, h] of [
    [800, 500],
    [480, 320],
  ] as const) {
    it(`in a ${w}×${h} frame the 3-D view gets ≥ 60 % of the height, nothing scrolls and nothing takes the focus`, async () => {
      await frame(w, h);
      app = await mountApp(host, { caseName: 'IV', embed: EMBED, autoplay: false });
      await expect.poll(() => app?.frames ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
      const canvas = app.view!.canvas.getBoundingClientRect();
      expect(canvas.height).toBeGreaterThanOrEqual(0.6 * h);
      expect(canvas.width).toBeCloseTo(w, 0);
      // Everything inside the frame: the bar's last button ends inside it, and no scroll bars.
      const bar = app.chrome.bar.getBoundingClientRect();
      expect(bar.bottom).toBeLessThanOrEqual(h + 0.5);
      for (const b of app.chrome.bar.querySelectorAll('button')) {
        expect(b.getBoundingClientRect().right, b.textContent ?? '').toBeLessThanOrEqual(w + 0.5);
      }
      expect(host.scrollHeight).toBeLessThanOrEqual(h + 1);
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(w);
      expect(window.scrollY).toBe(0);
      expect(document.activeElement === document.body || document.activeElement === null).toBe(true);
      // The full controls are in a closed drawer; the bar opens it.
      expect(getComputedStyle(app.panel.element).display).toBe('none');
      await page.getByRole('button', { name: 'Controls' }).click();
      expect(app.chrome.drawerButton.getAttribute('aria-expanded')).toBe('true');
      expect(getComputedStyle(app.panel.element).display).not.toBe('none');
      const panelBox = app.panel.element.getBoundingClientRect();
      expect(panelBox.bottom).toBeLessThanOrEqual(h);
      expect(panelBox.right).toBeLessThanOrEqual(w);
      // Escape in the drawer closes it and gives the focus back to its button.
      app.panel.caseSelect.focus();
      await userEvent.keyboard('{Escape}');
      expect(app.chrome.drawerButton.getAttribute('aria-expanded')).toBe('false');
      expect(document.activeElement).toBe(app.chrome.drawerButton);
      // The bar's Play and Step act on the simulation.
      await page.getByRole('button', { name: 'Step' }).click();
      expect(app.model.curr.steps).toBe(1);
      await page.getByRole('button', { name: 'Play' }).click();
      expect(app.playing).toBe(true);
      await expect.element(page.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
      expect(window.scrollY).toBe(0);
    });
  }

  it('shows the plots asked for (plots=energy,error) and still gives the view ≥ 60 % at 480×320', async () => {
    const parsed = parseEmbedOptions('?embed=1&plots=energy,error');
    expect(parsed.messages).toEqual([]);
    for (const [w, h] of [
      [800, 500],
      [480, 320],
    ] as const) {
      await frame(w, h);
      app = await mountApp(host, { caseName: 'I', embed: parsed.options, autoplay: false });
      expect(app.plots.shown).toBe(true);
      const visible = [...app.plots.element.querySelectorAll<HTMLElement>('[data-plot]')]
        .filter((c) => getComputedStyle(c).display !== 'none')
        .map((c) => c.dataset['plot']);
      expect(visible).toEqual(['energy', 'error']);
      expect(app.view!.canvas.getBoundingClientRect().height).toBeGreaterThanOrEqual(0.6 * h);
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(w);
      // Unticking "Show plots" in the drawer gives the view the whole frame again.
      app.panel.plotsBox.click();
      expect(app.plots.shown).toBe(false);
      expect(app.root.classList.contains('lgvci-embed-plots')).toBe(false);
      expect(app.view!.canvas.getBoundingClientRect().height).toBeGreaterThanOrEqual(0.85 * h);
      app.destroy();
      app = null;
    }
  });

  it('an invalid value is named in a visible message and the rest applies', async () => {
    const parsed = parseEmbedOptions('?embed=1&plots=energy,bogus&theme=neon');
    expect(parsed.options).toEqual({ embed: true, plots: ['energy'], theme: 'default' });
    await frame(800, 500);
    app = await mountApp(host, { embed: parsed.options, messages: parsed.messages, autoplay: false });
    const msg = app.chrome.message;
    expect(msg.hidden).toBe(false);
    expect(msg.textContent).toContain('plots: unknown plot "bogus"');
    expect(msg.textContent).toContain('theme: must be projector or default');
    expect(msg.getBoundingClientRect().height).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    expect(msg.hidden).toBe(true);
  });

  it('a rejected value in the drawer scrolls the drawer to its message, never the page around', async () => {
    await frame(800, 500);
    const spacer = document.createElement('div');
    spacer.style.height = '3000px'; // the document can scroll: a scrollIntoView would move it
    document.body.append(spacer);
    restore.push(() => spacer.remove());
    app = await mountApp(host, { caseName: 'IV', embed: EMBED, autoplay: false });
    app.chrome.setDrawer(true);
    const field = textField(host, 'h'); // the time step, near the end of the panel
    await typeInto(field, '7');
    const msg = host.querySelector<HTMLElement>('[data-field="h"] .field-msg')!;
    expect(msg.textContent).not.toBe('');
    const m = msg.getBoundingClientRect();
    const p = app.panel.element.getBoundingClientRect();
    expect(m.top).toBeGreaterThanOrEqual(p.top);
    expect(m.bottom).toBeLessThanOrEqual(p.bottom);
    expect(window.scrollY).toBe(0);
  });

  it('keys pressed outside the simulator do nothing; inside it they act', async () => {
    await frame(800, 500);
    const outside = document.createElement('button');
    outside.textContent = 'host page button';
    document.body.append(outside);
    restore.push(() => outside.remove());
    app = await mountApp(host, { caseName: 'I', embed: EMBED, autoplay: false });
    outside.focus();
    await userEvent.keyboard('s');
    await userEvent.keyboard(' ');
    await userEvent.keyboard('?');
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'r', bubbles: true }));
    expect(app.model.curr.steps).toBe(0);
    expect(app.playing).toBe(false);
    expect(app.chrome.help.element.open).toBe(false);
    // Tab from the host page's button into the simulator: its focus ring is drawn inside the frame.
    host.before(outside);
    outside.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(app.root);
    expect(getComputedStyle(app.root, '::after').borderTopWidth).toBe('3px');
    await userEvent.keyboard('s');
    expect(app.model.curr.steps).toBe(1);
  });
});

describe('narrow screens (≤ 600 px)', () => {
  it('at 375 px: the view first, the controls in a drawer below, no horizontal scroll', async () => {
    await page.viewport(375, 740);
    host.style.cssText = 'width: 100%;';
    app = await mountApp(host, { caseName: 'IV', autoplay: false });
    await expect.poll(() => app?.frames ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    const noOverflow = (): void => {
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
      for (const e of host.querySelectorAll<HTMLElement>('*')) {
        const r = e.getBoundingClientRect();
        if (r.width > 0 && getComputedStyle(e).position !== 'fixed') expect(r.right, e.className).toBeLessThanOrEqual(376);
      }
    };
    noOverflow();
    const drawer = page.getByRole('button', { name: 'Controls' });
    await expect.element(drawer).toHaveAttribute('aria-expanded', 'false');
    expect(getComputedStyle(app.panel.element).display).toBe('none');
    await drawer.click();
    await expect.element(drawer).toHaveAttribute('aria-expanded', 'true');
    const view = host.querySelector('.lgvci-viewport')!.getBoundingClientRect();
    const panel = app.panel.element.getBoundingClientRect();
    expect(panel.height).toBeGreaterThan(100);
    expect(panel.top).toBeGreaterThanOrEqual(view.bottom); // the view first
    noOverflow();
  });

  it('on a wide page the panel is always there and the drawer button is not', async () => {
    host.style.width = '1200px';
    app = await mountApp(host, { caseName: 'I', autoplay: false });
    expect(getComputedStyle(app.chrome.drawerButton).display).toBe('none');
    expect(getComputedStyle(app.panel.element).display).not.toBe('none');
  });
});

describe('help dialog and keyboard', () => {
  it('? opens the shortcut help, Escape closes it and gives the focus back', async () => {
    host.style.width = '1200px';
    app = await mountApp(host, { caseName: 'I', autoplay: false });
    app.root.focus();
    await userEvent.keyboard('?');
    const dialog = app.chrome.help.element;
    expect(dialog.open).toBe(true);
    await expect.element(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    // Keys inside the dialog do not reach the simulation.
    await userEvent.keyboard('s');
    expect(app.model.curr.steps).toBe(0);
    await userEvent.keyboard('{Escape}');
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(app.root);
    // The Keys button opens it too, and Close gives the focus back to the button.
    await page.getByRole('button', { name: 'Keys: keyboard shortcuts' }).click();
    expect(dialog.open).toBe(true);
    await page.getByRole('button', { name: 'Close' }).click();
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(app.chrome.helpButton);
  });

  it('[ and ] turn the camera 15° about the vertical through its target, + and − change its distance', async () => {
    host.style.width = '1200px';
    app = await mountApp(host, { caseName: 'I', autoplay: false });
    const v = app.view!;
    v.follow = false;
    const up = v.camera.up.clone().normalize();
    const offset = () => v.camera.position.clone().sub(v.controls.target);
    /** The offset's part perpendicular to the up axis (its azimuth is what [ and ] turn). */
    const flat = (o: ReturnType<typeof offset>) => o.clone().addScaledVector(up, -up.dot(o));
    app.root.focus();
    const o0 = offset();
    const f0 = flat(o0);
    await userEvent.keyboard(']');
    const o1 = offset();
    expect(o1.length()).toBeCloseTo(o0.length(), 6);
    expect((f0.angleTo(flat(o1)) * 180) / Math.PI).toBeCloseTo(15, 4);
    expect(o1.dot(up)).toBeCloseTo(o0.dot(up), 6); // height above the target kept
    await userEvent.keyboard('[['); // a literal "[" in userEvent's key syntax
    expect(offset().distanceTo(o0)).toBeLessThan(1e-6);
    await userEvent.keyboard('+');
    expect(offset().length()).toBeCloseTo(0.85 * o0.length(), 6);
    await userEvent.keyboard('-');
    expect(offset().length()).toBeCloseTo(o0.length(), 6);
  });

  it('every control is reachable with Tab and shows a focus ring', async () => {
    host.style.width = '1200px';
    app = await mountApp(host, { caseName: 'IV', autoplay: false });
    app.root.focus();
    const reached = new Set<Element>();
    for (let i = 0; i < 120; i++) {
      await userEvent.tab();
      const a = document.activeElement;
      if (!a || !host.contains(a) || a === app.root) break;
      reached.add(a);
      const cs = getComputedStyle(a);
      const ring = (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2) || cs.boxShadow !== 'none';
      expect(ring, `${a.tagName} ${a.className} has no focus ring`).toBe(true);
    }
    // Every visible, enabled control (not those inside a dialog or a closed <details>, its summary aside).
    const controls = [...host.querySelectorAll<HTMLElement>('button, input, select, textarea, summary')].filter((e) => {
      const closed = e.closest('details:not([open])');
      if (closed && e.tagName !== 'SUMMARY') return false;
      return e.getClientRects().length > 0 && !(e as HTMLButtonElement).disabled && !e.closest('dialog');
    });
    const missed = controls.filter((c) => !reached.has(c)).map((c) => `${c.tagName}.${c.className} ${c.textContent ?? ''}`);
    expect(missed).toEqual([]);
  });
});

describe('share dialog', () => {
  it('offers the link, an iframe snippet in embed mode with a preview, and a fallback when copying is refused', async () => {
    // An address on this server that is not the test page (the dist test loads a real embed in a frame;
    // here the preview only has to point at the embed's address).
    const link = `${location.origin}/course/sim/index.html?case=IV`;
    const share = new ShareDialog('t', { link: () => link, title: () => 'Cube on a plane' });
    host.append(share.element);
    const opener = document.createElement('button');
    opener.textContent = 'open share';
    host.append(opener);
    opener.focus();
    restore.push(() => share.destroy());
    share.open();
    await expect.element(page.getByRole('dialog', { name: 'Share this set-up' })).toBeVisible();
    expect(share.linkInput.value).toBe(link);
    const snippet = share.snippetText.value;
    const embedSrc = `${location.origin}/course/sim/index.html?case=IV&embed=1`;
    expect(snippet).toBe(
      `<iframe src="${embedSrc.replace('&', '&amp;')}" title="Cube on a plane" width="800" height="500" allowfullscreen loading="lazy" style="border: 0; display: block; width: 100%; max-width: 800px; height: auto; aspect-ratio: 800 / 500;"></iframe>`,
    );
    // The snippet is HTML that parses back to an iframe of the embed address.
    const parsed = new DOMParser().parseFromString(snippet, 'text/html').querySelector('iframe');
    expect(parsed?.getAttribute('src')).toBe(embedSrc);
    expect(parsed?.hasAttribute('allowfullscreen')).toBe(true);
    expect(share.preview?.src).toBe(embedSrc);

    // Copying refused: the text is selected and the dialog says so.
    const refuse = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    await page.getByRole('button', { name: 'Copy embed code' }).click();
    await expect.element(page.getByRole('status').filter({ hasText: 'did not allow copying' })).toBeVisible();
    expect(share.snippetText.selectionStart).toBe(0);
    expect(share.snippetText.selectionEnd).toBe(snippet.length);
    refuse.mockRestore();
    // Copying allowed: the exact link goes to the clipboard.
    const copied: string[] = [];
    const allow = vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (t: string) => {
      copied.push(t);
    });
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect.element(page.getByText('Link copied to the clipboard.')).toBeVisible();
    expect(copied).toEqual([link]);
    allow.mockRestore();

    // The preview is an 800×500 frame of the embed, drawn at 0.45 scale inside the dialog.
    const box = share.preview!.getBoundingClientRect();
    expect(box.width).toBeCloseTo(800 * 0.45, 0);
    expect(box.height).toBeCloseTo(500 * 0.45, 0);
    expect(await axeViolations(share.element)).toEqual([]);

    await userEvent.keyboard('{Escape}');
    expect(share.element.open).toBe(false);
    expect(share.preview).toBeNull(); // closed: the preview stops
    expect(document.activeElement).toBe(opener);
  });
});

describe('fullscreen', () => {
  it('the button puts the simulator element in fullscreen and its label says how to leave', async () => {
    host.style.width = '1200px';
    app = await mountApp(host, { caseName: 'I', autoplay: false });
    const fs = app.chrome.fullscreen;
    if (!document.fullscreenEnabled) {
      // Only a frame without allowfullscreen gets here: the button says why it is disabled.
      expect(fs.button.disabled).toBe(true);
      expect(fs.reason.textContent).toContain('allowfullscreen');
      return;
    }
    await page.getByRole('button', { name: 'Fullscreen' }).click();
    await expect.poll(() => document.fullscreenElement).toBe(app.root);
    await expect.element(page.getByRole('button', { name: 'Exit fullscreen' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Exit fullscreen' }).click();
    await expect.poll(() => document.fullscreenElement).toBeNull();
    await expect.element(page.getByRole('button', { name: 'Fullscreen' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('reduced motion', () => {
  it('with prefers-reduced-motion the run starts paused with a large Play; without, it plays', async () => {
    await commands.emulateReducedMotion(true);
    expect(matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(true);
    host.style.width = '1200px';
    app = await mountApp(host, { caseName: 'I' });
    expect(app.playing).toBe(false);
    const big = app.chrome.bigPlay!;
    expect(big).not.toBeNull();
    const r = big.getBoundingClientRect();
    expect(r.width).toBeGreaterThan(80);
    expect(r.height).toBeGreaterThan(40);
    const steps = app.model.curr.steps;
    await new Promise((res) => setTimeout(res, 300));
    expect(app.model.curr.steps).toBe(steps);
    big.click();
    expect(app.playing).toBe(true);
    expect(app.chrome.bigPlay).toBeNull();
    app.destroy();

    await commands.emulateReducedMotion(false);
    app = await mountApp(host, { caseName: 'I' });
    expect(app.playing).toBe(true);
    expect(app.chrome.bigPlay).toBeNull();
  });
});

describe('screen-reader summary', () => {
  it('says what is shown, t, impacts and the energy error, at most once per throttle interval', async () => {
    host.style.width = '1200px';
    app = await mountApp(host, { caseName: 'IV', autoplay: false });
    const region = app.chrome.announcer.element;
    expect(region.getAttribute('aria-live')).toBe('polite');
    while (app.model.curr.impacts === 0 && app.model.curr.steps < 20_000) app.model.step(500);
    const a = app;
    const text = summaryText({
      shown: () => 'Case IV — ε-rounded cube',
      t: () => a.model.curr.t,
      impacts: () => a.model.curr.impacts,
      relError: () => a.model.relativeEnergyError,
      playing: () => false,
    });
    expect(app.model.curr.impacts).toBeGreaterThan(0);
    expect(text).toContain(`Time ${app.model.curr.t.toFixed(1)} s, ${app.model.curr.impacts} impact`);
    expect(text).toMatch(/relative energy error \d\.\de-\d+\./);

    // Throttle: a fake clock; a change inside the interval waits, a change after it is written.
    let now = 0;
    let t = 1;
    const ann = new Announcer(
      { shown: () => 'X', t: () => t, impacts: () => 0, relError: () => 0, playing: () => true },
      () => now,
    );
    expect(ann.tick()).toBe(true);
    t = 2;
    now = ANNOUNCE_THROTTLE_MS - 1;
    expect(ann.tick()).toBe(false);
    now = ANNOUNCE_THROTTLE_MS;
    expect(ann.tick()).toBe(true);
    expect(ann.element.textContent).toContain('Time 2.0 s');
    now = 3 * ANNOUNCE_THROTTLE_MS; // nothing changed: nothing written
    expect(ann.tick()).toBe(false);
    expect(ann.writes).toBe(2);
    ann.destroy();
  });
});

describe('save image', () => {
  it('the 3-D view and a plot download as PNGs of their canvas size, named after what they show', async () => {
    const dl = captureDownloads(restore);
    host.style.width = '1200px';
    app = await mountApp(host, { caseName: 'IV', autoplay: false });
    app.model.step(100);
    app.plots.invalidate();
    await page.getByRole('button', { name: 'Save image of the 3-D view (PNG)' }).click();
    await expect.poll(() => dl.blobs.length).toBe(1);
    const canvas = app.view!.canvas;
    expect(await pngSize(dl.blobs[0]!)).toEqual({ width: canvas.width, height: canvas.height });
    expect(dl.names[0]).toBe(`lgvci-3d-view-case-IV-t${app.model.curr.t.toFixed(2)}s.png`);
    // Not a blank image: the body (orange) is in it. Decode and look for non-background pixels.
    const bmp = await createImageBitmap(dl.blobs[0]!);
    const c2 = new OffscreenCanvas(bmp.width, bmp.height);
    const ctx = c2.getContext('2d')!;
    ctx.drawImage(bmp, 0, 0);
    const px = ctx.getImageData(0, 0, bmp.width, bmp.height).data;
    let orange = 0;
    for (let i = 0; i < px.length; i += 4) if (px[i]! > 150 && px[i + 2]! < 110 && px[i]! - px[i + 2]! > 80) orange += 1;
    expect(orange).toBeGreaterThan(50);

    await expect.poll(() => app?.plots.cards.energy.plot !== null, { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Save PNG image of the plot: Energy exchange', exact: true }).click();
    await expect.poll(() => dl.blobs.length).toBe(2);
    const plotCanvas = app.plots.cards.energy.plot!.root.querySelector('canvas')!;
    expect(await pngSize(dl.blobs[1]!)).toEqual({ width: plotCanvas.width, height: plotCanvas.height });
    expect(dl.names[1]).toMatch(/^lgvci-plot-energy-case-IV-t\d+\.\d\ds\.png$/);
  });
});

describe('axe-core (WCAG 2 A/AA and best practices): zero violations', () => {
  it('on the page layout', async () => {
    host.style.width = '1200px';
    app = await mountApp(host, { caseName: 'IV', autoplay: false });
    app.model.step(50);
    expect(await axeViolations(host)).toEqual([]);
  });

  it('in embed mode with plots and the drawer open', async () => {
    await frame(800, 500);
    app = await mountApp(host, { caseName: 'I', embed: { embed: true, plots: ['energy', 'error'], theme: 'default' }, autoplay: false });
    expect(await axeViolations(host)).toEqual([]);
    app.chrome.setDrawer(true);
    expect(await axeViolations(host)).toEqual([]);
  });

  it('with the projector theme, and with the help dialog open', async () => {
    host.style.width = '1200px';
    app = await mountApp(host, { caseName: 'star', embed: { embed: false, plots: null, theme: 'projector' }, autoplay: false });
    expect(app.root.classList.contains('lgvci-projector')).toBe(true);
    expect(await axeViolations(host)).toEqual([]);
    app.chrome.help.open();
    expect(await axeViolations(app.chrome.help.element)).toEqual([]);
  });
});
