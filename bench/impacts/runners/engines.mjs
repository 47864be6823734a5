// The game and robotics engines of the impacts benchmark (docs/benchmark-impacts.md): Rapier
// (@dimforge/rapier3d-compat), Jolt (jolt-physics) and MuJoCo (mujoco-js, the official WASM build),
// each under Node, set up from a problem's "engine_setup" (bench/impacts/problems/*.json) with the
// settings of bench/impacts/engines/<engine>.json. Prints one JSON array, one entry per problem:
// the measured errors (their definitions are the docs page's "Errors") or "not_expressible" with the
// reason the problem file gives.
//
//   node bench/impacts/runners/engines.mjs --engine rapier|jolt|mujoco [--quick] PROBLEM.json...
//
// Every engine advances by the problem's h, one engine step per problem step; the state is read back
// in doubles after each step (Rapier and Jolt keep it in single precision, MuJoCo in double).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

// ---- small vector algebra -------------------------------------------------------------------------
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const norm = (a) => Math.hypot(a[0], a[1], a[2]);
/** Row-major R of the unit quaternion (w, x, y, z). */
/**
 * Time per step (µs): the bare loop of fresh simulations (no diagnostics), its CPU time (user + system of
 * this single-threaded process: a loaded machine's preemption does not count) and its wall time, each
 * the best of 3 runs (1 with --quick).
 */
function timePerStep(make, steps, quick) {
  let best = Infinity, bestWall = Infinity;
  for (let r = 0; r < (quick ? 1 : 3); r++) {
    const sim = make();
    const c0 = process.cpuUsage(), t0 = process.hrtime.bigint();
    for (let k = 0; k < steps; k++) sim.step();
    const wall = Number(process.hrtime.bigint() - t0) / 1e3;
    const c = process.cpuUsage(c0);
    best = Math.min(best, (c.user + c.system) / steps);
    bestWall = Math.min(bestWall, wall / steps);
    sim.free();
  }
  return { best, bestWall };
}

function quatToR([w, x, y, z]) {
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
  ];
}
const matVec = (M, v) => [0, 1, 2].map((i) => M[3 * i] * v[0] + M[3 * i + 1] * v[1] + M[3 * i + 2] * v[2]);
const matTVec = (M, v) => [0, 1, 2].map((i) => M[i] * v[0] + M[3 + i] * v[1] + M[6 + i] * v[2]);

/** Points on an ellipsoid (the page's lat-long grid, RAPIER_SETTINGS in families/rigid_body/web/rapier-baseline.ts). */
function ellipsoidPoints(axes, center, rings, segments) {
  const pts = [[center[0], center[1], center[2] + axes[2]], [center[0], center[1], center[2] - axes[2]]];
  for (let i = 1; i < rings; i++) {
    const th = (Math.PI * i) / rings;
    for (let j = 0; j < segments; j++) {
      const ph = (2 * Math.PI * j) / segments;
      pts.push([
        center[0] + axes[0] * Math.sin(th) * Math.cos(ph),
        center[1] + axes[1] * Math.sin(th) * Math.sin(ph),
        center[2] + axes[2] * Math.cos(th),
      ]);
    }
  }
  return pts;
}

/** The leaf shapes of a body (a union's parts, flattened). */
function leaves(shape) {
  return shape.type === 'union' ? shape.parts.flatMap(leaves) : [shape];
}

/** A pendulum ball's angle and rate from its centre (x, z) and velocity: x = pivot + l sin θ, z = −l cos θ. */
function pendulumState(setup, i, x, v) {
  const dx = x[0] - i * setup.spacing, dz = x[2];
  const q = Math.atan2(dx, -dz);
  const r = Math.hypot(dx, dz);
  return { q, qdot: (v[0] * Math.cos(q) + v[2] * Math.sin(q)) / r };
}

/** The start of ball i: its centre and velocity. */
function pendulumStart(setup, i) {
  const q = setup.q0[i], w = setup.qdot0[i], l = setup.length;
  return { x: [i * setup.spacing + l * Math.sin(q), 0, -l * Math.cos(q)], v: [l * w * Math.cos(q), 0, l * w * Math.sin(q)] };
}

// ---- the engines ----------------------------------------------------------------------------------
// Each `make(setup, h)` returns { step(), read() -> {x, q: [w,x,y,z], v, w (world)}, reverse(), free() }.

async function rapierEngine(S) {
  const R = (await import('@dimforge/rapier3d-compat')).default;
  await R.init();
  return {
    version: R.version(),
    /** The cradle: ball i a dynamic body (the point mass, a ball collider) on a revolute joint about e2 to a fixed pivot. */
    makePendulums(setup, h) {
      const world = new R.World({ x: 0, y: 0, z: -setup.gravity });
      world.timestep = h;
      world.numSolverIterations = S.solver_iterations;
      const n = setup.q0.length, l = setup.length, I = S.ball_inertia;
      const balls = [];
      for (let i = 0; i < n; i++) {
        const st = pendulumStart(setup, i);
        const body = world.createRigidBody(
          R.RigidBodyDesc.dynamic().setTranslation(...st.x).setLinvel(...st.v).setCanSleep(false)
            .setAdditionalMassProperties(setup.mass, { x: 0, y: 0, z: 0 }, { x: I, y: I, z: I }, { w: 1, x: 0, y: 0, z: 0 }),
        );
        world.createCollider(R.ColliderDesc.ball(setup.radius).setDensity(0).setRestitution(setup.restitution)
          .setRestitutionCombineRule(R.CoefficientCombineRule.Max).setFriction(0).setFrictionCombineRule(R.CoefficientCombineRule.Min)
          .setContactSkin(S.contact_skin), body);
        const pivot = world.createRigidBody(R.RigidBodyDesc.fixed().setTranslation(i * setup.spacing, 0, 0));
        // anchors: the pivot at its body's origin; on the ball, the pivot relative to its centre
        world.createImpulseJoint(R.JointData.revolute({ x: 0, y: 0, z: 0 }, { x: i * setup.spacing - st.x[0], y: 0, z: -st.x[2] }, { x: 0, y: 1, z: 0 }), pivot, body, true);
        balls.push(body);
      }
      return {
        step: () => world.step(),
        read() {
          const q = [], qdot = [];
          balls.forEach((b, i) => {
            const x = b.translation(), v = b.linvel();
            const p = pendulumState(setup, i, [x.x, x.y, x.z], [v.x, v.y, v.z]);
            q.push(p.q);
            qdot.push(p.qdot);
          });
          return { q, qdot };
        },
        reverse() {
          for (const b of balls) {
            const v = b.linvel(), w = b.angvel();
            b.setLinvel({ x: -v.x, y: -v.y, z: -v.z }, true);
            b.setAngvel({ x: -w.x, y: -w.y, z: -w.z }, true);
          }
        },
        free: () => world.free(),
      };
    },
    make(setup, h) {
      const b = setup.body;
      const world = new R.World({ x: 0, y: 0, z: -setup.gravity });
      world.timestep = h;
      world.numSolverIterations = S.solver_iterations;
      const [qw, qx, qy, qz] = b.q0;
      const body = world.createRigidBody(
        R.RigidBodyDesc.dynamic()
          .setTranslation(...b.x0)
          .setRotation({ w: qw, x: qx, y: qy, z: qz })
          .setLinvel(...b.v0)
          .setAngvel({ x: b.w0[0], y: b.w0[1], z: b.w0[2] })
          .setCanSleep(false)
          .setCcdEnabled(S.ccd)
          .setAdditionalMassProperties(b.mass, { x: 0, y: 0, z: 0 }, { x: b.inertia[0], y: b.inertia[1], z: b.inertia[2] }, { w: 1, x: 0, y: 0, z: 0 }),
      );
      const material = (d) =>
        d.setRestitution(setup.restitution)
          .setRestitutionCombineRule(R.CoefficientCombineRule.Max)
          .setFriction(0)
          .setFrictionCombineRule(R.CoefficientCombineRule.Min)
          .setContactSkin(S.contact_skin);
      for (const s of leaves(b.shape)) {
        let d;
        if (s.type === 'sphere') d = R.ColliderDesc.ball(s.radius);
        else if (s.type === 'cube') d = R.ColliderDesc.roundCuboid(s.side / 2, s.side / 2, s.side / 2, s.epsilon);
        else d = R.ColliderDesc.convexHull(Float32Array.from(ellipsoidPoints(s.semi_axes, [0, 0, 0], S.ellipsoid_rings, S.ellipsoid_segments).flat()));
        const c = s.center ?? [0, 0, 0];
        d.setTranslation(c[0], c[1], c[2]);
        world.createCollider(material(d.setDensity(0)), body);
      }
      const n = setup.plane.normal;
      world.createCollider(material(new R.ColliderDesc(new R.HalfSpace({ x: n[0], y: n[1], z: n[2] }))), world.createRigidBody(R.RigidBodyDesc.fixed()));
      return {
        step: () => world.step(),
        read() {
          const x = body.translation(), q = body.rotation(), v = body.linvel(), w = body.angvel();
          return { x: [x.x, x.y, x.z], q: [q.w, q.x, q.y, q.z], v: [v.x, v.y, v.z], w: [w.x, w.y, w.z] };
        },
        reverse() {
          const v = body.linvel(), w = body.angvel();
          body.setLinvel({ x: -v.x, y: -v.y, z: -v.z }, true);
          body.setAngvel({ x: -w.x, y: -w.y, z: -w.z }, true);
        },
        free: () => world.free(),
      };
    },
  };
}

async function joltEngine(S) {
  const J = await (await import('jolt-physics/wasm-compat')).default();
  const V = (a) => new J.Vec3(a[0], a[1], a[2]);
  /** A physics system of the benchmark's settings: one worker thread, two layers (static, moving), no sleeping. */
  const system = (gravity) => {
      const settings = new J.JoltSettings();
      settings.mMaxWorkerThreads = 1;
      const pairs = new J.ObjectLayerPairFilterTable(2);
      pairs.EnableCollision(0, 1);
      pairs.EnableCollision(1, 1); // the cradle's balls with each other
      const bp = new J.BroadPhaseLayerInterfaceTable(2, 2);
      bp.MapObjectToBroadPhaseLayer(0, new J.BroadPhaseLayer(0));
      bp.MapObjectToBroadPhaseLayer(1, new J.BroadPhaseLayer(1));
      settings.mObjectLayerPairFilter = pairs;
      settings.mBroadPhaseLayerInterface = bp;
      settings.mObjectVsBroadPhaseLayerFilter = new J.ObjectVsBroadPhaseLayerFilterTable(bp, 2, pairs, 2);
      const jolt = new J.JoltInterface(settings);
      J.destroy(settings);
      const sys = jolt.GetPhysicsSystem();
      const ps = sys.GetPhysicsSettings();
      ps.mNumVelocitySteps = S.velocity_steps;
      ps.mNumPositionSteps = S.position_steps;
      ps.mMinVelocityForRestitution = S.min_velocity_for_restitution;
      ps.mBaumgarte = S.baumgarte;
      ps.mPenetrationSlop = S.penetration_slop;
      ps.mSpeculativeContactDistance = S.speculative_contact_distance;
      ps.mAllowSleeping = false;
      sys.SetPhysicsSettings(ps);
      sys.SetGravity(new J.Vec3(0, 0, -gravity));
      const bi = sys.GetBodyInterface();
    return { jolt, sys, bi };
  };
  return {
    version: JSON.parse(readFileSync(join(here, '../../../node_modules/jolt-physics/package.json'), 'utf8')).version,
    /** The cradle: ball i a dynamic sphere on a HingeConstraint about e2 to the fixed world at its pivot. */
    makePendulums(setup, h) {
      const { jolt, sys, bi } = system(setup.gravity);
      const n = setup.q0.length, I = S.ball_inertia;
      const ids = [];
      for (let i = 0; i < n; i++) {
        const st = pendulumStart(setup, i);
        const bcs = new J.BodyCreationSettings(new J.SphereShapeSettings(setup.radius).Create().Get(), new J.RVec3(...st.x), new J.Quat(0, 0, 0, 1), J.EMotionType_Dynamic, 1);
        bcs.mLinearVelocity = V(st.v);
        bcs.mFriction = 0;
        bcs.mRestitution = setup.restitution;
        bcs.mLinearDamping = 0;
        bcs.mAngularDamping = 0;
        bcs.mAllowSleeping = false;
        bcs.mOverrideMassProperties = J.EOverrideMassProperties_MassAndInertiaProvided;
        bcs.mMassPropertiesOverride.mMass = setup.mass;
        bcs.mMassPropertiesOverride.mInertia = J.Mat44.prototype.sScaleVec3(new J.Vec3(I, I, I));
        const body = bi.CreateBody(bcs);
        bi.AddBody(body.GetID(), J.EActivation_Activate);
        const hinge = new J.HingeConstraintSettings();
        hinge.mSpace = J.EConstraintSpace_WorldSpace;
        hinge.mPoint1 = hinge.mPoint2 = new J.RVec3(i * setup.spacing, 0, 0);
        hinge.mHingeAxis1 = hinge.mHingeAxis2 = new J.Vec3(0, 1, 0);
        hinge.mNormalAxis1 = hinge.mNormalAxis2 = new J.Vec3(1, 0, 0);
        sys.AddConstraint(hinge.Create(J.JoltInterface.prototype.sGetFixedToWorldBody(), body));
        ids.push(body.GetID());
      }
      sys.OptimizeBroadPhase();
      return {
        step: () => jolt.Step(h, 1),
        read() {
          const q = [], qdot = [];
          ids.forEach((id, i) => {
            const x = bi.GetPosition(id), v = bi.GetLinearVelocity(id);
            const p = pendulumState(setup, i, [x.GetX(), x.GetY(), x.GetZ()], [v.GetX(), v.GetY(), v.GetZ()]);
            q.push(p.q);
            qdot.push(p.qdot);
          });
          return { q, qdot };
        },
        reverse() {
          for (const id of ids) {
            const v = bi.GetLinearVelocity(id), w = bi.GetAngularVelocity(id);
            bi.SetLinearAndAngularVelocity(id, new J.Vec3(-v.GetX(), -v.GetY(), -v.GetZ()), new J.Vec3(-w.GetX(), -w.GetY(), -w.GetZ()));
          }
        },
        free: () => J.destroy(jolt),
      };
    },
    make(setup, h) {
      const b = setup.body;
      const { jolt, sys, bi } = system(setup.gravity);
      // the body's shape: a sphere, a box (rounded inside its half extent, so side/2 + ε with radius ε),
      // a convex hull of the page's ellipsoid grid, or a static compound of these
      const leafShape = (s) => {
        if (s.type === 'sphere') return new J.SphereShapeSettings(s.radius);
        if (s.type === 'cube') {
          const e = s.side / 2 + s.epsilon;
          return new J.BoxShapeSettings(new J.Vec3(e, e, e), s.epsilon);
        }
        const hull = new J.ConvexHullShapeSettings();
        for (const p of ellipsoidPoints(s.semi_axes, [0, 0, 0], S.ellipsoid_rings, S.ellipsoid_segments)) hull.mPoints.push_back(V(p));
        hull.mMaxConvexRadius = S.hull_convex_radius;
        return hull;
      };
      const parts = leaves(b.shape);
      let shapeSettings;
      if (parts.length === 1 && !parts[0].center?.some((c) => c !== 0)) shapeSettings = leafShape(parts[0]);
      else {
        shapeSettings = new J.StaticCompoundShapeSettings();
        for (const s of parts) shapeSettings.AddShape(V(s.center ?? [0, 0, 0]), new J.Quat(0, 0, 0, 1), leafShape(s), 0);
      }
      const shape = shapeSettings.Create().Get();
      const [qw, qx, qy, qz] = b.q0;
      const bcs = new J.BodyCreationSettings(shape, new J.RVec3(...b.x0), new J.Quat(qx, qy, qz, qw), J.EMotionType_Dynamic, 1);
      bcs.mLinearVelocity = V(b.v0);
      bcs.mAngularVelocity = V(b.w0);
      bcs.mFriction = 0;
      bcs.mRestitution = setup.restitution;
      bcs.mLinearDamping = 0;
      bcs.mAngularDamping = 0;
      bcs.mMaxAngularVelocity = 1e6;
      bcs.mAllowSleeping = false;
      bcs.mMotionQuality = S.motion_quality === 'LinearCast' ? J.EMotionQuality_LinearCast : J.EMotionQuality_Discrete;
      bcs.mOverrideMassProperties = J.EOverrideMassProperties_MassAndInertiaProvided;
      bcs.mMassPropertiesOverride.mMass = b.mass;
      bcs.mMassPropertiesOverride.mInertia = J.Mat44.prototype.sScaleVec3(V(b.inertia));
      const body = bi.CreateBody(bcs);
      bi.AddBody(body.GetID(), J.EActivation_Activate);
      const n = setup.plane.normal;
      const ground = new J.BodyCreationSettings(
        new J.PlaneShapeSettings(new J.Plane(V(n), 0), null, S.plane_half_extent).Create().Get(),
        new J.RVec3(0, 0, 0), new J.Quat(0, 0, 0, 1), J.EMotionType_Static, 0,
      );
      ground.mFriction = 0;
      ground.mRestitution = setup.restitution;
      bi.AddBody(bi.CreateBody(ground).GetID(), J.EActivation_DontActivate);
      sys.OptimizeBroadPhase();
      const id = body.GetID();
      return {
        step: () => jolt.Step(h, 1),
        read() {
          const x = bi.GetPosition(id), q = bi.GetRotation(id), v = bi.GetLinearVelocity(id), w = bi.GetAngularVelocity(id);
          return { x: [x.GetX(), x.GetY(), x.GetZ()], q: [q.GetW(), q.GetX(), q.GetY(), q.GetZ()], v: [v.GetX(), v.GetY(), v.GetZ()], w: [w.GetX(), w.GetY(), w.GetZ()] };
        },
        reverse() {
          const v = bi.GetLinearVelocity(id), w = bi.GetAngularVelocity(id);
          bi.SetLinearAndAngularVelocity(id, new J.Vec3(-v.GetX(), -v.GetY(), -v.GetZ()), new J.Vec3(-w.GetX(), -w.GetY(), -w.GetZ()));
        },
        free: () => J.destroy(jolt),
      };
    },
  };
}

async function mujocoEngine(S) {
  const mj = await (await import('mujoco-js')).default();
  mj.FS.mkdir('/bench');
  let serial = 0;
  return {
    version: JSON.parse(readFileSync(join(here, '../../../node_modules/mujoco-js/package.json'), 'utf8')).version,
    /** Pendulums (the cradle): ball i on a massless rod of length l from the pivot (i·spacing, 0, 0), a hinge about −e2 (θ > 0 swings towards +x, the CLI's q_i). */
    makePendulums(setup, h) {
      const e = setup.restitution;
      const zeta = e >= 1 ? 0 : -Math.log(e) / Math.sqrt(Math.PI ** 2 + Math.log(e) ** 2);
      const omega = Math.PI / (S.contact_steps * h);
      const solref = `-${omega * omega} -${2 * zeta * omega}`;
      const bodies = setup.q0.map((q, i) => `<body pos="${i * setup.spacing} 0 0"><joint type="hinge" axis="0 -1 0" damping="0" armature="0"/>
<inertial pos="0 0 ${-setup.length}" mass="${setup.mass}" diaginertia="${S.ball_inertia} ${S.ball_inertia} ${S.ball_inertia}"/>
<geom type="sphere" size="${setup.radius}" pos="0 0 ${-setup.length}" condim="1" solref="${solref}" solimp="${S.solimp}" margin="0" mass="0"/></body>`).join('\n');
      const xml = `<mujoco><option timestep="${h}" gravity="0 0 ${-setup.gravity}" integrator="${S.integrator}" cone="${S.cone}" iterations="${S.iterations}" tolerance="${S.tolerance}"/>
<worldbody>${bodies}</worldbody></mujoco>`;
      const file = `/bench/m${serial++}.xml`;
      mj.FS.writeFile(file, xml);
      const m = mj.MjModel.loadFromXML(file);
      const d = new mj.MjData(m);
      setup.q0.forEach((q, i) => { d.qpos[i] = q; d.qvel[i] = setup.qdot0[i]; });
      mj.mj_forward(m, d);
      return {
        step: () => mj.mj_step(m, d),
        read: () => ({ q: Array.from({ length: setup.q0.length }, (_, i) => d.qpos[i]), qdot: Array.from({ length: setup.q0.length }, (_, i) => d.qvel[i]) }),
        reverse() { for (let i = 0; i < setup.q0.length; i++) d.qvel[i] = -d.qvel[i]; },
        free() { d.delete(); m.delete(); },
      };
    },
    make(setup, h) {
      const b = setup.body;
      // elastic contact as MuJoCo expresses it: a soft constraint with solref in its direct form
      // (−stiffness, −damping), the damping from the restitution of a linear spring-damper,
      // e = exp(−ζπ/√(1−ζ²)); stiffness k = (2π / (2 n h))², a contact lasting n = contact_steps steps
      const e = setup.restitution;
      const zeta = e >= 1 ? 0 : -Math.log(Math.max(e, 1e-12)) / Math.sqrt(Math.PI ** 2 + Math.log(Math.max(e, 1e-12)) ** 2);
      const omega = Math.PI / (S.contact_steps * h);
      const k = omega * omega, damp = 2 * zeta * omega;
      const solref = `-${k} -${damp}`;
      const geom = (s) => {
        const c = (s.center ?? [0, 0, 0]).join(' ');
        const common = `pos="${c}" condim="1" solref="${solref}" solimp="${S.solimp}" margin="0" contype="1" conaffinity="1" mass="0"`;
        if (s.type === 'sphere') return `<geom type="sphere" size="${s.radius}" ${common}/>`;
        if (s.type === 'cube') return `<geom type="box" size="${s.side / 2 + s.epsilon} ${s.side / 2 + s.epsilon} ${s.side / 2 + s.epsilon}" ${common}/>`;
        return `<geom type="ellipsoid" size="${s.semi_axes.join(' ')}" ${common}/>`;
      };
      const n = setup.plane.normal;
      // the plane's frame: its z axis along n (zaxis), through the origin
      const xml = `<mujoco><option timestep="${h}" gravity="0 0 ${-setup.gravity}" integrator="${S.integrator}" cone="${S.cone}" iterations="${S.iterations}" tolerance="${S.tolerance}"><flag energy="enable"/></option>
<worldbody><geom type="plane" size="0 0 1" zaxis="${n.join(' ')}" condim="1" solref="${solref}" solimp="${S.solimp}"/>
<body pos="${b.x0.join(' ')}" quat="${b.q0.join(' ')}"><freejoint/><inertial pos="0 0 0" mass="${b.mass}" diaginertia="${b.inertia.join(' ')}"/>
${leaves(b.shape).map(geom).join('\n')}</body></worldbody></mujoco>`;
      const file = `/bench/m${serial++}.xml`;
      mj.FS.writeFile(file, xml);
      const m = mj.MjModel.loadFromXML(file);
      const d = new mj.MjData(m);
      // free joint: qvel = (v world, ω in the body frame)
      const R0 = quatToR(b.q0);
      const wb = matTVec(R0, b.w0);
      const qv = d.qvel;
      for (let i = 0; i < 3; i++) { qv[i] = b.v0[i]; qv[3 + i] = wb[i]; }
      mj.mj_forward(m, d);
      return {
        step: () => mj.mj_step(m, d),
        read() {
          const p = d.qpos, v = d.qvel;
          const q = [p[3], p[4], p[5], p[6]];
          return { x: [p[0], p[1], p[2]], q, v: [v[0], v[1], v[2]], w: matVec(quatToR(q), [v[3], v[4], v[5]]) };
        },
        reverse() {
          const v = d.qvel;
          for (let i = 0; i < 6; i++) v[i] = -v[i];
        },
        free() { d.delete(); m.delete(); },
      };
    },
  };
}

// ---- the measurements ------------------------------------------------------------------------------

/** E = ½ m|v|² + ½ (Rᵀω)ᵀ J (Rᵀω) + m g (x₃ − offset). */
function energy(setup, s) {
  const b = setup.body;
  const W = matTVec(quatToR(s.q), s.w);
  const rot = 0.5 * (b.inertia[0] * W[0] * W[0] + b.inertia[1] * W[1] * W[1] + b.inertia[2] * W[2] * W[2]);
  return 0.5 * b.mass * dot(s.v, s.v) + rot + b.mass * setup.gravity * (s.x[2] - (setup.potential_offset ?? 0));
}

/** The momentum maps of the problem: m v along each conserved direction, and n·(x × m v + R J Rᵀ ω) when it is conserved. */
function momenta(setup, s) {
  const b = setup.body;
  const out = setup.momentum.linear_dirs.map((d) => b.mass * dot(s.v, d));
  if (setup.momentum.angular_about_n) {
    const R = quatToR(s.q);
    const W = matTVec(R, s.w);
    const pi = matVec(R, [b.inertia[0] * W[0], b.inertia[1] * W[1], b.inertia[2] * W[2]]);
    const L = cross(s.x, s.v.map((c) => b.mass * c));
    out.push(dot(setup.plane.normal, [L[0] + pi[0], L[1] + pi[1], L[2] + pi[2]]));
  }
  return out;
}

function runProblem(engine, problem, quick) {
  const setup = problem.engine_setup;
  const h = problem.h;
  const steps = quick ? problem.quick_steps : problem.steps;
  const refSteps = problem.reference.horizon_steps;
  const n = setup.plane.normal;
  const g = setup.gravity;
  // the diagnostic run
  let sim = engine.make(setup, h);
  let s = sim.read();
  const E0 = energy(setup, s);
  const M0 = momenta(setup, s);
  let maxE = 0;
  const maxM = M0.map(() => 0);
  const impactTimes = [];
  let vnPrev = dot(s.v, n);
  let inImpact = false;
  let xAtRef = null;
  let finite = true;
  for (let k = 1; k <= steps; k++) {
    sim.step();
    s = sim.read();
    if (![...s.x, ...s.v, ...s.w, ...s.q].every(Number.isFinite)) { finite = false; break; }
    momenta(setup, s).forEach((m, i) => { maxM[i] = Math.max(maxM[i], Math.abs(m - M0[i])); });
    // an impact: the step in which the normal velocity rose by more than gravity takes in a step
    // (its time: the step's midpoint); consecutive such steps are one impact (a soft contact)
    const vn = dot(s.v, n);
    const rising = vn - vnPrev > g * h;
    if (rising && !inImpact) impactTimes.push((k - 0.5) * h);
    // the energy away from impacts: during a soft contact (MuJoCo's) part of it is in the contact's
    // spring, which E does not count
    if (!rising && !inImpact) maxE = Math.max(maxE, Math.abs(energy(setup, s) - E0) / Math.abs(E0));
    inImpact = rising;
    vnPrev = vn;
    if (k === refSteps) xAtRef = s.x;
  }
  const final = sim.read();
  sim.free();
  // determinism: a second run from the same set-up ends bit for bit where the first did
  sim = engine.make(setup, h);
  for (let k = 0; k < steps; k++) sim.step();
  const again = sim.read();
  sim.free();
  const deterministic = JSON.stringify(again) === JSON.stringify(final);
  // reversibility: N forward, velocities negated, N back; distance of the position from the start
  const nrev = Math.min(steps, problem.reverse_steps);
  sim = engine.make(setup, h);
  const x0 = sim.read().x;
  for (let k = 0; k < nrev; k++) sim.step();
  sim.reverse();
  for (let k = 0; k < nrev; k++) sim.step();
  const reverseDistance = norm(sub(sim.read().x, x0));
  sim.free();
  const { best, bestWall } = timePerStep(() => engine.make(setup, h), steps, quick);
  return {
    status: finite ? 'ok' : 'non_finite',
    steps,
    energy_initial: E0,
    energy_drift: finite ? maxE : null,
    impacts: impactTimes.length,
    impact_times: impactTimes,
    momentum_names: [...setup.momentum.linear_dirs.map((_, i) => `p${i + 1}`), ...(setup.momentum.angular_about_n ? ['L_n'] : [])],
    momentum_drift: maxM,
    x_at_reference: xAtRef,
    reverse_steps: nrev,
    reverse_distance: reverseDistance,
    deterministic_runs: deterministic,
    us_per_step: best,
    us_per_step_wall: bestWall,
  };
}

/** The cradle: E = Σ ½ m l² θ̇ᵢ² − m g l cos θᵢ (the CLI's); an impact: a step in which some ball's
 * angular velocity changed by more than half of (g/l) h, over twice what gravity changes it by in a
 * step at these swings (|θ| ≤ 0.2: (g/l) h sin θ), and little enough to see a soft contact's steps. */
function runPendulums(engine, problem, quick) {
  const setup = problem.engine_setup;
  const h = problem.h;
  const steps = quick ? problem.quick_steps : problem.steps;
  const refSteps = problem.reference.horizon_steps;
  const { mass: m, length: l, gravity: g } = setup;
  const E = (s) => s.q.reduce((acc, q, i) => acc + 0.5 * m * l * l * s.qdot[i] ** 2 - m * g * l * Math.cos(q), 0);
  let sim = engine.makePendulums(setup, h);
  let s = sim.read();
  const E0 = E(s);
  let maxE = 0, prev = s.qdot, inImpact = false, qAtRef = null, finite = true;
  const impactTimes = [];
  for (let k = 1; k <= steps; k++) {
    sim.step();
    s = sim.read();
    if (![...s.q, ...s.qdot].every(Number.isFinite)) { finite = false; break; }
    const jump = s.qdot.some((w, i) => Math.abs(w - prev[i]) > 0.5 * (g / l) * h);
    if (jump && !inImpact) impactTimes.push((k - 0.5) * h);
    if (!jump && !inImpact) maxE = Math.max(maxE, Math.abs(E(s) - E0) / Math.abs(E0));
    inImpact = jump;
    prev = s.qdot;
    if (k === refSteps) qAtRef = s.q;
  }
  const final = sim.read();
  sim.free();
  sim = engine.makePendulums(setup, h);
  for (let k = 0; k < steps; k++) sim.step();
  const deterministic = JSON.stringify(sim.read()) === JSON.stringify(final);
  sim.free();
  const nrev = Math.min(steps, problem.reverse_steps);
  sim = engine.makePendulums(setup, h);
  const q0 = sim.read().q;
  for (let k = 0; k < nrev; k++) sim.step();
  sim.reverse();
  for (let k = 0; k < nrev; k++) sim.step();
  const reverseDistance = Math.hypot(...sim.read().q.map((q, i) => q - q0[i]));
  sim.free();
  const { best, bestWall } = timePerStep(() => engine.makePendulums(setup, h), steps, quick);
  return {
    status: finite ? 'ok' : 'non_finite', steps, energy_initial: E0, energy_drift: finite ? maxE : null,
    impacts: impactTimes.length, impact_times: impactTimes, momentum_names: [], momentum_drift: [],
    x_at_reference: qAtRef, reverse_steps: nrev, reverse_distance: reverseDistance, deterministic_runs: deterministic,
    us_per_step: best, us_per_step_wall: bestWall,
  };
}

const args = process.argv.slice(2);
const engineName = args[args.indexOf('--engine') + 1];
const quick = args.includes('--quick');
const files = args.filter((a, i) => a.endsWith('.json') && args[i - 1] !== '--engine');
const settings = JSON.parse(readFileSync(join(here, `../engines/${engineName}.json`), 'utf8'));
const factories = { rapier: rapierEngine, jolt: joltEngine, mujoco: mujocoEngine };
if (!factories[engineName]) {
  console.error(`--engine must be one of ${Object.keys(factories).join(', ')} (got '${engineName}')`);
  process.exit(2);
}
const engine = await factories[engineName](settings.settings);
const out = [];
for (const f of files) {
  const problem = JSON.parse(readFileSync(f, 'utf8'));
  const reason = problem.not_expressible?.[engineName] ?? problem.not_expressible?.all;
  if (reason || !problem.engine_setup) {
    out.push({ problem: problem.name, runner: engineName, status: 'not_expressible', reason: reason ?? 'no engine set-up' });
    continue;
  }
  const run = problem.engine_setup.kind === 'pendulums' ? runPendulums : runProblem;
  out.push({ problem: problem.name, runner: engineName, version: engine.version, ...run(engine, problem, quick) });
}
process.stdout.write(JSON.stringify(out) + '\n');
