// Sensitivity twins (§7.4) on the real engine: the core's perturbed starts, initial divergences, lockstep with
// the main run, catching up when switched on mid-run, and deletion of their embind objects.
import type { RigidBodyParams } from '../../../web/params';
import { beforeAll, describe, expect, it } from 'vitest';
import { Controller } from '../../../../../web/src/app/controller';
import type { LgvciModule } from '../../../../../web/src/engine/lgvci_wasm';
import { countingEngine } from '../../../../../tests/web/unit/support/counting';
import { SimulationModel } from '../../../../../web/src/model/simulation-model';
import { familyTable } from '../../../../../web/src/app/families';
import { PAPER_TWIN_SIZES, rigidBodyTwins } from '../../../web/twins';
import type { TwinPlan } from '../../../../../web/src/model/twins';
import { createTwins } from '../../../../../web/src/model/twins';
import { createFakeEngine } from './support/fake-engine';

let engine: LgvciModule;

/** The paper's twins: δx along e₃ and δθ about the body's y axis. */
const PAPER: TwinPlan = () => [
  { kind: 'position', size: PAPER_TWIN_SIZES.position },
  { kind: 'attitude', size: PAPER_TWIN_SIZES.attitude },
];

/** Twins of these sizes along the paper's two perturbations. */
const sized = (dx: number, dtheta: number): TwinPlan => () => [
  { kind: 'position', size: dx },
  { kind: 'attitude', size: dtheta },
];

/** The real engine with a count of live simulations. */
function counting(real: LgvciModule): { engine: LgvciModule; live: () => number } {
  const c = countingEngine(real);
  return { engine: c.engine, live: c.live };
}

beforeAll(async () => {
  const { loadEngine } = await import('../../../../../web/src/engine/loader');
  engine = await loadEngine();
});

describe('sensitivity twins', () => {
  it('the core perturbs the start: x0 + δx e3, and R0 · R_y(δθ) (right multiplication), all else kept', () => {
    const base = JSON.parse(engine.presetJson('IV'));
    base.R0 = [[0, -1, 0], [1, 0, 0], [0, 0, 1]]; // a quarter turn about z
    const made = engine.createSimulation(JSON.stringify(base));
    const main = made.sim!;
    const p = main.perturbedStart('position', 0.5);
    const a = main.perturbedStart('attitude', 0.3);
    const pos = JSON.parse(p.sim!.configJson());
    const att = JSON.parse(a.sim!.configJson());
    const ref = JSON.parse(main.configJson());
    expect(pos.x0).toEqual([0, 0, 10.5]);
    expect(pos.R0).toEqual(ref.R0);
    expect(att.x0).toEqual(ref.x0);
    const [co, si] = [Math.cos(0.3), Math.sin(0.3)];
    // R0 R_y = [[0,-1,0],[1,0,0],[0,0,1]] · [[c,0,s],[0,1,0],[-s,0,c]]
    const want = [[0, -1, 0], [co, 0, si], [-si, 0, co]];
    att.R0.forEach((row: number[], i: number) => row.forEach((v, j) => expect(v).toBeCloseTo(want[i]![j]!, 15)));
    for (const k of ['body', 'inertia', 'gamma0', 'Pi0', 'plane', 'h', 'root_finder']) {
      expect(pos[k]).toEqual(ref[k]);
      expect(att[k]).toEqual(ref[k]);
    }
    // Each twin is a simulation at its start; an unknown kind or δ is an error value naming it.
    expect(p.sim!.steps()).toBe(0);
    expect(main.perturbedStart('spin' as 'position', 0.1).error?.field).toBe('kind');
    expect(main.perturbedStart('position', NaN).error?.message).toBe('delta: must be a finite number');
    for (const s of [p.sim!, a.sim!, main]) s.delete();
  });

  it('Case IV with the paper’s δ: Err_pos(0) = 1e-8, Err_att(0) = 2 sin(δθ/2) ≈ 3.14e-8, heights equal at first', () => {
    const model = new SimulationModel(engine, familyTable());
    model.load(engine.presetJson('IV'));
    expect(model.setTwins(PAPER)).toBe('');
    const twins = model.twins!;
    const pos = twins.run('position');
    const att = twins.run('attitude');
    // x0 + δx = 10 + 1e-8 rounds in its 16th digit, so Err_pos(0) = 1.00000008e-8
    expect(pos.divergence.get(0)).toBe(10 + 1e-8 - 10);
    expect(Math.abs(pos.divergence.get(0) / 1e-8 - 1)).toBeLessThan(1e-7);
    expect(Math.abs(att.divergence.get(0) / (2 * Math.sin(PAPER_TWIN_SIZES.attitude / 2)) - 1)).toBeLessThan(1e-12);
    expect(att.divergence.get(0)).toBeCloseTo(3.1415926e-8, 14);
    expect(pos.height.get(0)).toBe(10 + 1e-8);
    expect(att.height.get(0)).toBe(10);
    model.dispose();
  });

  it('steps in lockstep with the main run and diverges after several impacts (chaos, §7.4)', () => {
    const model = new SimulationModel(engine, familyTable());
    model.load(engine.presetJson('IV'));
    model.setTwins(PAPER);
    model.step(6000);
    const twins = model.twins!;
    expect(twins.length).toBe(model.history.length);
    expect(twins.length).toBe(6001);
    const pos = twins.run('position');
    const d0 = pos.divergence.get(0);
    // still tiny over the first impact, large (order 1) at the end
    const firstImpact = model.history.impactTimes()[0]!;
    const kBefore = Math.floor(firstImpact / 0.01) - 5;
    expect(pos.divergence.get(kBefore)).toBeLessThan(1e3 * d0);
    expect(pos.divergence.get(6000)).toBeGreaterThan(1e-2);
    expect(twins.run('attitude').divergence.get(6000)).toBeGreaterThan(1e-2);
    // the recorded height is the twin's own x3
    expect(pos.height.get(6000)).toBe(pos.currPose[2]);
    model.dispose();
  });

  it('switched on mid-run, the twins catch up and record exactly what they would have from the start', () => {
    const a = new SimulationModel(engine, familyTable());
    a.load(engine.presetJson('III'));
    a.setTwins(sized(1e-6, 1e-5));
    a.step(1200);
    const b = new SimulationModel(engine, familyTable());
    b.load(engine.presetJson('III'));
    b.step(700);
    expect(b.setTwins(sized(1e-6, 1e-5))).toBe('');
    expect(b.twins!.length).toBe(701);
    b.step(500);
    for (const kind of ['position', 'attitude'] as const) {
      const ra = a.twins!.run(kind);
      const rb = b.twins!.run(kind);
      expect(Array.from(rb.divergence.view())).toEqual(Array.from(ra.divergence.view()));
      expect(Array.from(rb.height.view())).toEqual(Array.from(ra.height.view()));
    }
    a.dispose();
    b.dispose();
  });

  it('reset and restarts rebuild the twins; switching off and disposing delete every embind object', () => {
    const c = counting(engine);
    const model = new SimulationModel(c.engine, familyTable());
    const ctl = new Controller(c.engine, model, 'IV');
    expect(c.live()).toBe(1);
    expect(ctl.setTwinsEnabled(true)).toEqual({ ok: true });
    expect(c.live()).toBe(3);
    model.step(50);
    model.reset();
    expect(model.twins!.length).toBe(1);
    expect(model.twins!.run('attitude').divergence.get(0)).toBeCloseTo(3.14159e-8, 13);
    expect(ctl.setField('gamma0x', '1')).toEqual({ ok: true }); // restart: new twins of the new config
    expect(c.live()).toBe(3);
    expect(JSON.parse(model.twins!.run('position').configJson).gamma0[0]).toBe(1);
    expect(ctl.setTwinSize('position', '1e-6')).toEqual({ ok: true });
    expect(model.twinSpec).toEqual([{ kind: 'position', size: 1e-6 }, { kind: 'attitude', size: PAPER_TWIN_SIZES.attitude }]);
    expect(c.live()).toBe(3);
    expect(ctl.setTwinsEnabled(false)).toEqual({ ok: true });
    expect(c.live()).toBe(1);
    ctl.setTwinsEnabled(true);
    model.dispose();
    expect(c.live()).toBe(0);
  });

  it('a perturbation that makes a twin start inside the plane is refused with the core’s message', () => {
    const model = new SimulationModel(engine, familyTable());
    const ctl = new Controller(engine, model, 'IV');
    // the cube's half side is 1.732; turned by 0.9 rad about y its lowest corner is 2.43 below its centre
    expect(ctl.setField('x0z', '2.2')).toEqual({ ok: true });
    const r = ctl.setTwinSize('attitude', '0.9');
    expect(r.ok).toBe(true); // twins off: only stored
    const on = ctl.setTwinsEnabled(true);
    expect(on.ok).toBe(false);
    if (!on.ok) expect(on.message).toMatch(/attitude-perturbed twin .*penetrates/);
    expect(ctl.twinsOn).toBe(false);
    const source = { family: model.family, perturbations: model.perturbations, perturbedStart: (k: string, d: number) => model.run.perturbedStart(k, d) };
    expect(() => createTwins(source, [{ kind: 'attitude', size: 0.9 }], rigidBodyTwins)).toThrow(/attitude-perturbed twin .*penetrates/);
    // a restart that makes the running twins invalid switches them off and says why
    expect(ctl.setTwinSize('attitude', '1e-8π')).toEqual({ ok: true });
    expect(ctl.setTwinsEnabled(true)).toEqual({ ok: true });
    // Φ(x0) = 2.4e-9 for the main run, but R_y(1e-8π) lowers a bottom corner by ≈ 5.4e-8
    expect(ctl.setField('x0z', '1.73205081')).toEqual({ ok: true });
    expect(ctl.twinsOn).toBe(false);
    expect(model.twins).toBeNull();
    expect(ctl.twinError).toMatch(/attitude-perturbed twin .*penetrates/);
    model.dispose();
  });
});

describe('controller: twins’ δ and drop flat (fake engine)', () => {
  it('validates δx and δθ: positive, bounded, π allowed (the real engine’s perturbations, twins off)', () => {
    const ctl = new Controller(engine, new SimulationModel(engine, familyTable()), 'IV');
    expect(ctl.setTwinSize('position', '-1e-8')).toEqual({ ok: false, message: 'δx must be positive (got -1e-8).' });
    expect(ctl.setTwinSize('position', '0')).toMatchObject({ ok: false });
    expect(ctl.setTwinSize('position', 'abc')).toEqual({ ok: false, message: 'δx: “abc” is not a number.' });
    expect(ctl.setTwinSize('position', '2')).toEqual({ ok: false, message: 'δx must be at most 1.' });
    expect(ctl.setTwinSize('attitude', '4')).toEqual({ ok: false, message: 'δθ must be at most π.' });
    expect(ctl.setTwinSize('attitude', '1e-6π')).toEqual({ ok: true });
    expect(ctl.twinSize('attitude')).toBe(1e-6 * Math.PI);
    expect(ctl.setTwinSize('attitude', '2e-3 * pi')).toEqual({ ok: true });
    expect(ctl.twinSize('attitude')).toBe(2e-3 * Math.PI);
    expect(ctl.setTwinSize('attitude', 'π')).toEqual({ ok: true });
    expect(ctl.setTwinSize('position', '1e-7')).toEqual({ ok: true });
    expect([ctl.twinSize('position'), ctl.twinSize('attitude')]).toEqual([1e-7, Math.PI]);
    // the generic perturbations after the paper's: their own sizes, the page's default 1e-8
    expect(ctl.twinSize('Pi2')).toBe(1e-8);
    expect(ctl.twinSizeKey('Pi2')).toBe('d_Pi2');
    expect(ctl.twinSizeKey('attitude')).toBe('dtheta');
    expect(ctl.setTwinSize('spin', '1e-8')).toMatchObject({ ok: false, message: expect.stringMatching(/^“spin” is not a perturbation of this model \(it has position, attitude, x1, /) });
  });

  it('drop flat loads Case IV with R0 = I, Π0 = 0, γ0 = 0', () => {
    const engine = createFakeEngine();
    const model = new SimulationModel(engine, familyTable());
    const ctl = new Controller(engine, model, 'I');
    expect(ctl.applySetUp()).toEqual({ ok: true });
    expect(ctl.params.caseName).toBe('IV');
    expect((ctl.params as unknown as RigidBodyParams).Pi0).toEqual([0, 0, 0]);
    expect((ctl.params as unknown as RigidBodyParams).gamma0).toEqual([0, 0, 0]);
    const cfg = JSON.parse(ctl.configJson);
    expect(cfg.R0).toEqual([[1, 0, 0], [0, 1, 0], [0, 0, 1]]);
    expect(cfg.x0).toEqual([0, 0, 10]);
    expect(cfg.body.type).toBe('cube');
  });
});
