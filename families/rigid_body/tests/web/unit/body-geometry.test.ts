// The drawn ellipsoid (families/rigid_body/web/body-geometry.ts): eight indexed octant patches that must be the
// ellipsoid itself (every vertex on it, every normal its true normal), checkered by octant (each
// triangle in one colour, the colour of its centroid's octant), with 80 × 56 segments' triangles.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { BODY_COLORS, createBodyMaterial } from '../../../../../web/src/view/body-material';
import { buildBodyObject } from '../../../web/body-geometry';

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
