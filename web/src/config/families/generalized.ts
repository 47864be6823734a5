// Controls of the generalized-coordinate models (the particle, the star): initial height y₀ and angle
// θ₀, initial velocities ẋ₀, ẏ₀ and ω₀ = θ̇₀, the time step h and the speed.
import type { FieldSpec } from '../fields';
import { commonFields, fixed, setComponent } from '../fields';
import type { CaseText, FamilyControls } from '../family';
import type { GeneralizedConfig, GeneralizedParams } from './generalized-config';
import { generalizedConfigJson, generalizedParams, parseGeneralizedConfig } from './generalized-config';

const DEG = Math.PI / 180;

type P = GeneralizedParams;

const ANGLE_NOTE = 'Only the star has an attitude θ.';

export const GENERALIZED_FIELDS: readonly FieldSpec<P>[] = [
  {
    id: 'gy0',
    urlKey: 'y0',
    group: 'initial',
    label: 'Initial height y₀',
    short: 'height y₀',
    unit: 'm',
    min: 0,
    max: 20,
    scale: 'linear',
    step: 0.05,
    restarts: true,
    format: fixed(3),
    read: (p) => p.q0[1] ?? null,
    write: (p, v) => ({ ...p, q0: setComponent(p.q0, 1, v) }),
  },
  {
    id: 'gtheta0',
    urlKey: 'theta0',
    group: 'initial',
    label: 'Initial angle θ₀ in degrees',
    short: 'angle θ₀',
    unit: '°',
    min: -180,
    max: 180,
    scale: 'linear',
    step: 1,
    restarts: true,
    format: fixed(1),
    read: (p) => (p.q0.length >= 3 ? (p.q0[2] ?? 0) / DEG : null),
    write: (p, v) => ({ ...p, q0: setComponent(p.q0, 2, v * DEG) }),
    disabledNote: ANGLE_NOTE,
  },
  {
    id: 'gvx0',
    urlKey: 'v0',
    urlIndex: 0,
    group: 'velocity',
    label: 'Initial velocity ẋ₀',
    short: 'ẋ₀',
    unit: 'm/s',
    min: -10,
    max: 10,
    scale: 'linear',
    step: 0.1,
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
    label: 'Initial velocity ẏ₀',
    short: 'ẏ₀',
    unit: 'm/s',
    min: -10,
    max: 10,
    scale: 'linear',
    step: 0.1,
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
    label: 'Initial angular velocity ω₀ in radians per second',
    short: 'ω₀',
    unit: 'rad/s',
    min: -30,
    max: 30,
    scale: 'linear',
    step: 0.1,
    restarts: true,
    format: fixed(3),
    read: (p) => (p.v0.length >= 3 ? (p.v0[2] ?? 0) : null),
    write: (p, v) => ({ ...p, v0: setComponent(p.v0, 2, v) }),
    disabledNote: ANGLE_NOTE,
  },
  ...commonFields<P>(),
];

const GROUP = 'Particle and star (Fetecau et al. §4)';

/** The page's words for the core's presets of the generalized model (docs/generalized.md). */
export const GENERALIZED_CASES: Readonly<Record<string, CaseText>> = {
  particle: { group: GROUP, label: 'Particle — bouncing ball', tryThis: 'Halve the time step h and watch the energy error’s jumps at the bounces shrink four times.' },
  star: { group: GROUP, label: 'Star — four-point star', tryThis: 'Spin it faster (ω₀) and watch which points hit the floor; dashed lines on the plots mark the impacts.' },
};

export const generalizedControls: FamilyControls<P, GeneralizedConfig> = {
  id: 'generalized',
  title: 'the particle and the star',
  groups: [
    { id: 'initial', title: 'Initial position', hint: 'x₀ = 0; the floor is y = 0.' },
    { id: 'velocity', title: 'Initial velocity q̇₀', hint: 'p₀ = M q̇₀.' },
    { id: 'integrator', title: 'Integrator' },
  ],
  fields: GENERALIZED_FIELDS,
  parseConfig: parseGeneralizedConfig,
  paramsFromConfig: generalizedParams,
  paramsToConfigJson: generalizedConfigJson,
  violationText: (depth) => `The body starts below the floor (a point is ${depth} m too deep): raise its height y₀ by at least ${depth} m or turn it.`,
};
