// The rigid body's controls (Tran & Leok §7): initial height, γ₀, Π₀, the plane's tilt and azimuth,
// the cube's ε, h and the speed.
import { FIELDS } from '../fields';
import type { FamilyControls } from '../family';
import type { UiParams } from '../params';
import { paramsFromConfig, paramsToConfigJson } from '../params';
import { parseResolvedConfig } from '../parse';
import type { CaseName, ResolvedConfig } from '../types';

export const rigidControls: FamilyControls<UiParams, ResolvedConfig> = {
  id: 'rigid',
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
  paramsFromConfig: (caseName, config, speed) => paramsFromConfig(caseName as CaseName, config, speed),
  paramsToConfigJson,
};
