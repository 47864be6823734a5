// Issue 8, finding 7 in the real page (real WASM, real worker): the Newton-halt warning never shows
// "nan"; after a halt, Reset and a new setting run again; a corrected long-run step count is not lost
// on the first click; and a long run does not flood the DOM with progress text.
import type { UiParams } from '../../../web/src/config/params';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { App } from '../../../web/src/app/app';
import { mountApp } from '../../../web/src/app/app';
import type { ErrorCapture } from './support';
import { captureErrors, textField, typeInto } from './support';

let host: HTMLElement;
let app: App;
let capture: ErrorCapture;

const field = (id: string): HTMLInputElement => textField(host, id);

beforeEach(() => {
  capture = captureErrors();
  host = document.createElement('div');
  host.style.width = '1200px';
  document.body.append(host);
});

afterEach(() => {
  app?.destroy();
  host.remove();
  capture.stop();
  expect(capture.errors).toEqual([]);
});

/** Case IV with h = 0.05, Π₀ = (20, −20, 20), γ₀ = (2, 2, −20), height 30: Newton fails at t = 1.1. */
async function haltingSetup(): Promise<void> {
  app = await mountApp(host, { caseName: 'IV', autoplay: false });
  for (const [id, v] of [
    ['h', '0.05'],
    ['Pi0x', '20'],
    ['Pi0y', '-20'],
    ['Pi0z', '20'],
    ['gamma0z', '-20'],
    ['x0z', '30'],
  ] as const) {
    await typeInto(field(id), v);
  }
  expect(app.controller.params).toMatchObject({ h: 0.05, Pi0: [20, -20, 20], gamma0: [2, 2, -20] });
  expect((app.controller.params as unknown as UiParams).x0[2]).toBe(30);
}

describe('issue 8, finding 7', () => {
  it('a Newton halt is reported in words (no "nan"); Reset and then a new setting resume the run', async () => {
    await haltingSetup();
    const speed = field('speed');
    await typeInto(speed, '4'); // the halt at t = 1.1 s comes after ~0.3 s
    app.play();
    const warning = host.querySelector<HTMLElement>('.hud-warning')!;
    await expect.poll(() => app.model.halted, { timeout: 20_000 }).toBe(true);
    await expect.element(page.getByRole('alert')).toBeVisible();
    const text = warning.textContent ?? '';
    expect(text).toMatch(/^Simulation halted at t = 1\.100 s: /);
    expect(text).not.toMatch(/nan|NaN|\binf\b|Infinity/);
    expect(app.playing).toBe(false);
    await expect.element(page.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    for (const name of ['energy', 'relerr', 'time']) {
      expect(host.querySelector(`[data-hud="${name}"]`)?.textContent).not.toMatch(/nan/i);
    }

    // Reset: the run plays again from t = 0 (steps restart at 0, so steps > 3 means it plays), and at
    // this speed it reaches the same halt again
    let halts = 1;
    const off = app.model.on((e) => {
      if (e === 'status' && app.model.halted) halts++;
    });
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => app.model.curr.steps, { timeout: 10_000 }).toBeGreaterThan(3);
    await expect.poll(() => halts, { timeout: 20_000 }).toBe(2);
    expect(app.model.curr.t).toBeCloseTo(1.1, 9);
    expect(app.playing).toBe(false);

    // a new setting resumes with that setting
    await typeInto(field('Pi0x'), '4');
    off();
    expect((app.controller.params as unknown as UiParams).Pi0[0]).toBe(4);
    await expect.poll(() => app.model.curr.steps, { timeout: 10_000 }).toBeGreaterThan(3);
  });

  it('after a rejected step count is corrected, the first click on "Start long run" starts it; nothing moves', async () => {
    app = await mountApp(host, { caseName: 'IV', autoplay: false });
    const steps = page.getByRole('textbox', { name: 'Steps' });
    const startEl = host.querySelector<HTMLButtonElement>('.long-group .btn-primary')!;
    const group = host.querySelector<HTMLElement>('.long-group')!;
    // position of the button inside its group (the page may scroll to the field meanwhile)
    const offset = (): number => startEl.getBoundingClientRect().top - group.getBoundingClientRect().top;
    const before = offset();
    await typeInto(app.longRunControls.stepsInput, '12abc');
    await expect.element(page.getByText(/is not a whole number/)).toBeVisible();
    // the message does not push the button down
    expect(offset()).toBe(before);
    await steps.fill('20000'); // corrected, still focused (no blur yet)
    expect(app.longRunControls.stepsMessage.textContent).toBe('');
    expect(offset()).toBe(before);
    await page.getByRole('button', { name: 'Start long run' }).click();
    expect(app.longRun.running).toBe(true);
    await expect.poll(() => app.longRun.running, { timeout: 30_000 }).toBe(false);
    expect(app.longRunControls.status.textContent).toMatch(/impacts in 20\u202f000 steps/);
  });

  it('a long run while the 3-D view animates writes its progress at most once per frame', async () => {
    app = await mountApp(host, { caseName: 'IV', autoplay: false });
    app.play();
    const watched = [
      app.longRunControls.status,
      app.longRunControls.impacts,
      host.querySelector<HTMLElement>('[data-plot="long"] .plot-status')!,
    ];
    await app.longRunControls.stepsInput.focus();
    await page.getByRole('textbox', { name: 'Steps' }).fill('10000000');
    await page.getByRole('button', { name: 'Start long run' }).click();
    await expect.poll(() => app.longRunControls.progress.value, { timeout: 20_000 }).toBeGreaterThan(0);
    let mutations = 0;
    const obs = new MutationObserver((recs) => {
      mutations += recs.length;
    });
    for (const w of watched) obs.observe(w, { childList: true, characterData: true, subtree: true });
    let frames = 0;
    let raf = requestAnimationFrame(function count() {
      frames++;
      raf = requestAnimationFrame(count);
    });
    const p0 = app.longRunControls.progress.value;
    await new Promise((r) => setTimeout(r, 1000));
    cancelAnimationFrame(raf);
    obs.disconnect();
    expect(app.longRunControls.progress.value).toBeGreaterThan(p0); // it did progress meanwhile
    expect(frames).toBeGreaterThan(0); // rAF kept firing (a loaded machine may give only a few)
    // each watched element is written at most once per frame (and only when its text changes)
    expect(mutations).toBeLessThanOrEqual(watched.length * (frames + 2));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => app.longRun.running, { timeout: 5000 }).toBe(false);
  });
});
