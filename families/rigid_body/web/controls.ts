// The rigid body's controls (Tran & Leok §7): initial height, γ₀, Π₀, the plane's tilt and azimuth,
// the cube's ε, h and the speed; the "Drop flat" set-up; the page's words for its presets.
import type { CaseText, FamilyControls } from '../../../web/src/config/family';
import type { Mat3, Vec3 } from '../../../web/src/config/types';
import type { ResolvedRigidBodyConfig } from './config';
import { parseRigidBodyConfig } from './config';
import { RIGID_BODY_FIELDS, rigidBodyField } from './fields';
import type { RigidBodyParams } from './params';
import { rigidBodyConfigJson, rigidBodyParams } from './params';
import { localizeNumberText } from '../../../web/src/i18n';
import { tr } from './words';
import { NUM, plainNumber } from '../../../web/src/config/messages';
import { THROW_STRINGS, throwNumber } from '../../../web/src/app/throw-strings';

/** The core's refusal of a start inside the plane (docs/page.md "The page's messages"). */
const PENETRATES = new RegExp(`^x0: the initial state penetrates the plane \\(Phi = ${NUM} < 0\\)`, 'i');


/** The page's words for the core's rigid-body presets (docs/rigid-body.md). */
export const RIGID_CASES: Readonly<Record<string, CaseText>> = {
  I: { get group() { return tr('rigid.group'); }, get label() { return tr('rigid.case.I'); }, get tryThis() { return tr('rigid.case.I.try'); }, tryKeys: ['z0'] },
  II: { get group() { return tr('rigid.group'); }, get label() { return tr('rigid.case.II'); }, get tryThis() { return tr('rigid.case.II.try'); }, tryKeys: ['tilt'] },
  III: { get group() { return tr('rigid.group'); }, get label() { return tr('rigid.case.III'); }, get tryThis() { return tr('rigid.case.III.try'); } },
  IV: { get group() { return tr('rigid.group'); }, get label() { return tr('rigid.case.IV'); }, get tryThis() { return tr('rigid.case.IV.try'); } },
  rest: { get group() { return tr('rigid.group'); }, get label() { return tr('rigid.case.rest'); }, get tryThis() { return tr('rigid.case.rest.try'); }, tryKeys: ['z0'] },
  slide: { get group() { return tr('rigid.group'); }, get label() { return tr('rigid.case.slide'); }, get tryThis() { return tr('rigid.case.slide.try'); }, tryKeys: ['tilt'] },
  rocking: { get group() { return tr('rigid.group'); }, get label() { return tr('rigid.case.rocking'); }, get tryThis() { return tr('rigid.case.rocking.try'); } },
};

/**
 * The state of the free body being held (its record's fields: docs/page.md "Grabbing and throwing the
 * body"): centre x (world), attitude R (row-major), linear momentum γ and angular momentum Π (body frame).
 */
export interface RigidHeldState {
  x: readonly number[];
  R: readonly number[];
  gamma: readonly number[];
  Pi: readonly number[];
}

/** The held state of a snapshot (the rigid body's record: x, R, γ, Π), or null. */
export function rigidHeldState(s: unknown): RigidHeldState | null {
  const o = s as Partial<Record<keyof RigidHeldState, unknown>>;
  const arr = (v: unknown, n: number): v is number[] => Array.isArray(v) && v.length === n && v.every(Number.isFinite);
  if (!o || !arr(o.x, 3) || !arr(o.R, 9) || !arr(o.gamma, 3) || !arr(o.Pi, 3)) return null;
  return { x: [...o.x], R: [...o.R], gamma: [...o.gamma], Pi: [...o.Pi] };
}

export const rigidControls: FamilyControls<RigidBodyParams, ResolvedRigidBodyConfig> = {
  id: 'rigid_body',
  get title() { return tr('rigid.title'); },
  groups: [
    { id: 'body', get title() { return tr('group.body'); }, get hint() { return tr('rigid.group.body.hint'); } },
    { id: 'initial', get title() { return tr('group.initial'); } },
    { id: 'gamma0', get title() { return tr('field.gamma0'); } },
    { id: 'Pi0', get title() { return tr('rigid.group.Pi0'); }, get hint() { return tr('rigid.group.Pi0.hint'); } },
    { id: 'plane', get title() { return tr('group.plane'); }, get hint() { return tr('rigid.group.plane.hint'); } },
    { id: 'integrator', get title() { return tr('group.integrator'); } },
  ],
  fields: RIGID_BODY_FIELDS,
  // A start inside the plane: how deep, and how far to raise the body; on a plane tilted by t, raising
  // it by d lifts it d·cos t off the plane, so it must rise depth / cos t.
  refusalText: (raw, p) => {
    const pen = PENETRATES.exec(raw);
    if (!pen) return null;
    const depth = -Number(pen[1]);
    const nz = Math.cos(p?.tilt ?? 0);
    return tr('refusal.penetrates', { depth: localizeNumberText(plainNumber(depth)), raise: localizeNumberText(plainNumber(depth / (nz > 1e-6 ? nz : 1))) });
  },
  parseConfig: parseRigidBodyConfig,
  paramsFromConfig: (caseName, config, speed) => rigidBodyParams(caseName, config, speed),
  paramsToConfigJson: rigidBodyConfigJson,
  /**
   * "Drop flat": the cube of Case IV with R₀ = I, Π₀ = 0 and γ₀ = 0, so it falls flat on a face (four
   * corners at once) and should bounce in place without spinning.
   */
  setUp: {
    get label() { return tr('rigid.dropFlat'); },
    get hint() { return tr('rigid.dropFlat.hint'); },
    // The address key of share links since the button came (docs/course-material.md "State in the URL").
    urlKey: 'flat',
    preset: 'IV',
    get presetWords() { return tr('rigid.caseIV'); },
    make: (base, params) => ({
      base: { ...base, R0: [[1, 0, 0], [0, 1, 0], [0, 0, 1]] },
      params: { ...params, gamma0: [0, 0, 0], Pi0: [0, 0, 0] },
    }),
  },
  // Grab and throw (docs/page.md "Grabbing and throwing the body"): a new start x0, R0, γ0 = m v, Π0
  // from the held state, in the vertical plane facing the camera; the rest of the set-up (body, plane,
  // h, e) stays.
  throwing: {
    held: rigidHeldState,
    at: (held) => [held.x[0] ?? NaN, held.x[1] ?? NaN, held.x[2] ?? NaN],
    plane: 'camera',
    // The γ₀ controls' range: a throw the fields can show (|γ| = m |v|).
    maxSpeed: (base) => rigidBodyField('gamma0x').max / base.mass,
    startFrom: (base, params, held, x, v) => {
      const v3 = (a: readonly number[], i = 0): Vec3 => [a[i] ?? NaN, a[i + 1] ?? NaN, a[i + 2] ?? NaN];
      const R0: Mat3 = [v3(held.R, 0), v3(held.R, 3), v3(held.R, 6)];
      const gamma0: Vec3 = v ? [base.mass * v[0], base.mass * v[1], base.mass * v[2]] : v3(held.gamma);
      return {
        base: { ...base, R0 },
        params: { ...params, x0: v3(x), gamma0, Pi0: v3(held.Pi) },
      };
    },
    placedText: (x) => THROW_STRINGS.placed(throwNumber(x[2])),
    cappedText: (speed) => THROW_STRINGS.capped(speed, throwNumber(rigidBodyField('gamma0x').max)),
  },
};
