// The drawn star of Fetecau et al. §4.3: its convex hull is the square of side L (tips at the corners,
// L/√2 from the centre), its lowest point is what φ = y − (L/2)(|sin θ| + |cos θ|) says at every θ, and a
// uniform lamina of its shape has the paper's I = (29/192) m L².
import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import {
  particleObject,
  planarQuat,
  polygonInertiaPerMass,
  starInnerRadius,
  starObject,
  starOutline,
} from '../../../web/generalized/planar-bodies';

describe('planar bodies', () => {
  it('the star: tips at the square’s corners, inner vertices inside it, I = 29/192 m L²', () => {
    for (const L of [1, 2.5]) {
      const pts = starOutline(L);
      expect(pts).toHaveLength(8);
      const tips = pts.filter((_, i) => i % 2 === 0);
      for (const [x, y] of tips) {
        expect(Math.abs(Math.abs(x) - L / 2)).toBeLessThan(1e-15 * L);
        expect(Math.abs(Math.abs(y) - L / 2)).toBeLessThan(1e-15 * L);
        expect(Math.hypot(x, y)).toBeCloseTo(L / Math.SQRT2, 14);
      }
      for (const [x, y] of pts.filter((_, i) => i % 2 === 1)) {
        expect(Math.hypot(x, y)).toBeCloseTo(starInnerRadius(L), 14);
        expect(Math.max(Math.abs(x), Math.abs(y))).toBeLessThan(L / 2); // strictly inside: a star, not the square
      }
      expect(polygonInertiaPerMass(pts) / (L * L)).toBeCloseTo(29 / 192, 14);
      // the plain square would be 1/6: the star is lighter at the rim
      const square: [number, number][] = [[L / 2, L / 2], [-L / 2, L / 2], [-L / 2, -L / 2], [L / 2, -L / 2]];
      expect(polygonInertiaPerMass(square) / (L * L)).toBeCloseTo(1 / 6, 14);
    }
  });

  it('the drawn star’s lowest point at attitude θ is (L/2)(|sin θ| + |cos θ|) below its centre', () => {
    const L = 1;
    const obj = starObject(L, 0.3, new THREE.MeshBasicMaterial());
    const mesh = obj.meshes[0]!;
    const pos = mesh.geometry.getAttribute('position');
    for (const theta of [0, 0.3, Math.PI / 4, 1.2, 2.9, -0.7]) {
      const q = planarQuat(theta);
      const quat = new THREE.Quaternion(q[0], q[1], q[2], q[3]);
      let minZ = Infinity;
      const v = new THREE.Vector3();
      for (let i = 0; i < pos.count; i++) minZ = Math.min(minZ, v.fromBufferAttribute(pos, i).applyQuaternion(quat).z);
      const phiDepth = (L / 2) * (Math.abs(Math.sin(theta)) + Math.abs(Math.cos(theta)));
      // the bevel rounds the tips by 2 % of L
      expect(Math.abs(-minZ - phiDepth)).toBeLessThan(0.03 * L);
    }
    // and the rotation sense: +θ is counter-clockwise in the model's (x, y) = world (x, z)
    const q = planarQuat(Math.PI / 2);
    const ex = new THREE.Vector3(1, 0, 0).applyQuaternion(new THREE.Quaternion(q[0], q[1], q[2], q[3]));
    expect(ex.z).toBeCloseTo(1, 12);
    obj.dispose();
  });

  it('the particle’s ball rests on the particle (its lowest point is the particle)', () => {
    const obj = particleObject(0.1, new THREE.MeshBasicMaterial());
    const box = new THREE.Box3().setFromObject(obj.group);
    expect(box.min.z).toBeCloseTo(0, 6); // float32 vertices
    expect(box.max.z).toBeCloseTo(0.2, 6);
    obj.dispose();
  });
});
