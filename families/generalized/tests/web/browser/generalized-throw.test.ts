// Grabbing and throwing the particle and the star (docs/page.md "Grabbing and throwing the body"), real
// WASM in Chromium: the keyboard moves the paused particle in its plane (the world's x–z, drawn as
// (x, 0, y)) and throws it; a place below the floor is refused with the core's words and the last valid
// place kept; a pointer throw of the playing star sets (ẋ₀, ẏ₀) to the pointer's velocity within 5 %
// with its θ and ω kept.
import { Raycaster, Vector2, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../../../web/src/app/app';
import type { GeneralizedConfig } from '../../../web/generalized/config';
import type { GeneralizedSnapshot } from '../../../../../web/src/model/coordinate-record';
import type { ScreenPoint } from '../../../../../tests/web/browser/support';
import { firePointer, screenPoint, useAppFixture } from '../../../../../tests/web/browser/support';

let app: App;
const fx = useAppFixture();
const config = (): GeneralizedConfig => app.model.config as unknown as GeneralizedConfig;
const curr = (): GeneralizedSnapshot => app.model.curr as GeneralizedSnapshot;
/** q̇₀ of the running config: its qdot0, or M⁻¹p₀ of a diagonal M (both presets' M is diagonal). */
const v0 = (): number[] => {
  const c = config() as GeneralizedConfig & { qdot0?: number[] };
  return c.qdot0 ?? c.p0.map((p, i) => p / (c.mass_matrix[i]?.[i] ?? NaN));
};
const msg = (): HTMLElement => fx.host.querySelector('.lgvci-throw-msg')!;

describe('grabbing and throwing the particle and the star', () => {
  it('the keyboard moves the particle in its plane and throws it; below the floor is refused', async () => {
    app = await fx.mount({ caseName: 'particle', autoplay: false });
    await expect.poll(() => app.frames, { timeout: 10_000 }).toBeGreaterThan(0);
    const root = fx.host;
    root.focus();
    const key = (k: string, shift = false): void => {
      root.dispatchEvent(new KeyboardEvent('keydown', { key: k, shiftKey: shift, bubbles: true, cancelable: true }));
    };
    const [x, y] = config().q0;
    key('g');
    expect(app.throwing?.holding).toBe(true);
    key('ArrowUp');
    key('ArrowUp');
    expect(config().q0[1]).toBeCloseTo(y! + 0.2, 12); // ↑ is the model's y (the world's z)
    expect(config().q0[0]).toBeCloseTo(x!, 12);
    key('ArrowRight');
    expect(config().q0[0]).toBeCloseTo(x! + 0.1, 12); // → is the model's x
    expect(app.model.curr.steps).toBe(0);
    expect(msg().textContent).toMatch(/^Placed with its centre at \(x, y\) = /);
    key('ArrowRight', true);
    key('ArrowRight', true);
    key('ArrowUp', true);
    key('Enter');
    expect(app.throwing?.holding).toBe(false);
    expect(v0()[0]).toBeCloseTo(1, 12);
    expect(v0()[1]).toBeCloseTo(0.5, 12);
    expect(msg().textContent).toBe('Thrown at 1.12 m/s.');
    // down through the floor y = 0: refused with the core's words, the last valid place kept
    key('G');
    let refused = false;
    for (let i = 0; i < 200 && !refused; i++) {
      key('ArrowDown');
      refused = msg().classList.contains('error');
    }
    expect(refused).toBe(true);
    expect(msg().textContent).toMatch(/starts below the floor/);
    expect(config().q0[1]).toBeGreaterThan(0);
    expect(config().q0[1]).toBeLessThan(0.11);
    key('Escape');
    expect(app.throwing?.holding).toBe(false);
  });

  it('a pointer throw of the playing star sets (ẋ₀, ẏ₀) to the pointer’s velocity within 5 %, θ and ω kept', async () => {
    app = await fx.mount({ caseName: 'star', autoplay: true });
    await expect.poll(() => app.model.curr.t, { timeout: 10_000 }).toBeGreaterThan(0.2);
    const view = app.view!;
    const screen = (p: readonly number[]): ScreenPoint => screenPoint(view, p);
    const fire = (type: string, at: ScreenPoint): void => firePointer(view.canvas, type, at, 7);
    const body = view.bodyMeshes[0]!;
    const ndc = body.getWorldPosition(new Vector3()).project(view.camera);
    const ray = new Raycaster();
    ray.setFromCamera(new Vector2(ndc.x, ndc.y), view.camera);
    const hit = ray.intersectObjects(view.bodyMeshes as never, false)[0]?.point;
    if (!hit) throw new Error('the star is not under its centre');
    fire('pointerdown', screen(hit.toArray()));
    expect(app.playing).toBe(false);
    const held = { q: [...curr().qs], p: [...curr().ps] };
    const M = config().mass_matrix;
    // up and across, in the plane y = 0 (the model's x and y are the world's x and z)
    const v = [1.5, 0, 1.0];
    const at = (s: number): number[] => [hit.x + v[0]! * s, hit.y, hit.z + v[2]! * s];
    const now = (): number => new PointerEvent('pointermove').timeStamp;
    const t0 = now();
    const fireNow = (type: string): void => fire(type, screen(at((now() - t0) / 1000)));
    let s = 0;
    while (s < 0.15) {
      await new Promise((r) => setTimeout(r, 16));
      s = (now() - t0) / 1000;
      fireNow('pointermove');
    }
    const end = performance.now() + 100;
    for (let next = performance.now(); next < end; next += 10) {
      while (performance.now() < next);
      fireNow('pointermove');
    }
    fireNow('pointerup');
    expect(app.playing).toBe(true);
    const w = v0();
    const err = Math.hypot(w[0]! - v[0]!, w[1]! - v[2]!) / Math.hypot(v[0]!, v[2]!);
    expect(err).toBeLessThan(0.05);
    expect(config().q0[2]).toBe(held.q[2]); // θ kept
    expect(w[2]).toBeCloseTo(held.p[2]! / M[2]![2]!, 12); // ω kept
    expect(msg().textContent).toMatch(/^Thrown at [\d.]+ m\/s\.$/);
  });
});
