// The "Why variational?" view's model (model/why.ts, docs/page.md "Why variational?"): the log–log fit,
// the captions written from numbers (each true for what it is given: round-off only where the number is
// round-off, the rest truncation and the energy balance (75a) by capability, no momentum map from an
// empty layout), and the computation on the real engine, generic over every registered family.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import type { EnergyRun, OrderPart, SymplecticityPart, WhyEvent } from '../../../web/src/model/why';
import {
  bounceAreaChange,
  energyCaption,
  logLogSlope,
  momentumCaption,
  neighbourRates,
  orderCaption,
  symplecticityCaption,
  whyComputation,
  whyIntegrators,
  withIntegrator,
} from '../../../web/src/model/why';

let engine: LgvciModule;
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

describe('the log–log fit', () => {
  it('recovers the exponent of a power law, ignores non-positive points, needs two', () => {
    const h = [0.01, 0.005, 0.0025, 0.00125];
    expect(logLogSlope(h, h.map((x) => 3 * x * x))).toBeCloseTo(2, 12);
    expect(logLogSlope(h, h.map((x) => 0.5 * x))).toBeCloseTo(1, 12);
    expect(logLogSlope([...h, 0.000625], [...h.map((x) => 7 * x ** 4), 0])).toBeCloseTo(4, 12);
    expect(logLogSlope([0.01], [1])).toBeNaN();
    expect(neighbourRates([16, 4, 1, 0.25])).toEqual([2, 2, 2]);
  });
});

const run = (integrator: string, energyError: number[], mapNames: string[] = [], drift: number[][] = []): EnergyRun => ({
  integrator,
  steps: 4000,
  impacts: 12,
  halted: false,
  t: energyError.map((_, i) => i),
  energyError,
  mapNames,
  mapDrift: drift,
  mapInitial: mapNames.map(() => 1),
});

const loop = (integrator: string, areaRelChange: number): SymplecticityPart => ({
  integrator,
  measure: 'loop_area',
  steps: 69,
  t: [0.69],
  haltedRuns: 0,
  pair: ['y', 'p_y'],
  coordinates: 2,
  areaRelChange,
  startQ: [],
  startP: [],
  imageQ: [],
  imageP: [],
  defect: [],
  floor: [],
  impacts: [],
  bounce: null,
  bounceError: '',
});

const bounced = (integrator: string, areaRelChange: number[], resolved = areaRelChange.length): SymplecticityPart => ({
  ...loop(integrator, 1e-13),
  pair: ['x', 'p_x'],
  bounce: { bounces: areaRelChange.length, resolved, areaRelChange, firstS: [], firstPt: [], lastS: [], lastPt: [] },
});

const defect = (integrator: string, flight: number, impact: number, floor: number): SymplecticityPart => ({
  ...loop(integrator, NaN),
  measure: 'defect',
  t: [0, 0.01, 0.02],
  defect: [flight, impact, flight],
  floor: [floor, floor, floor],
  impacts: [0, 1, 0],
});

describe('captions from numbers', () => {
  it('energy: round-off only when the error is; else the O(h²) error and whether it grows', () => {
    const osc = Array.from({ length: 100 }, (_, i) => 1e-4 * Math.abs(Math.sin(i)));
    const c = energyCaption([run('vci', osc), run('naive', osc.map((v, i) => v + i * 1e-3))]);
    expect(c).toContain('O(h²)');
    expect(c).toContain('does not grow');
    expect(c).not.toContain('round-off');
    expect(c).toMatch(/The naive baseline's is \d+× larger/);
    expect(energyCaption([run('lgvci', osc.map((v) => v * 1e-11))])).toContain('keeps it at round-off');
    expect(energyCaption([run('vci', osc.map((v, i) => v * i))])).toContain('grows over the run');
    const halted = energyCaption([run('lgvci', osc), { ...run('rk4', [0]), steps: 0, halted: true }]);
    expect(halted).toContain('RK4 0 (halted after 0 steps)');
    expect(halted).not.toContain('RK4\'s is');
  });

  it('momentum maps: none from an empty layout; kept or not from the drift', () => {
    expect(momentumCaption([run('vci', [0]), run('naive', [0])])).toContain('no momentum map');
    const c = momentumCaption([run('lgvci', [0, 0], ['a', 'b'], [[0, 1e-14], [0, 0]]), run('rk4', [0, 0], ['a', 'b'], [[0, 1e-6], [0, 0]])]);
    expect(c).toContain('The LGVCI keeps them to round-off');
    expect(c).toContain('RK4 does not');
    expect(momentumCaption([run('vci', [0, 0], ['p1'], [[0, 1e-3]])])).toContain('does not keep it here');
  });

  it('symplecticity: the loop kept, the rest truncation named by capability, the defect against its floor', () => {
    const kept = symplecticityCaption([loop('vci', -5.8e-14), loop('naive', -1)], { restTruncation: false, energyJump: true });
    expect(kept).toContain('keeps the area');
    expect(kept).toContain('flattens the loop');
    const cradle = symplecticityCaption([loop('vci', 2.2e-4), loop('naive', -0.75)], { restTruncation: true, energyJump: true });
    expect(cradle).toContain('rest truncation');
    expect(cradle).not.toContain('keeps the area');
    const rigid = symplecticityCaption([defect('lgvci', 8e-10, 5.3e-4, 4e-9), defect('naive', 3e-3, 1.9, 4e-9)], { restTruncation: false, energyJump: false });
    expect(rigid).toContain('In flight the LGVCI is at the floor');
    expect(rigid).toContain('above the floor: measured, not round-off');
    expect(rigid).toContain('(75a)');
    expect(symplecticityCaption([defect('x', 8e-10, 5.3e-4, 4e-9)], { restTruncation: false, energyJump: true })).not.toContain('(75a)');
  });

  it('symplecticity: the bounce map kept over its resolved bounces only; the naive one named when it loses the area', () => {
    const ctx = { restTruncation: false, energyJump: true };
    const ellipse = symplecticityCaption([bounced('vci', [0, 1e-13, 3e-10]), bounced('naive', [0, 8.7e-3, -0.99])], ctx);
    expect(ellipse).toContain('bounce map (s, p_t)');
    expect(ellipse).toContain('VCI 3.0e-10 and naive 9.9e-1');
    expect(ellipse).toContain("keeps areas, as Birkhoff's map does");
    expect(ellipse).toContain("; the naive baseline's shrinks the loop to 1.0e-2 of its area by bounce 3.");
    expect(ellipse).toContain('changes its action ∮ Σ p dq over 69 steps by (A_T − A₀)/A₀ VCI 1.0e-13 and naive 1.0e-13.');
    expect(ellipse).not.toContain('stretched');
    // A chaotic table: only the first two bounces are resolved; the later (huge) changes are not counted.
    const stadium = symplecticityCaption([bounced('vci', [0, 2e-10, 3e4, 1e9], 2)], ctx);
    expect(stadium).toContain('VCI 2.0e-10');
    expect(stadium).toContain('first 2 (later loops are stretched');
    expect(symplecticityCaption([bounced('vci', [0, 3e-3])], ctx)).toContain('changes them by 3.0e-3');
    expect(symplecticityCaption([{ ...loop('vci', 1e-13), bounceError: '--symplecticity: the next bounce is grazing' }], ctx)).toContain('could not be measured: --symplecticity: the next bounce is grazing');
  });

  it('order: the slopes, and what scattered rates, a floor or round-off errors mean', () => {
    const part = (integrator: string, error: number[]): OrderPart => ({
      integrator,
      h: error.map((_, k) => 0.01 / 2 ** k),
      error,
      fittedOrder: logLogSlope(error.map((_, k) => 0.01 / 2 ** k), error),
      T: 0.69,
      steps: 69,
    });
    const clean = orderCaption([part('lgvci', [16, 4, 1, 0.25, 0.0625, 0.015625])]);
    expect(clean).toContain('fitted slope LGVCI 2.00');
    expect(clean).not.toContain('scatter');
    expect(orderCaption([part('vci', [1.9e-4, 2.7e-5, 3.8e-6, 2.4e-6, 1.3e-7, 2.1e-7])])).toContain('scatter (VCI -0.7 … 4.2)');
    expect(orderCaption([part('rk4', [1.2e-7, 7.4e-9, 5.1e-10, 1.3e-10, 1.4e-10, 1.3e-10])])).toContain('not its order');
    expect(orderCaption([part('lgvci', [3e-3, 2e-3, 3e-3, 2.5e-3, 3e-3, 2e-3])])).toContain('does not fall with h');
    expect(orderCaption([part('vci', [5.7e-13, 5.7e-13, 5.4e-13, 6.0e-13, 5.7e-13, 6.3e-13])])).toContain('at round-off at every h');
  });
});

describe('the integrators compared', () => {
  it('the own scheme first, then the declared baselines once; the own config has no "integrator"', () => {
    expect(whyIntegrators('lgvci', ['rk4', 'naive'])).toEqual(['lgvci', 'naive', 'rk4']);
    expect(whyIntegrators('vci', ['naive'])).toEqual(['vci', 'naive']);
    expect(JSON.parse(withIntegrator('{"h":0.01,"integrator":"naive"}', ''))).toEqual({ h: 0.01 });
    expect(JSON.parse(withIntegrator('{"h":0.01}', 'rk4'))).toEqual({ h: 0.01, integrator: 'rk4' });
  });
});

describe('whyComputation on the engine, every family', () => {
  it('each claim for each integrator; the fit is the core\'s; the papers\' claims where they apply', () => {
    for (const fam of engine.families()) {
      const preset = fam.presets[0]!;
      const bounceMap = fam.capabilities.plots.includes('bounce_map');
      const events: WhyEvent[] = [...whyComputation(engine, preset.json, fam.capabilities.baselines, bounceMap)];
      const sim = engine.createSimulation(preset.json).sim!;
      const own = sim.integrator();
      const maps = sim.momentumMapLayout().length;
      sim.delete();
      const integrators = whyIntegrators(own, fam.capabilities.baselines);
      const of = <K extends WhyEvent['kind']>(kind: K) => events.filter((e): e is Extract<WhyEvent, { kind: K }> => e.kind === kind);
      expect(of('failed'), fam.name).toEqual([]);
      const energy = of('energy').map((e) => e.part);
      const symp = of('symplecticity').map((e) => e.part);
      const order = of('order').map((e) => e.part);
      for (const parts of [energy, symp, order]) expect(parts.map((p) => p.integrator), fam.name).toEqual(integrators);
      const fractions = of('progress').map((e) => e.fraction);
      for (let i = 1; i < fractions.length; i++) expect(fractions[i]!).toBeGreaterThanOrEqual(fractions[i - 1]! - 1e-12);
      expect(fractions[fractions.length - 1]).toBe(1);
      // The panel's slope is the core's least-squares fit.
      for (const p of order) {
        const fit = logLogSlope(p.h, p.error);
        // Every error 0 (the billiard's compensated straight flight is exact): no line, NaN from both.
        if (Number.isNaN(fit)) expect(p.fittedOrder, `${fam.name} ${p.integrator}`).toBeNaN();
        else expect(p.fittedOrder, `${fam.name} ${p.integrator}`).toBeCloseTo(fit, 9);
      }
      // "None" from the layout, never from the family.
      expect(momentumCaption(energy).includes('no momentum map'), fam.name).toBe(maps === 0);
      // Discrete Noether: the own scheme keeps its momentum maps through every impact.
      for (const d of energy[0]!.mapDrift) expect(Math.max(...d), fam.name).toBeLessThan(1e-10);
      // Fetecau et al. §3.3 where it applies (no rest truncation): the loop's area kept, the naive one's not.
      const ownSymp = symp[0]!;
      const naiveSymp = symp.find((p) => p.integrator === 'naive')!;
      if (ownSymp.measure === 'loop_area' && !fam.capabilities.restTruncation) {
        expect(Math.abs(ownSymp.areaRelChange), fam.name).toBeLessThan(1e-9);
        expect(Math.abs(naiveSymp.areaRelChange), fam.name).toBeGreaterThan(1e-4);
      }
      // The bounce map (Birkhoff): kept to 1e-7 over the resolved bounces by the own scheme, lost by the naive one.
      expect(ownSymp.bounce !== null, fam.name).toBe(bounceMap);
      if (ownSymp.bounce) {
        expect(ownSymp.bounce.resolved, fam.name).toBeGreaterThanOrEqual(3);
        expect(bounceAreaChange(ownSymp.bounce), fam.name).toBeLessThan(1e-7);
        expect(Math.abs(naiveSymp.bounce!.areaRelChange.at(-1)!), fam.name).toBeGreaterThan(0.5);
      }
      if (ownSymp.measure === 'defect') expect(Math.max(...naiveSymp.defect)).toBeGreaterThan(100 * Math.max(...ownSymp.floor));
      // The orders: the own scheme second order (unless exact to round-off), the naive one first.
      const ownOrder = order[0]!;
      if (Math.max(...ownOrder.error) > 1e-10) expect(ownOrder.fittedOrder, fam.name).toBeGreaterThan(1.8);
      if (Math.max(...ownOrder.error) > 1e-10) expect(ownOrder.fittedOrder, fam.name).toBeLessThan(2.2);
      expect(order.find((p) => p.integrator === 'naive')!.fittedOrder, fam.name).toBeLessThan(1.5);
    }
  });

  it('stopping between pieces deletes what is in use (no leak)', () => {
    const json = engine.presetJson('I');
    const work = () => whyComputation(engine, json, ['naive']);
    for (const _ of work()) void _; // warm up the allocator
    const before = engine.heapBytesInUse();
    const gen = work();
    for (let e = gen.next(); !e.done; e = gen.next()) {
      if (e.value.kind === 'progress' && e.value.label.includes('order study')) break;
    }
    gen.return();
    expect(engine.heapBytesInUse()).toBe(before);
  });
});
