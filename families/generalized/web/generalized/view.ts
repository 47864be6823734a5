// The generalized-coordinate models in their vertical plane: two coordinates (x, y) are the particle
// (a ball resting on its point), three (x, y, θ) with corner constraints the star (tips at the
// constraint points, which are the corners of its square hull). The floor y = 0 is the ground plane,
// with the plane of motion's floor line drawn on it.
import type { GeneralizedConfig } from './config';
import type { Vec3 } from '../../../../web/src/config/types';
import type { Impact } from '../../../../web/src/model/run';
import type { FamilyView } from '../../../../web/src/view/family-view';
import { floorLine, particleObject, starObject } from './planar-bodies';
import { tr } from '../words';

/** Side L of the star's square hull from its corner constraints (points (±L/2, ±L/2)); null if none. */
export function starSide(c: GeneralizedConfig): number | null {
  let half = 0;
  for (const k of c.constraints) {
    if (k.type === 'planar_point') for (const v of k.point) half = Math.max(half, Math.abs(v));
  }
  return c.q0.length >= 3 && half > 0 ? 2 * half : null;
}

export const PARTICLE_RADIUS = 0.08;

/** An impact's marker: the core's contact point (x, y) of the model's plane is the world's (x, 0, y). */
export function planarImpactPoint(imp: Impact): Vec3 {
  return [imp.point[0], 0, imp.point[1]];
}

/** Look at the plane of motion (x–z) nearly face on, from −y and a little above. */
const VIEW_DIRECTION: [number, number, number] = [0.1, -1, 0.16];

export const generalizedView: FamilyView<GeneralizedConfig> = {
  id: 'generalized',
  build(config, material) {
    const L = starSide(config);
    if (L !== null) {
      return {
        body: starObject(L, 0.2 * L, material),
        radius: L / Math.SQRT2,
        groundNormal: [0, 0, 1],
        followHeight: 2.3 * L,
        viewDistance: 10 * L,
        viewDirection: VIEW_DIRECTION,
        effectScale: 0.25 * L,
        extras: [floorLine(400, 0.03 * L)],
        impactPoint: planarImpactPoint,
      };
    }
    return {
      body: particleObject(PARTICLE_RADIUS, material),
      radius: PARTICLE_RADIUS,
      groundNormal: [0, 0, 1],
      followHeight: 0.65,
      viewDistance: 4,
      viewDirection: VIEW_DIRECTION,
      effectScale: 0.12,
      extras: [floorLine(400, 0.02)],
      impactPoint: planarImpactPoint,
    };
  },
  describe: (config) =>
    starSide(config) !== null
      ? tr('view.star')
      : tr('view.particle'),
};
