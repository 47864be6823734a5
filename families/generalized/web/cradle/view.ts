// Newton's cradle in three.js: a frame (two top bars along the row of pivots, four posts, a base), each
// ball hung from its pivot by a V of two strings (the pivot axis is the world's y axis, so the balls
// swing in the x–z plane), shiny metal balls of the config's radius r. The pivots are 2r + gap apart
// (config/cradle pivotX) at height ℓ + r + clearance; ball i's centre is
// (x_i + ℓ sin θ_i, 0, z_p − ℓ cos θ_i), posed every frame from the interpolated θ_i (SceneContent.pose).
import * as THREE from 'three';
import type { CradleConfig } from './config';
import { POLICY_LABELS, pivotX } from './config';
import type { Vec3 } from '../../../../web/src/config/types';
import type { Impact } from '../../../../web/src/model/run';
import type { FamilyView, SceneContent } from '../../../../web/src/view/family-view';
import { litMaterial, whiteVertexColors } from '../../../../web/src/view/lit-surface';
import { currentTag } from '../../../../web/src/i18n';
import { tr } from '../words';

/** Height of the pivots above the floor for a pendulum length ℓ and ball radius r. */
export function pivotHeight(length: number, radius: number): number {
  return length + radius + 0.25 * length;
}

/** Centre of ball i at angle θ (world frame, z up): (x_i + ℓ sin θ, 0, z_p − ℓ cos θ). */
export function ballCentre(c: CradleConfig, i: number, theta: number): [number, number, number] {
  const { length, radius } = c.cradle;
  return [pivotX(c.cradle, i) + length * Math.sin(theta), 0, pivotHeight(length, radius) - length * Math.cos(theta)];
}

const UP = new THREE.Vector3(0, 1, 0);
const DEG = Math.PI / 180;

/**
 * World point of an impact of the pair (i, i + 1): the core's contact point of a "ball_pair" constraint
 * is the midpoint of the two centres relative to ball i's pivot, in the model's plane (x, y up)
 * (constraints.cpp contactPoint); ball i is the constraint's `ball` (its index k when absent).
 */
export function cradleImpactPoint(c: CradleConfig, imp: Impact): Vec3 {
  const k = imp.constraint;
  const pair = c.constraints[k];
  const i = pair?.type === 'ball_pair' ? pair.ball : k;
  const { length, radius } = c.cradle;
  return [pivotX(c.cradle, i) + imp.point[0], 0, pivotHeight(length, radius) + imp.point[1]];
}

/**
 * The cradle's controls for ball `index` (0-based) dragged to world point p: that ball and every ball
 * before it pulled back (pulled = index + 1) to the angle of p about the ball's pivot, as the pull-angle
 * field shows it (degrees, the size of the negative angle), rounded to the field's 0.1° and clamped to
 * its 0.1°…90° (a ball pushed to +x stays at 0.1°).
 */
export function pullAt(c: CradleConfig, index: number, p: Vec3): { cpulled: number; cangle: number } {
  const { length, radius } = c.cradle;
  const theta = Math.atan2(p[0] - pivotX(c.cradle, index), pivotHeight(length, radius) - p[2]);
  const deg = Math.round((-theta / DEG) * 10) / 10;
  return { cpulled: index + 1, cangle: Math.min(90, Math.max(0.1, deg)) };
}

export function buildCradle(c: CradleConfig): SceneContent {
  const { balls, length, radius } = c.cradle;
  const zp = pivotHeight(length, radius);
  const depth = 0.3 * length; // half the distance between the two top bars (the V of the strings)
  const halfSpan = Math.abs(pivotX(c.cradle, 0)) + 2 * radius + 0.15 * length;
  const group = new THREE.Group();
  group.name = 'body';
  const meshes: THREE.Mesh[] = [];
  const geometries: THREE.BufferGeometry[] = [];
  const materials: THREE.Material[] = [];
  const frameMat = litMaterial({ color: '#6b4a2f', metalness: 0.2, roughness: 0.5 });
  const ballMat = litMaterial({ color: '#eef1f5', metalness: 0.65, roughness: 0.22 });
  const stringMat = litMaterial({ color: '#e8e2d0', metalness: 0, roughness: 0.8 });
  materials.push(frameMat, ballMat, stringMat);
  const add = (geo: THREE.BufferGeometry, mat: THREE.Material, name: string): THREE.Mesh => {
    const m = new THREE.Mesh(geo, mat);
    m.name = name;
    m.castShadow = true;
    m.receiveShadow = true;
    group.add(m);
    meshes.push(m);
    return m;
  };
  const rod = 0.012 * length + 0.1 * radius;
  const barGeo = whiteVertexColors(new THREE.CylinderGeometry(rod, rod, 2 * halfSpan, 16));
  barGeo.rotateZ(Math.PI / 2);
  const postGeo = whiteVertexColors(new THREE.CylinderGeometry(rod, rod, zp, 16));
  postGeo.rotateX(Math.PI / 2);
  const baseGeo = whiteVertexColors(new THREE.BoxGeometry(2 * halfSpan + 4 * rod, 2 * depth + 4 * rod, 0.03 * length));
  geometries.push(barGeo, postGeo, baseGeo);
  for (const y of [-depth, depth]) {
    add(barGeo, frameMat, 'frame-bar').position.set(0, y, zp);
    for (const x of [-halfSpan, halfSpan]) add(postGeo, frameMat, 'frame-post').position.set(x, y, zp / 2);
  }
  add(baseGeo, frameMat, 'frame-base').position.set(0, 0, 0.015 * length);

  const ballGeo = whiteVertexColors(new THREE.SphereGeometry(radius, 48, 32));
  const stringGeo = whiteVertexColors(new THREE.CylinderGeometry(1, 1, 1, 6)); // scaled to (thickness, length, thickness)
  geometries.push(ballGeo, stringGeo);
  const ballMeshes: THREE.Mesh[] = [];
  const strings: { mesh: THREE.Mesh; anchor: THREE.Vector3 }[][] = [];
  for (let i = 0; i < balls; i++) {
    ballMeshes.push(add(ballGeo, ballMat, `ball-${i + 1}`));
    strings.push(
      [-depth, depth].map((y) => ({ mesh: add(stringGeo, stringMat, `string-${i + 1}`), anchor: new THREE.Vector3(pivotX(c.cradle, i), y, zp) })),
    );
  }
  const thick = 0.004 * length;
  const centre = new THREE.Vector3();
  const dir = new THREE.Vector3();
  const pose = (thetas: readonly number[]): void => {
    for (let i = 0; i < balls; i++) {
      const [x, y, z] = ballCentre(c, i, thetas[i] ?? 0);
      centre.set(x, y, z);
      ballMeshes[i]?.position.copy(centre);
      for (const s of strings[i] ?? []) {
        dir.copy(centre).sub(s.anchor);
        const len = dir.length();
        s.mesh.position.copy(s.anchor).addScaledVector(dir, 0.5);
        s.mesh.quaternion.setFromUnitVectors(UP, dir.normalize());
        s.mesh.scale.set(thick, len, thick);
      }
    }
  };
  pose(c.q0);
  return {
    body: {
      group,
      meshes,
      dispose() {
        for (const g of geometries) g.dispose();
        for (const m of materials) m.dispose();
        group.removeFromParent();
      },
    },
    radius: Math.hypot(halfSpan, zp),
    groundNormal: [0, 0, 1],
    fixedTarget: [0, 0, 0.6 * zp],
    viewDistance: 2.1 * Math.max(zp, halfSpan), // the frame fills about three quarters of the view's height
    viewDirection: [0.3, -1, 0.25],
    // The marker of an impact: at the contact of its two balls, a ring facing the viewer (x–z plane)
    // growing to about 2r; every link of a chain marks its own pair.
    effectScale: 0.8 * radius,
    impactPoint: (imp) => cradleImpactPoint(c, imp),
    impactNormal: [0, -1, 0],
    pose,
    // Press a ball and drag it sideways: it and the balls before it are pulled back to that angle.
    drag: { targets: ballMeshes, planeNormal: [0, 1, 0], planePoint: [0, 0, 0], fieldsAt: (i, p) => pullAt(c, i, p) },
  };
}

export const cradleView: FamilyView<CradleConfig> = {
  id: 'cradle',
  get fixedCamera() { return tr('view.cradle.fixed'); },
  build: (config) => buildCradle(config),
  describe: (c) =>
    tr('view.cradle.describe', { balls: c.cradle.balls, pulled: c.cradle.pulled, policy: POLICY_LABELS[c.cradle.policy].toLocaleLowerCase(currentTag()) }),
};
