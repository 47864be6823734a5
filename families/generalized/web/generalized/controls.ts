// Controls of the generalized-coordinate models (the particle, the star): initial height y₀ and angle
// θ₀, initial velocities ẋ₀, ẏ₀ and ω₀ = θ̇₀, the time step h and the speed.
import type { FieldSpec } from '../../../../web/src/config/fields';
import { commonFields, fixed, fromRow, setComponent } from '../../../../web/src/config/fields';
import { GENERALIZED_SLIDERS } from '../generated/config-schema';
import type { CaseText, FamilyControls } from '../../../../web/src/config/family';
import type { GeneralizedConfig, GeneralizedParams } from './config';
import { generalizedConfigJson, generalizedParams, parseGeneralizedConfig } from './config';
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
};
