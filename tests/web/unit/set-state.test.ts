// A run restarted from a state record through the module (setState, docs/api.md) and the directions its
// start can be perturbed in (perturbations, docs/ensembles.md "Perturbations"), for every preset of every
// family: the run a config of that state gives, bit for bit, with refusals as values.
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

describe('setState through the module', () => {
  it('every preset restarted from its record after 300 steps runs as the config of that state', () => {
    for (const name of engine.presetNames()) {
      const a = create(engine.presetJson(name));
      a.step(300);
      const state = Float64Array.from(a.record());
      const b = create(engine.presetJson(name));
      expect(b.setState(state), name).toBeNull();
      expect(b.steps(), name).toBe(0);
      expect(b.time(), name).toBe(a.time());
      const c = create(b.configJson());
      b.step(700);
      c.step(700);
      expect(Array.from(b.record()), name).toEqual(Array.from(c.record()));
      expect(b.stateHash(), name).toBe(c.stateHash());
      for (const s of [a, b, c]) s.delete();
    }
  });

  it('a refused state is a value naming the record field; the run is unchanged', () => {
    const sim = create(engine.presetJson('IV'));
    sim.step(20);
    const hash = sim.stateHash();
    const state = Float64Array.from(sim.record());
    const x = sim.layout().fields.find((f) => f.name === 'x')!;
    state[x.offset + 2] = -4;
    expect(sim.setState(state)?.message).toMatch(/^x: the initial state penetrates the plane/);
    expect(sim.setState([1, 2, 3])).toEqual({
      field: 'record',
      message: `record: must have ${sim.layout().size} numbers (this run's layout), got 3`,
    });
    expect(sim.stateHash()).toBe(hash);
    sim.delete();
  });

  it("each family's perturbations, the default first, and perturbedStart along any of them", () => {
    const names = (preset: string): string[] => {
      const sim = create(engine.presetJson(preset));
      const out = sim.perturbations().map((p) => p.name);
      sim.delete();
      return out;
    };
    expect(names('IV').slice(0, 2)).toEqual(['position', 'attitude']);
    expect(names('star')).toEqual(['y', 'x', 'theta', 'p_y', 'p_x', 'p_theta']);
    expect(names('cradle')[0]).toBe('theta1');
    expect(names('billiard-stadium')).toEqual(['x', 'y', 'p_x', 'p_y']);
    const star = create(engine.presetJson('star'));
    const q = star.layout().fields.find((f) => f.name === 'q')!;
    const moved = star.perturbedStart('theta', 0.25);
    expect(moved.error).toBeNull();
    const r0 = star.record();
    const r1 = moved.sim!.record();
    expect(r1[q.offset + 2]).toBe((r0[q.offset + 2] ?? NaN) + 0.25);
    expect(r1[q.offset + 1]).toBe(r0[q.offset + 1]);
    expect(star.perturbedStart('attitude', 0.1).error?.field).toBe('kind');
    moved.sim!.delete();
    star.delete();
  });
});
