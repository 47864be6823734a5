// The claims' bindings (docs/momentum-maps.md, docs/order-study.md) on the real engine under Node, against
// the native CLI: the momentum maps' layout and values, and one order-study level bit for bit (native and
// WASM run the same core; tests/golden/determinism.json holds the runs themselves to the same bits).
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { cliPath, haveCli } from './support/cli';

let engine: LgvciModule;
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

// The comparisons need the native CLI; the test command builds it first, so a missing CLI is a failure.
function cli(...args: string[]): Record<string, unknown> {
  expect(haveCli, `the native CLI ${cliPath} is missing: build it (cmake --build --preset native --target lgvci_cli)`).toBe(true);
  return JSON.parse(execFileSync(cliPath, [...args, '--json'], { encoding: 'utf8' })) as Record<string, unknown>;
}

describe('momentum maps (WASM)', () => {
  it('layout per family and the values the CLI starts from; the LGVCI keeps them through impacts', () => {
    for (const [name, names] of [
      ['I', ['gamma_u', 'gamma_v', 'L_n']],
      ['II', ['gamma_u']],
      ['star', ['p1']],
      ['cradle', []],
      ['billiard-stadium', []],
    ] as const) {
      const r = engine.createSimulation(engine.presetJson(name));
      expect(r.error).toBeNull();
      const sim = r.sim!;
      try {
        expect(sim.momentumMapLayout().map((f) => f.name)).toEqual(names);
        const start = Array.from(sim.momentumMaps());
        const ref = cli('--case', name, '--steps', '2000', '--momentum-maps')['momentum_maps'] as {
          initial: number[];
          max_drift: number[];
          impacts: number;
        };
        expect(start).toEqual(ref.initial);
        sim.step(2000);
        expect(sim.totalImpacts()).toBe(ref.impacts);
        const now = sim.momentumMaps();
        for (let k = 0; k < start.length; k++) expect(Math.abs(now[k]! - start[k]!)).toBeLessThanOrEqual(ref.max_drift[k]!);
        if (name === 'I') expect(Math.max(...ref.max_drift)).toBeLessThan(1e-11);
      } finally {
        sim.delete();
      }
    }
  });
});

describe('order study (WASM)', () => {
  it('Case I: the reference in chunks and one level, bit for bit the native study', () => {
    const ref = cli('--case', 'I', '--order-study')['order_study'] as { h: number[]; error: number[]; T: number; steps: number };
    const r = engine.createOrderStudy(engine.presetJson('I'), 0);
    expect(r.error).toBeNull();
    const study = r.study!;
    try {
      expect(study.levels()).toBe(6);
      expect(study.steps()).toBe(ref.steps);
      expect(study.T()).toBe(ref.T);
      expect(study.referenceSteps()).toBe(ref.steps * 256);
      let chunks = 0;
      for (;;) {
        const a = study.advanceReference(20_000);
        expect(a.error).toBeNull();
        chunks++;
        if (a.done) break;
      }
      expect(chunks).toBe(Math.ceil((ref.steps * 256) / 20_000));
      expect(study.referenceStepsDone()).toBe(ref.steps * 256);
      const level = study.runLevel(2);
      expect(level.error).toBeNull();
      expect(level.stateError).toBe(ref.error[2]);
      const partial = JSON.parse(study.resultJson()) as { h: number[]; error: number[]; fitted_order: number | null };
      expect(partial.h).toEqual([ref.h[2]]);
      expect(partial.fitted_order).toBeNull(); // one level: nothing to fit
      expect(study.runLevel(6).error?.field).toBe('level');
    } finally {
      study.delete();
    }
  });

  it('refuses with the field named', () => {
    const big = engine.createOrderStudy(engine.presetJson('particle'), 1e6);
    expect(big.study).toBeNull();
    expect(big.error?.field).toBe('steps');
    expect(big.error?.message).toMatch(/^steps: must be at most 16384/);
    const bad = engine.createOrderStudy(JSON.stringify({ case: 'particle', h: -1 }), 0);
    expect(bad.error?.field).toBe('h');
    expect(engine.createOrderStudy(engine.presetJson('particle'), 0.5).error?.field).toBe('steps');
  });
});
