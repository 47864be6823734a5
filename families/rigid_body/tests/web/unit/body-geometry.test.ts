// The drawn ellipsoid (families/rigid_body/web/body-geometry.ts): eight indexed octant patches that must be the
// ellipsoid itself (every vertex on it, every normal its true normal), checkered by octant (each
// triangle in one colour, the colour of its centroid's octant), with 80 × 56 segments' triangles.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { BODY_COLORS, createBodyMaterial } from '../../../../../web/src/view/body-material';
import { STAR_DETAIL, STAR_DETAIL_MIN, buildBodyObject, implicitFunction, starDetail } from '../../../web/body-geometry';

describe('the ellipsoid as drawn', () => {
  const axes: [number, number, number] = [1.5, 2, 3.25];
  const material = createBodyMaterial();
  const body = buildBodyObject({ type: 'ellipsoid', semi_axes: axes, center: [0, 0, 0] } as never, material);
  const mesh = body.meshes[0];
  if (!mesh) throw new Error('no mesh');
  const geo = mesh.geometry;
  const pos = geo.getAttribute('position');
  const nor = geo.getAttribute('normal');
  const col = geo.getAttribute('color');
  const index = geo.index;

  it('is indexed: 80 × 56 segments’ triangles (the poles’ degenerate ones left out) on 4,872 vertices', () => {
    expect(index).not.toBeNull();
    expect((index?.count ?? 0) / 3).toBe(80 * 56 * 2 - 2 * 80);
    expect(pos.count).toBe(8 * 21 * 29);
  });

  it('puts every vertex on the ellipsoid and gives it the ellipsoid’s unit normal there', () => {
    const p = new THREE.Vector3();
    const n = new THREE.Vector3();
    const g = new THREE.Vector3();
    let worstSurface = 0;
    let worstNormal = 0;
    for (let i = 0; i < pos.count; i++) {
      p.fromBufferAttribute(pos, i);
      n.fromBufferAttribute(nor, i);
      worstSurface = Math.max(worstSurface, Math.abs((p.x / axes[0]) ** 2 + (p.y / axes[1]) ** 2 + (p.z / axes[2]) ** 2 - 1));
      g.set(p.x / axes[0] ** 2, p.y / axes[1] ** 2, p.z / axes[2] ** 2).normalize(); // ∇ of the implicit function
      worstNormal = Math.max(worstNormal, g.distanceTo(n), Math.abs(n.length() - 1));
    }
    expect(worstSurface).toBeLessThan(1e-6);
    expect(worstNormal).toBeLessThan(1e-6);
  });

  it('colours each triangle in one colour, that of its centroid’s octant, half the area in each', () => {
    const idx = index?.array ?? [];
    const c = new THREE.Vector3();
    const a = new THREE.Color();
    const count = { a: 0, b: 0 };
    for (let t = 0; t < idx.length; t += 3) {
      const [i, j, k] = [idx[t] ?? 0, idx[t + 1] ?? 0, idx[t + 2] ?? 0];
      a.fromBufferAttribute(col, i);
      for (const v of [j, k]) expect(new THREE.Color().fromBufferAttribute(col, v).equals(a)).toBe(true);
      c.set(pos.getX(i) + pos.getX(j) + pos.getX(k), pos.getY(i) + pos.getY(j) + pos.getY(k), pos.getZ(i) + pos.getZ(j) + pos.getZ(k));
      const sign = Math.sign(c.x) * Math.sign(c.y) * Math.sign(c.z);
      const want = sign > 0 ? BODY_COLORS.a : BODY_COLORS.b;
      expect(Math.max(Math.abs(a.r - want.r), Math.abs(a.g - want.g), Math.abs(a.b - want.b))).toBeLessThan(1e-7); // stored as float32
      count[sign > 0 ? 'a' : 'b']++;
    }
    expect(count.a).toBe(count.b);
  });
});

// The drawn intersection (docs/page.md "Slow set-ups"): built after buildBodyObject returns, in slices,
// every vertex on the body's boundary; a union's repeated parts drawn once, distinct ones each with
// their share of the triangles (starDetail).
describe('an intersection as drawn', () => {
  const six = {
    type: 'intersection',
    parts: [
      { type: 'ellipsoid', semi_axes: [256, 1, 1], center: [0, 0, 0] },
      { type: 'ellipsoid', semi_axes: [1, 256, 1], center: [0, 0, 0] },
      { type: 'ellipsoid', semi_axes: [256, 256, 0.0012], center: [0, 0, 0] },
      { type: 'ellipsoid', semi_axes: [0.0012, 256, 256], center: [0, 0, 0] },
      { type: 'ellipsoid', semi_axes: [256, 0.0012, 256], center: [0, 0, 0] },
      { type: 'ellipsoid', semi_axes: [2, 256, 3], center: [0, 0, 0] },
    ],
  };
  const lens = {
    type: 'intersection',
    parts: [
      { type: 'ellipsoid', semi_axes: [1, 1, 1], center: [0, 0, 0.5] },
      { type: 'ellipsoid', semi_axes: [1, 1, 1], center: [0, 0, -0.5] },
    ],
  };
  const triangles = (m: THREE.Mesh): number => (m.geometry.getAttribute('position')?.count ?? 0) / 3;

  it('is empty when built, then every vertex lies on the boundary (the implicit function within float precision)', async () => {
    const body = buildBodyObject(six as never, createBodyMaterial());
    expect(body.meshes.map(triangles)).toEqual([0]);
    await body.refined;
    const f = implicitFunction(six as never);
    const pos = body.meshes[0]!.geometry.getAttribute('position');
    expect(pos.count / 3).toBe(20 * (STAR_DETAIL + 1) ** 2);
    const p = new THREE.Vector3();
    let worst = 0;
    for (let i = 0; i < pos.count; i++) worst = Math.max(worst, Math.abs(f(p.fromBufferAttribute(pos, i))));
    // f is dimensionless (‖x/a‖ − 1): float32 positions on the 0.0012 axis give ~1e-4 at most
    expect(worst).toBeLessThan(1e-3);
  });

  it('a union of 36 copies draws one mesh; a union of two distinct intersections two, each with half the rays', async () => {
    const copies = buildBodyObject({ type: 'union', parts: Array.from({ length: 36 }, () => six) } as never, createBodyMaterial());
    await copies.refined;
    expect(copies.meshes.map(triangles)).toEqual([20 * (STAR_DETAIL + 1) ** 2]);
    const two = buildBodyObject({ type: 'union', parts: [six, lens] } as never, createBodyMaterial());
    await two.refined;
    const d = starDetail(2);
    expect(d).toBeLessThan(STAR_DETAIL);
    expect(two.meshes.map(triangles)).toEqual([20 * (d + 1) ** 2, 20 * (d + 1) ** 2]);
    expect(starDetail(10_000)).toBe(STAR_DETAIL_MIN);
  });

  it('a disposed body stops building', async () => {
    const body = buildBodyObject(six as never, createBodyMaterial());
    body.dispose();
    // another build of the same body, started after it: by its end the first would have been done
    const other = buildBodyObject(six as never, createBodyMaterial());
    await other.refined;
    expect(other.meshes.map(triangles)).toEqual([20 * (STAR_DETAIL + 1) ** 2]);
    expect(body.meshes.map(triangles)).toEqual([0]);
  });
});
