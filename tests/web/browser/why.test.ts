// The "Why variational?" view on the real page (real WASM, its own worker) in Chromium: opened by
// `?case=particle&view=why`, it measures the four claims for the particle; the order panel's fitted
// slopes (the VCI second order through the bounce, the naive baseline not), the symplecticity caption's
// area change for the VCI (Fetecau et al. §3.3: kept through the impact), the momentum panel from the
// layout, axe-core on the dialog; then from the keyboard: Escape closes it, the bar's button opens it
// again; Cancel stops a new measurement. The billiard's symplecticity card draws its bounce map's loop.
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { useAppFixture } from './support';

const fx = useAppFixture();

describe('the "Why variational?" view', () => {
  afterEach(async () => {
    await page.viewport(1280, 860);
  });

  it('particle: the four claims measured, the slopes and the area change read from the panels', async () => {
    // A phone's width: the run's row (progress, status, Cancel, Measure again) must not move the
    // panels while a measurement runs and when it ends (a layout shift, CLS: the status wraps to two
    // lines there and the progress bar hides).
    await page.viewport(390, 844);
    const app = await fx.mount({ query: '?case=particle&view=why', autoplay: false });
    const { controls, panels } = app.why;
    expect(controls.dialog.isOpen).toBe(true);
    const panelsTop = (): number => panels.order.element.closest('.why-panels')!.getBoundingClientRect().top;
    expect(app.why.running).toBe(true);
    const topWhileMeasuring = panelsTop();
    await expect.poll(() => panels.order.element.dataset['done'] ?? '', { timeout: 25_000 }).toBe('true');
    await expect.poll(() => app.why.running).toBe(false);
    expect(panelsTop()).toBe(topWhileMeasuring);

    // 4: error against h, fitted slope (docs/order-study.md: the VCI 2.09, the naive baseline 1.02 for this start).
    const fitted = JSON.parse(panels.order.element.dataset['fitted'] ?? '{}') as Record<string, number>;
    expect(fitted['vci']).toBeGreaterThanOrEqual(1.8);
    expect(fitted['vci']).toBeLessThanOrEqual(2.2);
    expect(fitted['naive']).toBeLessThan(1.5);
    expect(panels.order.caption.textContent).toContain(`VCI ${fitted['vci']!.toFixed(2)}`);
    await expect.poll(() => panels.cards().every((c) => c.host.hidden || c.host.querySelector('canvas') !== null)).toBe(true);

    // 2: the loop's area change as the caption states it.
    const symp = panels.symplecticity.caption.textContent ?? '';
    const m = /\(A_T − A₀\)\/A₀ VCI (\S+) and naive (\S+)\./.exec(symp);
    expect(m, symp).not.toBeNull();
    expect(Math.abs(Number(m![1]))).toBeLessThan(1e-9);
    expect(Math.abs(Number(m![2]))).toBeGreaterThan(1e-4);

    // 1 and 3: numbers in the captions, p1 from the layout (no "none").
    expect(panels.energy.caption.textContent).toMatch(/^Largest \|E − E₀\|\/\|E₀\| over 4000 steps/);
    expect(panels.energy.caption.textContent).toContain('O(h²)');
    expect(panels.momentum.caption.textContent).toContain('of p1');

    const r = await axe.run(controls.dialog.element, { resultTypes: ['violations'] });
    expect(r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Keyboard: Escape closes, the bar's button opens and measures again.
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => controls.dialog.isOpen).toBe(false);
    controls.openButton.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => controls.dialog.isOpen).toBe(true);
    await expect.poll(() => panels.order.element.dataset['done'] ?? '', { timeout: 25_000 }).toBe('true');
    // Cancel, pressed as soon as a measurement starts (the particle's whole study takes well under a
    // second): the worker stops at its next piece, and the panels say what was not measured.
    controls.againButton.click();
    expect(app.why.running).toBe(true);
    controls.cancelButton.click();
    await expect.poll(() => controls.status.textContent ?? '', { timeout: 5000 }).toMatch(/^Cancelled/);
    expect(panels.order.caption.textContent).toContain('Not measured');
    expect(app.why.running).toBe(false);
    expect(controls.againButton.disabled).toBe(false);
  });

  it('billiard: the symplecticity card draws the bounce map (s, p_t) and states its area change per integrator', async () => {
    const app = await fx.mount({ query: '?case=billiard-ellipse&view=why', autoplay: false });
    const { panels } = app.why;
    // The bounce map's loop is part of the symplecticity piece: its card is filled before the order study ends.
    await expect.poll(() => panels.symplecticity.element.dataset['bounceArea'] ?? '', { timeout: 25_000 }).toContain('naive');
    const area = JSON.parse(panels.symplecticity.element.dataset['bounceArea'] ?? '{}') as Record<string, number>;
    // docs/symplecticity.md "The bounce map": the VCI 3.1e-10 over 20 bounces, the naive push-back loses the area.
    expect(area['vci']).toBeLessThan(1e-7);
    expect(area['naive']).toBeGreaterThan(0.5);
    const caption = panels.symplecticity.caption.textContent ?? '';
    expect(caption).toContain('bounce map (s, p_t)');
    expect(caption).toContain("keeps areas, as Birkhoff's map does");
    await expect.poll(() => panels.symplecticity.element.querySelector('canvas') !== null).toBe(true);
    // The legend says what is drawn: the loop of first bounces and each integrator's last resolved one.
    const legend = panels.symplecticity.element.querySelector('.u-legend')?.textContent ?? '';
    expect(legend).toContain('bounce 1');
    expect(legend).toContain('VCI bounce 20');
  });
});
