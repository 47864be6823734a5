// The page with Fetecau et al.'s particle and star, real WASM in Chromium: the
// selector switches family (controls, view, HUD, plots, export follow), the star bounces with a small
// energy error, ?case=star / ?case=particle open them, the star's own sliders (θ₀, ω₀) restart it, and
// nothing is logged to the console.
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { App } from '../../../../../web/src/app/app';
import { caseFromQuery } from '../../../../../web/src/app/families';
import type { GeneralizedConfig } from '../../../web/generalized/config';
import { hudText, textField, typeInto, useAppFixture } from '../../../../../tests/web/browser/support';

let app: App;
const fx = useAppFixture();

const field = (id: string): HTMLInputElement => textField(fx.host, id);

const hud = (name: string): string => hudText(fx.host, name);

/** "1.87 × 10⁻⁶" → 1.87e-6. */
function parseSci(text: string): number {
  const sup: Record<string, string> = { '⁻': '-', '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9' };
  const m = /^([\d.]+)(?: × 10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+))?$/.exec(text.trim());
  if (!m) return NaN;
  const e = m[2] ? Number([...m[2]].map((c) => sup[c] ?? c).join('')) : 0;
  return Number(m[1]) * 10 ** e;
}

describe('model families on the page', () => {
  it('the selector switches to the star: its controls, body, HUD and plots; it bounces with a small energy error', async () => {
    app = await fx.mount({ caseName: 'I', autoplay: false });
    expect(fx.host.querySelector('[data-field="gamma0x"]')).not.toBeNull();
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Body preset' }), 'star');
    expect(app.model.family.id).toBe('generalized');
    const cfg = app.model.config as unknown as GeneralizedConfig;
    expect(cfg.q0).toEqual([0, 3.5, 0]);
    // the rigid body's controls are gone, the star's are there
    expect(fx.host.querySelector('[data-field="gamma0x"]')).toBeNull();
    expect(fx.host.querySelector('[data-field="tilt"]')).toBeNull();
    for (const name of ['Initial height y₀', 'Initial angle θ₀ in degrees', 'Initial velocity ẋ₀', 'Initial velocity ẏ₀', 'Initial angular velocity ω₀ in radians per second']) {
      await expect.element(page.getByRole('slider', { name, exact: true })).toBeInTheDocument();
    }
    expect(field('gomega0').value).toBe('5');
    expect(field('gvx0').value).toBe('-2');
    // the star's twins (its perturbations: y, x, θ and their momenta); their divergence card comes with them
    expect(app.twinsControls.element.hidden).toBe(false);
    expect(Array.from(app.twinsControls.rows, (r) => r.kind.value)).toEqual(['y', 'x']);
    expect(app.plots.cards.divergence.element.hidden).toBe(true);
    await expect.element(page.getByRole('button', { name: 'Drop flat' })).not.toBeInTheDocument();
    // the view draws the star and the floor line; the HUD and the plots speak of H
    expect(app.view?.bodyMeshes.map((m) => m.name)).toEqual(['star']);
    expect(app.view?.extraObjects.map((o) => o.name)).toEqual(['floor-line']);
    expect(fx.host.querySelector('.hud-stats')?.textContent).toContain('energy H');
    // the plots rebuild for the new family on their next (throttled) update
    await expect.poll(() => app.plots.cards.energy.element.textContent).toContain('Energy H');
    expect(app.plots.cards.error.element.textContent).toContain('|H − H₀|');

    await typeInto(field('speed'), '4');
    app.play();
    await expect.poll(() => app.model.curr.impacts, { timeout: 30_000 }).toBeGreaterThan(2);
    app.pause();
    expect(Number(hud('impacts'))).toBe(app.model.curr.impacts);
    const rel = parseSci(hud('relerr'));
    expect(rel).toBeLessThan(1e-4); // small: H at the grid times, exact E_d across impacts
    expect(rel).toBe(Number(app.model.relativeEnergyError.toExponential(2)));
    expect(app.model.curr.phi).toBeGreaterThanOrEqual(0);
    // a spinning body: its attitude changed
    const q = app.model.curr.q;
    expect(Math.abs(q[1])).toBeGreaterThan(0.01);
    // the export is the CLI's generalized CSV
    const csv = app.exportCsv();
    expect(csv.split('\n')[0]).toBe('t,q1,q2,q3,p1,p2,p3,E,impacts');
    expect(csv.trimEnd().split('\n')).toHaveLength(app.model.history.length + 1);

    // back to a rigid body: its controls and body return
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Body preset' }), 'III');
    expect(app.model.family.id).toBe('rigid_body');
    expect(fx.host.querySelector('[data-field="gomega0"]')).toBeNull();
    expect(fx.host.querySelector('[data-field="gamma0x"]')).not.toBeNull();
    expect(app.view?.extraObjects).toHaveLength(0);
    expect(app.twinsControls.element.hidden).toBe(false);
    expect(fx.host.querySelector('.hud-stats')?.textContent).toContain('energy E');
  });

  it('?case=star and ?case=particle open them (any letter case); others fall back to Case I', async () => {
    expect(caseFromQuery('?case=star')).toBe('star');
    expect(caseFromQuery('?case=PARTICLE')).toBe('particle');
    expect(caseFromQuery('?case=iii')).toBe('III');
    expect(caseFromQuery('?case=cube')).toBe('I');
    expect(caseFromQuery('')).toBe('I');
    app = await fx.mount({ caseName: caseFromQuery('?case=star'), autoplay: false });
    expect(app.controller.params.caseName).toBe('star');
    expect(app.view?.bodyMeshes.map((m) => m.name)).toEqual(['star']);
    await expect.element(page.getByRole('combobox', { name: 'Body preset' })).toHaveValue('star');
    app.destroy();
    app = await fx.mount({ caseName: caseFromQuery('?case=particle'), autoplay: false });
    expect(app.view?.bodyMeshes.map((m) => m.name)).toEqual(['particle']);
    expect((app.model.config as unknown as GeneralizedConfig).q0).toEqual([0, 1]);
  });

  it('the star’s θ₀ and ω₀ restart it; out-of-range values are refused beside the control; the particle has no θ', async () => {
    app = await fx.mount({ caseName: 'star', autoplay: false });
    app.stepOnce();
    await typeInto(field('gtheta0'), '30');
    expect(app.model.curr.steps).toBe(0);
    const q0 = (app.model.config as unknown as GeneralizedConfig).q0;
    expect(q0[2]).toBeCloseTo(Math.PI / 6, 14);
    await typeInto(field('gomega0'), '-3');
    const c = app.model.config as unknown as GeneralizedConfig;
    const I = c.mass_matrix[2]![2]!;
    expect(c.p0[2]).toBeCloseTo(-3 * I, 14); // p₀ = M q̇₀
    expect(c.p0[0]).toBe(-2);
    await typeInto(field('gomega0'), '99');
    const msg = fx.host.querySelector('[data-field="gomega0"] .field-msg')?.textContent ?? '';
    expect(msg).toMatch(/must be between -30 rad\/s and 30 rad\/s/);
    expect((app.model.config as unknown as GeneralizedConfig).p0[2]).toBeCloseTo(-3 * I, 14);
    // a start whose tip is under the floor: the core's message beside the control, the run kept
    await typeInto(field('gy0'), '0.3');
    expect(fx.host.querySelector('[data-field="gy0"] .field-msg-text')?.textContent).toMatch(
      /^The body starts below the floor \(a point is [\d.]+ m too deep\): raise its height y₀ by at least [\d.]+ m or turn it\.$/,
    );
    expect(fx.host.querySelector('[data-field="gy0"] .msg-detail code')?.textContent).toMatch(/^q0: /);
    expect((app.model.config as unknown as GeneralizedConfig).q0[1]).toBe(3.5);

    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Body preset' }), 'particle');
    expect(field('gtheta0').disabled).toBe(true);
    expect(field('gomega0').disabled).toBe(true);
    await typeInto(field('gvy0'), '3');
    expect((app.model.config as unknown as GeneralizedConfig).p0).toEqual([-2, 3]);
  });
});
