// Newton's cradle on the page, real WASM in Chromium: ?case=cradle opens it with its
// frame, strings and balls; played, the striker's swing goes through the row and the far ball swings out
// (θ₃ > 0.1 rad within 2 s) while the middle ball stays at rest (|θ₂| < 1e-6: the variational chain,
// not the engines' impulse, which would throw it out with 2v/3); the drawn balls sit where the θ_i put
// them; the controls restart from the new set-up and refuse bad values beside the control; no console errors.
import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { App } from '../../../../../web/src/app/app';
import { caseFromQuery } from '../../../../../web/src/app/families';
import type { CradleConfig } from '../../../web/cradle/config';
import type { CradleSnapshot } from '../../../web/cradle/reader';
import { ballCentre } from '../../../web/cradle/view';
import type { ScreenPoint } from '../../../../../tests/web/browser/support';
import { firePointer, linkedPrograms, screenPoint, textField, typeInto, useAppFixture } from '../../../../../tests/web/browser/support';

let app: App;
const fx = useAppFixture();

const field = (id: string): HTMLInputElement => textField(fx.host, id);

const config = (): CradleConfig => app.model.config as unknown as CradleConfig;

describe("Newton's cradle on the page", () => {
  it('?case=cradle: played, the far ball swings out and the middle ball stays at rest; the view follows the angles', async () => {
    expect(caseFromQuery('?case=Cradle')).toBe('cradle');
    app = await fx.mount({ caseName: caseFromQuery('?case=cradle'), autoplay: false });
    expect(app.model.family.id).toBe('cradle');
    expect(config().cradle).toMatchObject({ balls: 3, pulled: 1, policy: 'chain' });
    const names = app.view?.bodyMeshes.map((m) => m.name) ?? [];
    for (const n of ['ball-1', 'ball-2', 'ball-3', 'string-1', 'frame-bar', 'frame-post']) expect(names).toContain(n);
    expect(names.filter((n) => n.startsWith('ball-'))).toHaveLength(3);
    // The frame, balls and strings are in the plane's lit program: the sky, the grid, lit, shadow depth.
    await expect.poll(() => app.frames, { timeout: 10_000 }).toBeGreaterThan(0);
    if (!app.view) throw new Error('no view');
    expect(linkedPrograms(app.view)).toEqual(['basic', 'basic', 'depth', 'physical']);
    for (const name of ['Number of balls', 'Number of balls pulled back', 'Pull angle in degrees', 'Gap between neighbouring balls at rest', 'Time step h in seconds']) {
      await expect.element(page.getByRole('slider', { name, exact: true })).toBeInTheDocument();
    }
    // the policy is a labelled choice of the core's three, not a number
    const policy = page.getByRole('combobox', { name: 'Impact policy', exact: true });
    await expect.element(policy).toHaveDisplayValue('Variational chain (Seghete & Murphey)');
    expect(Array.from(policy.element().querySelectorAll('option'), (o) => o.textContent)).toEqual([
      'Variational chain (Seghete & Murphey)',
      'Simultaneous impulse (engines)',
      'Sequential single impacts (Fetecau et al.)',
    ]);

    await typeInto(field('speed'), '4');
    app.play();
    await expect.poll(() => app.model.curr.t, { timeout: 30_000 }).toBeGreaterThan(2);
    app.pause();
    // the HUD and the plots speak of the Hamiltonian H, as for the other generalized models
    await expect.poll(() => fx.host.querySelector('.hud-stats')?.textContent).toContain('energy H');
    expect(Number(fx.host.querySelector('[data-hud="impacts"]')?.textContent)).toBe(app.model.curr.impacts);
    expect(app.plots.cards.energy.element.textContent).toContain('Energy H');
    expect(app.plots.cards.error.element.textContent).toContain('|H − H₀|');
    const h = app.model.history;
    const cols = h.columns.names;
    const [iT, i2, i3] = ['t', 'q2', 'q3'].map((c) => cols.indexOf(c)) as [number, number, number];
    let maxFar = -Infinity;
    let maxMiddle = 0;
    for (let k = 0; k < h.length; k++) {
      if (h.get(k, iT) > 2) break;
      maxFar = Math.max(maxFar, h.get(k, i3));
      maxMiddle = Math.max(maxMiddle, Math.abs(h.get(k, i2)));
    }
    expect(app.model.curr.impacts).toBeGreaterThan(0);
    expect(maxFar).toBeGreaterThan(0.1);
    expect(maxMiddle).toBeLessThan(1e-6);
    // the drawn balls are where the current angles put them
    const s = app.model.curr as CradleSnapshot;
    for (let i = 0; i < 3; i++) {
      const ball = app.view?.bodyMeshes.find((m) => m.name === `ball-${i + 1}`);
      const want = ballCentre(config(), i, s.qs[i] ?? NaN);
      expect(ball?.position.x).toBeCloseTo(want[0], 6);
      expect(ball?.position.z).toBeCloseTo(want[2], 6);
    }
    expect(app.exportCsv().split('\n')[0]).toBe('t,q1,q2,q3,p1,p2,p3,E,impacts');
    // the third plot names the cradle's coordinate, not the rigid body's Fig. 9 height (opened from the URL)
    const height = fx.host.querySelector<HTMLElement>('[data-plot="height"]')!;
    expect(height.querySelector('h3')?.textContent).toBe('Far ball θ3');
    expect(height.querySelector<HTMLElement>('.plot-fig')?.hidden).toBe(true);
    expect(app.plots.cards.height.plot?.axes[1]?.label).toBe('far ball θ3');
    // the velocity plot (Fig. 3): one series per ball; the far ball leaves with the striker's speed at the
    // bottom, √(2 g (1 − cos 0.2) / ℓ) (energy conservation of the pendulum), the middle ball never moves
    app.plots.update();
    const card = app.plots.cards.velocity;
    expect(card.element.hidden).toBe(false);
    expect(card.element.textContent).toContain('Velocities of the balls');
    const data = card.plot?.data ?? [];
    expect(data).toHaveLength(4);
    const finite = (k: number): number[] => Array.from(data[k] ?? [] as ArrayLike<number | null | undefined>).filter((v): v is number => typeof v === 'number');
    const vStrike = Math.sqrt(2 * 9.81 * (1 - Math.cos(0.2)));
    expect(Math.max(...finite(3))).toBeGreaterThan(0.98 * vStrike);
    expect(Math.max(...finite(3))).toBeLessThan(1.001 * vStrike);
    expect(Math.max(...finite(2).map(Math.abs))).toBeLessThan(1e-6);
  });

  it('the selector opens it; each control restarts from the new set-up; bad values are refused beside the control', async () => {
    app = await fx.mount({ caseName: 'I', autoplay: false });
    app.plots.update();
    expect(app.plots.cards.velocity.element.hidden).toBe(true);
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Body preset' }), 'cradle');
    expect(app.model.family.id).toBe('cradle');
    app.stepOnce();
    await typeInto(field('cballs'), '5');
    expect(app.model.curr.steps).toBe(0);
    app.plots.update();
    expect(app.plots.cards.velocity.element.hidden).toBe(false);
    expect(app.plots.cards.velocity.plot?.data).toHaveLength(6);
    expect(config().q0).toEqual([-0.2, 0, 0, 0, 0]);
    expect(app.view?.bodyMeshes.filter((m) => m.name.startsWith('ball-'))).toHaveLength(5);
    await typeInto(field('cpulled'), '2');
    await typeInto(field('cangle'), '10');
    const a = -10 * (Math.PI / 180);
    expect(config().q0).toEqual([a, a, 0, 0, 0]);
    await typeInto(field('cgap'), '0.01');
    expect(config().cradle.gap).toBe(0.01);
    const policy = page.getByRole('combobox', { name: 'Impact policy', exact: true });
    await userEvent.selectOptions(policy, 'Simultaneous impulse (engines)');
    expect(config().cradle.policy).toBe('simultaneous');
    // keyboard: focus the switch and choose with the arrow keys
    (policy.element() as HTMLSelectElement).focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.poll(() => config().cradle.policy).toBe('sequential');
    // still drawn and plotted as the cradle (its record has no truncation counters)
    expect(app.model.family.id).toBe('cradle');
    expect(app.view?.bodyMeshes.filter((m) => m.name.startsWith('ball-'))).toHaveLength(5);
    await userEvent.keyboard('{ArrowUp}');
    await expect.poll(() => config().cradle.policy).toBe('simultaneous');
    await typeInto(field('h'), '0.005');
    expect(config().h).toBe(0.005);
    // refused: out of range, not whole, and a set-up the core rejects (more pulled than balls)
    await typeInto(field('cballs'), '9');
    expect(fx.host.querySelector('[data-field="cballs"] .field-msg')?.textContent).toMatch(/must be between/);
    await typeInto(field('cpulled'), '6');
    // In words (config/messages.ts), the core's "field: rule" under "Technical detail".
    expect(fx.host.querySelector('[data-field="cpulled"] .field-msg-text')?.textContent).toBe(
      'You can pull back at most as many balls as the cradle has (5): pull fewer, or add balls first.',
    );
    expect(fx.host.querySelector('[data-field="cpulled"] .msg-detail code')?.textContent).toMatch(/^cradle\.pulled: /);
    expect(config().cradle).toMatchObject({ balls: 5, pulled: 2, policy: 'simultaneous' });
  });

  it('dragging a ball pulls it and the balls before it back; the fields follow, the camera stays, release plays on', async () => {
    app = await fx.mount({ caseName: 'cradle', autoplay: true });
    await expect.poll(() => app.frames, { timeout: 10_000 }).toBeGreaterThan(0);
    const view = app.view!;
    const canvas = view.canvas;
    const screen = (p: readonly number[]): ScreenPoint => screenPoint(view, p);
    const fire = (type: string, at: ScreenPoint): void => firePointer(canvas, type, at);
    const camBefore = view.camera.position.clone();
    // press on ball 2 where it is drawn, drag it to where θ = −30° puts it, release
    const ball2 = view.bodyMeshes.find((m) => m.name === 'ball-2')!;
    fire('pointerdown', screen(ball2.position.toArray()));
    expect(view.controls.enabled).toBe(false);
    expect(document.activeElement).toBe(fx.host); // the press still focuses the app for its shortcuts
    expect(app.playing).toBe(false);
    const to = ballCentre(config(), 1, -30 * (Math.PI / 180));
    for (const f of [0.3, 0.7, 1]) {
      const from = ball2.position.toArray();
      fire('pointermove', screen(from.map((x, i) => x + f * ((to[i] ?? 0) - x))));
    }
    // while held: the run restarted from the dragged set-up, the fields show it
    expect(config().cradle.pulled).toBe(2);
    expect(Math.abs(Number(field('cangle').value) - 30)).toBeLessThanOrEqual(0.2);
    expect(field('cpulled').value).toBe('2');
    const a = config().cradle.angle;
    expect(config().q0).toEqual([a, a, 0]);
    expect(app.model.curr.t).toBe(0);
    fire('pointerup', screen(to));
    expect(view.controls.enabled).toBe(true);
    expect(app.playing).toBe(true);
    expect(view.camera.position.distanceTo(camBefore)).toBeLessThan(1e-9);
    // played from the dragged set-up: the far ball swings out to (almost) the pull angle
    await typeInto(field('speed'), '4');
    await expect.poll(() => app.model.curr.t, { timeout: 30_000 }).toBeGreaterThan(1.5);
    expect(app.model.curr.impacts).toBeGreaterThan(0);
    const h = app.model.history;
    const i3 = h.columns.names.indexOf('q3');
    let far = -Infinity;
    for (let k = 0; k < h.length; k++) far = Math.max(far, h.get(k, i3));
    expect(far).toBeGreaterThan(0.9 * -a);
    expect(far).toBeLessThan(1.01 * -a);
    // a press beside the balls is the camera's: no grab, the set-up stays
    fire('pointerdown', { clientX: canvas.getBoundingClientRect().left + 5, clientY: canvas.getBoundingClientRect().top + 5 });
    expect(view.controls.enabled).toBe(true);
    fire('pointerup', { clientX: canvas.getBoundingClientRect().left + 5, clientY: canvas.getBoundingClientRect().top + 5 });
    expect(config().cradle.pulled).toBe(2);
  });

  it('impact markers: each link of the chain flashes at the contact of its two balls', async () => {
    app = await fx.mount({ caseName: 'cradle', autoplay: false });
    for (let k = 0; k < 100 && app.model.curr.impacts === 0; k++) app.stepOnce();
    expect(app.model.curr.impacts).toBe(2); // the first instant: a chain of two links
    const view = app.view!;
    expect(view.visibleFlashes).toBe(2);
    const dots = view.scene.children.filter((o) => o.name === 'impact-dot' && o.visible).map((o) => o.position.toArray());
    // balls 2 and 3 at rest, the striker touching ball 2: the contacts are ball 2's centre ∓ (r, 0, 0)
    const r = config().cradle.radius;
    const c2 = ballCentre(config(), 1, 0);
    const want = [[c2[0] - r, 0, c2[2]], [c2[0] + r, 0, c2[2]]];
    dots.sort((p, q) => (p[0] ?? 0) - (q[0] ?? 0));
    dots.forEach((d, i) => d.forEach((v, j) => expect(v).toBeCloseTo(want[i]?.[j] ?? NaN, 6)));
    // the rings face the viewer (their plane is x–z) and stay about the size of a ball
    const ring = view.scene.children.find((o) => o.name === 'impact-ring' && o.visible)!;
    const n = new Vector3(0, 0, 1).applyQuaternion(ring.quaternion);
    expect(Math.abs(n.y)).toBeCloseTo(1, 9);
    expect(ring.scale.x).toBeLessThan(3 * r);
  });
});
