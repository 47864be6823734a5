import { beforeEach, describe, expect, it } from 'vitest';
import { SimulationModel } from '../../../web/src/model/simulation-model';
import { familyTable } from '../../../web/src/app/families';

// The core's step statuses (the fake engine's statusCodes(), as the module's).
const STATUS_NEWTON_FAILED = 1;
const STATUS_ZENO = 2;
import { createFakeEngine, fakePreset, FakeSimulation } from '../../../families/rigid_body/tests/web/unit/support/fake-engine';
import type { ResolvedRigidBodyConfig } from '../../../families/rigid_body/web/config';

const presetJson = (c: string, over: Record<string, unknown> = {}) => JSON.stringify({ ...fakePreset(c), ...over });

describe('SimulationModel', () => {
  beforeEach(() => {
    FakeSimulation.created = [];
  });

  it('loads a config, exposes the resolved config and the initial state', () => {
    const m = new SimulationModel(createFakeEngine(), familyTable());
    m.load(presetJson('I'));
    expect((m.config as ResolvedRigidBodyConfig).body.type).toBe('ellipsoid');
    expect(m.normal).toEqual([0, 0, 1]);
    expect(m.curr.t).toBe(0);
    expect(m.curr.x).toEqual([0, 0, 10]);
    expect(m.prev).toEqual(m.curr); // the start twice, in two objects (each step is read into one)
    expect(m.prev).not.toBe(m.curr);
    expect(m.clock.h).toBe(0.01);
    expect(JSON.parse(m.resolvedJson)).toEqual(JSON.parse(FakeSimulation.created[0]!.configJson()));
  });

  it('deletes the previous embind object on load and the current one on dispose', () => {
    const m = new SimulationModel(createFakeEngine(), familyTable());
    m.load(presetJson('I'));
    m.load(presetJson('IV'));
    const [a, b] = FakeSimulation.created;
    expect(a?.deleted).toBe(true);
    expect(b?.deleted).toBe(false);
    m.dispose();
    expect(b?.deleted).toBe(true);
  });

  it('keeps the last two states: prev is one step before curr', () => {
    const m = new SimulationModel(createFakeEngine(), familyTable());
    m.load(presetJson('I'));
    m.step(5);
    expect(m.curr.steps).toBe(5);
    expect(m.prev.steps).toBe(4);
    expect(m.curr.t).toBeCloseTo(0.05, 12);
    expect(m.prev.t).toBeCloseTo(0.04, 12);
    m.step(1);
    expect(m.prev.steps).toBe(5);
    expect(m.curr.steps).toBe(6);
  });

  it('a frame takes the steps its time budget affords at the measured cost; the rest is dropped (slow motion), prev/curr stay consecutive', () => {
    const m = new SimulationModel(createFakeEngine(), familyTable());
    m.load(presetJson('I'));
    m.clock.running = true;
    let ms = 0;
    const now = (): number => (ms += 20); // every look at the clock: 20 ms later
    // 0.25 s of wall time at h = 0.01: 25 steps asked. No cost is measured yet: the frame's one call
    // takes them all (up to 64), in 20 ms: 0.8 ms a step.
    expect(m.advance(0.25, 8, now)).toBe(25);
    expect(m.slowed).toBe(false);
    // The next frame's call takes what 8 ms affords at 0.8 ms a step: 10 steps; the other 15 are dropped.
    const n = m.advance(0.25, 8, now);
    expect(n).toBe(10);
    expect(m.curr.steps).toBe(35);
    expect(m.prev.steps).toBe(34);
    expect(m.slowed).toBe(true);
    expect(m.clock.dropped).toBeCloseTo(0.15, 12);
    // With time to spare every step is taken.
    expect(m.advance(0.05, 8, () => 0)).toBe(5);
    expect(m.slowed).toBe(false);
  });

  it('"Go back now": the way back of a reversal runs within each frame budget, without the clock, and stops at the return', () => {
    const m = new SimulationModel(createFakeEngine(), familyTable());
    m.load(presetJson('I'));
    m.step(300);
    expect(m.reverse()).toBe('');
    m.fastForward = true;
    let ms = 0;
    // 20 ms between the two looks at the clock of each frame: the first frame takes 64 steps (no cost
    // measured yet), the next ones what 8 ms affords at the measured cost (25, 10, then at least 8)
    const now = (): number => (ms += 20);
    const left = m.fastReturn(8, now);
    expect(left).toBe(300 - 64);
    expect(m.run.steps()).toBe(364);
    let frames = 1;
    while (m.fastReturn(8, now) > 0) frames++;
    expect(m.run.steps()).toBe(600);
    expect(m.reversal?.distances).not.toBeNull();
    expect(m.fastForward).toBe(false);
    expect(frames).toBeGreaterThan(10);
    // nothing pending: nothing to do
    expect(m.fastReturn(8, now)).toBe(0);
    expect(m.run.steps()).toBe(600);
  });

  it('interpolates x linearly between prev and curr and follows the fixed-step clock', () => {
    const m = new SimulationModel(createFakeEngine(), familyTable());
    m.load(presetJson('I'));
    m.clock.running = true;
    const n = m.advance(0.035); // 3 steps and half a step left over
    expect(n).toBe(3);
    expect(m.alpha).toBeCloseTo(0.5, 9);
    const s = m.interpolated();
    expect(s.t).toBeCloseTo(0.025, 12);
    for (let i = 0; i < 3; i++) expect(s.x[i]).toBeCloseTo(((m.prev.x[i] ?? 0) + (m.curr.x[i] ?? 0)) / 2, 12);
    m.clock.running = false;
    expect(m.alpha).toBe(1);
    expect(m.interpolated().x).toEqual(m.curr.x);
  });

  it('collects impacts and releases them when the drawn time reaches them', () => {
    const m = new SimulationModel(createFakeEngine(), familyTable());
    m.load(presetJson('I'));
    let impacts = 0;
    for (let i = 0; i < 400 && impacts === 0; i++) impacts += m.step(1);
    expect(impacts).toBe(1);
    expect(m.curr.impacts).toBe(1);
    expect(m.drainedImpacts).toBe(1);
    expect(m.takeImpactsUpTo(m.prev.t)).toEqual([]);
    const got = m.takeImpactsUpTo(m.curr.t);
    expect(got).toHaveLength(1);
    expect(got[0]?.point[2]).toBe(0);
    expect(m.takeImpactsUpTo(1e9)).toEqual([]);
  });

  it('records the centre of mass after every step for the trail', () => {
    const m = new SimulationModel(createFakeEngine(), familyTable());
    m.load(presetJson('I'));
    m.step(10);
    expect(m.trail.length).toBe(11);
    expect(m.trail.time(10)).toBeCloseTo(0.1, 12);
    m.reset();
    expect(m.trail.length).toBe(1);
  });

  it('reports a Zeno warning and keeps going; a Newton failure halts and stops the clock', () => {
    const m = new SimulationModel(createFakeEngine(), familyTable());
    m.load(presetJson('I'));
    const sim = FakeSimulation.created[0]!;
    const events: string[] = [];
    m.on((e) => events.push(e));
    sim.nextStatus = STATUS_ZENO;
    m.step(1);
    expect(m.status).toMatchObject({ code: STATUS_ZENO, message: 'Zeno guard hit' });
    expect(events).toContain('status');
    sim.nextStatus = 0;
    m.step(1);
    expect(m.curr.steps).toBe(2);
    expect(m.status?.code).toBe(STATUS_ZENO); // sticky until reset

    m.clock.running = true;
    sim.nextStatus = STATUS_NEWTON_FAILED;
    m.step(5);
    expect(m.halted).toBe(true);
    expect(m.clock.running).toBe(false);
    expect(m.curr.steps).toBe(3);
    expect(m.status?.message).toBe('Newton failed to converge');
    m.step(3);
    expect(m.curr.steps).toBe(3);
    sim.nextStatus = 0;
    m.reset();
    expect(m.status).toBeNull();
    expect(m.curr.steps).toBe(0);
  });

  it('a halt while playing stops the clock; Reset or a new setting plays again', () => {
    const m = new SimulationModel(createFakeEngine(), familyTable());
    m.load(presetJson('IV'));
    m.clock.running = true;
    FakeSimulation.created[0]!.nextStatus = STATUS_NEWTON_FAILED;
    m.step(3);
    expect(m.halted).toBe(true);
    expect(m.clock.running).toBe(false);
    m.reset(); // a fresh start clears the forced status of the fake
    FakeSimulation.created[0]!.nextStatus = 0;
    expect(m.halted).toBe(false);
    expect(m.clock.running).toBe(true);
    expect(m.advance(0.05)).toBe(5);
    expect(m.curr.steps).toBe(5);

    FakeSimulation.created[0]!.nextStatus = STATUS_NEWTON_FAILED;
    m.step(1);
    expect(m.clock.running).toBe(false);
    m.load(presetJson('IV', { gamma0: [1, 1, 1] })); // a new setting
    expect(m.clock.running).toBe(true);
    expect(m.advance(0.02)).toBe(2);

    // a halt while paused (single steps) does not start playing on reset
    m.clock.running = false;
    FakeSimulation.created[1]!.nextStatus = STATUS_NEWTON_FAILED;
    m.step(1);
    FakeSimulation.created[1]!.nextStatus = 0;
    m.reset();
    expect(m.clock.running).toBe(false);
  });

  it('relative energy error', () => {
    const m = new SimulationModel(createFakeEngine(), familyTable());
    m.load(presetJson('I'));
    m.step(50);
    expect(m.relativeEnergyError).toBeLessThan(1e-12);
  });
});

describe('SimulationModel history', () => {
  it('records the initial state and every step, clears on reset, and stops at its cap', async () => {
    const { RunHistory } = await import('../../../web/src/model/history');
    const m = new SimulationModel(createFakeEngine(), familyTable(), 1, new RunHistory(2, 10));
    m.load(presetJson('I'));
    expect(m.history.length).toBe(1);
    // columns by name, from the (fake) module's layout
    const col = (name: string) => m.history.columns.names.indexOf(name);
    expect(m.history.columns.names.slice(0, 5)).toEqual(['t', 'x1', 'x2', 'x3', 'R11']);
    expect(m.history.get(0, col('x3'))).toBe(10);
    m.step(5);
    expect(m.history.length).toBe(6);
    expect(m.history.get(5, col('t'))).toBe(m.curr.t);
    expect(m.history.row(5).slice(col('x1'), col('x1') + 3)).toEqual(m.curr.x);
    const epoch = m.history.epoch;
    m.reset();
    expect(m.history.length).toBe(1);
    expect(m.history.epoch).toBe(epoch + 1);
    m.step(20);
    expect(m.history.length).toBe(10);
    expect(m.history.truncated).toBe(true);
    expect(m.curr.steps).toBe(20); // the run goes on
  });
});
