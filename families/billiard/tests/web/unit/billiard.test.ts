// The billiard's page parts against closed forms: the stadium's perimeter 4ℓ + 2πr, the ellipse's by
// the Gauss–Kummer series π(a + b) Σ C(½, n)² hⁿ (h = ((a − b)/(a + b))²), the boundary points on the
// wall (x²/a² + y²/b² = 1; distance r from the stadium's spine), the arc length s of the quarter points
// and its inverse; the start's inside test; the largest |p| by energy conservation; the record read by
// field name; the controls' direction and speed editing v₀ without changing the other.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LongRunComputation } from '../../../../../web/src/model/long-run';
import { cliPath, haveCli } from '../../../../../tests/web/unit/support/cli';
import type { BilliardConfig, BilliardTable } from '../../../web/table';
import {
  arcLength,
  insideTable,
  maxMomentum,
  parseBilliardConfig,
  pointAt,
  tableOutline,
  tablePerimeter,
  wallGap,
} from '../../../web/table';
import { BILLIARD_FIELDS, billiardConfigJson, billiardHeld, billiardParams, billiardStartIssue, billiardThrow } from '../../../web/controls';
import { Layout } from '../../../../../web/src/engine/layout';
import { DRAWN_HEIGHT, billiardFamily } from '../../../web/reader';
import { bounceMapAxes } from '../../../web/bounce-map';

/** Gauss–Kummer: P = π(a + b) Σₙ C(½, n)² hⁿ, C(½, n) the binomial coefficient. */
function kummer(a: number, b: number): number {
  const h = ((a - b) / (a + b)) ** 2;
  let c = 1; // C(½, 0)
  let hn = 1;
  let sum = 0;
  for (let n = 0; n < 4000; n++) {
    sum += c * c * hn;
    c *= (0.5 - n) / (n + 1);
    hn *= h;
  }
  return Math.PI * (a + b) * sum;
}

const ELLIPSES: BilliardTable[] = [
  { shape: 'ellipse', a: 2, b: 1 },
  { shape: 'ellipse', a: 1, b: 1 },
  { shape: 'ellipse', a: 0.5, b: 3 },
  { shape: 'ellipse', a: 5, b: 0.2 },
];
const STADIA: BilliardTable[] = [
  { shape: 'stadium', r: 1, l: 1 },
  { shape: 'stadium', r: 0.3, l: 2.5 },
  { shape: 'stadium', r: 1.5, l: 0 },
];

describe('the billiard table', () => {
  it('perimeter: the stadium 4ℓ + 2πr, the ellipse the Gauss–Kummer series (a circle 2πa)', () => {
    for (const t of STADIA) if (t.shape === 'stadium') expect(tablePerimeter(t)).toBeCloseTo(4 * t.l + 2 * Math.PI * t.r, 13);
    for (const t of ELLIPSES) {
      if (t.shape !== 'ellipse') continue;
      expect(Math.abs(tablePerimeter(t) / kummer(t.a, t.b) - 1)).toBeLessThan(1e-11);
    }
    expect(tablePerimeter({ shape: 'ellipse', a: 1, b: 1 })).toBeCloseTo(2 * Math.PI, 13);
  });

  it('boundary points lie on the wall; s of the quarter points; s(point(s)) = s', () => {
    for (const t of [...ELLIPSES, ...STADIA]) {
      const P = tablePerimeter(t);
      for (let k = 0; k < 40; k++) {
        const s = (P * (k + 0.37)) / 40;
        const [x, y] = pointAt(t, s);
        if (t.shape === 'ellipse') expect(Math.abs((x * x) / (t.a * t.a) + (y * y) / (t.b * t.b) - 1)).toBeLessThan(1e-12);
        else expect(Math.abs(Math.hypot(x - Math.max(-t.l, Math.min(t.l, x)), y) - t.r)).toBeLessThan(1e-12);
        expect(Math.abs(wallGap(t, x, y))).toBeLessThan(1e-12);
        expect(Math.abs(arcLength(t, x, y) - s)).toBeLessThan(1e-9 * P);
      }
      for (const [x, y] of tableOutline(t, 64)) expect(Math.abs(wallGap(t, x, y))).toBeLessThan(1e-12);
    }
    // quarter points: counter-clockwise from the rightmost point
    const e = ELLIPSES[0]!;
    const Pe = tablePerimeter(e);
    expect(arcLength(e, 2, 0)).toBe(0);
    expect(arcLength(e, 0, 1)).toBeCloseTo(Pe / 4, 12);
    expect(arcLength(e, -2, 0)).toBeCloseTo(Pe / 2, 12);
    expect(arcLength(e, 0, -1)).toBeCloseTo((3 * Pe) / 4, 12);
    const st: BilliardTable = { shape: 'stadium', r: 1, l: 1 };
    expect(arcLength(st, 2, 0)).toBe(0);
    expect(arcLength(st, 1, 1)).toBeCloseTo(Math.PI / 2, 13); // end of the right cap's upper quarter
    expect(arcLength(st, 0, 1)).toBeCloseTo(Math.PI / 2 + 1, 13); // middle of the top wall
    expect(arcLength(st, -2, 0)).toBeCloseTo(Math.PI + 2, 13); // half the perimeter
    expect(arcLength(st, 0, -1)).toBeCloseTo(1.5 * Math.PI + 3, 13);
    expect(arcLength(st, 2, -1e-12)).toBeCloseTo(4 + 2 * Math.PI, 9); // just below the start: the end of the loop
  });

  it('inside: the presets’ starts are in, points beyond the wall out', () => {
    expect(insideTable({ shape: 'ellipse', a: 2, b: 1 }, 0.5, 0.2)).toBe(true);
    expect(insideTable({ shape: 'ellipse', a: 2, b: 1 }, 1.9, 0.5)).toBe(false); // 0.9025 + 0.25 > 1
    expect(insideTable({ shape: 'stadium', r: 1, l: 1 }, 0.3, 0.1)).toBe(true);
    expect(insideTable({ shape: 'stadium', r: 1, l: 1 }, 1.8, 0.7)).toBe(false); // 0.64 + 0.49 > 1 from (1, 0)
    expect(insideTable({ shape: 'stadium', r: 1, l: 1 }, 0, 1)).toBe(false); // on the wall: not strictly inside
  });

  it('the largest |p|: m|v₀| without gravity; with g, energy conservation down to the lowest point', () => {
    const base = { table: { shape: 'ellipse', a: 2, b: 1 } as BilliardTable, mass: 2, q0: [0.5, 0.2] as [number, number], v0: [0.6, 0.8] as [number, number] };
    expect(maxMomentum({ ...base, g: 0 })).toBeCloseTo(2, 15);
    // ½|v|² + g y conserved: at y = −b, |v|² = 1 + 2 g (0.2 + 1)
    expect(maxMomentum({ ...base, g: 9.81 })).toBeCloseTo(2 * Math.sqrt(1 + 2 * 9.81 * 1.2), 13);
  });
});

function requireCli(): void {
  expect(haveCli, `the native CLI ${cliPath} is missing: build it (cmake --build --preset native --target lgvci_cli)`).toBe(true);
}

const ELLIPSE_JSON = '{"model":"billiard","case":"billiard-ellipse","table":{"shape":"ellipse","a":2,"b":1},"mass":1,"g":0,"h":0.01,"t0":0,"q0":[0.5,0.2],"v0":[0.6,0.8]}';

describe('the billiard’s controls and reader', () => {
  const config: BilliardConfig = parseBilliardConfig(ELLIPSE_JSON);
  const field = (id: string) => BILLIARD_FIELDS.find((f) => f.id === id)!;

  it('parses the core’s config and sends it back unchanged when nothing was edited', () => {
    const p = billiardParams('billiard-ellipse', config, 1);
    expect(JSON.parse(billiardConfigJson(config, p))).toEqual(JSON.parse(ELLIPSE_JSON));
    expect(() => parseBilliardConfig(ELLIPSE_JSON.replace('"ellipse","a"', '"square","a"'))).toThrow(/table\.shape/);
    expect(() => parseBilliardConfig(ELLIPSE_JSON.replace('"q0":[0.5,0.2]', '"q0":[0.5]'))).toThrow(/q0/);
  });

  it('direction and speed edit v₀ without changing the other; the shape switch keeps the stadium’s r, ℓ', () => {
    const p = billiardParams('billiard-ellipse', config, 1);
    expect(field('bdir').read(p)).toBeCloseTo((Math.atan2(0.8, 0.6) * 180) / Math.PI, 12);
    expect(field('bspeed').read(p)).toBeCloseTo(1, 15);
    const q = field('bspeed').write(p, 2.5);
    expect(field('bspeed').read(q)).toBeCloseTo(2.5, 14);
    expect(field('bdir').read(q)).toBeCloseTo(field('bdir').read(p)!, 12);
    const r = field('bdir').write(q, -90);
    expect(r.v0[0]).toBeCloseTo(0, 14);
    expect(r.v0[1]).toBeCloseTo(-2.5, 14);
    const s = field('bshape').write({ ...p, r: 0.8 }, 1);
    expect(JSON.parse(billiardConfigJson(config, s)).table).toEqual({ shape: 'stadium', r: 0.8, l: 1 });
  });

  it('a start outside the table is refused with a sentence', () => {
    const p = billiardParams('billiard-ellipse', config, 1);
    expect(billiardStartIssue(p)).toBe('');
    expect(billiardStartIssue({ ...p, q0: [1.9, 0.5] })).toMatch(/^The start q₀ = \(1\.9, 0\.5\) is outside the table: move it inside the ellipse x²\/4 \+ y²\/1 < 1/);
  });

  it('the held ball: its (x, y) on the felt, moved in the table’s plane; placed it keeps p/m, thrown it takes the pointer’s (vx, vy)', () => {
    const held = billiardHeld({ qs: [0.4, -0.3], ps: [1.2, 0.6] });
    expect(held).toEqual({ q: [0.4, -0.3], p: [1.2, 0.6] });
    expect(billiardHeld({ qs: [0.4], ps: [1, 0] })).toBeNull();
    expect(billiardHeld({ qs: [0.4, NaN], ps: [1, 0] })).toBeNull();
    if (!held) return;
    expect(billiardThrow.at(held)).toEqual([0.4, -0.3, DRAWN_HEIGHT]);
    expect(billiardThrow.plane).toEqual([0, 0, 1]);
    const p = billiardParams('billiard-ellipse', config, 1);
    const base = { ...config, mass: 2 };
    const placed = billiardThrow.startFrom(base, p, held, [1, 0.5, DRAWN_HEIGHT], null);
    expect(placed.params.q0).toEqual([1, 0.5]);
    expect(placed.params.v0).toEqual([0.6, 0.3]);
    const thrown = billiardThrow.startFrom(base, p, held, [1, 0.5, DRAWN_HEIGHT], [3, -4, 0.7]);
    expect(thrown.params.v0).toEqual([3, -4]);
    expect(JSON.parse(billiardConfigJson(thrown.base, thrown.params))).toMatchObject({ q0: [1, 0.5], v0: [3, -4] });
    expect(billiardThrow.maxSpeed(base)).toBe(BILLIARD_FIELDS.find((f) => f.id === 'bspeed')?.max);
  });

  it('reads the record by field name: position (x, y, 0) on the table, H, the counters', () => {
    const names: [string, number, string[]][] = [
      ['t', 1, ['t']], ['q', 2, ['q1', 'q2']], ['p', 2, ['p1', 'p2']], ['E', 1, ['E']], ['impacts', 1, ['impacts']],
      ['phi', 1, []], ['total_impacts', 1, []], ['steps', 1, []], ['status', 1, []], ['E0', 1, []], ['max_discrete_energy_mismatch', 1, []],
    ];
    let off = 0;
    const fields = names.map(([name, size, columns]) => {
      const f = { name, offset: off, size, columns };
      off += size;
      return f;
    });
    const L = new Layout({ size: off, fields, csvColumns: names.flatMap((n) => n[2]) });
    const fam = billiardFamily(L);
    const rec = Float64Array.from([1.5, 0.25, -0.5, 0.6, 0.8, 0.5, 0, 0.3, 7, 150, 0, 0.5, 0]);
    const s = fam.read(rec);
    expect(s).toMatchObject({ t: 1.5, x: [0.25, -0.5, DRAWN_HEIGHT], qs: [0.25, -0.5], ps: [0.6, 0.8], energy: 0.5, energy0: 0.5, impacts: 7, steps: 150, phi: 0.3 });
    expect(fam.columns.names).toEqual(['t', 'q1', 'q2', 'p1', 'p2', 'E', 'impacts']);
    expect(bounceMapAxes(config)).toEqual({ perimeter: tablePerimeter(config.table), maxMomentum: 1 });
  });
});

describe('the billiard’s long run (WASM) against the native CLI', () => {
  it('the stadium’s long run, read through its own impact layout, gives the impact times of `lgvci --json`', async () => {
    requireCli();
    const { loadEngine } = await import('../../../../../web/src/engine/loader');
    const engine = await loadEngine();
    const ref = JSON.parse(execFileSync(cliPath, ['--case', 'billiard-stadium', '--steps', '3000', '--json'], { encoding: 'utf8' })) as {
      impacts: number;
      impact_times: number[];
    };
    const comp = new LongRunComputation(engine, engine.presetJson('billiard-stadium'), 3000);
    while (!comp.finished) comp.runChunk(1000);
    const r = comp.result(3000, 0);
    comp.dispose();
    expect(r.impacts).toBeGreaterThan(5);
    expect(r.impacts).toBe(ref.impacts);
    expect(r.impactTimes).toEqual(ref.impact_times);
  });
});
