// Controls of Newton's cradle: number of balls, how many are pulled, the pull angle, the gap, the impact
// policy (the variational chain or the engines' simultaneous impulse), h and the speed. Each restarts
// from the new set-up.
import type { FieldSpec } from '../fields';
import { commonFields, fixed } from '../fields';
import type { CaseText, FamilyControls } from '../family';
import type { CradleConfig, CradleParams } from './cradle-config';
import { CRADLE_POLICIES, POLICY_LABELS, cradleConfigJson, cradleParams, parseCradleConfig } from './cradle-config';

const DEG = Math.PI / 180;
type P = CradleParams;

export const CRADLE_FIELDS: readonly FieldSpec<P>[] = [
  {
    id: 'cballs',
    urlKey: 'balls',
    group: 'cradle',
    label: 'Number of balls',
    short: 'balls',
    unit: '',
    min: 2,
    max: 7,
    scale: 'linear',
    step: 1,
    integer: true,
    restarts: true,
    format: fixed(0),
    read: (p) => p.balls,
    // Fewer balls than pulled ones: pull them all.
    write: (p, v) => ({ ...p, balls: v, pulled: Math.min(p.pulled, v) }),
  },
  {
    id: 'cpulled',
    urlKey: 'pulled',
    group: 'cradle',
    label: 'Number of balls pulled back',
    short: 'pulled',
    unit: '',
    min: 1,
    max: 7,
    scale: 'linear',
    step: 1,
    integer: true,
    restarts: true,
    format: fixed(0),
    read: (p) => p.pulled,
    write: (p, v) => ({ ...p, pulled: v }),
  },
  {
    id: 'cangle',
    urlKey: 'angle',
    group: 'cradle',
    label: 'Pull angle in degrees',
    short: 'pull angle',
    unit: '°',
    min: 0.1,
    max: 90,
    scale: 'linear',
    step: 0.1,
    restarts: true,
    format: fixed(2),
    // The core's angle is negative (pulled to the left, −x); the control shows its size.
    read: (p) => -p.angle / DEG,
    write: (p, v) => ({ ...p, angle: -v * DEG }),
  },
  {
    id: 'cgap',
    urlKey: 'gap',
    group: 'cradle',
    label: 'Gap between neighbouring balls at rest',
    short: 'gap',
    unit: 'm',
    min: 0,
    max: 0.05,
    scale: 'linear',
    step: 0.001,
    restarts: true,
    format: fixed(4),
    read: (p) => p.gap,
    write: (p, v) => ({ ...p, gap: v }),
  },
  {
    id: 'cpolicy',
    urlKey: 'policy',
    group: 'cradle',
    label: 'Impact policy',
    short: 'policy',
    unit: '',
    min: 0,
    max: CRADLE_POLICIES.length - 1,
    scale: 'linear',
    step: 1,
    integer: true,
    restarts: true,
    format: fixed(0),
    choices: CRADLE_POLICIES.map((value) => ({ value, label: POLICY_LABELS[value] })),
    read: (p) => CRADLE_POLICIES.indexOf(p.policy),
    // v is an index of CRADLE_POLICIES (an integer in [0, length − 1], checked before write).
    write: (p, v) => ({ ...p, policy: CRADLE_POLICIES[v] ?? p.policy }),
  },
  ...commonFields<P>(),
];

/** The page's words for the core's cradle preset (docs/generalized.md "Newton's cradle"). */
export const CRADLE_CASES: Readonly<Record<string, CaseText>> = {
  cradle: { group: "Newton's cradle (Seghete & Murphey)", label: "Newton's cradle", tryThis: 'Pull back 3 balls (or drag a ball in the view) and count how many leave at the far end.' },
};

export const cradleControls: FamilyControls<P, CradleConfig> = {
  id: 'cradle',
  title: "Newton's cradle",
  groups: [
    { id: 'cradle', title: 'Cradle', hint: 'm = ℓ = 1, r = 0.05; pivots 2r + gap apart. Drag a ball in the view to pull it (and those before it) back.' },
    { id: 'integrator', title: 'Integrator' },
  ],
  fields: CRADLE_FIELDS,
  parseConfig: parseCradleConfig,
  paramsFromConfig: cradleParams,
  paramsToConfigJson: cradleConfigJson,
  violationText: (depth) => `Two balls start overlapping (by ${depth} m): make the gap larger or pull the balls back less.`,
  fieldWords: [
    [/\bcradle\.pulled\b/g, 'the number of balls pulled back'],
    [/\bcradle\.balls\b/g, 'the number of balls'],
    [/\bcradle\.gap\b/g, 'the gap between the balls'],
    [/\bcradle\.angle\b/g, 'the pull angle'],
  ],
  refusalText: (raw) => {
    const pulled = /^cradle\.pulled: must be an integer in \[1, (\w+)\]/.exec(raw);
    if (!pulled) return null;
    const n = /^\d+$/.test(pulled[1] ?? '') ? ` (${pulled[1]})` : '';
    return `You can pull back at most as many balls as the cradle has${n}: pull fewer, or add balls first.`;
  },
};
