// Bodies of the planar models of Fetecau, Marsden, Ortiz & West (§4), drawn in their vertical plane:
// the model's (x, y) is the world's (x, z) (z up), and a rotation θ of the model (counter-clockwise in
// the x–y plane) is a rotation by −θ about the world's y axis.
//   - the particle: a ball whose lowest point is the particle (φ = y: it touches the floor at y = 0);
//   - the star: an extruded four-point star whose convex hull is the square of side L: its four tips
//     are the square's corners (±L/2, ±L/2), at L/√2 from the centre (so its lowest point is
//     (L/2)(|sin θ| + |cos θ|) below the centre, as φ says), and its four inner vertices lie on the
//     axes at r = (√30 − 2) L / 8 ≈ 0.4347 L, where a uniform lamina of this shape has exactly the
//     paper's moment of inertia I = (29/192) m L² (polar moment of the eight triangles (0, tip, inner):
//     I/m = (L²/2 + r² + L r / 2) / 6 = 29/192 L²).
import * as THREE from 'three';
import type { BodyObject } from '../../../../web/src/view/body-material';
import { BODY_COLORS } from '../../../../web/src/view/body-material';

/** Inner radius of the star of side L (see the header). */
export function starInnerRadius(L: number): number {
  return ((Math.sqrt(30) - 2) / 8) * L;
}

/** The star's outline in the model plane (x, y), counter-clockwise, tips first. */
export function starOutline(L: number): [number, number][] {
  const a = L / Math.SQRT2;
  const r = starInnerRadius(L);
  const pts: [number, number][] = [];
  for (let k = 0; k < 4; k++) {
    const t = Math.PI / 4 + (k * Math.PI) / 2;
    pts.push([a * Math.cos(t), a * Math.sin(t)]);
    const u = t + Math.PI / 4;
    pts.push([r * Math.cos(u), r * Math.sin(u)]);
  }
  return pts;
}

/** Polar second moment per unit mass of a uniform polygon about the origin (shoelace formulas). */
export function polygonInertiaPerMass(pts: readonly [number, number][]): number {
  let A = 0;
  let J = 0;
  for (let i = 0; i < pts.length; i++) {
    const [x0, y0] = pts[i] ?? [0, 0];
    const [x1, y1] = pts[(i + 1) % pts.length] ?? [0, 0];
    const c = x0 * y1 - x1 * y0;
    A += c / 2;
    J += (c * (x0 * x0 + x0 * x1 + x1 * x1 + y0 * y0 + y0 * y1 + y1 * y1)) / 12;
  }
  return J / A;
}

export { planarQuat } from './reader';

function meshObject(name: string, geo: THREE.BufferGeometry, material: THREE.Material, offset?: THREE.Vector3): BodyObject {
  const group = new THREE.Group();
  group.name = 'body';
  const mesh = new THREE.Mesh(geo, material);
  mesh.name = name;
  if (offset) mesh.position.copy(offset);
  mesh.castShadow = true;
  mesh.receiveShadow = true;
  group.add(mesh);
  return {
    group,
    meshes: [mesh],
    dispose() {
      geo.dispose();
      group.removeFromParent();
    },
  };
}

/**
 * Colour each triangle of a non-indexed geometry by the quadrant of the x–z plane its centroid lies in
 * (alternating body colours), so that a rolling ball or a spinning star reads at a glance.
 */
function colourByQuadrant(geo: THREE.BufferGeometry): void {
  const pos = geo.getAttribute('position');
  const colors = new Float32Array(pos.count * 3);
  for (let f = 0; f * 3 < pos.count; f++) {
    const i = 3 * f;
    const cx = pos.getX(i) + pos.getX(i + 1) + pos.getX(i + 2);
    const cz = pos.getZ(i) + pos.getZ(i + 1) + pos.getZ(i + 2);
    const c = Math.sign(cx || 1) * Math.sign(cz || 1) > 0 ? BODY_COLORS.a : BODY_COLORS.b;
    for (let k = 0; k < 3; k++) c.toArray(colors, 3 * (i + k));
  }
  geo.setAttribute('color', new THREE.BufferAttribute(colors, 3));
}

/** A ball of radius ρ resting on the particle (its lowest point is the particle), octant-coloured. */
export function particleObject(radius: number, material: THREE.Material): BodyObject {
  const geo = new THREE.SphereGeometry(radius, 48, 32).toNonIndexed();
  colourByQuadrant(geo);
  return meshObject('particle', geo, material, new THREE.Vector3(0, 0, radius));
}

/** The star of side L extruded by `depth` along the world's y axis, centred on its centre of mass. */
export function starObject(L: number, depth: number, material: THREE.Material): BodyObject {
  const shape = new THREE.Shape(starOutline(L).map(([x, y]) => new THREE.Vector2(x, y)));
  const bevel = 0.02 * L;
  const geo0 = new THREE.ExtrudeGeometry(shape, {
    depth: depth - 2 * bevel,
    bevelEnabled: true,
    bevelThickness: bevel,
    bevelSize: bevel,
    bevelSegments: 2,
  });
  // Shape in x–y, extruded along z: turn it into the world's x–z plane, extruded along y, centred.
  geo0.translate(0, 0, -(depth - 2 * bevel) / 2);
  geo0.rotateX(Math.PI / 2);
  const geo = geo0.index ? geo0.toNonIndexed() : geo0;
  if (geo !== geo0) geo0.dispose();
  geo.computeVertexNormals();
  // Tips alternately coloured, so that the spin reads at a glance.
  colourByQuadrant(geo);
  return meshObject('star', geo, material);
}

/** The floor line of the vertical plane: a thin dark bar along the world's x axis at y = 0, z = 0. */
export function floorLine(halfLength = 400, width = 0.02): THREE.Object3D {
  const geo = new THREE.BoxGeometry(2 * halfLength, width, width);
  const mat = new THREE.MeshBasicMaterial({ color: '#1f4e8c', transparent: true, opacity: 0.85, depthWrite: false });
  const m = new THREE.Mesh(geo, mat);
  m.name = 'floor-line';
  m.position.z = width / 2;
  m.renderOrder = 1;
  return m;
}
