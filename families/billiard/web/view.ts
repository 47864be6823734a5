// The billiard seen from above (docs/billiard.md "On the page"): the table's felt and its wooden rim
// drawn from the config's outline (table.ts), on the ground z = 0, with the
// ball rolling on the felt (its centre one radius above the particle) and the trail of the particle
// (the page's fading trail). The camera looks down on the whole table and stays on its centre; the
// bounces flash where they hit the wall. The ball is grabbed and thrown on the felt (controls.ts
// billiardThrow, app/throw-wiring.ts).
import * as THREE from 'three';
import type { BilliardConfig, BilliardTable } from './table';
import { tableHalfExtents, tableOutline, wallGap } from './table';
import type { Vec3 } from '../../../web/src/config/types';
import type { Impact } from '../../../web/src/model/run';
import { DRAWN_HEIGHT } from './reader';
import type { FamilyView, SceneContent } from '../../../web/src/view/family-view';
import { litMaterial, whiteVertexColors } from '../../../web/src/view/lit-surface';
import { tr } from './words';

const FELT = '#3d8a5c';
const RIM = '#6b4a2f';
const BALL = '#f5f1e6';

/** Size of the table (its larger half extent), the scale of the ball, the rim and the marks. */
function tableSize(t: BilliardTable): number {
  const [hx, hy] = tableHalfExtents(t);
  return Math.max(hx, hy);
}

/** The ball's radius for a table: small against the table, so that the particle's path reads. */
export function ballRadius(t: BilliardTable): number {
  return 0.035 * tableSize(t);
}

/** Unit outward normals of a closed counter-clockwise polygon at its vertices (central differences). */
function outwardNormals(pts: readonly [number, number][]): [number, number][] {
  const n = pts.length;
  return pts.map((_, i) => {
    const [ax, ay] = pts[(i + n - 1) % n] ?? [0, 0];
    const [bx, by] = pts[(i + 1) % n] ?? [0, 0];
    const tx = bx - ax;
    const ty = by - ay;
    const len = Math.hypot(tx, ty) || 1;
    return [ty / len, -tx / len];
  });
}

/** The felt (a flat shape at the outline) and the rim (a band of width w outside it, height w). */
function buildTable(t: BilliardTable): THREE.Object3D[] {
  const size = tableSize(t);
  const pts = tableOutline(t, 256);
  const normals = outwardNormals(pts);
  const inner = pts.map(([x, y]) => new THREE.Vector2(x, y));
  const felt = new THREE.Mesh(
    whiteVertexColors(new THREE.ShapeGeometry(new THREE.Shape(inner), 1)),
    litMaterial({ color: FELT, roughness: 0.95, metalness: 0 }),
  );
  felt.name = 'table-felt';
  felt.position.z = 0.3 * DRAWN_HEIGHT; // above the ground's grid lines, below the trail
  felt.receiveShadow = true;

  const w = 0.07 * size;
  const outer = pts.map(([x, y], i) => {
    const [nx, ny] = normals[i] ?? [0, 0];
    return new THREE.Vector2(x + w * nx, y + w * ny);
  });
  const ring = new THREE.Shape(outer);
  ring.holes.push(new THREE.Path([...inner].reverse()));
  const rimGeo = whiteVertexColors(new THREE.ExtrudeGeometry(ring, { depth: 0.6 * w, bevelEnabled: false, curveSegments: 1 }));
  const rim = new THREE.Mesh(rimGeo, litMaterial({ color: RIM, roughness: 0.55, metalness: 0.1 }));
  rim.name = 'table-rim';
  rim.castShadow = true;
  rim.receiveShadow = true;

  // The wall itself: a thin bright line on the felt's edge (where the particle bounces).
  const wallGeo = new THREE.BufferGeometry().setFromPoints([...pts, pts[0] ?? [0, 0]].map(([x, y]) => new THREE.Vector3(x, y, 0.6 * DRAWN_HEIGHT)));
  const wall = new THREE.Line(wallGeo, new THREE.LineBasicMaterial({ color: '#f4dfbf' }));
  wall.name = 'table-wall';
  return [felt, rim, wall];
}

/**
 * Half extents the camera fits into the view: the table with its rim, and room around it for the
 * perspective of the slight tilt and for the HUD above and the hints below (more across y).
 */
export function tableViewFit(t: BilliardTable): [number, number] {
  const [hx, hy] = tableHalfExtents(t);
  const rim = 0.08 * tableSize(t);
  return [1.12 * (hx + rim), 1.3 * (hy + rim)];
}

export function buildBilliard(c: BilliardConfig, material: THREE.Material): SceneContent {
  const t = c.table;
  const size = tableSize(t);
  const rho = ballRadius(t);
  const group = new THREE.Group();
  group.name = 'body';
  const geo = whiteVertexColors(new THREE.SphereGeometry(rho, 40, 24));
  const ballMat = litMaterial({ color: BALL, roughness: 0.25, metalness: 0.05 });
  void material; // the shared body material is the rigid bodies' checker; the ball is plain ivory
  const ball = new THREE.Mesh(geo, ballMat);
  ball.name = 'ball';
  ball.position.z = rho - DRAWN_HEIGHT; // resting on the felt (the body's origin is the drawn particle)
  ball.castShadow = true;
  group.add(ball);
  return {
    body: {
      group,
      meshes: [ball],
      dispose() {
        geo.dispose();
        ballMat.dispose();
        group.removeFromParent();
      },
    },
    radius: rho,
    groundNormal: [0, 0, 1],
    fixedTarget: [0, 0, 0],
    viewFit: tableViewFit(t),
    // Looking down, tilted a little toward +y so that the rim shows its height.
    viewDirection: [0, -0.2, 1],
    effectScale: 0.025 * size,
    extras: buildTable(t),
    // The core's bounce point (x, y) is the world's (x, y) on the table.
    impactPoint: (imp: Impact): Vec3 => [imp.point[0], imp.point[1], DRAWN_HEIGHT],
  };
}

export const billiardView: FamilyView<BilliardConfig> = {
  id: 'billiard',
  get fixedCamera() { return tr('view.billiard.fixed'); },
  build: (config, material) => buildBilliard(config, material),
  describe: (c) =>
    c.table.shape === 'ellipse'
      ? tr('view.billiard.ellipse', { a: c.table.a, b: c.table.b })
      : tr('view.billiard.stadium', { r: c.table.r, length: 2 * c.table.l }),
};
