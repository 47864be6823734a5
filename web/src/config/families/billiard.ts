// Controls of the billiard (docs/billiard.md "On the page"): the table's shape and dimensions, the
// start position q₀ and velocity v₀ (direction and speed), optional gravity g, h and the playback
// speed; each restarts from the new set-up. A start outside the table is refused beside the control
// that put it there. Also the presets' lines in the selector.
import type { FieldSpec } from '../fields';
import { commonFields, fixed, formatNumber } from '../fields';
import type { CaseText, FamilyControls } from '../family';
import type { BilliardConfig, BilliardShape, BilliardTable } from './billiard-table';
import { BILLIARD_SHAPES, SHAPE_LABELS, parseBilliardConfig, tableHalfExtents, wallGap } from './billiard-table';

const DEG = Math.PI / 180;

export interface BilliardParams {
  caseName: string;
  h: number;
  speed: number;
  shape: BilliardShape;
  /** Both shapes' dimensions are kept, so that switching the shape back restores them. */
  a: number;
  b: number;
  r: number;
  l: number;
  q0: [number, number];
  v0: [number, number];
  g: number;
  [key: string]: unknown;
}

type P = BilliardParams;

/** The table of the parameters' shape. */
export function paramsTable(p: Pick<P, 'shape' | 'a' | 'b' | 'r' | 'l'>): BilliardTable {
  return p.shape === 'ellipse' ? { shape: 'ellipse', a: p.a, b: p.b } : { shape: 'stadium', r: p.r, l: p.l };
}

/** The dimensions a preset does not set: the other preset's (docs/billiard.md). */
const OTHER_DEFAULTS = { a: 2, b: 1, r: 1, l: 1 };

function dimension(id: string, key: 'a' | 'b' | 'r' | 'l', group: string, label: string, short: string, min: number): FieldSpec<P> {
  return {
    id,
    urlKey: key === 'l' ? 'len' : key,
    group,
    label,
    short,
    unit: 'm',
    min,
    max: 5,
    scale: 'linear',
    step: 0.01,
    restarts: true,
    format: fixed(3),
    read: (p) => p[key],
    write: (p, v) => ({ ...p, [key]: v }),
  };
}

function startField(i: 0 | 1): FieldSpec<P> {
  const axis = i === 0 ? 'x' : 'y';
  return {
    id: `bq${axis}`,
    urlKey: 'q0',
    urlIndex: i,
    group: 'bstart',
    label: `Start position q₀, ${axis} component`,
    short: axis,
    unit: 'm',
    min: -5,
    max: 5,
    scale: 'linear',
    step: 0.01,
    restarts: true,
    format: fixed(3),
    read: (p) => p.q0[i],
    write: (p, v) => ({ ...p, q0: (i === 0 ? [v, p.q0[1]] : [p.q0[0], v]) as [number, number] }),
  };
}

export const BILLIARD_FIELDS: readonly FieldSpec<P>[] = [
  {
    id: 'bshape',
    urlKey: 'table',
    group: 'btable',
    label: 'Table shape',
    short: 'shape',
    unit: '',
    min: 0,
    max: BILLIARD_SHAPES.length - 1,
    scale: 'linear',
    step: 1,
    integer: true,
    restarts: true,
    format: fixed(0),
    choices: BILLIARD_SHAPES.map((value) => ({ value, label: SHAPE_LABELS[value] })),
    read: (p) => BILLIARD_SHAPES.indexOf(p.shape),
    // v is an index of BILLIARD_SHAPES (an integer in [0, length − 1], checked before write).
    write: (p, v) => ({ ...p, shape: BILLIARD_SHAPES[v] ?? p.shape }),
  },
  dimension('ba', 'a', 'btable', 'Ellipse: semi-axis a along x', 'ellipse a', 0.2),
  dimension('bb', 'b', 'btable', 'Ellipse: semi-axis b along y', 'ellipse b', 0.2),
  dimension('br', 'r', 'btable', 'Stadium: radius r of the caps', 'stadium r', 0.2),
  dimension('bl', 'l', 'btable', 'Stadium: half-length ℓ of the flat walls', 'stadium ℓ', 0),
  startField(0),
  startField(1),
  {
    id: 'bdir',
    urlKey: 'dir',
    group: 'bvel',
    label: 'Start direction of v₀ in degrees (from the x axis, counter-clockwise)',
    short: 'direction',
    unit: '°',
    min: -180,
    max: 180,
    scale: 'linear',
    step: 0.1,
    restarts: true,
    format: fixed(2),
    read: (p) => Math.atan2(p.v0[1], p.v0[0]) / DEG,
    write: (p, v) => {
      const s = Math.hypot(p.v0[0], p.v0[1]);
      return { ...p, v0: [s * Math.cos(v * DEG), s * Math.sin(v * DEG)] };
    },
  },
  {
    id: 'bspeed',
    urlKey: 'vs',
    group: 'bvel',
    label: 'Start speed |v₀|',
    short: 'speed |v₀|',
    unit: 'm/s',
    min: 0.05,
    max: 10,
    scale: 'log',
    step: 0.01,
    restarts: true,
    format: (v) => formatNumber(v, 4),
    read: (p) => Math.hypot(p.v0[0], p.v0[1]),
    write: (p, v) => {
      const s = Math.hypot(p.v0[0], p.v0[1]);
      return { ...p, v0: s > 0 ? [(p.v0[0] * v) / s, (p.v0[1] * v) / s] : [v, 0] };
    },
  },
  {
    id: 'bg',
    urlKey: 'g',
    group: 'bvel',
    label: 'Gravity g along −y',
    short: 'gravity g',
    unit: 'm/s²',
    min: 0,
    max: 20,
    scale: 'linear',
    step: 0.01,
    restarts: true,
    format: fixed(3),
    read: (p) => p.g,
    write: (p, v) => ({ ...p, g: v }),
  },
  ...commonFields<P>(),
];

export function billiardParams(caseName: string, c: BilliardConfig, speed: number): P {
  const t = c.table;
  const dims = t.shape === 'ellipse' ? { ...OTHER_DEFAULTS, a: t.a, b: t.b } : { ...OTHER_DEFAULTS, r: t.r, l: t.l };
  return { caseName, h: c.h, speed, shape: t.shape, ...dims, q0: [...c.q0], v0: [...c.v0], g: c.g };
}

/** The config sent to the core: the preset with the table, start, g and h of the controls. */
export function billiardConfigJson(base: BilliardConfig, p: P): string {
  return JSON.stringify({ ...base, table: paramsTable(p), q0: [...p.q0], v0: [...p.v0], g: p.g, h: p.h });
}

/**
 * The start must lie strictly inside the table (the wall constraint φ(q₀) > 0): '' or a sentence
 * saying where it is and what to do (shown beside the control that moved it).
 */
export function billiardStartIssue(p: P): string {
  const t = paramsTable(p);
  const [x, y] = p.q0;
  if (wallGap(t, x, y) > 0) return '';
  const [hx, hy] = tableHalfExtents(t);
  const where =
    t.shape === 'ellipse'
      ? `the ellipse x²/${formatNumber(t.a * t.a, 3)} + y²/${formatNumber(t.b * t.b, 3)} < 1`
      : `the stadium (|x| < ${formatNumber(hx, 3)}, |y| < ${formatNumber(hy, 3)}, round ends)`;
  return `The start q₀ = (${formatNumber(x, 3)}, ${formatNumber(y, 3)}) is outside the table: move it inside ${where}, or make the table larger.`;
}

export const billiardControls: FamilyControls<P, BilliardConfig> = {
  id: 'billiard',
  title: 'the billiard',
  groups: [
    { id: 'btable', title: 'Table', hint: 'The shape uses a, b (ellipse) or r, ℓ (stadium: flat walls 2ℓ long at y = ±r, semicircles of radius r); the other pair is kept for when you switch.' },
    { id: 'bstart', title: 'Start position q₀', hint: 'Inside the table; the centre is (0, 0).' },
    { id: 'bvel', title: 'Start velocity v₀', hint: 'm = 1, so p₀ = v₀. Gravity pulls along −y (0: the free billiard).' },
    { id: 'integrator', title: 'Integrator' },
  ],
  fields: BILLIARD_FIELDS,
  parseConfig: parseBilliardConfig,
  paramsFromConfig: billiardParams,
  paramsToConfigJson: billiardConfigJson,
  check: billiardStartIssue,
  fieldWords: [
    [/\btable\.a\b/g, 'the semi-axis a'],
    [/\btable\.b\b/g, 'the semi-axis b'],
    [/\btable\.r\b/g, 'the radius r'],
    [/\btable\.l\b/g, 'the half-length ℓ'],
    [/\bv0\b/g, 'the start velocity v₀'],
    [/\bg\b/g, 'gravity g'],
  ],
  // The core's own refusal of a start on or outside the wall (a typed address can send one).
  refusalText: (raw) => (/^q0: must lie strictly inside the table/.test(raw) ? 'The start q₀ is outside the table: move it inside, or make the table larger.' : null),
};

const GROUP = 'Billiards: chaos and integrability';

/** The page's words for the core's billiard presets. */
export const BILLIARD_CASES: Readonly<Record<string, CaseText>> = {
  'billiard-ellipse': {
    group: GROUP,
    label: 'Billiard — ellipse',
    tryThis: 'Watch the bounce map fill in: its points lie on smooth curves (the path stays tangent to a caustic), the mark of an integrable table. Change the direction and a new curve appears.',
  },
  'billiard-stadium': {
    group: GROUP,
    label: 'Billiard — stadium (Bunimovich)',
    tryThis: 'Let it run at speed 10: the bounce map’s points scatter over a whole region instead of lying on curves — chaos. Set ℓ to 0 (a circle) and they line up again.',
  },
};
