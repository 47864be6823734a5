// The naive baseline on the real page (real WASM, real Rapier) in Chromium: the comparison's switch,
// named by what the family declares, is turned on from the keyboard for the particle and stays on when
// the cube is chosen (RK4 and Rapier join);
// the naive companion gets its own ghost and trail, legend entry and plot series, and the caption states its
// measured numbers: the particle's first impact, which the VCI meets at the closed form t₁ = √(2 y₀/g)
// and the naive baseline sees only at the end of a step; the group and the overlay pass axe-core.
import axe from 'axe-core';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { App } from '../../../web/src/app/app';
import { BASELINE_COLORS } from '../../../web/src/model/baselines';
import { useAppFixture } from './support';

const fx = useAppFixture();

async function axeViolations(context: Element): Promise<string[]> {
  const r = await axe.run(context, { resultTypes: ['violations'] });
  return r.violations.map((v) => `${v.id} (${v.impact ?? ''}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Tab to the switch is long; focus it as the keyboard would land on it and press Space. */
async function switchOn(app: App, name: string): Promise<void> {
  const box = page.getByRole('checkbox', { name });
  await expect.element(box).toBeInTheDocument();
  (box.element() as HTMLInputElement).focus();
  await userEvent.keyboard('[Space]');
  await expect.poll(() => [app.comparison.controls.toggle.checked, app.comparison.controls.message.textContent, document.activeElement?.id], { timeout: 30_000 }).toEqual([true, '', app.comparison.controls.toggle.id]);
}

describe('the naive baseline as a third companion', () => {
  it('particle and cube: its ghost, legend, plot series and a caption with its measured impact times and energy', async () => {
    const app = await fx.mount({ caseName: 'particle', autoplay: false });
    await switchOn(app, 'Compare with the naive baseline');
    await expect.poll(() => app.model.baselines?.runs.map((r) => r.id).join(',') ?? '').toBe('naive');
    expect(app.view?.ghostObjects).toHaveLength(1);
    expect(app.view!.ghostObjects[0]!.userData['color']).toBe(BASELINE_COLORS.naive);
    // the ghost starts on the body, inside the view: the legend does not call it out of view
    await new Promise((r) => setTimeout(r, 600));
    expect(app.comparison.controls.legend.textContent).toMatch(/^VCI \(solid body\)Naive baseline$/);
    expect(app.comparison.controls.hint.textContent).toMatch(/symplectic Euler/);
    expect(app.comparison.controls.hint.textContent).not.toMatch(/Rapier/);

    app.model.step(800); // 8 s: several bounces of each
    // its trail follows its ghost, in its colour
    await expect
      .poll(() => ((app.view!.scene.getObjectByName('ghost-trail-0') as THREE.Line | undefined)?.geometry.drawRange.count ?? 0), { timeout: 5000 })
      .toBeGreaterThan(100);
    const trail = app.view!.scene.getObjectByName('ghost-trail-0') as THREE.Line;
    const rgba = (trail.geometry.getAttribute('color') as THREE.BufferAttribute).array;
    const teal = new THREE.Color(BASELINE_COLORS.naive);
    expect([rgba[0], rgba[1], rgba[2]].map((v) => Math.round((v ?? 0) * 1000))).toEqual([teal.r, teal.g, teal.b].map((v) => Math.round(v * 1000)));
    app.plots.update();
    expect(app.plots.seriesLabels('error')).toEqual(['VCI', 'Naive baseline']);
    app.comparison.refresh();
    await expect.poll(() => app.comparison.controls.caption.textContent ?? '', { timeout: 5000 }).toMatch(/Naive baseline/);
    const text = app.comparison.controls.caption.textContent ?? '';
    expect(text).toMatch(/^After 8\.0 s \(800 steps, \d+ impacts of the VCI body\)/);
    expect(text).toContain('reflects only at the end of a step that ends inside the obstacle');
    // y₀ = 1, p_y = 0, g = 9.81: t₁ = √(2/g) = 0.45152 s; the naive impact is seen at a step's end
    const m = /First impact: t = (\S+) s against the VCI's (\S+) s/.exec(text);
    expect(m).not.toBeNull();
    const t1 = Math.sqrt(2 / 9.81);
    const tNaive = Number(m![1]);
    expect(Math.abs(Number(m![2]) - t1)).toBeLessThan(1e-3);
    expect(Math.abs(tNaive - t1)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(tNaive * 100 - Math.round(tNaive * 100))).toBeLessThan(1e-6);
    // its energy phrase is the measured one
    const nv = app.model.baselines!.run('naive');
    const pct = Math.round(nv.relativeEnergyError * 1000) / 10;
    expect(nv.relativeEnergyError).toBeGreaterThan(1e-3);
    expect(text).toContain(`Naive baseline has ${nv.energy.last() < nv.energy0 ? 'lost' : 'gained'} ${pct} % of the energy`);
    expect(await axeViolations(app.comparison.controls.element)).toEqual([]);
    expect(await axeViolations(app.comparison.controls.overlay)).toEqual([]);

    // the cube, chosen from the preset list with the comparison on: its plan adds RK4 and Rapier
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Body preset' }), 'IV');
    await expect.poll(() => app.model.baselines?.runs.map((r) => r.id).join(',') ?? '', { timeout: 30_000 }).toBe('rk4,naive,rapier');
    expect(app.comparison.controls.toggle.checked).toBe(true);
    await expect.element(page.getByRole('checkbox', { name: 'Compare with RK4, the naive baseline and Rapier' })).toBeInTheDocument();
    expect(app.view?.ghostObjects).toHaveLength(3);
    expect(app.comparison.controls.legend.textContent).toMatch(/^LGVCI \(solid body\)RK4 baselineNaive baselineRapier engine$/);
    app.model.step(600);
    app.comparison.refresh();
    await expect.poll(() => app.comparison.controls.caption.textContent ?? '', { timeout: 5000 }).toMatch(/First impact/);
    const cube = app.comparison.controls.caption.textContent ?? '';
    const cn = app.model.baselines!.run('naive');
    expect(cn.impacts).toBeGreaterThan(0);
    // the naive energy error is far above the LGVCI's round-off on the cube
    const lg = /LGVCI stays within (\S+) of E₀/.exec(cube);
    expect(Number(lg?.[1])).toBeLessThan(1e-11);
    expect(cn.relativeEnergyError).toBeGreaterThan(1e3 * Number(lg?.[1]));
    expect(cube).toContain('Distance from the LGVCI body (|Δx| + ‖ΔR‖₂)');
  });
});
