// Controls of Newton's cradle: number of balls, how many are pulled, the pull angle, the gap, the impact
// policy (the variational chain or the engines' simultaneous impulse), h and the speed. Each restarts
// from the new set-up.
import type { FieldSpec } from '../../../../web/src/config/fields';
import { commonFields, fixed, fromRow } from '../../../../web/src/config/fields';
import { GENERALIZED_SLIDERS } from '../generated/config-schema';
import type { CaseText, FamilyControls } from '../../../../web/src/config/family';
import type { CradleConfig, CradleParams } from './config';
import { CRADLE_POLICIES, POLICY_LABELS, cradleConfigJson, cradleParams, parseCradleConfig } from './config';
import { tr } from '../words';

const DEG = Math.PI / 180;
type P = CradleParams;

export const CRADLE_FIELDS: readonly FieldSpec<P>[] = [
  {
    id: 'cballs',
    urlKey: 'balls',
    group: 'cradle',
    get label() { return tr('cradle.balls'); },
    get short() { return tr('cradle.balls.short'); },
    ...fromRow(GENERALIZED_SLIDERS.cballs),
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
    get label() { return tr('cradle.pulled'); },
    get short() { return tr('cradle.pulled.short'); },
    ...fromRow(GENERALIZED_SLIDERS.cpulled),
    restarts: true,
    format: fixed(0),
    read: (p) => p.pulled,
    write: (p, v) => ({ ...p, pulled: v }),
  },
  {
    id: 'cangle',
    urlKey: 'angle',
    group: 'cradle',
    get label() { return tr('cradle.angle'); },
    get short() { return tr('cradle.angle.short'); },
    ...fromRow(GENERALIZED_SLIDERS.cangle),
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
    get label() { return tr('cradle.gap'); },
    get short() { return tr('cradle.gap.short'); },
    ...fromRow(GENERALIZED_SLIDERS.cgap),
    restarts: true,
    format: fixed(4),
    read: (p) => p.gap,
    write: (p, v) => ({ ...p, gap: v }),
  },
  {
    id: 'cpolicy',
    urlKey: 'policy',
    group: 'cradle',
    get label() { return tr('cradle.policy'); },
    get short() { return tr('cradle.policy.short'); },
    unit: '',
    min: 0,
    max: CRADLE_POLICIES.length - 1,
    scale: 'linear',
    step: 1,
    integer: true,
    restarts: true,
    format: fixed(0),
    choices: CRADLE_POLICIES.map((value) => ({ value, get label() { return POLICY_LABELS[value]; } })),
    read: (p) => CRADLE_POLICIES.indexOf(p.policy),
    // v is an index of CRADLE_POLICIES (an integer in [0, length − 1], checked before write).
    write: (p, v) => ({ ...p, policy: CRADLE_POLICIES[v] ?? p.policy }),
  },
  ...commonFields<P>(),
];

/** The page's words for the core's cradle preset (docs/generalized.md "Newton's cradle"). */
export const CRADLE_CASES: Readonly<Record<string, CaseText>> = {
  cradle: { get group() { return tr('cradle.group'); }, get label() { return tr('cradle.case.cradle'); }, get tryThis() { return tr('cradle.case.cradle.try'); }, tryKeys: ['pulled'] },
};

export const cradleControls: FamilyControls<P, CradleConfig> = {
  id: 'cradle',
  get title() { return tr('cradle.title'); },
  groups: [
    { id: 'cradle', get title() { return tr('cradle.group.cradle'); }, get hint() { return tr('cradle.group.cradle.hint'); } },
    { id: 'integrator', get title() { return tr('group.integrator'); } },
  ],
  fields: CRADLE_FIELDS,
  parseConfig: parseCradleConfig,
  paramsFromConfig: cradleParams,
  paramsToConfigJson: cradleConfigJson,
  violationText: (depth) => tr('cradle.overlap', { depth }),
  fieldWords: [
    [/\bcradle\.pulled\b/g, 'the number of balls pulled back'],
    [/\bcradle\.balls\b/g, 'the number of balls'],
    [/\bcradle\.gap\b/g, 'the gap between the balls'],
    [/\bcradle\.angle\b/g, 'the pull angle'],
  ],
  refusalText: (raw) => {
    const pulled = /^cradle\.pulled: must be an integer in \[1, (\w+)\]/.exec(raw);
    if (!pulled) return null;
    const n = pulled[1] ?? '';
    return /^\d+$/.test(n) ? tr('cradle.tooManyPulledN', { n }) : tr('cradle.tooManyPulled');
  },
};
