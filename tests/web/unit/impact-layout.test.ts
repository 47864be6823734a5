// Each simulation's impact layout (HybridSimulation.impactLayout()): the module's common impact record
// followed by the family's own columns, and drainImpacts() rows of that stride. The billiard's columns
// s (arc length of the bounce point) and p_t (tangential momentum) against the exact first bounce.
import { beforeAll, describe, expect, it } from 'vitest';
import type { HybridSimulation, LgvciModule } from '../../../web/src/engine/lgvci_wasm';

let engine: LgvciModule;
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

function create(json: string): HybridSimulation {
  const r = engine.createSimulation(json);
  if (r.error) throw new Error(r.error.message);
  return r.sim;
}

describe('impact layouts (WASM)', () => {
  it('every preset: the common record first, and drained rows of the simulation\'s stride', () => {
    const common = engine.impactLayout();
    for (const name of engine.presetNames()) {
      const sim = create(engine.presetJson(name));
      try {
        const L = sim.impactLayout();
        expect(L.fields.slice(0, common.fields.length), name).toEqual(common.fields);
        expect(L.size, name).toBeGreaterThanOrEqual(common.size);
        const impacts = sim.step(2000);
        expect(sim.drainImpacts().length, name).toBe(impacts * L.size);
      } finally {
        sim.delete();
      }
    }
  });

  it('billiard-ellipse: the first bounce at the exact chord time, with s and p_t of that point', () => {
    const sim = create(engine.presetJson('billiard-ellipse'));
    try {
      const L = sim.impactLayout();
      const at = (name: string) => L.fields.find((f) => f.name === name)!.offset;
      expect(L.csvColumns.slice(-2)).toEqual(['s', 'p_t']);
      sim.step(100); // t = 1: one bounce
      const row = sim.drainImpacts();
      expect(row.length).toBe(L.size);
      // (0.5 + 0.6t)²/4 + (0.2 + 0.8t)² = 1: 0.73t² + 0.47t − 0.8975 = 0
      const t = (-0.47 + Math.sqrt(0.47 * 0.47 + 4 * 0.73 * 0.8975)) / (2 * 0.73);
      expect(Math.abs(row[at('t')]! - t)).toBeLessThan(1e-14);
      const x = 0.5 + 0.6 * t, y = 0.2 + 0.8 * t;
      // The counter-clockwise tangent is the outward normal (x/4, y) turned by +90°.
      const nx = x / 4, ny = y, nn = Math.hypot(nx, ny);
      expect(Math.abs(row[at('p_t')]! - (0.6 * -ny + 0.8 * nx) / nn)).toBeLessThan(1e-14);
      // A first-quadrant point: s between 0 and a quarter of the perimeter (9.6884482205476…).
      expect(row[at('s')]!).toBeGreaterThan(0);
      expect(row[at('s')]!).toBeLessThan(9.6884482205476 / 4);
    } finally {
      sim.delete();
    }
  });
});
