// The values the controls edit, and how they turn into a config JSON for the core.
import { bodyEpsilon, planeAngles } from './parse';
import type { Body, CaseName, ResolvedConfig, SimConfig, Vec3 } from './types';

export interface UiParams {
  caseName: CaseName;
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

export const DEFAULT_SPEED = 1;

export function paramsFromConfig(caseName: CaseName, cfg: ResolvedConfig, speed = DEFAULT_SPEED): UiParams {
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
    speed,
  };
}

function withEpsilon(body: Body, epsilon: number | null): Body {
  if (epsilon === null) return body;
  if (body.type === 'cube' || body.type === 'polyhedron') return { ...body, epsilon };
  return body;
}

/**
 * The config sent to the core: the resolved preset of the case with the edited fields overriding it.
 * Everything else (body, mass, inertia, R0, integrator options) stays as the preset resolved it.
 */
export function paramsToConfig(base: ResolvedConfig, p: UiParams): SimConfig {
  // An unedited plane is sent exactly as the preset gave it (its normal), so presets stay bit-exact.
  const baseAngles = planeAngles(base.plane);
  const samePlane = baseAngles.tilt === p.tilt && baseAngles.azimuth === p.azimuth;
  const cfg: SimConfig = {
    ...base,
    case: p.caseName,
    body: withEpsilon(base.body, p.epsilon),
    h: p.h,
    plane: samePlane ? { ...base.plane } : { tilt: p.tilt, azimuth: p.azimuth },
    x0: [...p.x0],
    gamma0: [...p.gamma0],
    Pi0: [...p.Pi0],
  };
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

export function paramsToConfigJson(base: ResolvedConfig, p: UiParams): string {
  return JSON.stringify(paramsToConfig(base, p));
}
