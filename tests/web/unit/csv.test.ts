// CSV/JSON export: C's %.17g reproduced exactly (bash's printf as the oracle), and the round trip with
// the native CLI — a CSV exported from the WASM run equals, byte for byte, what
// `lgvci --config <exported json> --csv` writes; the exported JSON validates and replays the same
// trajectory in the WASM engine too.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Controller } from '../../../web/src/app/controller';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { formatG17, historyToCsv, parseCsv } from '../../../web/src/model/csv';
import { RunHistory } from '../../../web/src/model/history';
import { Layout } from '../../../web/src/engine/layout';
import { SimulationModel } from '../../../web/src/model/simulation-model';
import { familyTable } from '../../../web/src/app/families';
import { FAKE_LAYOUT } from '../../../families/rigid_body/tests/web/unit/support/fake-engine';
import { rigidFamily } from '../../../families/rigid_body/web/reader';
import { cliPath, haveCli } from './support/cli';


/** Exact hexadecimal floating-point text of a double ("0x1.8p+1"), which strtold reads exactly. */
function hexFloat(x: number): string {
  if (Number.isNaN(x) || !Number.isFinite(x)) throw new Error('finite only');
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, x);
  const hi = dv.getUint32(0);
  const lo = dv.getUint32(4);
  const sign = hi >>> 31 ? '-' : '';
  const e = (hi >>> 20) & 0x7ff;
  const mant = ((BigInt(hi & 0xfffff) << 32n) | BigInt(lo)).toString(16).padStart(13, '0');
  if (e === 0) return `${sign}0x0.${mant}p-1022`;
  return `${sign}0x1.${mant}p${e - 1023}`;
}

function printfG17(xs: number[]): string[] {
  const out = execFileSync('bash', ['-c', 'printf "%.17g\\n" "$@"', 'printf', ...xs.map(hexFloat)], {
    encoding: 'utf8',
  });
  return out.trimEnd().split('\n');
}

let seed = 7;
function rnd(): number {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}

function randomDouble(): number {
  const dv = new DataView(new ArrayBuffer(8));
  dv.setUint32(0, Math.floor(rnd() * 2 ** 32));
  dv.setUint32(4, Math.floor(rnd() * 2 ** 32));
  const v = dv.getFloat64(0);
  return Number.isFinite(v) ? v : 1.5;
}

describe('formatG17 = printf("%.17g")', () => {
  it('matches glibc on edge cases: exponent switch-over, ties to even, subnormals, -0', () => {
    const xs = [
      0.1, 0.01, 1e-4, 1e-5, 0.0001234, 0.00001234, 1, 10, 100, 1e16, 1e17, 9.999999999999999e16,
      123456789012345678, 2 ** 53, 2 ** 53 + 2, 1 / 3, 2 / 3, Math.PI, 164.0665, 9.80665, 1e-13,
      1 + 2 ** -17, 3 + 2 ** -16, 1 + 3 * 2 ** -17, 7 + 2 ** -15, 0.5 + 2 ** -18, 1 - 2 ** -17,
      12.25 + 2 ** -13, 1e300, 1.7976931348623157e308, 5e-324, 2.2250738585072014e-308, -2.5, -0.001,
      3.4641016151377544, 1999.9999999984805, 6.253079679492466, 0.9356530004760373,
    ];
    const mine = xs.map(formatG17);
    expect(mine).toEqual(printfG17(xs));
    expect(formatG17(0)).toBe('0');
    expect(formatG17(-0)).toBe('-0');
    expect(formatG17(1 + 2 ** -17)).toBe('1.0000076293945312'); // JS's toPrecision would say …313
    expect(formatG17(NaN)).toBe('nan');
    expect(formatG17(-Infinity)).toBe('-inf');
  });

  it('matches glibc on 3000 random doubles and 2000 with few fraction bits (where ties live)', () => {
    const xs: number[] = [];
    for (let i = 0; i < 3000; i++) xs.push(randomDouble());
    for (let i = 0; i < 2000; i++) {
      const k = 1 + Math.floor(rnd() * 25);
      const m = Math.floor(rnd() * 2 ** Math.min(52, 26 + k)) * 2 + 1;
      xs.push((rnd() < 0.5 ? -1 : 1) * m * 2 ** -k);
    }
    const want = printfG17(xs);
    const got = xs.map(formatG17);
    const bad = got.map((g, i) => (g === want[i] ? null : `${xs[i]}: ${g} ≠ ${want[i]}`)).filter(Boolean);
    expect(bad).toEqual([]);
    // and the text reads back to the same double
    for (let i = 0; i < xs.length; i++) expect(Number(got[i])).toBe(xs[i]);
  });
});

describe('history and CSV text', () => {
  it('records rows in the CLI columns and grows by doubling', () => {
    // The fake module's layout puts 5 non-CSV values first: the CSV fields start at offset 5.
    const L = new Layout(FAKE_LAYOUT);
    const h = new RunHistory(2, undefined, rigidFamily(L));
    const s = new Float64Array(L.size);
    for (let k = 0; k < 5; k++) {
      s.forEach((_, i) => (s[i] = k * 100 + i));
      h.record(s, k % 2);
      h.recordImpactTime(k);
    }
    expect(h.length).toBe(5);
    expect(h.capacity).toBe(8);
    expect(h.columns.names).toHaveLength(h.stride);
    expect(h.stride).toBe(23);
    expect(h.row(3)).toEqual([...Array.from({ length: 22 }, (_, i) => 305 + i), 1]);
    expect(h.get(4, h.columns.names.indexOf('RE'))).toBe(426);
    expect(h.totalImpacts()).toBe(2);
    expect(Array.from(h.impactTimes())).toEqual([0, 1, 2, 3, 4]);
    const csv = historyToCsv(h);
    const p = parseCsv(csv);
    expect(csv.startsWith('t,x1,x2,x3,R11,R12,R13,R21,R22,R23,R31,R32,R33,gamma1,gamma2,gamma3,Pi1,Pi2,Pi3,E,TPE,RE,impacts\n')).toBe(true);
    expect(p.rows).toHaveLength(5);
    expect(p.rows[4]).toEqual(h.row(4));
    h.clear();
    expect(h.length).toBe(0);
  });

  it('stops recording at its row cap and says so', () => {
    const L = new Layout(FAKE_LAYOUT);
    const h = new RunHistory(1, 3, rigidFamily(L));
    const s = new Float64Array(L.size);
    for (let k = 0; k < 5; k++) h.record(s, 0);
    expect(h.length).toBe(3);
    expect(h.truncated).toBe(true);
  });
});

describe('export round trip with the real engine', () => {
  let engine: LgvciModule;
  let dir: string;

  beforeAll(async () => {
    const { loadEngine } = await import('../../../web/src/engine/loader');
    engine = await loadEngine();
    dir = mkdtempSync(join(tmpdir(), 'lgvci-export-'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Set-ups as the page makes them: the six presets, drop flat, and edited fields. */
  const setups: [string, (c: Controller) => void][] = [
    ['I', (c) => c.selectCase('I')],
    ['II', (c) => c.selectCase('II')],
    ['III', (c) => c.selectCase('III')],
    ['IV', (c) => c.selectCase('IV')],
    ['particle', (c) => c.selectCase('particle')],
    ['star', (c) => c.selectCase('star')],
    [
      'star edited (θ₀ 20°, ω₀ −7, ẋ₀ 1.5, height 2.5, h 0.004)',
      (c) => {
        c.selectCase('star');
        for (const [f, v] of [['gtheta0', '20'], ['gomega0', '-7'], ['gvx0', '1.5'], ['gy0', '2.5'], ['h', '0.004']] as const) {
          expect(c.setField(f, v)).toEqual({ ok: true });
        }
      },
    ],
    ['drop flat', (c) => c.applySetUp()],
    [
      'IV edited (tilt 4°, azimuth 30°, ε 0.3, γ₀, Π₀, h)',
      (c) => {
        c.selectCase('IV');
        for (const [f, v] of [
          ['tilt', '4'], ['azimuth', '30'], ['epsilon', '0.3'], ['gamma0x', '-1.5'], ['Pi0z', '7'], ['h', '0.007'],
        ] as const) expect(c.setField(f, v)).toEqual({ ok: true });
      },
    ],
  ];

  /** The page's exported JSON (the panel's pretty-printed resolved config). */
  const exportedJson = (m: SimulationModel): string => `${JSON.stringify(JSON.parse(m.resolvedJson), null, 2)}\n`;

  for (const [name, setup] of setups) {
    it.skipIf(!haveCli)(`${name}: the exported CSV equals the CLI's --csv of the exported JSON, row for row`, () => {
      const model = new SimulationModel(engine, familyTable());
      const ctl = new Controller(engine, model, 'I');
      setup(ctl);
      const steps = 400;
      model.step(steps);
      const csv = historyToCsv(model.history);
      const jsonPath = join(dir, 'run.json');
      const csvPath = join(dir, 'run.csv');
      writeFileSync(jsonPath, exportedJson(model));
      execFileSync(cliPath, ['--config', jsonPath, '--steps', String(steps), '--csv', csvPath, '--json']);
      const cli = readFileSync(csvPath, 'utf8');
      const a = csv.split('\n');
      const b = cli.split('\n');
      expect(a.length).toBe(steps + 3); // header, initial row, one per step, final newline
      expect(a[0]).toBe(b[0]);
      for (let i = 0; i < b.length; i++) if (a[i] !== b[i]) expect(`row ${i}: ${a[i]}`).toBe(`row ${i}: ${b[i]}`);
      expect(csv).toBe(cli);
      // parsed back, the numbers are the recorded doubles
      const parsed = parseCsv(csv);
      expect(parsed.header).toEqual([...model.run.layout!.csvColumns]); // the module's columns
      // (a history row keeps the record-only fields, the core's conserved_energy and qdot, after the CSV's columns)
      parsed.rows.forEach((r, k) => expect(r).toEqual(model.history.row(k).slice(0, parsed.header.length)));
      const last = parsed.rows[parsed.rows.length - 1]!;
      expect(last[parsed.header.indexOf('t')]).toBe(model.curr.t);
      const imp = parsed.header.indexOf('impacts');
      expect(parsed.rows.reduce((n, r) => n + (r[imp] ?? 0), 0)).toBe(model.curr.impacts);
      model.dispose();
    });
  }

  it('the exported JSON is accepted by createSimulation and replays the same trajectory bit for bit', () => {
    const model = new SimulationModel(engine, familyTable());
    const ctl = new Controller(engine, model, 'III');
    expect(ctl.setField('Pi0y', '-2.5')).toEqual({ ok: true });
    expect(ctl.setField('tilt', '3')).toEqual({ ok: true });
    model.step(1500);
    const json = exportedJson(model);
    const created = engine.createSimulation(json);
    expect(created.error).toBeNull();
    const replay = created.sim!;
    try {
      expect(JSON.parse(replay.configJson())).toEqual(JSON.parse(model.resolvedJson));
      expect(replay.stateHash()).toMatch(/^[0-9a-f]{16}$/);
      const replayed = new RunHistory(1024, undefined, rigidFamily(new Layout(replay.layout())));
      replayed.record(replay.record(), 0);
      for (let k = 0; k < 1500; k++) {
        const n = replay.step(1);
        replayed.record(replay.record(), n);
      }
      expect(replay.stateHash()).toBe(model.run.stateHash());
      expect(replayed.length).toBe(model.history.length);
      for (let k = 0; k < replayed.length; k++) expect(replayed.row(k)).toEqual(model.history.row(k));
      expect(model.curr.impacts).toBeGreaterThan(0);
    } finally {
      replay.delete();
      model.dispose();
    }
  });
});
