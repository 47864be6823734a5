// The rigid body's controls (Tran & Leok §7): initial height, γ₀, Π₀, the plane's tilt and azimuth,
// the cube's ε, h and the speed; the "Drop flat" set-up; the page's words for its presets.
import { FIELDS, fieldSpec } from '../fields';
import type { CaseText, FamilyControls } from '../family';
import type { UiParams } from '../params';
import { paramsFromConfig, paramsToConfigJson } from '../params';
import { parseResolvedConfig } from '../parse';
import type { Mat3, ResolvedConfig, Vec3 } from '../types';

const GROUP = 'Rigid body (Tran & Leok §7)';

/** The page's words for the core's rigid-body presets (docs/rigid-body.md). */
export const RIGID_CASES: Readonly<Record<string, CaseText>> = {
  I: { group: GROUP, label: 'Case I — ellipsoid, level plane', tryThis: 'Raise the height z to 20 and watch the energy error plot: through every bounce it stays at rounding-error level (about 10⁻¹²).' },
  II: { group: GROUP, label: 'Case II — ellipsoid, 2° slope', tryThis: 'Set the tilt to 10° and watch the ellipsoid bounce down the slope while the energy error stays tiny.' },
  III: { group: GROUP, label: 'Case III — two joined ellipsoids', tryThis: 'Switch on the sensitivity twins and watch two almost equal starts part after a few impacts.' },
  IV: { group: GROUP, label: 'Case IV — rounded cube', tryThis: 'Press Drop flat: the cube lands on a face with four corners at once and bounces in place.' },
  rest: { group: GROUP, label: 'At rest — ellipsoid on the plane', tryThis: 'Watch the HUD: time runs while the body rests in contact, held up by the normal force N = m g = 9.81 N. Raise z to drop it.' },
  slide: { group: GROUP, label: 'Sliding — cube on a 20° slope', tryThis: 'Change the tilt and watch the cube speed up as g sin θ · t; the camera keeps up.' },
  rocking: { group: GROUP, label: 'Rocking — ellipsoid, e = 0.5', tryThis: 'Watch the HUD’s phase: it lifts off (in flight), lands and rocks on in contact, the normal force N changing as it rocks.' },
};

export const rigidControls: FamilyControls<UiParams, ResolvedConfig> = {
  id: 'rigid_body',
  title: 'the rigid body',
  groups: [
    { id: 'body', title: 'Body', hint: 'The four experiments of Tran & Leok §7, and three set-ups of persistent contact (at rest, sliding, rocking).' },
    { id: 'initial', title: 'Initial position' },
    { id: 'gamma0', title: 'Initial linear momentum γ₀' },
    { id: 'Pi0', title: 'Initial angular momentum Π₀', hint: 'Body frame.' },
    { id: 'plane', title: 'Plane', hint: 'Normal n = (sin t cos a, sin t sin a, cos t).' },
    { id: 'integrator', title: 'Integrator' },
  ],
  fields: FIELDS,
  parseConfig: parseResolvedConfig,
  paramsFromConfig: (caseName, config, speed) => paramsFromConfig(caseName, config, speed),
  paramsToConfigJson,
  /**
   * "Drop flat": the cube of Case IV with R₀ = I, Π₀ = 0 and γ₀ = 0, so it falls flat on a face (four
   * corners at once) and should bounce in place without spinning.
   */
  setUp: {
    label: 'Drop flat',
    hint: 'Cube of Case IV with R₀ = I, Π₀ = 0, γ₀ = 0: lands flat on a face and bounces in place.',
    preset: 'IV',
    presetWords: 'Case IV',
    make: (base, params) => ({
      base: { ...base, R0: [[1, 0, 0], [0, 1, 0], [0, 0, 1]] },
      params: { ...params, gamma0: [0, 0, 0], Pi0: [0, 0, 0] },
    }),
  },
  // Grab and throw (docs/page.md "Grabbing and throwing the body"): a new start x0, R0, γ0 = m v, Π0
  // from the held state; the rest of the set-up (body, plane, h, e) stays.
  throwing: {
    mass: (base) => base.mass,
    // The γ₀ controls' range: a throw the fields can show.
    maxMomentum: fieldSpec('gamma0x').max,
    startFrom: (base, params, held, x, gamma) => {
      const v3 = (a: readonly number[], i = 0): Vec3 => [a[i] ?? NaN, a[i + 1] ?? NaN, a[i + 2] ?? NaN];
      const R0: Mat3 = [v3(held.R, 0), v3(held.R, 3), v3(held.R, 6)];
      return {
        base: { ...base, R0 },
        params: { ...params, x0: v3(x), gamma0: v3(gamma), Pi0: v3(held.Pi) },
      };
    },
  },
};
