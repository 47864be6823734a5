// The page's family registry (web/src/app/families.ts) against the core's (the module's families(),
// presetNames(), statusCodes(), sim.family()): every core family has page parts and every page part a
// core family, every core preset has the page's words and the page has words for no other, the
// readers are picked by the core's family name, every plot a family declares has a card, and the
// status names the page words are the core's. The page shows features by capability: nothing here
// names a family or a preset.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FamilyParts } from '../../../web/src/app/families';
import { caseFromQuery, FAMILIES, familyParts, familyResolver, pageCases, registryCases, registryProblems } from '../../../web/src/app/families';
import { Layout } from '../../../web/src/engine/layout';
import type { FamilyInfo, LgvciModule } from '../../../web/src/engine/lgvci_wasm';

let engine: LgvciModule;
let core: FamilyInfo[];
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
  core = engine.families();
});

describe("the page's family registry agrees with the core's", () => {
  it('no disagreement: parts for every family, words for every preset and for no other', () => {
    expect(registryProblems(core)).toEqual([]);
    expect(pageCases(core).map((c) => c.name)).toEqual(engine.presetNames());
    // Before the engine is loaded the page offers the registry's list: the same, in the same order.
    expect(registryCases().map((c) => c.name)).toEqual(engine.presetNames());
    expect(caseFromQuery('')).toBe(engine.presetNames()[0]);
  });

  it('a preset the core adds without words, or words for a preset it lacks, is a disagreement', () => {
    const [first] = core;
    if (!first) throw new Error('the core registers no family');
    const extra = { ...first, presets: [...first.presets, { name: 'no-such-preset', json: '{}' }] };
    expect(registryProblems([extra, ...core.slice(1)])).toEqual([`${first.name}: the core's preset "no-such-preset" has no words`]);
    // The page leaves it out rather than showing a preset without a label.
    expect(pageCases([extra]).map((c) => c.name)).toEqual(first.presets.map((p) => p.name));
    const fewer = { ...first, presets: first.presets.slice(1) };
    const dropped = first.presets[0]?.name ?? '';
    expect(registryProblems([fewer, ...core.slice(1)])).toContain(`${first.name}: words for "${dropped}", which the core does not have`);
    const unknown: FamilyParts = { ...(FAMILIES[0] as FamilyParts), name: 'no-such-family' };
    expect(registryProblems(core, [...FAMILIES, unknown])).toContain('the page\'s family "no-such-family" is not one of the core\'s');
    expect(registryProblems([...core, { ...first, name: 'toy' }])).toContain('the core\'s family "toy" has no page parts');
  });

  it("every preset's simulation is read by its family's reader, picked by sim.family()", () => {
    const resolve = familyResolver();
    for (const f of core) {
      for (const p of f.presets) {
        const r = engine.createSimulation(p.json);
        if (!r.sim) throw new Error(r.error.message);
        try {
          expect(r.sim.family(), p.name).toBe(f.name);
          const reader = resolve(r.sim.family(), new Layout(r.sim.layout()));
          expect(reader.id, p.name).toBe(f.name);
          const s = reader.read(r.sim.record());
          expect(s.t, p.name).toBe(0);
          expect(s.energy, p.name).toBe(r.sim.energy());
        } finally {
          r.sim.delete();
        }
      }
    }
  });

  it('every plot a family declares has a card; every status name the page words is the core\'s', () => {
    // a live plot of the page with the family's words, or a card its package draws (FamilyParts.plots)
    for (const f of core) for (const plot of f.capabilities.plots) expect(familyParts(f.name).plots[plot], `${f.name}: ${plot}`).toBeDefined();
    const [first] = core;
    if (!first) throw new Error('the core registers no family');
    expect(registryProblems([{ ...first, capabilities: { ...first.capabilities, plots: [...first.capabilities.plots, 'no_such_plot'] } }, ...core.slice(1)])).toEqual([
      `${first.name}: its plot "no_such_plot" is not declared by its package`,
    ]);
    const codes = engine.statusCodes();
    for (const name of ['ok', 'newton_failed', 'zeno_guard', 'work_limit']) expect(typeof codes[name], name).toBe('number');
    expect(new Set(Object.values(codes)).size).toBe(Object.keys(codes).length);
  });

  it('a family added as one entry reaches the page: its presets with its words, its reader by its name', () => {
    const [base] = FAMILIES;
    const [first] = core;
    if (!base || !first) throw new Error('no family');
    let made = 0;
    const toy: FamilyParts = {
      ...base,
      name: 'toy',
      model: (layout) => {
        made += 1;
        return base.model(layout);
      },
      cases: { 'toy-a': { label: 'Toy A', group: 'Toys', tryThis: 'Watch it.' } },
    };
    const toyCore = { ...first, name: 'toy', presets: [{ name: 'toy-a', json: first.presets[0]?.json ?? '' }] };
    const parts = [...FAMILIES, toy];
    expect(pageCases([...core, toyCore], parts).slice(-1)).toEqual([{ name: 'toy-a', family: 'toy', label: 'Toy A', group: 'Toys', tryThis: 'Watch it.' }]);
    const r = engine.createSimulation(toyCore.presets[0]?.json ?? '');
    if (!r.sim) throw new Error(r.error.message);
    try {
      familyResolver(parts)('toy', new Layout(r.sim.layout()));
      expect(made).toBe(1);
    } finally {
      r.sim.delete();
    }
  });
});
