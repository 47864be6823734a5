import { describe, expect, it } from 'vitest';
import { FixedStepClock } from '../../../web/src/model/clock';

function run(clock: FixedStepClock, fps: number, seconds: number): number {
  let steps = 0;
  const frames = Math.round(fps * seconds);
  for (let i = 0; i < frames; i++) steps += clock.tick(1 / fps);
  return steps;
}

describe('FixedStepClock', () => {
  it('takes the same number of fixed steps whatever the frame rate', () => {
    for (const fps of [24, 30, 60, 144, 37]) {
      const c = new FixedStepClock(0.01);
      c.running = true;
      const n = run(c, fps, 3);
      expect(Math.abs(n - 300)).toBeLessThanOrEqual(1);
    }
  });

  it('scales with the speed', () => {
    const c = new FixedStepClock(0.01, 4);
    c.running = true;
    expect(run(c, 60, 1)).toBeGreaterThanOrEqual(399);
    const slow = new FixedStepClock(0.01, 0.25);
    slow.running = true;
    expect(run(slow, 60, 1)).toBe(25);
  });

  it('does nothing while paused', () => {
    const c = new FixedStepClock(0.01);
    expect(c.tick(1)).toBe(0);
    expect(c.alpha).toBe(0);
  });

  it('keeps the remainder as the interpolation weight', () => {
    const c = new FixedStepClock(0.01);
    c.running = true;
    expect(c.tick(0.025)).toBe(2);
    expect(c.alpha).toBeCloseTo(0.5, 9);
    c.clear();
    expect(c.alpha).toBe(0);
  });

  it('caps long frames and the steps per tick (no spiral of death)', () => {
    const c = new FixedStepClock(0.001, 10, { maxStepsPerTick: 100, maxFrameSeconds: 0.25 });
    c.running = true;
    expect(c.tick(5)).toBe(100);
    expect(c.dropped).toBeCloseTo(2.4, 9);
    expect(c.alpha).toBe(0);
  });
});
