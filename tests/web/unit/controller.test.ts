// Control ↔ model wiring, with the fake engine (no WASM, no DOM).
import type { RigidBodyParams } from '../../../families/rigid_body/web/params';
import { beforeEach, describe, expect, it } from 'vitest';
import { Controller } from '../../../web/src/app/controller';
import { SimulationModel } from '../../../web/src/model/simulation-model';
import { familyTable } from '../../../web/src/app/families';
import { createFakeEngine, FakeSimulation } from '../../../families/rigid_body/tests/web/unit/support/fake-engine';
import type { ResolvedRigidBodyConfig } from '../../../families/rigid_body/web/config';

function setup(caseName: 'I' | 'II' | 'III' | 'IV' = 'I') {
  const engine = createFakeEngine();
  const model = new SimulationModel(engine, familyTable());
  const ctl = new Controller(engine, model, caseName);
  const changes: boolean[] = [];
  ctl.onChange((_p, restarted) => changes.push(restarted));
  return { engine, model, ctl, changes };
}

describe('Controller', () => {
  beforeEach(() => {
    FakeSimulation.created = [];
  });

  it('starts from the preset of the requested case', () => {
    const { model, ctl } = setup('IV');
    expect(ctl.params.caseName).toBe('IV');
    expect((ctl.params as unknown as RigidBodyParams).epsilon).toBe(1e-13);
    expect((model.config as ResolvedRigidBodyConfig).body.type).toBe('cube');
    expect(FakeSimulation.created).toHaveLength(1);
  });

  it('a valid slider value restarts the model from the new initial condition', () => {
    const { model, ctl, changes } = setup();
    model.step(20);
    const r = ctl.setField('gamma0x', 3.5);
    expect(r).toEqual({ ok: true });
    expect(changes).toEqual([true]);
    expect((model.config as ResolvedRigidBodyConfig).gamma0).toEqual([3.5, 2, 10]);
    expect(model.curr.t).toBe(0);
    expect(FakeSimulation.created).toHaveLength(2);
    expect(FakeSimulation.created[0]?.deleted).toBe(true);
  });

  it('a typed value is parsed; degrees are converted to radians for the core', () => {
    const { model, ctl } = setup();
    expect(ctl.setField('tilt', ' 12 ')).toEqual({ ok: true });
    const sent = JSON.parse(ctl.configJson) as { plane: { tilt: number; azimuth: number } };
    expect(sent.plane.tilt).toBeCloseTo((12 * Math.PI) / 180, 15);
    expect(model.normal[2]).toBeCloseTo(Math.cos((12 * Math.PI) / 180), 12);
  });

  it('an out-of-range typed value returns a message and keeps the running simulation', () => {
    const { model, ctl, changes, engine } = setup();
    model.step(7);
    const before = FakeSimulation.created.length;
    const calls = engine.createCalls.length;
    const r = ctl.setField('tilt', '95');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/Plane tilt.*between 0° and 30°/);
    expect(FakeSimulation.created).toHaveLength(before);
    expect(engine.createCalls).toHaveLength(calls); // rejected before reaching the core
    expect(model.curr.steps).toBe(7);
    expect(changes).toEqual([]);
    model.step(1);
    expect(model.curr.steps).toBe(8);
  });

  it('a non-numeric value returns a message', () => {
    const { ctl } = setup();
    const r = ctl.setField('Pi0z', 'four');
    expect(r).toEqual({ ok: false, message: expect.stringMatching(/not a number/) });
  });

  it('physics-level rules come from the core’s createSimulation (initial penetration) and keep the old run', () => {
    const { model, ctl, changes } = setup();
    model.step(3);
    const r = ctl.setField('x0z', 0.5);
    // In words first (config/messages.ts), the core's "field: rule" as the detail.
    expect(r).toEqual({
      ok: false,
      message: expect.stringMatching(/^The start position x₀: .*penetrates/),
      detail: expect.stringMatching(/^x0: .*penetrates/),
    });
    expect((ctl.params as unknown as RigidBodyParams).x0[2]).toBe(10);
    expect(model.curr.steps).toBe(3);
    expect(changes).toEqual([]);
  });

  it('the speed changes the clock without restarting', () => {
    const { model, ctl, changes } = setup();
    model.step(4);
    expect(ctl.setField('speed', '2.5')).toEqual({ ok: true });
    expect(model.clock.speed).toBe(2.5);
    expect(model.curr.steps).toBe(4);
    expect(changes).toEqual([false]);
  });

  it('ε is disabled for bodies without rounding and changes the cube of Case IV', () => {
    const { ctl, model } = setup('I');
    expect(ctl.fieldEnabled('epsilon')).toBe(false);
    expect(ctl.setField('epsilon', 0.1)).toEqual({ ok: false, message: expect.stringMatching(/cube/) });
    expect(ctl.selectCase('IV')).toEqual({ ok: true });
    expect(ctl.fieldEnabled('epsilon')).toBe(true);
    expect(ctl.setField('epsilon', '0.25')).toEqual({ ok: true });
    expect((model.config as ResolvedRigidBodyConfig).body).toMatchObject({ type: 'cube', epsilon: 0.25 });
  });

  it('selecting a case resets the edited values to its preset but keeps the speed', () => {
    const { ctl, model } = setup('I');
    ctl.setField('gamma0z', 5);
    ctl.setField('speed', 3);
    expect(ctl.selectCase('III')).toEqual({ ok: true });
    expect((ctl.params as unknown as RigidBodyParams).gamma0).toEqual([2, 2, 10]);
    expect(ctl.params.speed).toBe(3);
    expect(model.clock.speed).toBe(3);
    expect((model.config as ResolvedRigidBodyConfig).body.type).toBe('union');
    expect(ctl.selectCase('V').ok).toBe(false);
    expect((model.config as ResolvedRigidBodyConfig).body.type).toBe('union');
  });

  it('playing state survives a restart', () => {
    const { ctl, model } = setup('I');
    model.clock.running = true;
    ctl.setField('Pi0x', 1);
    expect(model.clock.running).toBe(true);
  });
});
