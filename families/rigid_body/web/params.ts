// The values the rigid body's controls edit (RigidBodyParams), and how they turn into a config JSON
// for the core.
import type { CaseName, Vec3 } from '../../../web/src/config/types';
import type { JumpKind } from '../../../web/src/config/fields';
import { DEFAULT_SPEED, jumpOf } from '../../../web/src/config/fields';
import type { ResolvedRigidBodyConfig, RigidBodyConfig, RigidBodyShape } from './config';
import { bodyEpsilon, planeAngles } from './config';

export interface RigidBodyParams {
  caseName: CaseName;
  /** The impact's jump: Corollary 4.4's (energy, the default) or the variational one. */
  jump: JumpKind;
  /** Initial centre of mass; the UI edits the height x0[2]. */
  x0: Vec3;
  gamma0: Vec3;
  Pi0: Vec3;
  /** Plane tilt, radians (kept in radians so presets stay exact). */
  tilt: number;
  /** Azimuth of the tilt, radians. */
  azimuth: number;
  /** ε-rounding of a cube / polyhedron body, null for bodies without one. */
  epsilon: number | null;
  /** Coefficient of restitution e ∈ [0, 1] of every impact (1: the paper's elastic jump). */
  restitution: number;
  h: number;
  /** Simulated seconds per wall-clock second; not part of the config (no restart). */
  speed: number;
}

export function rigidBodyParams(caseName: CaseName, cfg: ResolvedRigidBodyConfig, speed = DEFAULT_SPEED): RigidBodyParams {
  const { tilt, azimuth } = planeAngles(cfg.plane);
  return {
    caseName,
    x0: [...cfg.x0],
    gamma0: [...cfg.gamma0],
    Pi0: [...cfg.Pi0],
    tilt,
    azimuth,
    epsilon: bodyEpsilon(cfg.body),
    restitution: cfg.restitution ?? 1,
    h: cfg.h,
    jump: jumpOf(cfg.jump, 'energy'),
    speed,
  };
}

function withEpsilon(body: RigidBodyShape, epsilon: number | null): RigidBodyShape {
  if (epsilon === null) return body;
  if (body.type === 'cube' || body.type === 'polyhedron') return { ...body, epsilon };
  return body;
}

/**
 * The config sent to the core: the resolved preset of the case with the edited fields overriding it.
 * Everything else (body, mass, inertia, R0, integrator options) stays as the preset resolved it.
 */
export function rigidBodyConfig(base: ResolvedRigidBodyConfig, p: RigidBodyParams): RigidBodyConfig {
  // An unedited plane is sent exactly as the preset gave it (its normal), so presets stay bit-exact.
  const baseAngles = planeAngles(base.plane);
  const samePlane = baseAngles.tilt === p.tilt && baseAngles.azimuth === p.azimuth;
  const cfg: RigidBodyConfig = {
    ...base,
    case: p.caseName,
    body: withEpsilon(base.body, p.epsilon),
    h: p.h,
    plane: samePlane ? { ...base.plane } : { tilt: p.tilt, azimuth: p.azimuth },
    x0: [...p.x0],
    gamma0: [...p.gamma0],
    Pi0: [...p.Pi0],
  };
  // The energy jump, the rigid body's default, is sent as no key, so presets stay the same JSON.
  if (p.jump === 'variational') cfg.jump = 'variational';
  else delete cfg.jump;
  // e = 1 is sent as no key at all, so presets stay the same JSON (and the same bits).
  if (p.restitution === 1) delete cfg.restitution;
  else cfg.restitution = p.restitution;
  // A changed ε changes the body: its inertia is then the rounded body's, computed by the core
  // (docs/rigid-body.md "Rounded mass properties"), not the preset's (Case IV: the sharp cube's J = 2 I).
  if (p.epsilon !== null && p.epsilon !== bodyEpsilon(base.body)) {
    delete cfg.inertia;
    delete cfg.mass_properties;
  }
  return cfg;
}

export function rigidBodyConfigJson(base: ResolvedRigidBodyConfig, p: RigidBodyParams): string {
  return JSON.stringify(rigidBodyConfig(base, p));
}
