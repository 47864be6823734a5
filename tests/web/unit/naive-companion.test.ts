// The naive baseline as a companion of the page's comparison (docs/baselines.md "The naive baseline";
// docs/page.md "Comparison on the page"), against the real WASM module: the companions a family
// compares come from its declared capabilities; the naive companion's rows are those of a separate
// `"integrator": "naive"` run; and it behaves as the physics says: on the particle its energy error
// exceeds the VCI's by more than an order of magnitude over a run with impacts, its first impact is
// seen at a step's end, off by up to about h from the closed form t₁ = √(2 y₀ / g) that the VCI meets
// to round-off; on the cube it drifts where the LGVCI keeps the energy to round-off; the cradle's
// ghost is posed by the naive run's angles; the captions state these measured numbers.
import { beforeAll, describe, expect, it } from 'vitest';
import { Controller } from '../../../web/src/app/controller';
import { familyTable } from '../../../web/src/app/families';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { Layout } from '../../../web/src/engine/layout';
import { baselineConfig, comparisonPlan, mainMethodLabel } from '../../../web/src/model/baselines';
import type { CompanionRun } from '../../../web/src/model/companions';
import { comparisonCaption, lateImpactPhrase } from '../../../web/src/model/comparison-caption';
import type { TableRow } from '../../../web/src/model/comparison-long-run';
import { compareTable } from '../../../web/src/model/comparison-long-run';
import { SimulationModel } from '../../../web/src/model/simulation-model';

/** max_k |E_k − E₀| / |E₀| of a series. */
function maxRelError(E: (k: number) => number, n: number): number {
  const E0 = E(0);
  let m = 0;
  for (let k = 0; k < n; k++) m = Math.max(m, Math.abs(E(k) - E0) / Math.abs(E0));
  return m;
}

describe('the naive baseline as a companion on the page, real WASM', () => {
  let engine: LgvciModule;

  beforeAll(async () => {
    const { loadEngine } = await import('../../../web/src/engine/loader');
    engine = await loadEngine();
  });

  function modelOf(caseName: string): SimulationModel {
    const model = new SimulationModel(engine, familyTable());
    new Controller(engine, model, caseName);
    return model;
  }

  it('the companions come from the family’s declared baselines: every registered family has the naive one, only shapes get Rapier', () => {
    for (const f of engine.families()) {
      const plan = comparisonPlan(f.capabilities, 'main');
      expect(plan.filter((id) => id !== 'rapier')).toEqual([...f.capabilities.baselines]);
      expect(plan.includes('rapier')).toBe(f.capabilities.shapes);
      expect(plan).toContain('naive');
    }
    // a run configured with the naive scheme is compared with the others, not with itself
    expect(comparisonPlan({ baselines: ['rk4', 'naive'], shapes: true }, 'naive')).toEqual(['rk4', 'rapier']);
    expect(comparisonPlan({ baselines: [], shapes: false }, 'vci')).toEqual([]);
    expect(mainMethodLabel('vci')).toBe('VCI');
    expect(mainMethodLabel('naive')).toBe('Naive baseline');
  });

  it('particle: the naive rows are a separate naive run’s; its energy error is > 10× the VCI’s over a run with impacts; its first impact is O(h) off', () => {
    const model = modelOf('particle');
    expect(model.comparisonPlan).toEqual(['naive']);
    expect(model.setComparison(null)).toBe('');
    const b = model.baselines!;
    expect(b.runs.map((r) => r.id)).toEqual(['naive']);
    expect(b.note).toBe(''); // nothing planned is missing: Rapier is not the particle's
    const N = 3000;
    model.step(N);
    const nv = b.run('naive');
    expect(nv.integrator).toBe('naive');
    expect(nv.length).toBe(model.history.length);

    // the same config with "integrator": "naive", stepped on its own: equal to the last bit
    const ref = engine.createSimulation(baselineConfig(model.resolvedJson, 'naive')).sim!;
    expect(nv.energy0).toBe(ref.energy());
    for (let k = 1; k <= N; k++) {
      ref.step(1);
      if (k % 250 === 0) expect(nv.energy.get(k)).toBe(ref.energy());
    }
    expect(nv.impacts).toBe(ref.totalImpacts());
    // its drawn height and its distance from the VCI body are read from its own record
    const L = new Layout(ref.layout());
    const rec = ref.record();
    const y = rec[L.offset('q', 2) + 1]!;
    expect(nv.height.get(N)).toBe(y);
    expect(nv.interpolated(1).x[2]).toBe(y);
    const h = model.history;
    const qCol = h.columns.names.indexOf('q1');
    expect(h.columns.names[0]).toBe('t');
    const dq = Math.hypot(rec[L.offset('q', 2)]! - h.get(N, qCol), y - h.get(N, qCol + 1));
    expect(nv.divergence.get(N)).toBeCloseTo(dq, 12);
    expect(nv.divergence.get(0)).toBe(0);
    // its trail: the drawn position (x, 0, y) of every step at the main run's time of that step
    const last: [number, number, number] = [0, 0, 0];
    nv.trail.point(nv.trail.length - 1, last);
    expect(last).toEqual([rec[L.offset('q', 2)]!, 0, y]);
    expect(nv.trail.time(nv.trail.length - 1)).toBe(h.get(N, 0));
    ref.delete();

    // energy: the VCI's error stays small (it is bounded, O(h²)); the naive one's grows at every bounce
    const E = h.columns.energy;
    const vci = maxRelError((k) => h.get(k, E), N + 1);
    const naive = maxRelError((k) => nv.energy.get(k), N + 1);
    expect(h.impactCount).toBeGreaterThan(5);
    expect(nv.impacts).toBeGreaterThan(5);
    expect(vci).toBeLessThan(1e-2);
    expect(naive).toBeGreaterThan(10 * vci);

    // the first impact: y₀ = 1, p_y = 0, linear gravity g → t₁ = √(2 y₀ / g) in closed form
    const cfg = JSON.parse(model.resolvedJson) as { q0: number[]; potential: { g: number }; h: number };
    const t1 = Math.sqrt((2 * cfg.q0[1]!) / cfg.potential.g);
    expect(Math.abs(h.impactTimes()[0]! - t1)).toBeLessThan(1e-12); // the VCI locates it (Verlet's parabola is exact here)
    const tn = nv.firstImpactTime;
    expect(Math.abs(tn / cfg.h - Math.round(tn / cfg.h))).toBeLessThan(1e-9); // at a step's end
    expect(Math.abs(tn - t1)).toBeLessThanOrEqual(cfg.h);
    expect(Math.abs(tn - t1)).toBeGreaterThan(1e-6);
    model.dispose();
  });

  it('the cube (Case IV): the naive companion drifts by > 10× the LGVCI’s energy error; RK4 and the naive baseline run, Rapier is noted missing', () => {
    const model = modelOf('IV');
    expect(model.comparisonPlan).toEqual(['rk4', 'naive', 'rapier']);
    expect(model.setComparison(null)).toBe('');
    const b = model.baselines!;
    expect(b.runs.map((r) => r.id)).toEqual(['rk4', 'naive']);
    expect(b.note).toMatch(/Rapier is not loaded/);
    const N = 1500;
    model.step(N);
    const h = model.history;
    expect(h.impactCount).toBeGreaterThan(3);
    const nv = b.run('naive');
    expect(nv.impacts).toBeGreaterThan(3);
    const lg = maxRelError((k) => h.get(k, h.columns.energy), N + 1);
    const naive = maxRelError((k) => nv.energy.get(k), N + 1);
    expect(lg).toBeLessThan(1e-10);
    expect(naive).toBeGreaterThan(10 * lg);
    expect(naive).toBeGreaterThan(1e-6);
    // ghost pose: R stays a rotation (the drawn quaternion is a unit one)
    const q = nv.interpolated(0.5).q;
    expect(Math.hypot(...q)).toBeCloseTo(1, 12);
    model.dispose();
  });

  it('the cradle: the naive ghost is posed by the naive run’s own angles; the star and a billiard run it too', () => {
    const model = modelOf('cradle');
    expect(model.setComparison(null)).toBe('');
    model.step(200);
    const nv: CompanionRun = model.baselines!.run('naive');
    const ref = engine.createSimulation(baselineConfig(model.resolvedJson, 'naive')).sim!;
    ref.step(200);
    const L = new Layout(ref.layout());
    const n = L.field('q').size;
    const q = Array.from(ref.record().subarray(L.offset('q', n), L.offset('q', n) + n));
    expect(nv.interpolated(1).coords).toEqual(q);
    ref.delete();
    model.dispose();
    for (const c of ['star', 'billiard-stadium']) {
      const m = modelOf(c);
      expect(m.setComparison(null)).toBe('');
      m.step(300);
      expect(m.baselines!.run('naive').length).toBe(m.history.length);
      expect(Number.isFinite(m.baselines!.run('naive').energy.get(300))).toBe(true);
      m.dispose();
    }
  });

  it('a run configured with the naive scheme itself has nothing to compare with: the switch says so', () => {
    const model = new SimulationModel(engine, familyTable());
    model.load(baselineConfig(engine.presetJson('particle'), 'naive'));
    expect(model.comparisonPlan).toEqual([]);
    expect(model.setComparison(null)).toMatch(/already uses the naive integrator/);
    expect(model.baselines).toBeNull();
    model.dispose();
  });

  it('time reversal reaches the naive companion: in generalized coordinates its return error is |q − q₀|', () => {
    const model = modelOf('star');
    model.setComparison(null);
    model.step(100);
    expect(model.reverse()).toBe('');
    model.step(100);
    const d = model.reversal!.companions['naive'];
    expect(d).toBeDefined();
    expect(Number.isFinite(d!)).toBe(true);
    // symplectic Euler is not symmetric: it does not retrace its steps to round-off
    expect(d!).toBeGreaterThan(1e-9);
    model.dispose();
  });

  it('the long-run table has the main run’s row and one per companion, the naive row equal to the core’s naive run', () => {
    const rows: TableRow[] = [];
    const cfg = engine.presetJson('particle');
    compareTable(engine, null, familyTable().rapier, cfg, 2000, (r) => rows.push(r));
    expect(rows.map((r) => r.method)).toEqual(['VCI', 'Naive baseline']);
    const sim = engine.createSimulation(baselineConfig(cfg, 'naive')).sim!;
    sim.step(2000);
    expect(rows[1]!.impacts).toBe(sim.totalImpacts());
    expect(rows[1]!.finalDrift).toBe((sim.energy() - sim.initialEnergy()) / Math.abs(sim.initialEnergy()));
    sim.delete();
    expect(rows[1]!.maxRelError).toBeGreaterThan(10 * rows[0]!.maxRelError);
  });

  it('captions: the naive baseline’s impact times, measured, and why they are off by O(h)', () => {
    const main = { label: 'VCI', relError: 3.6e-4, drift: -3.6e-4, impacts: 11, divergence: NaN, firstImpact: 0.4515236 };
    const nv = { label: 'Naive baseline', relError: 0.2, drift: -0.2, impacts: 40, divergence: 0.3, id: 'naive', firstImpact: 0.45 };
    const p = lateImpactPhrase(main, nv, 0.01);
    expect(p).toContain('end of a step that ends inside the obstacle');
    expect(p).toContain('h = 0.01 s');
    expect(p).toContain("First impact: t = 0.4500 s against the VCI's 0.4515 s (1.5e-3 s early)");
    expect(p).toContain('Impacts so far: 40 against 11');
    const c = comparisonCaption(5, 500, main, [nv], { distanceName: '|Δq|', h: 0.01 });
    expect(c).toMatch(/^After 5\.0 s \(500 steps, 11 impacts of the VCI body\)/);
    expect(c).toContain('Naive baseline has lost 20 % of the energy');
    expect(c).toContain('Distance from the VCI body (|Δq|): Naive baseline 0.30');
    expect(c).toContain(p.trim());
    expect(comparisonCaption(0, 0, main, [nv])).toMatch(/^The two bodies start/);
  });
});
