// The game-engine baseline of the comparison: the same drop run by Rapier
// (@dimforge/rapier3d-compat), set up from the core's resolved config — same body (rounded cuboid for
// the ε-cube, rounded convex hull for polyhedra, a convex hull of RAPIER_SETTINGS.ellipsoidRings ×
// ellipsoidSegments points on each ellipsoid, a compound for unions), the core's mass and inertia
// (setAdditionalMassProperties, colliders of density 0), restitution 1 with combine rule Max,
// friction 0 with rule Min, the same h, gravity −g e₃, x₀, R₀, v₀ = γ₀/m, ω₀ = R₀J⁻¹Π₀, and the plane
// as a fixed half-space (infinite, like the core's). Rapier keeps its state in f32. No DOM.
import type { Rapier } from '../../../web/src/engine/rapier';
import type { Vec3 } from '../../../web/src/config/types';
import { RapierSetupError } from '../../../web/src/model/baselines';
import type { CompanionStepper } from '../../../web/src/model/companions';
import type { Quat } from '../../../web/src/model/interpolation';
import { quatFromRowMajor, rowMajorFromQuat } from '../../../web/src/model/interpolation';
import type { ResolvedRigidBodyConfig, RigidBodyShape } from './config';
import { parseRigidBodyConfig } from './config';
import { RigidPoseSpace } from './pose-space';

type World = InstanceType<Rapier['World']>;
type RigidBody = ReturnType<World['createRigidBody']>;
type ColliderDesc = InstanceType<Rapier['ColliderDesc']>;
type EventQueue = InstanceType<Rapier['EventQueue']>;

/** Rapier's settings used here (docs/page.md "Comparison on the page: RK4, Rapier and Reverse"): every one that affects bouncing. */
export const RAPIER_SETTINGS = {
  /** Latitude rings and longitude segments of the convex mesh of an ellipsoid (points on its surface). */
  ellipsoidRings: 24,
  ellipsoidSegments: 48,
  /** Rapier's defaults, kept (and stated in docs/page.md). */
  solverIterations: 4,
  /** Contact skin of the colliders (Rapier's default 0). */
  contactSkin: 0,
} as const;

/**
 * Why Rapier cannot be set up from a body (e.g. an intersection of ellipsoids has no Rapier shape): the
 * reason as data, thrown with its English message (what the long-run worker, which has no language,
 * writes in its row); the page words the reason in its language (rapier-words.ts).
 */
export type RapierSetupReason = { kind: 'inertia'; type: string } | { kind: 'hull'; shape: 'ellipsoid' | 'polyhedron' } | { kind: 'no-shape' };

function englishReason(r: RapierSetupReason): string {
  if (r.kind === 'inertia') return `Rapier: the ${r.type} body needs an explicit inertia in the config to be compared.`;
  if (r.kind === 'hull') return `Rapier: the convex hull of the ${r.shape} failed`;
  return 'Rapier: an intersection of ellipsoids has no Rapier shape, so it is not compared.';
}

/** The rigid body's set-up Rapier cannot reproduce, with its reason. */
export class RigidBodyRapierError extends RapierSetupError {
  constructor(readonly reason: RapierSetupReason) {
    super(englishReason(reason));
  }
}

function setupError(reason: RapierSetupReason): RigidBodyRapierError {
  return new RigidBodyRapierError(reason);
}

/** The core's inertia: the config's, else the closed forms the core uses (ellipsoid, cube). */
export function coreInertia(cfg: ResolvedRigidBodyConfig): number[] {
  if (cfg.inertia) return cfg.inertia.flat();
  const m = cfg.mass;
  const b = cfg.body;
  if (b.type === 'ellipsoid') {
    const [a, bb, c] = b.semi_axes;
    return [(m / 5) * (bb * bb + c * c), 0, 0, 0, (m / 5) * (a * a + c * c), 0, 0, 0, (m / 5) * (a * a + bb * bb)];
  }
  if (b.type === 'cube') {
    const j = (m * b.side * b.side) / 6; // the core ignores the ε-rounding (docs/rigid-body.md "Rounded mass properties")
    return [j, 0, 0, 0, j, 0, 0, 0, j];
  }
  throw setupError({ kind: 'inertia', type: b.type });
}

/**
 * Eigen-decomposition of a symmetric 3×3 matrix (cyclic Jacobi): J = V diag(values) Vᵀ with V a
 * rotation (det +1), row-major.
 */
export function symmetricEigen3(J: readonly number[]): { values: Vec3; V: number[] } {
  const a = [...J];
  const V = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const at = (i: number, j: number): number => a[3 * i + j] ?? 0;
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = Math.hypot(at(0, 1), at(0, 2), at(1, 2));
    if (off <= 1e-300 || off <= 1e-17 * Math.hypot(at(0, 0), at(1, 1), at(2, 2))) break;
    for (const [p, q] of [[0, 1], [0, 2], [1, 2]] as const) {
      const apq = at(p, q);
      if (apq === 0) continue;
      const theta = (at(q, q) - at(p, p)) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      for (let k = 0; k < 3; k++) {
        // a ← Gᵀ a G, V ← V G, G the rotation in the (p, q) plane
        const akp = at(k, p), akq = at(k, q);
        a[3 * k + p] = c * akp - s * akq;
        a[3 * k + q] = s * akp + c * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = at(p, k), aqk = at(q, k);
        a[3 * p + k] = c * apk - s * aqk;
        a[3 * q + k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = V[3 * k + p] ?? 0, vkq = V[3 * k + q] ?? 0;
        V[3 * k + p] = c * vkp - s * vkq;
        V[3 * k + q] = s * vkp + c * vkq;
      }
    }
  }
  const det =
    (V[0] ?? 0) * ((V[4] ?? 0) * (V[8] ?? 0) - (V[5] ?? 0) * (V[7] ?? 0)) -
    (V[1] ?? 0) * ((V[3] ?? 0) * (V[8] ?? 0) - (V[5] ?? 0) * (V[6] ?? 0)) +
    (V[2] ?? 0) * ((V[3] ?? 0) * (V[7] ?? 0) - (V[4] ?? 0) * (V[6] ?? 0));
  if (det < 0) for (let k = 0; k < 3; k++) V[3 * k + 2] = -(V[3 * k + 2] ?? 0);
  return { values: [at(0, 0), at(1, 1), at(2, 2)], V };
}

/** Points on an ellipsoid (a lat-long grid), whose convex hull is the Rapier shape. */
export function ellipsoidPoints(axes: Vec3, center: Vec3 = [0, 0, 0]): Float32Array {
  const { ellipsoidRings: nr, ellipsoidSegments: ns } = RAPIER_SETTINGS;
  const pts: number[] = [center[0], center[1], center[2] + axes[2], center[0], center[1], center[2] - axes[2]];
  for (let i = 1; i < nr; i++) {
    const th = (Math.PI * i) / nr;
    for (let j = 0; j < ns; j++) {
      const ph = (2 * Math.PI * j) / ns;
      pts.push(
        center[0] + axes[0] * Math.sin(th) * Math.cos(ph),
        center[1] + axes[1] * Math.sin(th) * Math.sin(ph),
        center[2] + axes[2] * Math.cos(th),
      );
    }
  }
  return Float32Array.from(pts);
}

function colliderDescs(R: Rapier, body: RigidBodyShape): ColliderDesc[] {
  switch (body.type) {
    case 'ellipsoid': {
      const d = R.ColliderDesc.convexHull(ellipsoidPoints(body.semi_axes, body.center));
      if (!d) throw setupError({ kind: 'hull', shape: 'ellipsoid' });
      return [d];
    }
    case 'cube': {
      const h = body.side / 2;
      const d = R.ColliderDesc.roundCuboid(h, h, h, body.epsilon);
      const c = body.center ?? [0, 0, 0];
      d.setTranslation(c[0], c[1], c[2]);
      return [d];
    }
    case 'polyhedron': {
      const d = R.ColliderDesc.roundConvexHull(Float32Array.from(body.vertices.flat()), body.epsilon);
      if (!d) throw setupError({ kind: 'hull', shape: 'polyhedron' });
      return [d];
    }
    case 'union':
      return body.parts.flatMap((p) => colliderDescs(R, p));
    case 'intersection':
      throw setupError({ kind: 'no-shape' });
  }
}

function quatObj(q: Quat): { x: number; y: number; z: number; w: number } {
  return { x: q[0], y: q[1], z: q[2], w: q[3] };
}

function matVec(M: readonly number[], v: readonly number[]): Vec3 {
  return [0, 1, 2].map((i) => (M[3 * i] ?? 0) * (v[0] ?? 0) + (M[3 * i + 1] ?? 0) * (v[1] ?? 0) + (M[3 * i + 2] ?? 0) * (v[2] ?? 0)) as Vec3;
}

function matTVec(M: readonly number[], v: readonly number[]): Vec3 {
  return [0, 1, 2].map((i) => (M[i] ?? 0) * (v[0] ?? 0) + (M[3 + i] ?? 0) * (v[1] ?? 0) + (M[6 + i] ?? 0) * (v[2] ?? 0)) as Vec3;
}

/** Solve J w = Π for symmetric positive definite J (Cramer). */
function solve3(J: readonly number[], b: readonly number[]): Vec3 {
  const [a, bb, c, d, e, f, g, h, i] = J as [number, number, number, number, number, number, number, number, number];
  const det = a * (e * i - f * h) - bb * (d * i - f * g) + c * (d * h - e * g);
  const [x, y, z] = b as [number, number, number];
  return [
    (x * (e * i - f * h) - bb * (y * i - f * z) + c * (y * h - e * z)) / det,
    (a * (y * i - f * z) - x * (d * i - f * g) + c * (d * z - y * g)) / det,
    (a * (e * z - y * h) - bb * (d * z - y * g) + x * (d * h - e * g)) / det,
  ];
}

/** The Rapier world of one config, stepped by h; a CompanionStepper. */
export class RapierStepper implements CompanionStepper {
  readonly integrator = 'rapier';
  readonly space = new RigidPoseSpace();
  readonly mass: number;
  /** The core's body-frame inertia J (row-major), which the Rapier body is given. */
  readonly J: readonly number[];
  private readonly R: Rapier;
  private readonly cfg: ResolvedRigidBodyConfig;
  private world: World | null = null;
  private body: RigidBody | null = null;
  private events: EventQueue | null = null;
  private impactsInStep = 0;
  private readonly countStart = (_h1: number, _h2: number, started: boolean): void => {
    if (started) this.impactsInStep += 1;
  };

  /** Throws RapierSetupError for a body Rapier cannot reproduce. */
  constructor(R: Rapier, cfg: ResolvedRigidBodyConfig) {
    this.R = R;
    this.cfg = cfg;
    this.mass = cfg.mass;
    this.J = coreInertia(cfg);
    this.build();
  }

  private build(): void {
    const R = this.R;
    const c = this.cfg;
    const g = c.gravity;
    const world = new R.World({ x: 0, y: 0, z: -g });
    world.timestep = c.h;
    world.numSolverIterations = RAPIER_SETTINGS.solverIterations;
    const R0 = c.R0.flat();
    const { values, V } = symmetricEigen3(this.J);
    const v0 = c.gamma0.map((x) => x / c.mass);
    const w0 = matVec(R0, solve3(this.J, c.Pi0));
    const desc = R.RigidBodyDesc.dynamic()
      .setTranslation(c.x0[0], c.x0[1], c.x0[2])
      .setRotation(quatObj(quatFromRowMajor(R0)))
      .setLinvel(v0[0] ?? 0, v0[1] ?? 0, v0[2] ?? 0)
      .setAngvel({ x: w0[0], y: w0[1], z: w0[2] })
      .setCanSleep(false)
      .setAdditionalMassProperties(
        c.mass,
        { x: 0, y: 0, z: 0 },
        { x: values[0], y: values[1], z: values[2] },
        quatObj(quatFromRowMajor(V)),
      );
    const body = world.createRigidBody(desc);
    for (const d of colliderDescs(R, c.body)) {
      d.setDensity(0)
        .setRestitution(1)
        .setRestitutionCombineRule(R.CoefficientCombineRule.Max)
        .setFriction(0)
        .setFrictionCombineRule(R.CoefficientCombineRule.Min)
        .setContactSkin(RAPIER_SETTINGS.contactSkin)
        .setActiveEvents(R.ActiveEvents.COLLISION_EVENTS);
      world.createCollider(d, body);
    }
    const n = this.normal();
    const ground = world.createRigidBody(R.RigidBodyDesc.fixed());
    world.createCollider(
      new R.ColliderDesc(new R.HalfSpace({ x: n[0], y: n[1], z: n[2] }))
        .setRestitution(1)
        .setRestitutionCombineRule(R.CoefficientCombineRule.Max)
        .setFriction(0)
        .setFrictionCombineRule(R.CoefficientCombineRule.Min),
      ground,
    );
    this.world = world;
    this.body = body;
    this.events = new R.EventQueue(true);
  }

  private normal(): Vec3 {
    const p = this.cfg.plane;
    if (p.normal) {
      const l = Math.hypot(...p.normal);
      return [p.normal[0] / l, p.normal[1] / l, p.normal[2] / l];
    }
    const t = p.tilt ?? 0;
    const a = p.azimuth ?? 0;
    return [Math.sin(t) * Math.cos(a), Math.sin(t) * Math.sin(a), Math.cos(t)];
  }

  private need(): { world: World; body: RigidBody; events: EventQueue } {
    if (!this.world || !this.body || !this.events) throw new Error('RapierStepper: disposed');
    return { world: this.world, body: this.body, events: this.events };
  }

  /** The Rapier body (tests read its mass properties). */
  get rigidBody(): RigidBody {
    return this.need().body;
  }

  step(): number {
    const { world, events } = this.need();
    this.impactsInStep = 0;
    world.step(events);
    events.drainCollisionEvents(this.countStart);
    return this.impactsInStep;
  }

  readPose(into: Float64Array): void {
    const b = this.need().body;
    const x = b.translation();
    const q = b.rotation();
    into[0] = x.x;
    into[1] = x.y;
    into[2] = x.z;
    into.set(rowMajorFromQuat([q.x, q.y, q.z, q.w]), 3);
  }

  /** E = ½ m|v|² + ½ ΩᵀJΩ + m g x₃ with Ω = Rᵀω the body-frame angular velocity. */
  energy(): number {
    const b = this.need().body;
    const v = b.linvel();
    const w = b.angvel();
    const q = b.rotation();
    const Rm = rowMajorFromQuat([q.x, q.y, q.z, q.w]);
    const W = matTVec(Rm, [w.x, w.y, w.z]);
    const JW = matVec(this.J, W);
    const m = this.mass;
    return (
      0.5 * m * (v.x * v.x + v.y * v.y + v.z * v.z) +
      0.5 * (W[0] * JW[0] + W[1] * JW[1] + W[2] * JW[2]) +
      m * this.cfg.gravity * b.translation().z
    );
  }

  reset(): void {
    this.free();
    this.build();
  }

  reverseMomenta(): void {
    const b = this.need().body;
    const v = b.linvel();
    const w = b.angvel();
    b.setLinvel({ x: -v.x, y: -v.y, z: -v.z }, true);
    b.setAngvel({ x: -w.x, y: -w.y, z: -w.z }, true);
  }

  private free(): void {
    this.events?.free();
    this.world?.free();
    this.events = null;
    this.world = null;
    this.body = null;
  }

  dispose(): void {
    this.free();
  }
}

/**
 * The rigid body's game-engine baseline (worker.ts; on the page rapier-words.ts's, which words its
 * refusals): Rapier's run of the main run's resolved config; a RigidBodyRapierError for a body Rapier
 * cannot reproduce.
 */
export function rapierBaseline(rapier: Rapier, resolvedJson: string): RapierStepper {
  return new RapierStepper(rapier, parseRigidBodyConfig(resolvedJson));
}
