// The built module against its one declaration (cpp/api/wasm.hpp; docs/architecture.md "The bindings: one
// declaration"). The registrations, lgvci_wasm.d.ts and lgvci_api.ts are generated from it, and the ctest
// test bindings_generated fails while a committed one differs, so names cannot drift between them. What is
// left to check here: the types and the value lists agree (tsc), the built module registers what the
// declaration says (a stale build fails), and every plain object the hand-written implementations build
// has the declared fields, no more and no fewer.
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  CAPABILITY_FIELDS,
  CLASS_METHODS,
  MODULE_FUNCTIONS,
  STEP_STATUSES,
  VALUE_FIELDS,
  noCapabilities,
} from '../../../cpp/wasm/lgvci_api';
import type {
  Capabilities,
  EnsembleRunner,
  HybridSimulation,
  LgvciModule,
  OrderStudyRunner,
  StepStatusName,
} from '../../../web/src/engine/lgvci_wasm';

type ValueName = keyof typeof VALUE_FIELDS;

/** `value` has every field `name` declares as required, and no field it does not declare. */
function expectShape(value: unknown, name: ValueName, where: string): void {
  expect(value, `${where}: ${name}`).toBeTypeOf('object');
  expect(value, `${where}: ${name}`).not.toBeNull();
  const { required, optional } = VALUE_FIELDS[name];
  const keys = Object.keys(value as object);
  for (const k of required) expect(keys, `${where}: ${name} lacks '${k}'`).toContain(k);
  const declared = new Set<string>([...required, ...optional]);
  expect(keys.filter((k) => !declared.has(k)), `${where}: ${name} has undeclared fields`).toEqual([]);
}

// What embind gives every class on top of its registered methods.
const EMBIND_CLASS_BUILTINS = new Set(['constructor', 'clone', 'delete', 'deleteLater', 'isAliasOf', 'isDeleted']);

let engine: LgvciModule;
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

describe('the module agrees with its declaration', () => {
  it('types: the generated value lists are the generated types\' keys', () => {
    expectTypeOf<(typeof CAPABILITY_FIELDS)[number]['name']>().toEqualTypeOf<keyof Capabilities>();
    expectTypeOf<(typeof CLASS_METHODS.HybridSimulation)[number]>().toEqualTypeOf<Exclude<keyof HybridSimulation, 'delete'>>();
    expectTypeOf<(typeof CLASS_METHODS.EnsembleRunner)[number]>().toEqualTypeOf<Exclude<keyof EnsembleRunner, 'delete'>>();
    expectTypeOf<(typeof CLASS_METHODS.OrderStudyRunner)[number]>().toEqualTypeOf<Exclude<keyof OrderStudyRunner, 'delete'>>();
    expectTypeOf<(typeof MODULE_FUNCTIONS)[number]>().toEqualTypeOf<keyof LgvciModule>();
    expectTypeOf<keyof typeof STEP_STATUSES>().toEqualTypeOf<StepStatusName>();
    expect(CAPABILITY_FIELDS.map((c) => c.name)).toEqual(Object.keys(noCapabilities()));
  });

  for (const [cls, methods] of Object.entries(CLASS_METHODS)) {
    it(`${cls}: the built class's prototype has the declared methods, and only those`, () => {
      const ctor = (engine as unknown as Record<string, { prototype: object } | undefined>)[cls];
      expect(ctor, `the module has no class ${cls}`).toBeDefined();
      const proto = Object.getOwnPropertyNames(ctor!.prototype).filter((n) => !EMBIND_CLASS_BUILTINS.has(n));
      expect(proto.sort()).toEqual([...methods].sort());
    });
  }

  it('every declared function is a function of the built module; statusCodes() is the core\'s table', () => {
    const mod = engine as unknown as Record<string, unknown>;
    for (const name of MODULE_FUNCTIONS) expect(typeof mod[name], name).toBe('function');
    expect(engine.statusCodes()).toEqual(STEP_STATUSES);
  });

  it('the registry\'s values: FamilyInfo and Capabilities with the declared fields', () => {
    const families = engine.families();
    expect(families.length).toBeGreaterThan(0);
    for (const f of families) {
      expectShape(f, 'FamilyInfo', f.name);
      expectShape(f.capabilities, 'Capabilities', f.name);
    }
  });

  it('a simulation\'s values, for every family: layouts, counters, perturbations, momentum maps, results and errors', () => {
    const bad = engine.createSimulation('{');
    expectShape(bad, 'CreateResult', 'createSimulation');
    expectShape(bad.error, 'SimulationError', 'createSimulation');
    for (const f of engine.families()) {
      const created = engine.createSimulation(f.presets[0]!.json);
      expectShape(created, 'CreateResult', f.name);
      const sim = created.sim!;
      expectShape(sim.capabilities(), 'Capabilities', f.name);
      for (const layout of [sim.layout(), sim.impactLayout(), engine.impactLayout()]) {
        expectShape(layout, 'RecordLayout', f.name);
        for (const field of layout.fields) expectShape(field, 'RecordField', f.name);
      }
      for (const c of sim.counterLayout()) expectShape(c, 'CounterField', f.name);
      for (const m of sim.momentumMapLayout()) expectShape(m, 'MomentumMapField', f.name);
      const perturbations = sim.perturbations();
      for (const p of perturbations) expectShape(p, 'Perturbation', f.name);
      const start = Float64Array.from(sim.record());
      sim.step(5);
      const distances = sim.returnDistances(start);
      expectShape(distances, 'DistancesResult', f.name);
      expectShape(sim.returnDistances([1]), 'DistancesResult', f.name);
      expectShape(sim.returnDistances([1]).error, 'SimulationError', f.name);
      expectShape(sim.setState([1]), 'SimulationError', f.name);
      const twin = sim.perturbedStart(perturbations[0]!.name, 1e-9);
      expectShape(twin, 'CreateResult', f.name);
      twin.sim?.delete();
      expectShape(sim.perturbedStart('no such direction', 1e-9), 'CreateResult', f.name);
      sim.delete();
      const check = engine.reverseCheck(f.presets[0]!.json, 5);
      expectShape(check, 'ReverseCheckResult', f.name);
      expectShape(check.check, 'ReverseCheck', f.name);
      expectShape(engine.reverseCheck(f.presets[0]!.json, 0).error, 'SimulationError', f.name);
    }
  });

  it('the claims\' reports: symplecticity (loop or defect) and the bounce map, or their refusals', () => {
    const measures = new Set<string>();
    for (const f of engine.families()) {
      const json = f.presets[0]!.json;
      const s = engine.symplecticity(json, 4, 1, '');
      expectShape(s, 'SymplecticityResult', f.name);
      if (s.report) {
        expectShape(s.report, 'SymplecticityReport', f.name);
        measures.add(s.report.measure);
      } else {
        expectShape(s.error, 'SimulationError', f.name);
      }
      const b = engine.bounceMap(json, 2);
      expectShape(b, 'BounceMapResult', f.name);
      if (b.report) expectShape(b.report, 'BounceMapReport', f.name);
      else expectShape(b.error, 'SimulationError', f.name);
    }
    expect([...measures].sort(), 'both measures reached').toEqual(['defect', 'loop_area']);
  });

  it('an ensemble\'s and an order study\'s values', () => {
    const json = engine.families()[0]!.presets[0]!.json;
    const e = engine.createEnsemble(JSON.stringify({ config: json, steps: 10, samples: 2, members: 2 }));
    expectShape(e, 'CreateEnsembleResult', 'createEnsemble');
    expectShape(e.ensemble!.runMember(0), 'EnsembleMemberResult', 'runMember');
    e.ensemble!.delete();
    expectShape(engine.createEnsemble('{').error, 'SimulationError', 'createEnsemble');
    const o = engine.createOrderStudy(json, 4);
    expectShape(o, 'CreateOrderStudyResult', 'createOrderStudy');
    const study = o.study!;
    expectShape(study.advanceReference(10), 'AdvanceResult', 'advanceReference');
    expectShape(study.runLevel(0), 'LevelResult', 'runLevel');
    expectShape(study.runLevel(-1), 'LevelResult', 'runLevel');
    study.delete();
  });
});
