// Slow motion on the page (docs/page.md "Slow motion"): the frame budget falls to one step a frame, so
// after a set-up's first frame a heavy step blocks the page for that one step only; and the indicator
// follows the model's per-frame word without flickering, off at once when the run is paused.
import { describe, expect, it } from 'vitest';
import { SimulationModel, FIRST_FRAME_STEPS } from '../../../web/src/model/simulation-model';
import { SLOW_TAU_S, SlowMotionTracker } from '../../../web/src/model/slow-motion';
import { familyTable } from '../../../web/src/app/families';
import { createFakeEngine, fakePreset } from '../../../families/rigid_body/tests/web/unit/support/fake-engine';

const presetJson = (name: string): string => JSON.stringify(fakePreset(name));

/** A model whose clock charges `msPerStep` for every step taken (a fake clock: wall time is steps × cost). */
function heavy(msPerStep: number): { m: SimulationModel; now: () => number } {
  const m = new SimulationModel(createFakeEngine(), familyTable());
  m.load(presetJson('I'));
  m.clock.running = true;
  return { m, now: () => m.curr.steps * msPerStep };
}

describe('the frame budget', () => {
  for (const cost of [50, 200]) {
    it(`falls to one step a frame for a step of ${cost} ms: after the first frame no frame steps longer than one step`, () => {
      const { m, now } = heavy(cost);
      // The first frame: the cost is not known yet, the clock asks for 25 steps (0.25 s at h = 0.01).
      expect(m.advance(0.25, 8, now)).toBe(25);
      for (let f = 0; f < 20; f++) {
        const before = now();
        expect(m.advance(0.25, 8, now)).toBe(1);
        expect(now() - before).toBe(cost);
        expect(m.slowed).toBe(true);
      }
      expect(m.frameStepBudget).toBe(1);
    });
  }

  it('a new set-up measures its cost afresh from FIRST_FRAME_STEPS, and a cheap one grows back', () => {
    const { m, now } = heavy(200);
    m.advance(0.25, 8, now);
    m.advance(0.25, 8, now);
    expect(m.frameStepBudget).toBe(1);
    m.load(presetJson('IV'));
    expect(m.frameStepBudget).toBe(FIRST_FRAME_STEPS);
    expect(m.slowed).toBe(false);
    m.clock.running = true;
    // a cheap step: 0.01 ms; the budget doubles from what a frame took, up to what 8 ms afford
    const cheap = (): number => m.curr.steps * 0.01;
    for (let f = 0; f < 10; f++) m.advance(0.25, 8, cheap);
    expect(m.slowed).toBe(false);
    expect(m.frameStepBudget).toBeGreaterThanOrEqual(25);
  });
});

describe('the slow-motion indicator', () => {
  const FRAME = 1 / 60;

  it('turns on after a steady run of slowed frames and off after a steady run of full ones, each once', () => {
    const s = new SlowMotionTracker();
    let changes = 0;
    let last = false;
    const frame = (slowed: boolean): boolean => {
      const on = s.update(slowed, true, FRAME);
      if (on !== last) changes++;
      last = on;
      return on;
    };
    for (let f = 0; f < 60; f++) frame(false);
    expect(last).toBe(false);
    // the first few slowed frames (a set-up measuring its cost) do not turn it on
    for (let f = 0; f < 5; f++) expect(frame(true)).toBe(false);
    for (let f = 0; f < 60; f++) frame(true);
    expect(last).toBe(true);
    // a few full frames do not turn it off
    for (let f = 0; f < 10; f++) expect(frame(false)).toBe(true);
    for (let f = 0; f < 120; f++) frame(false);
    expect(last).toBe(false);
    expect(changes).toBe(2);
  });

  it('does not flicker on a borderline run that drops a step every other frame', () => {
    const s = new SlowMotionTracker();
    let changes = 0;
    let last = false;
    for (let f = 0; f < 600; f++) {
      const on = s.update(f % 2 === 0, true, FRAME);
      if (on !== last) changes++;
      last = on;
    }
    expect(changes).toBeLessThanOrEqual(1);
  });

  it('a frame longer than its time constant decides alone; pausing turns it off at once', () => {
    const s = new SlowMotionTracker();
    expect(s.update(true, true, SLOW_TAU_S + 0.27)).toBe(true);
    expect(s.update(true, false, FRAME)).toBe(false);
    expect(s.level).toBe(0);
  });
});
