// The billiard's table and config (docs/billiard.md): a point particle of mass m inside a convex table
// with elastic walls, optionally under gravity g along −y. Tables: the ellipse x²/a² + y²/b² ≤ 1 and
// Bunimovich's stadium (flat walls of length 2ℓ at y = ±r joined by semicircles of radius r centred at
// (±ℓ, 0)). The table's geometry in closed form or by quadrature: its outline, its perimeter, the arc
// length s of a boundary point (counter-clockwise from (a, 0), resp. (ℓ + r, 0): the core's impact
// field `s`) and whether a point lies inside — what the view draws, the bounce map's s axis and the
// start's check need. No DOM.
import { ConfigShapeError, isRecord, parseJsonObject } from '../../../web/src/config/parse';
import type { BilliardConfig as GeneratedConfig, BilliardTable as GeneratedTable } from './generated/config-schema';
import { tr } from './words';

export type BilliardShape = GeneratedTable['shape'];
export const BILLIARD_SHAPES: readonly BilliardShape[] = ['ellipse', 'stadium'];
export const SHAPE_LABELS: Record<BilliardShape, string> = {
  get ellipse() { return tr('billiard.shape.ellipse'); },
  get stadium() { return tr('billiard.shape.stadium'); },
};

/** The table: the schema's type of the "table" block (generated/config-schema.ts). */
export type BilliardTable = GeneratedTable;

/** The core's resolved config of a billiard: the schema's type with the rows the resolved config always states. */
export type BilliardConfig = Omit<GeneratedConfig, 'model' | 'mass' | 'g' | 'h' | 'v0'> & {
  model: 'billiard';
  mass: number;
  /** Gravity along −y (0: the free billiard). */
  g: number;
  h: number;
  v0: [number, number];
  [key: string]: unknown;
};

function finite(o: Record<string, unknown>, k: string, where = k): number {
  const v = o[k];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new ConfigShapeError(`${where}: expected a finite number, got ${JSON.stringify(v)}`);
  return v;
}

function pair(v: unknown, where: string): [number, number] {
  if (!Array.isArray(v) || v.length !== 2 || v.some((x) => typeof x !== 'number' || !Number.isFinite(x))) {
    throw new ConfigShapeError(`${where}: expected 2 finite numbers, got ${JSON.stringify(v)}`);
  }
  return [v[0] as number, v[1] as number];
}

export function parseTable(v: unknown): BilliardTable {
  if (!isRecord(v)) throw new ConfigShapeError('table: expected an object');
  if (v['shape'] === 'ellipse') return { shape: 'ellipse', a: finite(v, 'a', 'table.a'), b: finite(v, 'b', 'table.b') };
  if (v['shape'] === 'stadium') return { shape: 'stadium', r: finite(v, 'r', 'table.r'), l: finite(v, 'l', 'table.l') };
  throw new ConfigShapeError(`table.shape: expected "ellipse" or "stadium", got ${JSON.stringify(v['shape'])}`);
}

/** Parse the core's resolved JSON of a billiard (presetJson / configJson). */
export function parseBilliardConfig(json: string): BilliardConfig {
  const raw = parseJsonObject(json);
  if (raw['model'] !== 'billiard') throw new ConfigShapeError(`model: expected "billiard", got ${JSON.stringify(raw['model'])}`);
  const h = raw['h'];
  if (typeof h !== 'number' || !(h > 0)) throw new ConfigShapeError(`h: expected a positive number, got ${JSON.stringify(h)}`);
  return {
    ...(raw as object),
    model: 'billiard',
    table: parseTable(raw['table']),
    mass: raw['mass'] === undefined ? 1 : finite(raw, 'mass'),
    g: raw['g'] === undefined ? 0 : finite(raw, 'g'),
    h,
    q0: pair(raw['q0'], 'q0'),
    v0: pair(raw['v0'], 'v0'),
  };
}

/** Half-width (along x) and half-height (along y) of the table's bounding box. */
export function tableHalfExtents(t: BilliardTable): [number, number] {
  return t.shape === 'ellipse' ? [t.a, t.b] : [t.l + t.r, t.r];
}

/** Panels of the ellipse's arc-length quadrature (composite Gauss–Legendre on [0, π/2], 5 nodes each). */
const ELLIPSE_PANELS = 64;
const GL_X = [0, -0.5384693101056831, 0.5384693101056831, -0.906179845938664, 0.906179845938664];
const GL_W = [0.5688888888888889, 0.47862867049936647, 0.47862867049936647, 0.23692688505618908, 0.23692688505618908];

/** Arc length of the ellipse (a cos θ, b sin θ) from θ = 0 to θ ∈ [0, π/2]: ∫ √(a² sin² + b² cos²) dθ. */
function ellipseQuarterArc(a: number, b: number, theta: number): number {
  const n = Math.max(1, Math.ceil((ELLIPSE_PANELS * theta) / (Math.PI / 2)));
  const w = theta / n;
  let s = 0;
  for (let k = 0; k < n; k++) {
    const mid = (k + 0.5) * w;
    for (let j = 0; j < GL_X.length; j++) {
      const u = mid + 0.5 * w * (GL_X[j] ?? 0);
      const su = Math.sin(u);
      const cu = Math.cos(u);
      s += (GL_W[j] ?? 0) * Math.sqrt(a * a * su * su + b * b * cu * cu);
    }
  }
  return 0.5 * w * s;
}

/** Perimeter of the table: the stadium's 4ℓ + 2πr; the ellipse's by quadrature (4 quarter arcs). */
export function tablePerimeter(t: BilliardTable): number {
  return t.shape === 'stadium' ? 4 * t.l + 2 * Math.PI * t.r : 4 * ellipseQuarterArc(t.a, t.b, Math.PI / 2);
}

/**
 * Arc length s ∈ [0, perimeter) of the boundary point nearest in angle to (x, y), counter-clockwise
 * from (a, 0) (ellipse: the point of parameter θ = atan2(y/b, x/a)) or from (ℓ + r, 0) (stadium).
 */
export function arcLength(t: BilliardTable, x: number, y: number): number {
  const P = tablePerimeter(t);
  let s: number;
  if (t.shape === 'ellipse') {
    let th = Math.atan2(y / t.b, x / t.a);
    if (th < 0) th += 2 * Math.PI;
    // The quarter arcs by symmetry: [0, π/2] directly, the others mirrored.
    const Q = P / 4;
    const k = Math.min(3, Math.floor(th / (Math.PI / 2)));
    const u = th - (k * Math.PI) / 2;
    s = k % 2 === 0 ? k * Q + ellipseQuarterArc(t.a, t.b, u) : (k + 1) * Q - ellipseQuarterArc(t.a, t.b, Math.PI / 2 - u);
  } else {
    const { r, l } = t;
    const arc = (cx: number, from: number): number => {
      let a = Math.atan2(y, x - cx) - from;
      while (a < 0) a += 2 * Math.PI;
      return r * a;
    };
    if (x >= l) {
      // right cap: angle in [−π/2, π/2] from the +x axis; its lower quarter closes the loop
      const a = Math.atan2(y, x - l);
      s = a >= 0 ? r * a : P + r * a;
    } else if (x <= -l) {
      s = r * Math.PI / 2 + 2 * l + arc(-l, Math.PI / 2);
    } else if (y > 0) {
      s = (r * Math.PI) / 2 + (l - x);
    } else {
      s = (3 * r * Math.PI) / 2 + 2 * l + (x + l);
    }
  }
  return s >= P ? s - P : s < 0 ? s + P : s;
}

/** The boundary point at arc length s (any real; taken mod the perimeter). */
export function pointAt(t: BilliardTable, s: number): [number, number] {
  const P = tablePerimeter(t);
  let u = s % P;
  if (u < 0) u += P;
  if (t.shape === 'stadium') {
    const { r, l } = t;
    const q = (r * Math.PI) / 2;
    if (u < q) return [l + r * Math.cos(u / r), r * Math.sin(u / r)];
    u -= q;
    if (u < 2 * l) return [l - u, r];
    u -= 2 * l;
    if (u < Math.PI * r) return [-l + r * Math.cos(Math.PI / 2 + u / r), r * Math.sin(Math.PI / 2 + u / r)];
    u -= Math.PI * r;
    if (u < 2 * l) return [-l + u, -r];
    u -= 2 * l;
    return [l + r * Math.cos(-Math.PI / 2 + u / r), r * Math.sin(-Math.PI / 2 + u / r)];
  }
  // Ellipse: invert s(θ) by bisection on the quarter containing u (s is increasing in θ).
  const Q = P / 4;
  const k = Math.min(3, Math.floor(u / Q));
  const v = u - k * Q;
  const want = k % 2 === 0 ? v : Q - v;
  let lo = 0;
  let hi = Math.PI / 2;
  for (let i = 0; i < 60; i++) {
    const mid = 0.5 * (lo + hi);
    if (ellipseQuarterArc(t.a, t.b, mid) < want) lo = mid;
    else hi = mid;
  }
  const th0 = 0.5 * (lo + hi);
  const th = k % 2 === 0 ? (k * Math.PI) / 2 + th0 : ((k + 1) * Math.PI) / 2 - th0;
  return [t.a * Math.cos(th), t.b * Math.sin(th)];
}

/** The outline, counter-clockwise from s = 0, as n points (not closed). */
export function tableOutline(t: BilliardTable, n = 256): [number, number][] {
  if (t.shape === 'ellipse') {
    return Array.from({ length: n }, (_, i) => {
      const th = (2 * Math.PI * i) / n;
      return [t.a * Math.cos(th), t.b * Math.sin(th)] as [number, number];
    });
  }
  const P = tablePerimeter(t);
  return Array.from({ length: n }, (_, i) => pointAt(t, (P * i) / n));
}

/**
 * Distance-like gap of a point from the wall, positive inside: the ellipse's 1 − x²/a² − y²/b², the
 * stadium's distance to its boundary (r − distance from the segment [−ℓ, ℓ] × {0}).
 */
export function wallGap(t: BilliardTable, x: number, y: number): number {
  if (t.shape === 'ellipse') return 1 - (x * x) / (t.a * t.a) - (y * y) / (t.b * t.b);
  const cx = Math.max(-t.l, Math.min(t.l, x));
  return t.r - Math.hypot(x - cx, y);
}

export function insideTable(t: BilliardTable, x: number, y: number): boolean {
  return wallGap(t, x, y) > 0;
}

/**
 * Largest |p| on the table (the bounce map's p_t range ±|p|): m|v₀| without gravity; with g the speed
 * peaks at the lowest point y_min = −(half-height): |p|² = m²(|v₀|² + 2 g (y₀ − y_min)).
 */
export function maxMomentum(c: Pick<BilliardConfig, 'table' | 'mass' | 'g' | 'q0' | 'v0'>): number {
  const [, hy] = tableHalfExtents(c.table);
  const v2 = c.v0[0] * c.v0[0] + c.v0[1] * c.v0[1] + 2 * c.g * (c.q0[1] + hy);
  return c.mass * Math.sqrt(Math.max(0, v2));
}
