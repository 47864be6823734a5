// The family registry as the module exports it (cpp/include/lgvci/core/family.hpp): families(),
// presetNames(), statusCodes(), and family()/capabilities() on a simulation. The preset list is
// checked against tests/golden/determinism.json, and each capability flag against what the
// family's simulations do — the page may then show features by capability, not by family name.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimulationOrThrow } from '../../../web/src/engine/create';
import type { HybridSimulation, LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { golden } from './support/golden';
import { familyParts, familyTable } from '../../../web/src/app/families';
import { SimulationModel } from '../../../web/src/model/simulation-model';

let engine: LgvciModule;
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

const create = (json: string): HybridSimulation => createSimulationOrThrow(engine, json);

function fieldNames(sim: HybridSimulation): string[] {
  return sim.layout().fields.map((f) => f.name);
}

describe('the family registry (WASM)', () => {
  it('lists exactly the golden presets, family by family, each with the JSON of presetJson', () => {
    const families = engine.families();
    const names = families.flatMap((f) => f.presets.map((p) => p.name));
    expect(names).toEqual(engine.presetNames());
    expect([...names].sort()).toEqual(Object.keys(golden.presets).sort());
    expect(new Set(families.map((f) => f.name)).size).toBe(families.length);
    for (const f of families) for (const p of f.presets) expect(p.json).toBe(engine.presetJson(p.name));
  });

  it('statusCodes: the names of the core\'s StepStatus with their codes; a clean run reports ok', () => {
    const codes = engine.statusCodes();
    expect(codes).toEqual({ ok: 0, newton_failed: 1, zeno_guard: 2, work_limit: 3 });
    const sim = create(engine.presetJson('particle'));
    sim.step(10);
    expect(sim.status()).toBe(codes.ok);
    sim.delete();
  });

  it('every preset builds a simulation of the family that lists it, with that family\'s capabilities', () => {
    for (const f of engine.families()) {
      for (const p of f.presets) {
        const sim = create(p.json);
        expect(sim.family(), p.name).toBe(f.name);
        expect(sim.model(), p.name).toBe(f.model);
        expect(sim.caseName(), p.name).toBe(p.name);
        expect(sim.capabilities(), p.name).toEqual(f.capabilities);
        const fields = fieldNames(sim);
        for (const r of f.reversal) expect(fields, `${p.name}: reversal field ${r}`).toContain(r);
        // Record fields exist exactly where the capability says so.
        expect(fields.includes('contact_points'), p.name).toBe(f.capabilities.contactPhase);
        expect(fields.includes('normal_force'), p.name).toBe(f.capabilities.contactPhase);
        expect(fields.includes('dissipated'), p.name).toBe(f.capabilities.dissipation);
        expect(fields.includes('rest_truncations'), p.name).toBe(f.capabilities.restTruncation);
        sim.delete();
      }
    }
  });

  it('the rigid body, the billiard and the planar models declare a throwable body and the cradle does not', () => {
    const throwable = engine.families().filter((f) => f.capabilities.throwable).map((f) => f.name);
    expect([...throwable].sort()).toEqual(['billiard', 'generalized', 'rigid_body']);
  });

  it('a family is throwable exactly when its page package says how to hold it, and it holds every preset’s body', () => {
    const model = new SimulationModel(engine, familyTable());
    for (const f of engine.families()) {
      const throwing = familyParts(f.name).controls.throwing;
      expect(throwing !== undefined, f.name).toBe(f.capabilities.throwable);
      if (!throwing) continue;
      for (const p of f.presets) {
        model.load(p.json);
        model.step(50);
        const held: unknown = throwing.held(model.curr);
        expect(held, p.name).not.toBeNull();
        const at = throwing.at(held);
        expect(at.every(Number.isFinite), p.name).toBe(true);
        // drawn where the view draws the body (its position in the snapshot, world frame)
        for (let k = 0; k < 3; k++) expect(at[k], `${p.name} ${k}`).toBeCloseTo(model.curr.x[k] ?? NaN, 12);
      }
    }
  });

  it('a family declared reversible returns from a 100-step reverse check to 1e-9', () => {
    let checked = 0;
    for (const f of engine.families()) {
      if (!f.capabilities.reversible) continue;
      const r = engine.reverseCheck(f.presets[0]!.json, 100);
      expect(r.error, f.name).toBeNull();
      expect(r.check!.status, f.name).toBe(engine.statusCodes().ok);
      expect(Object.keys(r.check!.distances), f.name).toEqual(f.reversal);
      for (const [name, d] of Object.entries(r.check!.distances)) expect(d, `${f.name} ${name}`).toBeLessThan(1e-9);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('a family with a contact phase reaches it: the rigid body resting on the plane reports contact points', () => {
    for (const f of engine.families()) {
      if (!f.capabilities.contactPhase) continue;
      // The preset whose body starts at rest on the plane, if the family has one (found by behaviour:
      // no impact budget is spent and contact_points becomes positive).
      let reached = false;
      for (const p of f.presets) {
        const sim = create(p.json);
        const at = sim.layout().fields.find((x) => x.name === 'contact_points')!.offset;
        sim.step(200);
        if (sim.record()[at]! > 0) reached = true;
        sim.delete();
      }
      expect(reached, f.name).toBe(true);
    }
  });

  it('a family with dissipation loses energy with restitution < 1, and its ledger accounts for the loss', () => {
    for (const f of engine.families()) {
      if (!f.capabilities.dissipation) continue;
      const config = { ...(JSON.parse(f.presets[0]!.json) as Record<string, unknown>), restitution: 0.5 };
      const sim = create(JSON.stringify(config));
      sim.step(2000);
      const rec = sim.record();
      const layout = sim.layout();
      const at = (name: string) => layout.fields.find((x) => x.name === name)!.offset;
      expect(sim.totalImpacts(), f.name).toBeGreaterThan(0);
      const dissipated = rec[at('dissipated')]!;
      expect(dissipated, f.name).toBeGreaterThan(0);
      expect(sim.energy(), f.name).toBeLessThan(sim.initialEnergy() - 0.5 * dissipated);
      // E + dissipated = E0 up to the scheme's own energy error: within 1 % of what was lost.
      expect(Math.abs(sim.energy() + dissipated - sim.initialEnergy()), f.name).toBeLessThan(0.01 * dissipated);
      sim.delete();
    }
  });

  it('the baselines are accepted exactly where declared, the ensemble for every family', () => {
    for (const f of engine.families()) {
      const config = JSON.parse(f.presets[0]!.json) as Record<string, unknown>;
      const rk4 = engine.createSimulation(JSON.stringify({ ...config, integrator: 'rk4' }));
      expect(rk4.error === null, f.name).toBe(f.capabilities.baselines.includes('rk4'));
      if (rk4.sim) {
        expect(rk4.sim.integrator()).toBe('rk4');
        rk4.sim.delete();
      }
      // docs/baselines.md "The naive baseline": every built-in family declares it.
      const naive = engine.createSimulation(JSON.stringify({ ...config, integrator: 'naive' }));
      expect(naive.error === null, f.name).toBe(f.capabilities.baselines.includes('naive'));
      if (naive.sim) {
        expect(naive.sim.integrator()).toBe('naive');
        naive.sim.delete();
      } else {
        expect(naive.error!.field).toBe('integrator');
      }
      // Every family has ensembles, along its first perturbation by default (docs/ensembles.md).
      const ens = engine.createEnsemble(JSON.stringify({ config: f.presets[0]!.json, steps: 10, samples: 2, members: 2 }));
      expect(ens.error, f.name).toBeNull();
      ens.ensemble?.delete();
    }
  });
});
