// The rigid body over a plane: the body's meshes (body-geometry) and the plane's normal.
import type { ResolvedRigidBodyConfig } from './config';
import { resolvePlaneNormal } from './config';
import { boundingRadius, buildBodyObject } from './body-geometry';
import type { FamilyView } from '../../../web/src/view/family-view';
import { tr } from './words';

export const rigidView: FamilyView<ResolvedRigidBodyConfig> = {
  id: 'rigid_body',
  build: (config, material) => ({
    body: buildBodyObject(config.body, material),
    radius: boundingRadius(config.body),
    groundNormal: resolvePlaneNormal(config.plane),
    viewDistance: 44,
    viewDirection: [27, -32, 15],
  }),
  describe: () => tr('view.rigid'),
};
