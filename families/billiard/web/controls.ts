// Controls of the billiard (docs/billiard.md "On the page"): the table's shape and dimensions, the
// start position q₀ and velocity v₀ (direction and speed), optional gravity g, h and the playback
// speed; each restarts from the new set-up. A start outside the table is refused beside the control
// that put it there. Also the presets' lines in the selector.
import type { FieldSpec, JumpKind } from '../../../web/src/config/fields';
import { commonFields, fixed, formatNumber, fromRow, jumpOf } from '../../../web/src/config/fields';
import { BILLIARD_SLIDERS } from './generated/config-schema';
import type { CaseText, FamilyControls, FamilyThrow } from '../../../web/src/config/family';
import { throwNumber } from '../../../web/src/app/throw-strings';
import { DRAWN_HEIGHT } from './reader';
import type { BilliardConfig, BilliardShape, BilliardTable } from './table';
import { BILLIARD_SHAPES, SHAPE_LABELS, parseBilliardConfig, tableHalfExtents, wallGap } from './table';
import type { PlainKey } from './words';
import { tr } from './words';

const DEG = Math.PI / 180;

export interface BilliardParams {
  caseName: string;
  h: number;
  jump: JumpKind;
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

function dimension(id: 'ba' | 'bb' | 'br' | 'bl', key: 'a' | 'b' | 'r' | 'l', group: string, label: PlainKey, short: PlainKey): FieldSpec<P> {
  return {
    id,
    urlKey: key === 'l' ? 'len' : key,
    group,
    get label() { return tr(label); },
    get short() { return tr(short); },
    ...fromRow(BILLIARD_SLIDERS[id]),
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
    get label() { return tr('billiard.q0', { axis }); },
    short: axis,
    ...fromRow(BILLIARD_SLIDERS[i === 0 ? 'bqx' : 'bqy']),
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
    get label() { return tr('billiard.shape'); },
    get short() { return tr('billiard.shape.short'); },
    unit: '',
    min: 0,
    max: BILLIARD_SHAPES.length - 1,
    scale: 'linear',
    step: 1,
    integer: true,
    restarts: true,
    format: fixed(0),
    choices: BILLIARD_SHAPES.map((value) => ({ value, get label() { return SHAPE_LABELS[value]; } })),
    read: (p) => BILLIARD_SHAPES.indexOf(p.shape),
    // v is an index of BILLIARD_SHAPES (an integer in [0, length − 1], checked before write).
    write: (p, v) => ({ ...p, shape: BILLIARD_SHAPES[v] ?? p.shape }),
  },
  dimension('ba', 'a', 'btable', 'billiard.a', 'billiard.a.short'),
  dimension('bb', 'b', 'btable', 'billiard.b', 'billiard.b.short'),
  dimension('br', 'r', 'btable', 'billiard.r', 'billiard.r.short'),
  dimension('bl', 'l', 'btable', 'billiard.l', 'billiard.l.short'),
  startField(0),
  startField(1),
  {
    id: 'bdir',
    urlKey: 'dir',
    group: 'bvel',
    get label() { return tr('billiard.direction'); },
    get short() { return tr('billiard.direction.short'); },
    ...fromRow(BILLIARD_SLIDERS.bdir),
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
    get label() { return tr('billiard.speed'); },
    get short() { return tr('billiard.speed.short'); },
    ...fromRow(BILLIARD_SLIDERS.bspeed),
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
    get label() { return tr('billiard.g'); },
    get short() { return tr('billiard.g.short'); },
    ...fromRow(BILLIARD_SLIDERS.bg),
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
  // The resolved config names the energy jump; no "jump" is the variational one ((75a), the default).
  return { caseName, h: c.h, jump: jumpOf(c['jump'], 'variational'), speed, shape: t.shape, ...dims, q0: [...c.q0], v0: [...c.v0], g: c.g };
}

/** The config sent to the core: the preset with the table, start, g and h of the controls. */
export function billiardConfigJson(base: BilliardConfig, p: P): string {
  const { jump: _jump, ...rest } = base;
  void _jump;
  return JSON.stringify({ ...rest, table: paramsTable(p), q0: [...p.q0], v0: [...p.v0], g: p.g, h: p.h, ...(p.jump === 'energy' ? { jump: 'energy' } : {}) });
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
      ? tr('billiard.insideEllipse', { a2: formatNumber(t.a * t.a, 3), b2: formatNumber(t.b * t.b, 3) })
      : tr('billiard.insideStadium', { hx: formatNumber(hx, 3), hy: formatNumber(hy, 3) });
  return tr('billiard.outside', { x: formatNumber(x, 3), y: formatNumber(y, 3), where });
}

/** The ball being held: its position q and momentum p (the record's generalized coordinates). */
export interface BilliardHeld {
  q: [number, number];
  p: [number, number];
}

/** The held ball of a snapshot (its qs, ps), or null. */
export function billiardHeld(s: unknown): BilliardHeld | null {
  const o = s as { qs?: unknown; ps?: unknown } | null;
  const two = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2 && v.every(Number.isFinite);
  if (!o || !two(o.qs) || !two(o.ps)) return null;
  return { q: [o.qs[0], o.qs[1]], p: [o.ps[0], o.ps[1]] };
}

/** The speed control's range: the fastest throw (m/s). */
const MAX_THROW_SPEED = ((): number => {
  const f = BILLIARD_FIELDS.find((x) => x.id === 'bspeed');
  if (!f) throw new Error('the billiard has no speed control');
  return f.max;
})();

/**
 * Grabbing and throwing the ball (docs/page.md "Grabbing and throwing the body"): the table lies in
 * the world's plane z = DRAWN_HEIGHT with the model's (x, y) as the world's (x, y) (reader.ts, view.ts),
 * so the ball moves on the felt; the new start is q₀ = (x, y) of the held point and v₀ the pointer's
 * (x, y) velocity, or v₀ = p/m of the held ball when only placed (its momentum kept). A place outside
 * the table is refused (billiardStartIssue, the core's φ(q₀) > 0).
 */
export const billiardThrow: FamilyThrow<P, BilliardConfig, BilliardHeld> = {
  held: billiardHeld,
  at: (h) => [h.q[0], h.q[1], DRAWN_HEIGHT],
  plane: [0, 0, 1],
  maxSpeed: () => MAX_THROW_SPEED,
  startFrom: (base, params, held, x, v) => ({
    base,
    params: {
      ...params,
      q0: [x[0], x[1]],
      v0: v ? [v[0], v[1]] : [held.p[0] / base.mass, held.p[1] / base.mass],
    },
  }),
  placedText: (x) => tr('billiard.placed', { x: throwNumber(x[0]), y: throwNumber(x[1]) }),
  cappedText: (speed) => tr('billiard.thrownFastest', { speed, limit: throwNumber(MAX_THROW_SPEED) }),
};

export const billiardControls: FamilyControls<P, BilliardConfig> = {
  id: 'billiard',
  get title() { return tr('billiard.title'); },
  groups: [
    { id: 'btable', get title() { return tr('billiard.group.table'); }, get hint() { return tr('billiard.group.table.hint'); } },
    { id: 'bstart', get title() { return tr('billiard.group.start'); }, get hint() { return tr('billiard.group.start.hint'); } },
    { id: 'bvel', get title() { return tr('billiard.group.velocity'); }, get hint() { return tr('billiard.group.velocity.hint'); } },
    { id: 'integrator', get title() { return tr('group.integrator'); } },
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
  refusalText: (raw) => (/^q0: must lie strictly inside the table/.test(raw) ? tr('billiard.outsideCore') : null),
  throwing: billiardThrow,
};


/** The page's words for the core's billiard presets. */
export const BILLIARD_CASES: Readonly<Record<string, CaseText>> = {
  'billiard-ellipse': {
    get group() { return tr('billiard.group'); },
    get label() { return tr('billiard.case.ellipse'); },
    get tryThis() { return tr('billiard.case.ellipse.try'); },
    tryKeys: ['dir'],
  },
  'billiard-stadium': {
    get group() { return tr('billiard.group'); },
    get label() { return tr('billiard.case.stadium'); },
    get tryThis() { return tr('billiard.case.stadium.try'); },
    tryKeys: ['speed', 'len'],
  },
};
