// Golden determinism hashes in WASM (Box2D's test_determinism idea): after `steps` steps of every
// preset, the FNV-1a 64 hash of the state record equals the one in tests/golden/determinism.json,
// which the native suite checks too; so WASM and native agree bit for bit on every model.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { golden, goldenRuns, type GoldenRun } from './support/golden';


let engine: LgvciModule;
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

describe('golden determinism hashes (WASM)', () => {
  it('covers every preset of the core (so a new family\'s presets need their hashes, not a list here)', () => {
    expect(Object.keys(golden.presets).sort()).toEqual([...engine.presetNames()].sort());
    expect(golden.steps).toBe(10_000);
  });

  const runs: [string, string, GoldenRun][] = [
    ...Object.entries(golden.presets).map(([name, want]): [string, string, GoldenRun] => [name, '', want]),
    ...goldenRuns(golden.rk4).map(([name, want]): [string, string, GoldenRun] => [name, 'rk4', want]),
    ...goldenRuns(golden.naive).map(([name, want]): [string, string, GoldenRun] => [name, 'naive', want]),
  ];
  it('has the naive baseline for every preset and RK4 for Cases I–IV', () => {
    expect(goldenRuns(golden.naive).map(([n]) => n).sort()).toEqual(Object.keys(golden.presets).sort());
    expect(goldenRuns(golden.rk4).map(([n]) => n)).toEqual(['I', 'II', 'III', 'IV']);
  });

  for (const [name, integrator, want] of runs) {
    it(`${name}${integrator ? ` (${integrator})` : ''}: state hash after ${golden.steps} steps`, () => {
      const config = JSON.parse(engine.presetJson(name)) as Record<string, unknown>;
      if (integrator) config['integrator'] = integrator;
      const r = engine.createSimulation(JSON.stringify(config));
      expect(r.error).toBeNull();
      const sim = r.sim!;
      try {
        expect(sim.integrator()).toBe(integrator || sim.integrator());
        const before = sim.stateHash();
        let impacts = 0;
        for (let done = 0; done < golden.steps; done += 1000) impacts += sim.step(Math.min(1000, golden.steps - done));
        expect(sim.status()).not.toBe(1);
        expect(sim.steps()).toBe(golden.steps);
        expect(sim.time()).toBe(want.t);
        expect(impacts).toBe(want.impacts);
        expect(sim.totalImpacts()).toBe(want.impacts);
        expect(sim.stateHash()).toBe(want.hash);
        // and the hash is of the state: a reset goes back to the initial one
        sim.reset();
        expect(sim.stateHash()).toBe(before);
      } finally {
        sim.delete();
      }
    });
  }
});
