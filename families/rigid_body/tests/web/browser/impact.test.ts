// Restitution and mass properties on the page: the restitution slider (docs/rigid-body.md "Restitution"), the mass properties of the
// ε-rounded cube in the HUD (docs/rigid-body.md "Rounded mass properties") and the contact presets with the HUD's
// phase (docs/rigid-body.md "Persistent contact").
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { App } from '../../../../../web/src/app/app';
import { hudText, textField, typeInto, useAppFixture } from '../../../../../tests/web/browser/support';
import type { ResolvedRigidBodyConfig } from '../../../web/config';

let app: App;
const fx = useAppFixture('960px');

describe('restitution and rounded mass properties on the page', () => {
  it('e < 1 from the slider: E drops at impacts, E + dissipated stays E₀ (the HUD error stays small)', async () => {
    app = await fx.mount({ caseName: 'I', autoplay: false });
    await typeInto(textField(fx.host, 'restitution'), '0.5');
    await expect.poll(() => (app.model.config as ResolvedRigidBodyConfig).restitution).toBe(0.5);
    app.model.step(600);
    const c = app.model.curr;
    expect(c.impacts).toBeGreaterThan(0);
    expect(c.dissipated).toBeGreaterThan(0);
    expect(c.energy).toBeLessThan(c.energy0 - 0.5 * (c.dissipated ?? 0));
    // the flight's own error (Case I: ~1e-4 relative), not the dissipated energy (tens of per cent)
    expect(app.model.relativeEnergyError).toBeLessThan(1e-3);
  });

  it('the ε slider changes the cube’s inertia: sharp J = 2 for Case IV, about 2.71 at ε = 0.3', async () => {
    app = await fx.mount({ caseName: 'IV', autoplay: false });
    await expect.poll(() => hudText(fx.host, 'mass')).toMatch(/diag\(2\.000, 2\.000, 2\.000\)/);
    await typeInto(textField(fx.host, 'epsilon'), '0.3');
    // (the log-scale slider keeps ε to its step: J_xx = 2.708 at the ε it lands on, 2.7100 at exactly 0.3)
    await expect.poll(() => hudText(fx.host, 'mass'), { timeout: 5000 }).toMatch(/diag\(2\.7\d\d, 2\.7\d\d, 2\.7\d\d\)/);
    const body = (app.model.config as ResolvedRigidBodyConfig).body;
    expect(body.type === 'cube' ? body.epsilon : NaN).toBeCloseTo(0.3, 2);
    expect((app.model.config as ResolvedRigidBodyConfig).inertia?.[0]?.[0]).toBeGreaterThan(2.69);
  });

  it('the contact presets from the selector: "At rest" stays in contact at full speed, the HUD says so', async () => {
    app = await fx.mount({ caseName: 'I', autoplay: false });
    await expect.poll(() => hudText(fx.host, 'phase')).toBe('in flight');
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Body preset' }), 'rest');
    await expect.poll(() => (app.model.config as ResolvedRigidBodyConfig).x0[2]).toBe(4);
    app.model.step(500);
    expect(app.model.curr.t).toBeCloseTo(5, 12); // h per step: no Zeno stall
    expect(app.model.curr.status).toBe(0);
    await expect.poll(() => hudText(fx.host, 'phase')).toMatch(/^in contact: 1 point, N = 9\.807$/);
    expect(fx.host.querySelector('.hud-warning')?.hasAttribute('hidden')).toBe(true);
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Body preset' }), 'slide');
    await expect.poll(() => (app.model.config as ResolvedRigidBodyConfig).body.type).toBe('cube');
    app.model.step(200);
    await expect.poll(() => hudText(fx.host, 'phase')).toMatch(/^in contact: 4 points, N = 9\.215$/); // m g cos 20°
  });

  it('the phase item is the rigid body’s: hidden for the star', async () => {
    await fx.mount({ caseName: 'star', autoplay: false });
    expect(fx.host.querySelector('[data-hud="phase"]')?.closest('.hud-item')?.hasAttribute('hidden')).toBe(true);
  });
});
