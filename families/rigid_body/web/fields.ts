// The rigid body's controls as data (config/fields.ts FieldSpec): the start height x₀,z, the initial
// momenta γ₀ and Π₀ (body frame), the plane's tilt and azimuth, the cube's ε, the restitution e,
// then every family's h and speed; and the check of a whole set of its parameters.
import type { FieldId, FieldSpec } from '../../../web/src/config/fields';
import { commonFields, fixed, formatNumber, fromRow, setComponent } from '../../../web/src/config/fields';
import { RIGID_BODY_SLIDERS } from './generated/config-schema';
import type { ParamIssue } from '../../../web/src/config/validation';
import { checkFieldValue } from '../../../web/src/config/validation';
import { tr as t } from './words';
import type { RigidBodyParams } from './params';

const DEG = Math.PI / 180;

const AXES = ['x', 'y', 'z'] as const;

function momentumFields(key: 'gamma0' | 'Pi0', name: 'field.gamma0' | 'field.Pi0'): FieldSpec<RigidBodyParams>[] {
  return AXES.map((axis, i) => ({
    id: `${key}${axis}` as FieldId,
    urlKey: key,
    urlIndex: i,
    group: key,
    get label() {
      return t('field.component', { name: t(name), axis });
    },
    short: axis,
    ...fromRow(RIGID_BODY_SLIDERS[`${key}${axis}`]),
    restarts: true,
    format: fixed(3),
    read: (p: RigidBodyParams) => p[key][i] ?? 0,
    write: (p: RigidBodyParams, v: number) => ({ ...p, [key]: setComponent(p[key], i, v) }),
  }));
}

/** The rigid body's fields (Tran & Leok), then the time step and the speed. */
export const RIGID_BODY_FIELDS: readonly FieldSpec<RigidBodyParams>[] = [
  {
    id: 'x0z',
    urlKey: 'z0',
    group: 'initial',
    get label() {
      return t('field.x0z');
    },
    get short() {
      return t('field.x0z.short');
    },
    ...fromRow(RIGID_BODY_SLIDERS.x0z),
    restarts: true,
    format: fixed(3),
    read: (p) => p.x0[2],
    write: (p, v) => ({ ...p, x0: setComponent(p.x0, 2, v) }),
  },
  ...momentumFields('gamma0', 'field.gamma0'),
  ...momentumFields('Pi0', 'field.Pi0'),
  {
    id: 'tilt',
    group: 'plane',
    get label() {
      return t('field.tilt');
    },
    get short() {
      return t('field.tilt.short');
    },
    ...fromRow(RIGID_BODY_SLIDERS.tilt),
    restarts: true,
    format: fixed(2),
    read: (p) => p.tilt / DEG,
    write: (p, v) => ({ ...p, tilt: v * DEG }),
  },
  {
    id: 'azimuth',
    group: 'plane',
    get label() {
      return t('field.azimuth');
    },
    get short() {
      return t('field.azimuth.short');
    },
    ...fromRow(RIGID_BODY_SLIDERS.azimuth),
    restarts: true,
    format: fixed(1),
    read: (p) => p.azimuth / DEG,
    write: (p, v) => ({ ...p, azimuth: v * DEG }),
  },
  {
    id: 'epsilon',
    urlKey: 'eps',
    group: 'body',
    get label() {
      return t('field.epsilon');
    },
    short: 'ε',
    ...fromRow(RIGID_BODY_SLIDERS.epsilon),
    restarts: true,
    format: (v) => formatNumber(v, 3),
    read: (p) => p.epsilon,
    write: (p, v) => ({ ...p, epsilon: v }),
    get disabledNote() {
      return t('field.epsilon.note');
    },
  },
  {
    id: 'restitution',
    group: 'body',
    get label() {
      return t('field.restitution');
    },
    get short() {
      return t('field.restitution.short');
    },
    ...fromRow(RIGID_BODY_SLIDERS.restitution),
    restarts: true,
    format: fixed(2),
    read: (p) => p.restitution,
    write: (p, v) => ({ ...p, restitution: v }),
  },
  ...commonFields<RigidBodyParams>(),
];

/** A field of the rigid body by id. */
export function rigidBodyField(id: FieldId): FieldSpec<RigidBodyParams> {
  const f = RIGID_BODY_FIELDS.find((s) => s.id === id);
  if (!f) throw new Error(`unknown field ${id}`);
  return f;
}

/** Whole-parameter check (every field in range, ε present only where it applies, h > 0). */
export function validateRigidBodyParams(p: RigidBodyParams): ParamIssue[] {
  const issues: ParamIssue[] = [];
  for (const spec of RIGID_BODY_FIELDS) {
    const v = spec.read(p);
    if (v === null) continue;
    const msg = checkFieldValue(spec, v);
    if (msg) issues.push({ field: spec.id, message: msg });
  }
  if (!(p.tilt >= 0 && p.tilt < Math.PI / 2)) {
    issues.push({ field: 'tilt', message: 'Plane tilt must be in [0°, 90°).' });
  }
  if (!(p.h > 0)) issues.push({ field: 'h', message: 'Time step h must be positive.' });
  return issues;
}
