// The long run's computation (what the Web Worker executes), on the real engine under Node: Case IV
// over 10^5 steps against the native CLI, decimated series, chunking and the step-count validation.
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { LongRunComputation, validateLongRunSteps } from '../../../web/src/model/long-run';
import { cliPath, haveCli } from './support/cli';


let engine: LgvciModule;
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

// The comparisons below need the native CLI; the test command builds it first, so a missing CLI is a
// failure (a test that passes without what it tests would prove nothing).
function requireCli(): void {
  expect(haveCli, `the native CLI ${cliPath} is missing: build it (cmake --build --preset native --target lgvci_cli)`).toBe(true);
}

describe('long run computation', () => {
  it('Case IV, 10^5 steps in chunks: the CLI’s impact count, energy error and final state', () => {
    requireCli();
    const ref = JSON.parse(
      execFileSync(cliPath, ['--case', 'IV', '--steps', '100000', '--json'], { encoding: 'utf8' }),
    ) as { impacts: number; max_abs_energy_error: number; final: { t: number; x: number[] }; impact_times: number[] };
    const comp = new LongRunComputation(engine, engine.presetJson('IV'), 100_000, 1000);
    let chunks = 0;
    while (!comp.finished) {
      comp.runChunk(1000);
      chunks++;
    }
    const r = comp.result(100_000, 0);
    comp.dispose();
    expect(chunks).toBe(100);
    expect(r.steps).toBe(100_000);
    expect(r.impacts).toBe(ref.impacts);
    expect(Math.abs(r.impacts - 652) / 652).toBeLessThan(0.05); // the paper: "roughly 652"
    expect(r.maxAbsEnergyError).toBe(ref.max_abs_energy_error);
    expect(r.t).toBe(ref.final.t);
    expect(r.final['x']).toEqual(ref.final.x);
    expect(r.impactTimes).toEqual(ref.impact_times); // the CLI lists every impact
    expect(r.impactTimes).toHaveLength(r.impacts);
    expect(r.series.x.length).toBeLessThanOrEqual(2001);
    const ys = r.series.ys[0]!.filter((v): v is number => v !== null);
    expect(Math.max(...ys)).toBe(r.maxAbsEnergyError);
    expect(r.computeSeconds).toBeGreaterThan(0);
    expect(r.statusMessage).toBe('');
  });

  it('stops exactly at the requested count and refuses an invalid config', () => {
    const comp = new LongRunComputation(engine, engine.presetJson('I'), 2500);
    expect(comp.runChunk(1000)).toBe(1000);
    expect(comp.runChunk(1000)).toBe(1000);
    expect(comp.runChunk(1000)).toBe(500);
    expect(comp.finished).toBe(true);
    expect(comp.runChunk(1000)).toBe(0);
    comp.dispose();
    expect(() => new LongRunComputation(engine, JSON.stringify({ case: 'I', h: -1 }), 10)).toThrow(/^h: /);
  });

  it('the star (generalized model): impacts and |H − H₀| as the CLI reports them', () => {
    requireCli();
    const ref = JSON.parse(
      execFileSync(cliPath, ['--case', 'star', '--steps', '4000', '--json'], { encoding: 'utf8' }),
    ) as { impacts: number; max_abs_energy_error: number; final: { t: number; q: number[]; p: number[] }; impact_times: number[] };
    const comp = new LongRunComputation(engine, engine.presetJson('star'), 4000);
    while (!comp.finished) comp.runChunk(1000);
    const r = comp.result(4000, 0);
    comp.dispose();
    expect(r.impacts).toBe(ref.impacts);
    expect(r.impacts).toBeGreaterThan(0);
    expect(r.impactTimes).toEqual(ref.impact_times);
    expect(r.maxAbsEnergyError).toBe(ref.max_abs_energy_error);
    expect(r.final['q']).toEqual(ref.final.q);
    expect(r.final['p']).toEqual(ref.final.p);
  });

  it('validates the typed number of steps', () => {
    expect(validateLongRunSteps('100000')).toEqual({ ok: true, value: 100000 });
    expect(validateLongRunSteps(' 100 000 ')).toEqual({ ok: true, value: 100000 });
    expect(validateLongRunSteps('1e5')).toEqual({ ok: true, value: 100000 });
    expect(validateLongRunSteps('0')).toMatchObject({ ok: false });
    expect(validateLongRunSteps('-5')).toMatchObject({ ok: false });
    expect(validateLongRunSteps('2.5')).toMatchObject({ ok: false });
    expect(validateLongRunSteps('1e8')).toEqual({ ok: false, message: 'Steps must be between 1 and 10⁷.' });
    expect(validateLongRunSteps('lots')).toEqual({ ok: false, message: 'Steps: “\u2068lots\u2069” is not a whole number.' });
  });
});
