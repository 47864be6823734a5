// The page on the screens students use (docs: the page): the camera keeps a body that slides for
// 10⁴ s in the frame; on a 390×844 phone the view takes most of the first screen, Play/Step/Reset are
// under it without opening anything and the one-line HUD is never over the body's projected centre;
// what the page says about a refused set-up and a stalled run is in words, with the core's text as
// the detail.
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { App } from '../../../web/src/app/app';
import { textField, typeInto, useAppFixture } from './support';

const fx = useAppFixture('100%');

/** Let the frame loop draw a few frames (the follow camera moves in render()). */
async function frames(app: App, n: number): Promise<void> {
  const start = app.frames;
  await expect.poll(() => app.frames, { timeout: 10_000 }).toBeGreaterThanOrEqual(start + n);
}

describe('the camera', () => {
  it('keeps the sliding cube in the frame after 10⁴ s of simulated time', async () => {
    await page.viewport(1280, 860);
    const app = await fx.mount({ caseName: 'slide', autoplay: false });
    // h = 0.05 s: 2·10⁵ steps (Störmer–Verlet slides exactly under the constant force at any h).
    expect(app.controller.setField('h', 0.05)).toEqual({ ok: true });
    const h = app.model.clock.h;
    const steps = Math.round(1e4 / h);
    // Driven step by step without the wall clock (10⁴ s at speed 1 would take three hours).
    for (let done = 0; done < steps; ) {
      const n = Math.min(20_000, steps - done);
      app.model.step(n);
      done += n;
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(app.model.curr.t).toBeCloseTo(1e4, 6);
    const x = app.model.curr.x;
    // ½ g sin 20° t² ≈ 1.7·10⁸ m down the slope: far from where the camera started.
    expect(Math.hypot(x[0], x[1], x[2])).toBeGreaterThan(1e8);
    await frames(app, 3);
    const p = app.view!.projectBody();
    expect(p?.inside).toBe(true);
    // Not at the edge: within the middle 80 % of the frame.
    const c = app.view!.canvas;
    expect(Math.abs(p!.x / c.clientWidth - 0.5)).toBeLessThan(0.4);
    expect(Math.abs(p!.y / c.clientHeight - 0.5)).toBeLessThan(0.4);
    // It keeps following while it plays on at 20× (1.3·10⁶ m/s² of drift per wall second).
    app.controller.setField('speed', 20);
    app.play();
    await frames(app, 30);
    expect(app.view!.projectBody()?.inside).toBe(true);
  });
});

describe('a 390×844 phone', () => {
  it('the view first, Play/Step/Reset under it, the HUD one line and never over the body', async () => {
    await page.viewport(390, 844);
    fx.host.style.padding = '0 12px';
    const app = await fx.mount({ caseName: 'I' });
    await frames(app, 2);
    const v = app.root.querySelector('.lgvci-viewport')!.getBoundingClientRect();
    expect(v.height / 844).toBeGreaterThanOrEqual(0.55);
    for (const b of [app.chrome.playButton, app.chrome.stepButton, app.chrome.resetButton]) {
      const r = b.getBoundingClientRect();
      expect(getComputedStyle(b).display).not.toBe('none');
      expect(r.top).toBeGreaterThanOrEqual(v.bottom);
      expect(r.right).toBeLessThanOrEqual(390);
    }
    expect(app.hud.element.getBoundingClientRect().height).toBeLessThanOrEqual(40);
    // Expanded, and while the body bounces: its projected centre is never under the HUD.
    app.hud.summary.click();
    expect(app.hud.open).toBe(true);
    let checked = 0;
    const until = performance.now() + 5000;
    while (performance.now() < until) {
      await frames(app, 1);
      const p = app.view!.projectBody();
      if (!p?.inside) continue;
      const hud = app.hud.element.getBoundingClientRect();
      const x = v.left + p.x;
      const y = v.top + p.y;
      const under = x >= hud.left && x <= hud.right && y >= hud.top && y <= hud.bottom;
      expect(under, `body at ${x.toFixed(0)},${y.toFixed(0)}; HUD ${JSON.stringify(hud)}`).toBe(false);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(5);
    // The drawer: opening it moves the focus into it (Tab then goes through its controls, not the bar's
    // other buttons first); Escape on its button closes it again.
    app.chrome.drawerButton.click();
    expect(app.chrome.drawerOpen).toBe(true);
    expect(app.panel.element.contains(document.activeElement)).toBe(true);
    app.chrome.drawerButton.focus();
    await userEvent.keyboard('{Escape}');
    expect(app.chrome.drawerOpen).toBe(false);
    expect(document.activeElement).toBe(app.chrome.drawerButton);
  });
});

describe('messages in words', () => {
  it('a body started inside the plane: how far to raise it, the core’s text one click away', async () => {
    await page.viewport(1280, 860);
    const app = await fx.mount({ caseName: 'I', autoplay: false });
    const z0 = app.model.curr.x[2];
    await typeInto(textField(fx.host, 'x0z'), '1');
    const row = fx.host.querySelector<HTMLElement>('[data-field="x0z"]')!;
    // Case I's ellipsoid reaches 4 below its centre: at z = 1 it is 3 too deep.
    expect(row.querySelector('.field-msg-text')?.textContent).toBe(
      'The body starts inside the plane (3 m too deep): raise its height z by at least 3 m.',
    );
    expect(row.querySelector('.field-msg details')?.textContent).toContain('x0: the initial state penetrates the plane');
    expect(app.model.curr.x[2]).toBe(z0); // the run goes on from the last valid start
  });

  it('Reverse after a run across impacts states its limit; "Go back now" returns within frame budgets and says how close', async () => {
    await page.viewport(1280, 860);
    const app = await fx.mount({ caseName: 'IV', autoplay: false });
    app.model.step(2000);
    const impacts = app.model.curr.impacts;
    expect(impacts).toBeGreaterThan(0);
    app.comparison.controls.reverseButton.click();
    app.comparison.refresh();
    await expect.poll(() => app.comparison.controls.reverseText.textContent).toContain(`The way back crosses ${impacts} impacts`);
    const fast = app.comparison.controls.fastButton;
    expect(fast.hidden).toBe(false);
    fast.click();
    await expect.poll(() => app.model.reversal?.distances ?? null, { timeout: 30_000 }).not.toBeNull();
    app.comparison.refresh();
    await expect.poll(() => app.comparison.controls.reverseText.textContent).toMatch(/^Back after 2000 \+ 2000 steps .*: (back at its start|it did not come back)/);
    expect(app.model.run.steps()).toBe(4000);
    await expect.poll(() => fast.hidden).toBe(true);
  });
});
