// Controls of the generalized-coordinate models (the particle, the star): initial height y₀ and angle
// θ₀, initial velocities ẋ₀, ẏ₀ and ω₀ = θ̇₀, the time step h and the speed.
import type { FieldSpec } from '../../../../web/src/config/fields';
import { commonFields, fixed, fromRow, setComponent } from '../../../../web/src/config/fields';
import { GENERALIZED_SLIDERS } from '../generated/config-schema';
import type { CaseText, FamilyControls, FamilyThrow } from '../../../../web/src/config/family';
import { throwNumber } from '../../../../web/src/app/throw-strings';
import type { GeneralizedConfig, GeneralizedParams } from './config';
import { generalizedConfigJson, generalizedParams, parseGeneralizedConfig, solve } from './config';
import { tr } from '../words';

const DEG = Math.PI / 180;

type P = GeneralizedParams;


export const GENERALIZED_FIELDS: readonly FieldSpec<P>[] = [
  {
    id: 'gy0',
    urlKey: 'y0',
    group: 'initial',
    get label() { return tr('gen.y0'); },
    get short() { return tr('gen.y0.short'); },
    ...fromRow(GENERALIZED_SLIDERS.gy0),
    restarts: true,
    format: fixed(3),
    read: (p) => p.q0[1] ?? null,
    write: (p, v) => ({ ...p, q0: setComponent(p.q0, 1, v) }),
  },
  {
    id: 'gtheta0',
    urlKey: 'theta0',
    group: 'initial',
    get label() { return tr('gen.theta0'); },
    get short() { return tr('gen.theta0.short'); },
    ...fromRow(GENERALIZED_SLIDERS.gtheta0),
    restarts: true,
    format: fixed(1),
    read: (p) => (p.q0.length >= 3 ? (p.q0[2] ?? 0) / DEG : null),
    write: (p, v) => ({ ...p, q0: setComponent(p.q0, 2, v * DEG) }),
    get disabledNote() { return tr('gen.angleNote'); },
  },
  {
    id: 'gvx0',
    urlKey: 'v0',
    urlIndex: 0,
    group: 'velocity',
    get label() { return tr('gen.xdot0'); },
    short: 'ẋ₀',
    ...fromRow(GENERALIZED_SLIDERS.gvx0),
    restarts: true,
    format: fixed(3),
    read: (p) => p.v0[0] ?? null,
    write: (p, v) => ({ ...p, v0: setComponent(p.v0, 0, v) }),
  },
  {
    id: 'gvy0',
    urlKey: 'v0',
    urlIndex: 1,
    group: 'velocity',
    get label() { return tr('gen.ydot0'); },
    short: 'ẏ₀',
    ...fromRow(GENERALIZED_SLIDERS.gvy0),
    restarts: true,
    format: fixed(3),
    read: (p) => p.v0[1] ?? null,
    write: (p, v) => ({ ...p, v0: setComponent(p.v0, 1, v) }),
  },
  {
    id: 'gomega0',
    urlKey: 'v0',
    urlIndex: 2,
    group: 'velocity',
    get label() { return tr('gen.omega0'); },
    short: 'ω₀',
    ...fromRow(GENERALIZED_SLIDERS.gomega0),
    restarts: true,
    format: fixed(3),
    read: (p) => (p.v0.length >= 3 ? (p.v0[2] ?? 0) : null),
    write: (p, v) => ({ ...p, v0: setComponent(p.v0, 2, v) }),
    get disabledNote() { return tr('gen.angleNote'); },
  },
  ...commonFields<P>(),
];


/** The page's words for the core's presets of the generalized model (docs/generalized.md). */
export const GENERALIZED_CASES: Readonly<Record<string, CaseText>> = {
  particle: { get group() { return tr('gen.group'); }, get label() { return tr('gen.case.particle'); }, get tryThis() { return tr('gen.case.particle.try'); }, tryKeys: ['h'] },
  star: { get group() { return tr('gen.group'); }, get label() { return tr('gen.case.star'); }, get tryThis() { return tr('gen.case.star.try'); }, tryKeys: ['v0'] },
};

/** The planar body being held: its coordinates q = (x, y[, θ]) and momenta p (the record's). */
export interface GeneralizedHeld {
  q: number[];
  p: number[];
}

/** The held body of a snapshot (its qs, ps; a planar model: at least x and y), or null. */
export function generalizedHeld(s: unknown): GeneralizedHeld | null {
  const o = s as { qs?: unknown; ps?: unknown } | null;
  const ok = (v: unknown): v is number[] => Array.isArray(v) && v.length >= 2 && v.every(Number.isFinite);
  if (!o || !ok(o.qs) || !ok(o.ps) || o.qs.length !== o.ps.length) return null;
  return { q: [...o.qs], p: [...o.ps] };
}

/** The velocity controls' range: the fastest throw (m/s). */
const MAX_THROW_SPEED = ((): number => {
  const f = GENERALIZED_FIELDS.find((x) => x.id === 'gvx0');
  if (!f) throw new Error('the generalized model has no ẋ₀ control');
  return f.max;
})();

/**
 * Grabbing and throwing the particle or the star (docs/page.md "Grabbing and throwing the body"): the
 * model's plane is the world's x–z plane, (x, y) → (x, 0, y) (reader.ts), so the body moves in the plane
 * y = 0. The new start is q₀ = (x, y) of the held point with the rest of q (the star's θ) kept, and
 * q̇₀ = (vₓ, v_z) of the pointer with the rest of q̇ (the star's ω) kept, or q̇₀ = M⁻¹p of the held body
 * when only placed. A place below the floor is refused by the core (its constraint φ(q₀) ≥ 0).
 */
export const generalizedThrow: FamilyThrow<P, GeneralizedConfig, GeneralizedHeld> = {
  held: generalizedHeld,
  at: (h) => [h.q[0] ?? NaN, 0, h.q[1] ?? NaN],
  plane: [0, 1, 0],
  maxSpeed: () => MAX_THROW_SPEED,
  startFrom: (base, params, held, x, v) => {
    const qdot = solve(base.mass_matrix, held.p);
    return {
      base,
      params: {
        ...params,
        q0: [x[0], x[2], ...held.q.slice(2)],
        v0: v ? [v[0], v[2], ...qdot.slice(2)] : qdot,
      },
    };
  },
  placedText: (x) => tr('gen.placed', { x: throwNumber(x[0]), y: throwNumber(x[2]) }),
  cappedText: (speed) => tr('gen.thrownFastest', { speed, limit: throwNumber(MAX_THROW_SPEED) }),
};

export const generalizedControls: FamilyControls<P, GeneralizedConfig> = {
  id: 'generalized',
  get title() { return tr('gen.title'); },
  groups: [
    { id: 'initial', get title() { return tr('group.initial'); }, get hint() { return tr('gen.group.initial.hint'); } },
    { id: 'velocity', get title() { return tr('gen.group.velocity'); }, get hint() { return tr('gen.group.velocity.hint'); } },
    { id: 'integrator', get title() { return tr('group.integrator'); } },
  ],
  fields: GENERALIZED_FIELDS,
  parseConfig: parseGeneralizedConfig,
  paramsFromConfig: generalizedParams,
  paramsToConfigJson: generalizedConfigJson,
  violationText: (depth) => tr('gen.belowFloor', { depth }),
  throwing: generalizedThrow,
};
