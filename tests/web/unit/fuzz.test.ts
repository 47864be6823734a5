// Property-based tests of the WASM entry points under Node (the same properties as the
// native fuzzer, with fast-check): whatever JSON or values come in, createSimulation answers with a
// simulation or with a "<field>: <rule>" message and never throws; an accepted simulation never shows
// a non-finite state; step() with hostile counts returns or throws an Error, nothing else; and 10⁴
// create/delete cycles leave the WASM heap as it was.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimulation } from '../../../web/src/engine/create';
import type { HybridSimulation, LgvciModule } from '../../../web/src/engine/lgvci_wasm';

let engine: LgvciModule;
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

const PRESETS = ['I', 'II', 'III', 'IV', 'particle', 'star'] as const;
/** "<field>: <rule>": a field (a path like plane.tilt or x0[2], or an unknown key as typed) and a rule. */
function expectFieldRule(field: string, message: string): void {
  expect(field.trim(), message).not.toBe('');
  expect(message.startsWith(`${field}: `), message).toBe(true);
  expect(message.slice(field.length + 2).trim(), message).not.toBe('');
}

/** Call createSimulation; the answer must be exactly one of a simulation or an error value. */
function create(json: string): HybridSimulation | null {
  let r: ReturnType<LgvciModule['createSimulation']>;
  try {
    r = engine.createSimulation(json);
  } catch (e) {
    throw new Error(`createSimulation threw ${e instanceof Error ? e.name : typeof e} for ${json.slice(0, 200)}: ${String(e)}`);
  }
  if (r.sim) {
    expect(r.error).toBeNull();
    return r.sim;
  }
  expectFieldRule(r.error.field, r.error.message);
  return null;
}

/** Every value of the record is finite (the state shown on the page, written to the CSV). */
function expectFiniteRecord(sim: HybridSimulation, where: string): void {
  const s = sim.record();
  for (const f of sim.layout().fields) {
    for (let i = 0; i < f.size; i++) {
      const v = s[f.offset + i];
      if (!Number.isFinite(v)) throw new Error(`${where}: ${f.name}[${i}] = ${String(v)} (status ${sim.status()}: ${sim.statusMessage()})`);
    }
  }
}

/** Step an accepted simulation a few hundred steps; a halt must come with a message, never NaN. */
function exercise(sim: HybridSimulation, where: string, steps = 300): void {
  expectFiniteRecord(sim, `${where}, t0`);
  for (let k = 0; k < steps; k += 50) {
    sim.step(50);
    if (sim.status() === 1) {
      expect(sim.statusMessage()).not.toBe('');
      expectFiniteRecord(sim, `${where}, halted`);
      return;
    }
    expectFiniteRecord(sim, `${where}, step ${k + 50}`);
  }
}

/** Numbers a careless or hostile user might type: zero, signs, huge, tiny, subnormal, ±max. */
const M = 1e300;
const hostileNumber = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -M, max: M }),
  fc.constantFrom(0, -0, 1, -1, 1e-320, 5e-324, 1e-13, 1e-300, 1e50, -1e50, M, -M, 2 ** 31, -(2 ** 31)),
  fc.integer({ min: -1000, max: 1000 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileNumber,
  fc.array(hostileNumber, { maxLength: 5 }),
  fc.array(fc.array(hostileNumber, { maxLength: 4 }), { maxLength: 4 }),
  fc.constantFrom(null, true, false, '', 'NaN', 'Infinity', '1e5', [], {}, [[]], { type: 'cube' }),
  fc.string({ maxLength: 8 }),
);

/** Keys of both families' configs (and a few that exist in neither). */
const KEYS = [
  'case', 'model', 'body', 'mass', 'inertia', 'gravity', 'h', 'plane', 'x0', 'R0', 'gamma0', 'Pi0', 'retraction',
  'root_finder', 'tolerance', 'max_impacts_per_step', 'contact_tolerance', 'strict_detection', 'mass_matrix',
  'potential', 'constraints', 't0', 'q0', 'p0', 'qdot0', 'bogus',
] as const;

describe('createSimulation under fast-check', () => {
  it('arbitrary JSON text and values: a simulation or a "<field>: <rule>" value, never a throw', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.json({ maxDepth: 4 }),
          fc.string({ maxLength: 40 }),
          fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
          fc.constantFrom('', '{', 'null', '[]', '1', '"I"', '{"case":"I",}', '{"case":"I","case":"II"}', '\u0000'),
        ),
        (json) => {
          const sim = create(json);
          if (sim) {
            try {
              exercise(sim, json.slice(0, 80), 100);
            } finally {
              sim.delete();
            }
          }
        },
      ),
      { numRuns: 400, seed: 20261122 },
    );
  });

  it('a preset with hostile values in up to three keys: accepted runs stay finite, rejections name a field', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PRESETS),
        fc.array(fc.tuple(fc.constantFrom(...KEYS), hostileValue), { minLength: 1, maxLength: 3 }),
        (preset, edits) => {
          const cfg = JSON.parse(engine.presetJson(preset)) as Record<string, unknown>;
          for (const [k, v] of edits) cfg[k] = v;
          const json = JSON.stringify(cfg);
          const sim = create(json);
          if (sim) {
            try {
              exercise(sim, `${preset} with ${JSON.stringify(edits).slice(0, 160)}`);
            } finally {
              sim.delete();
            }
          }
        },
      ),
      { numRuns: 300, seed: 8 },
    );
  });

  it('valid start changes (initial conditions and h in their page ranges) always run finite', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PRESETS),
        fc.double({ min: 1e-4, max: 0.05, noNaN: true }),
        fc.array(fc.double({ min: -20, max: 20, noNaN: true }), { minLength: 3, maxLength: 3 }),
        (preset, h, v) => {
          const cfg = JSON.parse(engine.presetJson(preset)) as Record<string, unknown>;
          cfg['h'] = h;
          if (cfg['model'] === 'generalized') {
            const n = (cfg['q0'] as number[]).length;
            delete cfg['p0'];
            cfg['qdot0'] = v.slice(0, n).map((x) => x / 2);
          } else {
            cfg['gamma0'] = v;
          }
          const sim = create(JSON.stringify(cfg));
          expect(sim, `${preset} h=${h} v=${v.join(',')}`).not.toBeNull();
          try {
            exercise(sim!, `${preset} h=${h} v=${v.join(',')}`, 200);
          } finally {
            sim!.delete();
          }
        },
      ),
      { numRuns: 120, seed: 3 },
    );
  });
});

describe('inputs the hardening fixed', () => {
  it('a blank or NUL-containing key is rejected with "<field>: <rule>"', () => {
    for (const json of ['{"":[]}', '{" ":[]}', '{"a\\u0000b":1}']) {
      expect(create(json)).toBeNull(); // create() checks "<field>: <rule>" with a non-empty, printable field
      const r = engine.createSimulation(json);
      expect(r.error?.message).not.toContain('\u0000');
    }
  });

  it('a momentum that would overflow downstream (1e154) is rejected naming Pi0', () => {
    const r = engine.createSimulation(JSON.stringify({ case: 'I', Pi0: [0, 0, 2.1619440674175687e154] }));
    expect(r.sim).toBeNull();
    // The config schema's bound on each entry (docs/config.md): the entry is named.
    expect(r.error?.field).toBe('Pi0[2]');
    expect(r.error?.message).toBe('Pi0[2]: must be in [-1e12, 1e12]');
  });
});

describe('step() under fast-check', () => {
  it('hostile step counts: a number of impacts ≥ 0 or an Error, and the state stays finite', () => {
    const sims = PRESETS.map((p) => create(engine.presetJson(p))!);
    try {
      fc.assert(
        fc.property(
          fc.nat({ max: sims.length - 1 }),
          fc.oneof(
            fc.integer({ min: -(2 ** 31), max: 0 }),
            fc.integer({ min: 0, max: 200 }),
            fc.constantFrom(NaN, -Infinity, 0.5, -0.5, 1.9),
            fc.constantFrom('3', null, undefined, {}, [] as unknown[]) as fc.Arbitrary<unknown>,
          ),
          (i, n) => {
            const sim = sims[i]!;
            const before = sim.steps();
            let got: unknown;
            try {
              got = (sim.step as (x: unknown) => number)(n);
            } catch (e) {
              // embind rejects what is not a number: that must be a real Error, not a bare value
              expect(e).toBeInstanceOf(Error);
              return;
            }
            expect(typeof got).toBe('number');
            expect(got as number).toBeGreaterThanOrEqual(0);
            expect(sim.steps()).toBeGreaterThanOrEqual(before);
            expectFiniteRecord(sim, `${PRESETS[i]} after step(${String(n)})`);
          },
        ),
        { numRuns: 300, seed: 11 },
      );
    } finally {
      for (const s of sims) s.delete();
    }
  });
});

describe('no leak across create/delete', () => {
  it('10⁴ create/delete cycles of valid and invalid configs leave the WASM heap as it was', () => {
    const configs = [
      ...PRESETS.map((p) => engine.presetJson(p)),
      JSON.stringify({ case: 'I', x0: [0, 0, 1] }),
      JSON.stringify({ case: 'star', q0: [0, 0.1, 0] }),
      '{',
      JSON.stringify({ model: 'generalized', q0: [0, 1] }),
      JSON.stringify({ case: 'IV', body: { epsilon: -1 } }),
    ];
    const cycle = (json: string, steps: number): void => {
      const r = createSimulation(engine, json);
      if (r.ok) {
        r.sim.step(steps);
        r.sim.drainImpacts();
        r.sim.layout();
        r.sim.delete();
      }
    };
    for (const c of configs) cycle(c, 20); // warm-up: one-time allocations of the module
    const before = engine.heapBytesInUse();
    expect(before).toBeGreaterThan(0);
    for (let k = 0; k < 10_000; k++) cycle(configs[k % configs.length]!, k % 7);
    const after = engine.heapBytesInUse();
    expect(after - before).toBeLessThanOrEqual(0);
  });
});
