// Golden determinism hashes in WASM (Box2D's test_determinism idea): after `steps` steps of every
// preset, the FNV-1a 64 hash of the state record equals the one in tests/golden/determinism.json,
// which the native suite checks too; so WASM and native agree bit for bit on every model.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { golden } from './support/golden';


let engine: LgvciModule;
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

describe('golden determinism hashes (WASM)', () => {
  it('covers every preset of the page', () => {
    expect(Object.keys(golden.presets).sort()).toEqual(['I', 'II', 'III', 'IV', 'billiard-ellipse', 'billiard-stadium', 'cradle', 'particle', 'rest', 'rocking', 'slide', 'star']);
    expect(golden.steps).toBe(10_000);
  });

  for (const [name, want] of Object.entries(golden.presets)) {
    it(`${name}: state hash after ${golden.steps} steps`, () => {
      const r = engine.createSimulation(engine.presetJson(name));
      expect(r.error).toBeNull();
      const sim = r.sim!;
      try {
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
