// The typed field update through the module (HybridSimulation.withField, docs/architecture.md "The walk
// of h"): for every preset of every family, the run withField('h', …) gives is the run a config with
// that h gives, bit for bit, and h comes back as the core's value (h()); the rigid body's restitution
// likewise; a refused value is an error naming the field with the schema's rule, the run unchanged.
import { beforeAll, describe, expect, it } from 'vitest';
import type { HybridSimulation, LgvciModule } from '../../../web/src/engine/lgvci_wasm';

let engine: LgvciModule;

beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

function create(json: string): HybridSimulation {
  const r = engine.createSimulation(json);
  if (!r.sim) throw new Error(r.error.message);
  return r.sim;
}

/** The run of `sim`'s resolved config with the top-level number `key` set, built from the JSON. */
function fromJson(sim: HybridSimulation, key: string, value: number): HybridSimulation {
  return create(JSON.stringify({ ...(JSON.parse(sim.configJson()) as object), [key]: value }));
}

function expectSameRun(a: HybridSimulation, b: HybridSimulation, steps: number, what: string): void {
  expect(a.configJson(), what).toBe(b.configJson());
  a.step(steps);
  b.step(steps);
  expect(a.stateHash(), what).toBe(b.stateHash());
  expect(a.totalImpacts(), what).toBe(b.totalImpacts());
}

describe('withField through the module', () => {
  it("every preset's run with another h is the run of its config with that h, and h() is the core's", () => {
    for (const name of engine.presetNames()) {
      const sim = create(engine.presetJson(name));
      sim.step(50); // the update restarts from the config's start, wherever the run is
      const h = sim.h() * 0.75;
      const r = sim.withField('h', h);
      expect(r.error, name).toBeNull();
      const typed = r.sim!;
      expect(typed.h(), name).toBe(h);
      expect(typed.steps(), name).toBe(0);
      const parsed = fromJson(sim, 'h', h);
      expectSameRun(typed, parsed, 400, name);
      for (const s of [sim, typed, parsed]) s.delete();
    }
  });

  it("the rigid body's restitution: the run of its config with that e", () => {
    for (const name of ['I', 'IV', 'rocking']) {
      const sim = create(engine.presetJson(name));
      const r = sim.withField('restitution', 0.6);
      expect(r.error, name).toBeNull();
      const parsed = fromJson(sim, 'restitution', 0.6);
      expect(JSON.parse(r.sim!.configJson()).restitution, name).toBe(0.6);
      expectSameRun(r.sim!, parsed, 400, name);
      for (const s of [sim, r.sim!, parsed]) s.delete();
    }
  });

  it('a refused value names the field with its row rule; an unknown or non-number path is refused', () => {
    const sim = create(engine.presetJson('IV'));
    sim.step(10);
    const hash = sim.stateHash();
    const zero = sim.withField('h', 0);
    expect(zero.sim).toBeNull();
    expect(zero.error?.field).toBe('h');
    expect(zero.error?.message).toMatch(/^h: must be in \[1e-12, 1e\+?0?6\]/);
    const e = sim.withField('restitution', 1.5);
    expect(e.error?.field).toBe('restitution');
    expect(e.error?.message).toMatch(/^restitution: must be in \[0, 1\]/);
    expect(sim.withField('nope', 1).error?.message).toMatch(/^nope: is not a number row of the rigid_body config/);
    expect(sim.withField('x0', 1).error?.field).toBe('x0');
    expect(sim.stateHash()).toBe(hash);
    sim.delete();
  });
});
