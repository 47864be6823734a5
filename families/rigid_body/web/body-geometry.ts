// three.js objects for the rigid body's shapes, at their true geometry in the body frame (centre of
// mass at the origin): ellipsoids, ε-rounded cubes (RoundedBoxGeometry, outer size side + 2ε,
// corner radius ε), ε-rounded convex polyhedra (hull of the vertices' ε-balls = polytope ⊕ ball),
// unions (the parts) and intersections (a star-shaped mesh of the intersection's boundary).
import * as THREE from 'three';
import { ConvexGeometry } from 'three/examples/jsm/geometries/ConvexGeometry.js';
import { RoundedBoxGeometry } from 'three/examples/jsm/geometries/RoundedBoxGeometry.js';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import type { Vec3 } from '../../../web/src/config/types';
import type { BodyObject } from '../../../web/src/view/body-material';
import { BODY_COLORS } from '../../../web/src/view/body-material';
import { solidVertexColors } from '../../../web/src/view/lit-surface';
import type { RigidBodyShape } from './config';

function nonIndexed(geo: THREE.BufferGeometry): THREE.BufferGeometry {
  if (!geo.index) return geo;
  const out = geo.toNonIndexed();
  geo.dispose();
  return out;
}

/** Per-face colours of a non-indexed geometry from a function of the face centroid/normal. */
function colorFaces(geo: THREE.BufferGeometry, pick: (centroid: THREE.Vector3, faceIndex: number) => THREE.Color): void {
  const pos = geo.getAttribute('position');
  const colors = new Float32Array(pos.count * 3);
  const c = new THREE.Vector3();
  for (let f = 0; f * 3 < pos.count; f++) {
    const i = f * 3;
    c.set(
      (pos.getX(i) + pos.getX(i + 1) + pos.getX(i + 2)) / 3,
      (pos.getY(i) + pos.getY(i + 1) + pos.getY(i + 2)) / 3,
      (pos.getZ(i) + pos.getZ(i + 1) + pos.getZ(i + 2)) / 3,
    );
    const col = pick(c, f);
    for (let k = 0; k < 3; k++) col.toArray(colors, (i + k) * 3);
  }
  geo.setAttribute('color', new THREE.BufferAttribute(colors, 3));
}

/** Checker of the eight octants (like a beach ball) so that the spin is visible. */
function octantColor(c: THREE.Vector3): THREE.Color {
  const s = Math.sign(c.x || 1) * Math.sign(c.y || 1) * Math.sign(c.z || 1);
  return s > 0 ? BODY_COLORS.a : BODY_COLORS.b;
}

/**
 * The unit sphere of 80 × 56 segments as its eight octants, each an indexed patch of 20 × 28 segments in
 * its octant's colour: the same vertices and triangles as one SphereGeometry(1, 80, 56) with per-face
 * colours, but 4,872 vertices (a patch's edge is shared only within it) instead of the 26,400 of the
 * non-indexed sphere, drawn twice a frame (the view and the shadow map).
 */
function octantSphere(): THREE.BufferGeometry {
  const parts: THREE.BufferGeometry[] = [];
  for (let q = 0; q < 4; q++) {
    for (let h = 0; h < 2; h++) {
      const g = new THREE.SphereGeometry(1, 20, 28, (q * Math.PI) / 2, Math.PI / 2, (h * Math.PI) / 2, Math.PI / 2);
      g.deleteAttribute('uv');
      // The patch's middle direction (SphereGeometry's parametrisation) decides its octant's colour.
      const phi = ((q + 0.5) * Math.PI) / 2;
      const theta = ((h + 0.5) * Math.PI) / 2;
      const mid = new THREE.Vector3(-Math.cos(phi) * Math.sin(theta), Math.cos(theta), Math.sin(phi) * Math.sin(theta));
      parts.push(solidVertexColors(g, octantColor(mid)));
    }
  }
  const geo = mergeGeometries(parts);
  for (const g of parts) g.dispose();
  if (!geo) throw new Error('the ellipsoid patches could not be merged');
  return geo;
}

function ellipsoidGeometry(axes: Vec3): THREE.BufferGeometry {
  const geo = octantSphere();
  // scale() transforms the normals with the normal matrix, so they stay the ellipsoid's true normals.
  geo.scale(axes[0], axes[1], axes[2]);
  return geo;
}

function cubeGeometry(side: number, eps: number): THREE.BufferGeometry {
  const outer = side + 2 * eps;
  const geo = new RoundedBoxGeometry(outer, outer, outer, 6, eps);
  // RoundedBoxGeometry is non-indexed with the six faces in order +x, −x, +y, −y, +z, −z.
  const perSide = geo.getAttribute('position').count / 6 / 3;
  const tones = [BODY_COLORS.a, BODY_COLORS.a, BODY_COLORS.b, BODY_COLORS.b, BODY_COLORS.c, BODY_COLORS.c];
  colorFaces(geo, (_c, f) => tones[Math.min(5, Math.floor(f / perSide))] ?? BODY_COLORS.a);
  return geo;
}

function polyhedronGeometry(vertices: Vec3[], eps: number): THREE.BufferGeometry {
  const pts = vertices.map((v) => new THREE.Vector3(...v));
  const box = new THREE.Box3().setFromPoints(pts);
  const size = box.getSize(new THREE.Vector3()).length() || 1;
  let hullPts = pts;
  if (eps > 1e-4 * size) {
    // conv(∪ B(v, ε)) = conv(V) ⊕ B(ε): the exact Minkowski sum, sampled on the balls.
    const ball = new THREE.IcosahedronGeometry(eps, 3).getAttribute('position');
    const dirs: THREE.Vector3[] = [];
    for (let i = 0; i < ball.count; i++) dirs.push(new THREE.Vector3().fromBufferAttribute(ball, i));
    hullPts = pts.flatMap((p) => dirs.map((d) => p.clone().add(d)));
  }
  if (pts.length < 4) {
    // Degenerate (a point, segment or triangle): show the vertices as small spheres instead.
    const g = nonIndexed(new THREE.SphereGeometry(Math.max(eps, 0.05 * size, 0.05), 16, 12));
    solidVertexColors(g, BODY_COLORS.a);
    return g;
  }
  const geo = nonIndexed(new ConvexGeometry(hullPts));
  colorFaces(geo, (c) => octantColor(c));
  return geo;
}

/** Signed implicit function of a body (negative inside), body frame. Used for intersections. */
export function implicitFunction(body: RigidBodyShape): (p: THREE.Vector3) => number {
  switch (body.type) {
    case 'ellipsoid': {
      const [a, b, c] = body.semi_axes;
      const o = new THREE.Vector3(...(body.center ?? [0, 0, 0]));
      return (p) => Math.hypot((p.x - o.x) / a, (p.y - o.y) / b, (p.z - o.z) / c) - 1;
    }
    case 'cube': {
      const h = body.side / 2;
      const o = new THREE.Vector3(...(body.center ?? [0, 0, 0]));
      return (p) => {
        const qx = Math.abs(p.x - o.x) - h, qy = Math.abs(p.y - o.y) - h, qz = Math.abs(p.z - o.z) - h;
        const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0), Math.max(qz, 0));
        return outside + Math.min(Math.max(qx, qy, qz), 0) - body.epsilon;
      };
    }
    case 'polyhedron': {
      const geo = new ConvexGeometry(body.vertices.map((v) => new THREE.Vector3(...v)));
      const pos = geo.getAttribute('position');
      const nor = geo.getAttribute('normal');
      const planes: { n: THREE.Vector3; d: number }[] = [];
      for (let i = 0; i < pos.count; i += 3) {
        const n = new THREE.Vector3().fromBufferAttribute(nor, i);
        planes.push({ n, d: n.dot(new THREE.Vector3().fromBufferAttribute(pos, i)) });
      }
      return (p) => planes.reduce((m, pl) => Math.max(m, pl.n.dot(p) - pl.d), -Infinity) - body.epsilon;
    }
    case 'union': {
      const fs = body.parts.map(implicitFunction);
      return (p) => fs.reduce((m, f) => Math.min(m, f(p)), Infinity);
    }
    case 'intersection': {
      const fs = body.parts.map(implicitFunction);
      return (p) => fs.reduce((m, f) => Math.max(m, f(p)), -Infinity);
    }
  }
}

function bodyCenters(body: RigidBodyShape): THREE.Vector3[] {
  switch (body.type) {
    case 'ellipsoid':
    case 'cube':
      return [new THREE.Vector3(...(body.center ?? [0, 0, 0]))];
    case 'polyhedron': {
      const c = new THREE.Vector3();
      for (const v of body.vertices) c.add(new THREE.Vector3(...v));
      return [c.divideScalar(Math.max(1, body.vertices.length))];
    }
    default:
      return body.parts.flatMap(bodyCenters);
  }
}

/** Bounding radius about the origin (body frame), an upper bound. */
export function boundingRadius(body: RigidBodyShape): number {
  switch (body.type) {
    case 'ellipsoid':
      return new THREE.Vector3(...(body.center ?? [0, 0, 0])).length() + Math.max(...body.semi_axes);
    case 'cube':
      return new THREE.Vector3(...(body.center ?? [0, 0, 0])).length() + (Math.sqrt(3) * body.side) / 2 + body.epsilon;
    case 'polyhedron':
      return Math.max(0, ...body.vertices.map((v) => Math.hypot(...v))) + body.epsilon;
    default:
      return Math.max(...body.parts.map(boundingRadius));
  }
}

/**
 * Whether a body-frame point is inside the body (its implicit function ≤ 0, as implicitFunction), as a
 * predicate: the bisection of starShapedSteps needs only the sign, so an ellipsoid is tested by its
 * quadratic form without the square root, and an intersection stops at the first part the point is
 * outside of (a union at the first part it is inside).
 */
export function insideTest(body: RigidBodyShape): (p: THREE.Vector3) => boolean {
  switch (body.type) {
    case 'ellipsoid': {
      const [a, b, c] = body.semi_axes;
      const [ox, oy, oz] = body.center ?? [0, 0, 0];
      return (p) => {
        const x = (p.x - ox) / a;
        const y = (p.y - oy) / b;
        const z = (p.z - oz) / c;
        return x * x + y * y + z * z <= 1;
      };
    }
    case 'cube':
    case 'polyhedron': {
      const f = implicitFunction(body);
      return (p) => f(p) <= 0;
    }
    case 'union': {
      const ts = body.parts.map(insideTest);
      return (p) => ts.some((t) => t(p));
    }
    case 'intersection': {
      const ts = body.parts.map(insideTest);
      return (p) => ts.every((t) => t(p));
    }
  }
}

/** Subdivision of the icosahedron a star-shaped mesh is drawn with: 20·(d + 1)² triangles. */
export const STAR_DETAIL = 16;
/** The fewest subdivisions a star-shaped mesh gets however many there are (500 triangles). */
export const STAR_DETAIL_MIN = 4;
/** The longest slice of a refinement's work between two yields to the page (ms). */
export const REFINE_SLICE_MS = 4;

/**
 * The icosahedron's subdivision for each of `count` star-shaped meshes of one body: the bisection's work
 * grows with the vertices, ≈ 10·(d + 1)², so `count` meshes share the work of one at STAR_DETAIL
 * (d + 1 ∝ 1/√count), down to STAR_DETAIL_MIN: a union of many intersections is drawn coarser instead of
 * building hundreds of thousands of triangles (docs/page.md "Slow set-ups").
 */
export function starDetail(count: number): number {
  return Math.max(STAR_DETAIL_MIN, Math.round((STAR_DETAIL + 1) / Math.sqrt(Math.max(1, count))) - 1);
}

/** The distinct vertices (unit directions) of the subdivided icosahedron and its triangles over them. */
interface UnitSphere {
  readonly dirs: Float32Array;
  readonly index: Uint32Array;
}
const unitSpheres = new Map<number, UnitSphere>();

/**
 * three.js's IcosahedronGeometry(1, detail) with its repeated vertices merged (it is non-indexed: each
 * vertex once per triangle, six times over), by a numeric key of the position on a 10⁻⁵ grid (vertices
 * are ≥ 10⁻² apart up to detail 100), so the rays are cast once per vertex. Kept per detail.
 */
function unitSphere(detail: number): UnitSphere {
  const known = unitSpheres.get(detail);
  if (known) return known;
  const ico = new THREE.IcosahedronGeometry(1, detail);
  const pos = ico.getAttribute('position').array as Float32Array;
  const n = pos.length / 3;
  const ids = new Map<number, number>();
  const index = new Uint32Array(n);
  const dirs: number[] = [];
  const G = 1e5;
  const K = 2 * G + 1;
  for (let i = 0; i < n; i++) {
    const x = pos[3 * i] ?? 0;
    const y = pos[3 * i + 1] ?? 0;
    const z = pos[3 * i + 2] ?? 0;
    const key = (Math.round(x * G) + G) * K * K + (Math.round(y * G) + G) * K + (Math.round(z * G) + G);
    let id = ids.get(key);
    if (id === undefined) {
      id = dirs.length / 3;
      ids.set(key, id);
      dirs.push(x, y, z);
    }
    index[i] = id;
  }
  ico.dispose();
  const sphere = { dirs: Float32Array.from(dirs), index };
  unitSpheres.set(detail, sphere);
  return sphere;
}

/**
 * Boundary of a star-shaped body (e.g. an intersection of convex parts) by bisection along rays from an
 * inner point, one ray per distinct vertex of a subdivided icosahedron (`detail`). A generator that
 * yields between chunks of its work, so that buildBodyObject spreads it over several tasks.
 */
function* starShapedSteps(body: RigidBodyShape, detail: number): Generator<void, THREE.BufferGeometry> {
  const f = implicitFunction(body);
  const inside = insideTest(body);
  const cands = bodyCenters(body);
  const mean = cands.reduce((a, c) => a.add(c), new THREE.Vector3()).divideScalar(cands.length);
  cands.push(mean, new THREE.Vector3());
  let o = cands[0] ?? new THREE.Vector3();
  for (const c of cands) if (f(c) < f(o)) o = c;
  const rMax = 2 * boundingRadius(body) + o.length();
  yield;
  const { dirs, index } = unitSphere(detail);
  const count = dirs.length / 3;
  const out = new Float32Array(dirs.length);
  const u = new THREE.Vector3();
  const p = new THREE.Vector3();
  for (let i = 0; i < count; i++) {
    if (i % 128 === 127) yield;
    u.fromArray(dirs, 3 * i).normalize();
    let lo = 0;
    let hi = rMax;
    for (let k = 0; k < 50; k++) {
      const mid = 0.5 * (lo + hi);
      if (inside(p.copy(u).multiplyScalar(mid).add(o))) lo = mid;
      else hi = mid;
    }
    p.copy(u).multiplyScalar(lo).add(o);
    p.toArray(out, 3 * i);
  }
  yield;
  const geo = new THREE.BufferGeometry();
  geo.setAttribute('position', new THREE.BufferAttribute(out, 3));
  geo.setIndex(new THREE.BufferAttribute(index, 1));
  geo.computeVertexNormals();
  yield;
  const flat = nonIndexed(geo);
  yield;
  colorFaces(flat, (c) => octantColor(c));
  return flat;
}

/** The star-shaped meshes buildBodyObject makes for a body: its intersections, duplicates counted once. */
function starCount(body: RigidBodyShape): number {
  return body.type === 'union' ? distinctParts(body.parts).reduce((n, b) => n + starCount(b), 0) : body.type === 'intersection' ? 1 : 0;
}

/**
 * The parts of a union without repeats: a part equal to an earlier one (the same shape at the same
 * place) adds nothing to the union's set, so it gets no mesh of its own.
 */
function distinctParts(parts: readonly RigidBodyShape[]): RigidBodyShape[] {
  const seen = new Set<string>();
  return parts.filter((b) => {
    const key = JSON.stringify(b);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Build the three.js object of a body (body frame). The material is shared and not disposed here. */
export function buildBodyObject(body: RigidBodyShape, material: THREE.Material): BodyObject {
  const group = new THREE.Group();
  group.name = 'body';
  const meshes: THREE.Mesh[] = [];
  const add = (geo: THREE.BufferGeometry, center: Vec3 | undefined, name: string): THREE.Mesh => {
    const mesh = new THREE.Mesh(geo, material);
    mesh.name = name;
    if (center) mesh.position.set(...center);
    mesh.castShadow = true;
    mesh.receiveShadow = true;
    group.add(mesh);
    meshes.push(mesh);
    return mesh;
  };
  // An intersection's mesh is built after this returns, in slices of REFINE_SLICE_MS between which the
  // page answers its input and draws (docs/page.md "Slow set-ups"); it is empty until then.
  const detail = starDetail(starCount(body));
  const toRefine: { mesh: THREE.Mesh; body: RigidBodyShape }[] = [];
  const visit = (b: RigidBodyShape): void => {
    switch (b.type) {
      case 'ellipsoid':
        add(ellipsoidGeometry(b.semi_axes), b.center, 'ellipsoid');
        break;
      case 'cube':
        add(cubeGeometry(b.side, b.epsilon), b.center, 'cube');
        break;
      case 'polyhedron':
        add(polyhedronGeometry(b.vertices, b.epsilon), undefined, 'polyhedron');
        break;
      case 'union':
        distinctParts(b.parts).forEach(visit);
        break;
      case 'intersection':
        toRefine.push({ mesh: add(new THREE.BufferGeometry(), undefined, 'intersection'), body: b });
        break;
    }
  };
  visit(body);
  let disposed = false;
  // Each slice is a timer's callback of its own (not a promise's continuation), so its work is that
  // task's: the page's input and frames come between two slices.
  const refine = (): Promise<void> =>
    new Promise((resolve) => {
      let k = 0;
      let steps: Generator<void, THREE.BufferGeometry> | null = null;
      const slice = (): void => {
        if (disposed) return;
        const t0 = performance.now();
        while (performance.now() - t0 < REFINE_SLICE_MS) {
          const item = toRefine[k];
          if (!item) {
            resolve();
            return;
          }
          steps ??= starShapedSteps(item.body, detail);
          const r = steps.next();
          if (r.done) {
            item.mesh.geometry.dispose();
            item.mesh.geometry = r.value;
            steps = null;
            k += 1;
          }
        }
        setTimeout(slice, 0);
      };
      setTimeout(slice, 0);
    });
  return {
    group,
    meshes,
    refined: toRefine.length > 0 ? refine() : null,
    dispose() {
      disposed = true;
      for (const m of meshes) m.geometry.dispose();
      group.removeFromParent();
    },
  };
}
