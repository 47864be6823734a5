// "Camera follows the body" (docs/page.md "Panel"): it applies where the family's view lets the
// camera follow (FamilyView.fixedCamera absent). On the billiard's top view and the cradle the box is
// disabled, its note says why, and the camera stays on the family's fixed target while the ball runs;
// on the sliding cube the camera's target moves with the body (by the body's displacement within the
// plane: the followed target is the body's foot point, raised along the normal), and unticked, it
// stays put. The user's choice survives a visit to a family that cannot follow.
import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { App } from '../../../web/src/app/app';
import { familyParts } from '../../../web/src/app/families';
import { useAppFixture } from './support';

const fx = useAppFixture();

/**
 * Let n animation frames pass: the frame loop's render() moves a following camera in each (a frame
 * with nothing to draw is not counted in app.frames, so those are not waited for).
 */
async function ticks(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise<void>((r) => requestAnimationFrame(() => r()));
}

function followBox() {
  return page.getByRole('checkbox', { name: 'Camera follows the body' });
}

/** The follow control's note (the element its box is described by). */
function followNote(app: App): HTMLElement {
  const id = app.panel.followBox.getAttribute('aria-describedby') ?? '';
  const note = app.root.querySelector<HTMLElement>(`#${id}`);
  if (!note) throw new Error('the follow box is described by no note');
  return note;
}

function target(app: App): Vector3 {
  return app.view!.controls.target.clone();
}

describe('camera follows the body', () => {
  it('billiard: the box is disabled with its note, and the camera stays on the table while the ball runs', async () => {
    const app = await fx.mount({ caseName: 'billiard-ellipse', autoplay: false });
    const note = familyParts(app.model.family.id).view.fixedCamera;
    expect(note).toMatch(/table/);
    await expect.element(followBox()).toBeDisabled();
    expect(followNote(app).hidden).toBe(false);
    expect(followNote(app).textContent).toBe(note);
    await expect.element(page.getByText(note!)).toBeVisible();
    expect(app.panel.followBox.closest('.field')?.classList.contains('disabled')).toBe(true);
    expect(app.view!.followable).toBe(false);
    expect(app.view!.following).toBe(false);

    // the table's centre is the target; the ball crosses the table and the target does not move
    await ticks(2);
    const t0 = target(app);
    expect(t0.length()).toBeLessThan(1e-9);
    const x0 = [...app.model.curr.x];
    app.model.step(150);
    await ticks(20);
    const x1 = app.model.curr.x;
    expect(Math.hypot(x1[0] - x0[0]!, x1[1] - x0[1]!)).toBeGreaterThan(0.5);
    expect(target(app).distanceTo(t0)).toBeLessThan(1e-9);
    expect(app.view!.projectBody()?.inside).toBe(true);
  });

  it("the cradle: the box is disabled with the cradle's note", async () => {
    const app = await fx.mount({ caseName: 'cradle', autoplay: false });
    const note = familyParts(app.model.family.id).view.fixedCamera;
    expect(note).toMatch(/cradle/);
    await expect.element(followBox()).toBeDisabled();
    await expect.element(page.getByText(note!)).toBeVisible();
  });

  it('the sliding cube: the camera target moves with the body; unticked, it stays; the choice outlives the billiard', async () => {
    const app = await fx.mount({ caseName: 'slide', autoplay: false });
    const view = app.view!;
    await expect.element(followBox()).toBeEnabled();
    await expect.element(followBox()).toBeChecked();
    expect(followNote(app).hidden).toBe(true);
    expect(app.panel.followBox.closest('.field')?.classList.contains('disabled')).toBe(false);
    expect(view.following).toBe(true);

    const n = new Vector3(...view.renderedPlaneNormal());
    /** A displacement's part within the plane (what the followed foot point moves by). */
    const inPlane = (d: Vector3): Vector3 => d.clone().addScaledVector(n, -n.dot(d));
    const body = (): Vector3 => new Vector3(...app.model.curr.x);
    await ticks(5);
    const t0 = target(app);
    const b0 = body();
    app.model.step(Math.round(2 / app.model.clock.h)); // 2 s down the 20° slope: ½ g sin 20° t² ≈ 6.7 m
    const moved = inPlane(body().sub(b0));
    expect(moved.length()).toBeGreaterThan(5);
    // the eased follow closes the gap within a few seconds of frames
    await expect
      .poll(() => target(app).sub(t0).sub(moved).length(), { timeout: 10_000 })
      .toBeLessThan(0.02 * moved.length());
    expect(view.projectBody()?.inside).toBe(true);

    // unticked: the body slides on, the target stays
    await userEvent.click(followBox());
    expect(view.follow).toBe(false);
    expect(view.following).toBe(false);
    await ticks(5);
    const t1 = target(app);
    app.model.step(Math.round(1 / app.model.clock.h));
    expect(inPlane(body().sub(b0)).length()).toBeGreaterThan(moved.length() + 5);
    await ticks(30);
    expect(target(app).distanceTo(t1)).toBeLessThan(1e-9);

    // the billiard disables the box and keeps the choice; back on the cube it is the user's again
    expect(app.controller.selectCase('billiard-ellipse')).toEqual({ ok: true });
    await expect.element(followBox()).toBeDisabled();
    await expect.element(followBox()).not.toBeChecked();
    expect(app.controller.selectCase('slide')).toEqual({ ok: true });
    await expect.element(followBox()).toBeEnabled();
    await expect.element(followBox()).not.toBeChecked();
    expect(followNote(app).hidden).toBe(true);
    await userEvent.click(followBox());
    expect(view.following).toBe(true);
  });
});
