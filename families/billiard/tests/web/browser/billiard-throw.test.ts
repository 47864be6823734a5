// Grabbing and throwing the billiard's ball (docs/page.md "Grabbing and throwing the body"), real WASM
// in Chromium: paused, the ball dragged on the felt restarts from there with the momentum it had
// (q₀ = the place, v₀ = p/m of the held ball); a place outside the table is refused over the view and the
// last valid place kept; a pointer throw of the playing ball sets v₀ to the pointer's velocity within 5 %;
// the keyboard moves it in the table's plane (→ is +x, ↑ is +y as the table is seen) and throws it.
import { Raycaster, Vector2, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../../../web/src/app/app';
import type { BilliardConfig } from '../../../web/table';
import { insideTable } from '../../../web/table';
import type { GeneralizedSnapshot } from '../../../../../web/src/model/coordinate-record';
import type { ScreenPoint } from '../../../../../tests/web/browser/support';
import { firePointer, screenPoint, useAppFixture } from '../../../../../tests/web/browser/support';

let app: App;
const fx = useAppFixture();
const config = (): BilliardConfig => app.model.config as unknown as BilliardConfig;
const curr = (): GeneralizedSnapshot => app.model.curr as GeneralizedSnapshot;
const frame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => r()));
const msg = (): HTMLElement => fx.host.querySelector('.lgvci-throw-msg')!;

/** The pointer on the canvas, and the point where a press on the ball meets it. */
function pointer(app: App) {
  const view = app.view!;
  const screen = (p: readonly number[]): ScreenPoint => screenPoint(view, p);
  const fire = (type: string, at: ScreenPoint): void => firePointer(view.canvas, type, at, 7);
  /** Where a press at the ball's drawn centre meets the ball (what the drag raycasts). */
  const hitOnBall = (): Vector3 => {
    const ball = view.bodyMeshes[0]!;
    const ndc = ball.getWorldPosition(new Vector3()).project(view.camera);
    const ray = new Raycaster();
    ray.setFromCamera(new Vector2(ndc.x, ndc.y), view.camera);
    const hit = ray.intersectObjects(view.bodyMeshes as never, false)[0];
    if (!hit) throw new Error('the ball is not under its centre');
    return hit.point;
  };
  return { view, screen, fire, hitOnBall };
}

describe('grabbing and throwing the billiard ball', () => {
  it('paused, the dragged ball restarts from the place with the momentum it had; outside the table is refused and the last place kept', async () => {
    app = await fx.mount({ caseName: 'billiard-stadium', autoplay: false });
    await expect.poll(() => app.frames, { timeout: 10_000 }).toBeGreaterThan(0);
    const held = { q: [...curr().qs], p: [...curr().ps] };
    const m = config().mass;
    const { screen, fire, hitOnBall } = pointer(app);
    const hit = hitOnBall();
    // the pointer at world (X, Y) − offset puts the held ball at (X, Y): the press keeps its offset
    const to = (x: number, y: number): ScreenPoint => screen([x - (held.q[0]! - hit.x), y - (held.q[1]! - hit.y), hit.z]);
    fire('pointerdown', screen(hit.toArray()));
    expect(app.throwing?.holding).toBe(true);
    fire('pointermove', to(-1, -0.4));
    await frame();
    expect(config().q0[0]).toBeCloseTo(-1, 2);
    expect(config().q0[1]).toBeCloseTo(-0.4, 2);
    expect(config().v0[0]).toBeCloseTo(held.p[0]! / m, 12);
    expect(config().v0[1]).toBeCloseTo(held.p[1]! / m, 12);
    expect(curr().steps).toBe(0);
    const last = [...config().q0];
    // far outside (beyond the flat wall y = r = 1): refused over the view, the run keeps the last place
    fire('pointermove', to(-1, 1.6));
    await frame();
    expect(msg().classList.contains('error')).toBe(true);
    expect(msg().textContent).toMatch(/^The start q₀ = \(.*\) is outside the table/);
    expect(config().q0).toEqual(last);
    expect(insideTable(config().table, ...config().q0)).toBe(true);
    fire('pointerup', to(-1, 1.6));
    expect(app.throwing?.holding).toBe(false);
    expect(config().q0).toEqual(last);
    expect(app.playing).toBe(false);
  });

  it('a pointer throw of the playing ball sets v₀ to the pointer’s velocity within 5 %', async () => {
    app = await fx.mount({ caseName: 'billiard-stadium', autoplay: true });
    await expect.poll(() => app.model.curr.t, { timeout: 10_000 }).toBeGreaterThan(0.2);
    const { screen, fire, hitOnBall } = pointer(app);
    fire('pointerdown', screen(hitOnBall().toArray())); // holds it (and pauses): the ball stops moving
    expect(app.playing).toBe(false);
    const hit = hitOnBall();
    // toward the table's centre (the stadium is convex: 0.3 m of the throw stays on the felt)
    const q = curr().qs;
    const n = Math.hypot(q[0]!, q[1]!);
    const dir = n > 0.1 ? [-q[0]! / n, -q[1]! / n] : [1, 0];
    const v = [1.2 * dir[0]!, 1.2 * dir[1]!, 0];
    const at = (s: number): number[] => [hit.x + v[0]! * s, hit.y + v[1]! * s, hit.z];
    const now = (): number => new PointerEvent('pointermove').timeStamp;
    const t0 = now();
    const fireNow = (type: string): void => fire(type, screen(at((now() - t0) / 1000)));
    let s = 0;
    while (s < 0.1) {
      await new Promise((r) => setTimeout(r, 16));
      s = (now() - t0) / 1000;
      fireNow('pointermove');
    }
    // the last 100 ms as a pointer delivers them, a move every 10 ms
    const end = performance.now() + 100;
    for (let next = performance.now(); next < end; next += 10) {
      while (performance.now() < next);
      fireNow('pointermove');
    }
    fireNow('pointerup');
    expect(app.playing).toBe(true);
    const v0 = config().v0;
    const err = Math.hypot(v0[0] - v[0]!, v0[1] - v[1]!) / Math.hypot(v[0]!, v[1]!);
    expect(err).toBeLessThan(0.05);
    expect(msg().textContent).toMatch(/^Thrown at [\d.]+ m\/s\.$/);
    expect(insideTable(config().table, ...config().q0)).toBe(true);
  });

  it('the keyboard moves the ball in the table’s plane and throws it; outside the table is refused', async () => {
    app = await fx.mount({ caseName: 'billiard-stadium', autoplay: false });
    await expect.poll(() => app.frames, { timeout: 10_000 }).toBeGreaterThan(0);
    const root = fx.host;
    root.focus();
    const key = (k: string, shift = false): void => {
      root.dispatchEvent(new KeyboardEvent('keydown', { key: k, shiftKey: shift, bubbles: true, cancelable: true }));
    };
    const [x, y] = config().q0;
    key('g');
    expect(app.throwing?.holding).toBe(true);
    expect(msg().textContent).toMatch(/^Holding the body/);
    for (let i = 0; i < 3; i++) key('ArrowRight');
    expect(config().q0[0]).toBeCloseTo(x + 0.3, 12); // the table seen from above: → is +x
    expect(config().q0[1]).toBeCloseTo(y, 12);
    key('ArrowUp');
    expect(config().q0[1]).toBeCloseTo(y + 0.1, 12); // ↑ is +y
    expect(msg().textContent).toMatch(/^Ball placed at q₀ = \(0\.6, 0\.2\) m\.$/);
    key('ArrowUp', true);
    key('ArrowUp', true);
    key('ArrowLeft', true);
    expect(msg().textContent).toMatch(/^Throw velocity \(-0\.5, 1, 0\) m\/s/);
    key('Enter');
    expect(app.throwing?.holding).toBe(false);
    expect(config().v0[0]).toBeCloseTo(-0.5, 12);
    expect(config().v0[1]).toBeCloseTo(1, 12);
    expect(msg().textContent).toBe('Thrown at 1.12 m/s.');
    // down through the flat wall y = −1: refused in words, the last valid place kept
    key('G');
    let refused = false;
    for (let i = 0; i < 40 && !refused; i++) {
      key('ArrowDown');
      refused = msg().classList.contains('error');
    }
    expect(refused).toBe(true);
    expect(msg().textContent).toMatch(/is outside the table/);
    expect(insideTable(config().table, ...config().q0)).toBe(true);
    expect(config().q0[1]).toBeLessThan(-0.8);
    key('Escape');
    expect(app.throwing?.holding).toBe(false);
  });
});
