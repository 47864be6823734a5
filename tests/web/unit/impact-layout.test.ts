// Each simulation's impact layout (HybridSimulation.impactLayout()): the module's common impact record
// followed by the family's own columns (only those it fills), and drainImpacts() rows of that stride. The
// rigid body's and the billiard's own columns (s: arc length of the bounce point, p_t: tangential
// momentum) against closed forms at their first impact.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimulationOrThrow } from '../../../web/src/engine/create';
import type { HybridSimulation, LgvciModule } from '../../../web/src/engine/lgvci_wasm';

let engine: LgvciModule;
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

const create = (json: string): HybridSimulation => createSimulationOrThrow(engine, json);

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

  it('each family shows only the columns it fills after the common ones', () => {
    const own = (preset: string): string[] => {
      const sim = create(engine.presetJson(preset));
      try {
        return sim.impactLayout().csvColumns.slice(engine.impactLayout().csvColumns.length);
      } finally {
        sim.delete();
      }
    };
    expect(own('I')).toEqual(['body_point1', 'body_point2', 'body_point3', 'contacts', 'dissipated']);
    expect(own('star')).toEqual(['contacts', 'constraint', 'energy_mismatch']);
    expect(own('billiard-ellipse')).toEqual(['constraint', 'energy_mismatch', 's', 'p_t']);
  });

  it('the rigid body\'s first impact: its point on the plane, its body-frame point on the ellipsoid, one point, elastic', () => {
    const sim = create(engine.presetJson('I'));
    try {
      const L = sim.impactLayout();
      const at = (name: string) => L.fields.find((f) => f.name === name)!.offset;
      let row: Float64Array = new Float64Array(0);
      for (let k = 0; k < 1000 && row.length === 0; k++) if (sim.step(1) > 0) row = sim.drainImpacts();
      expect(row.length).toBeGreaterThanOrEqual(L.size);
      expect(row[at('contacts')]).toBe(1);
      expect(row[at('dissipated')]).toBe(0); // e = 1 (the paper's experiments are elastic)
      // The first impact's point is on the plane z = 0 (Tran & Leok (6.9): Φ = 0 at the impact).
      expect(Math.abs(row[at('point') + 2]!)).toBeLessThan(1e-9);
      // The body-frame point is on the ellipsoid's surface, semi-axes (2, 3, 4).
      const b = at('body_point');
      const r = (row[b]! / 2) ** 2 + (row[b + 1]! / 3) ** 2 + (row[b + 2]! / 4) ** 2;
      expect(Math.abs(r - 1)).toBeLessThan(1e-12);
    } finally {
      sim.delete();
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
