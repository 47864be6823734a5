// What the Reverse button and the return-error plot say (model/comparison-caption.ts): the limit
// before a reversal that crosses impacts, an honest verdict once back, and a caption that explains the
// measured ordering of the two methods from the points themselves.
import { describe, expect, it } from 'vitest';
import type { Reversal } from '../../../web/src/model/simulation-model';
import { reversalText, sweepCaption } from '../../../web/src/model/comparison-caption';
import { EnergyErrorStats, energyErrorCaption } from '../../../web/src/model/error-stats';
import { tickLabels } from '../../../web/src/util/format';

function rev(over: Partial<Reversal>): Reversal {
  return { steps: 3000, returnStep: 6000, distances: null, companions: {}, t: NaN, impacts: 16, h: 0.01, twins: true, ...over };
}

describe('the Reverse read-out', () => {
  it('on the way back across impacts it states the limit and how long the way back takes', () => {
    const text = reversalText(rev({}), 3000, {}, 1);
    expect(text).toContain('back at the start in 3000 steps (about 30 s at this speed)');
    expect(text).toContain('The way back crosses 16 impacts');
    expect(text).toContain('sensitivity twins');
    // Without impacts there is no limit to state.
    expect(reversalText(rev({ impacts: 0, steps: 100, returnStep: 200 }), 100)).toContain('retraces its steps to round-off');
  });

  it('once back: round-off, amplified round-off, or not back at all with the distance in metres', () => {
    const back = (x: number) => reversalText(rev({ distances: { x, R: x, gamma: x, Pi: x }, t: 60 }), 6000);
    expect(back(1e-12)).toMatch(/back at its start to round-off \(largest distance 1\.0e-12\)/);
    expect(back(1.6e-4)).toMatch(/back at its start to within 1\.6e-4: round-off, amplified by the 16 impacts crossed twice/);
    const far = reversalText(rev({ distances: { x: 2.3, R: 1.8, gamma: 0.91, Pi: 4.4 }, t: 60 }), 6000);
    expect(far).toMatch(/it did not come back: it ends 2\.30 m from its start/);
    expect(far).toContain('|x − x₀| = 2.3e0');
  });
});

describe('the return-error caption', () => {
  // Synthetic points: the LGVCI's error grows ×10 per impact from 1e-13; RK4 starts at 1e-15 and crosses fewer impacts.
  const pts = [1, 2, 3, 4].map((k) => ({ steps: 500 * k, lgvci: 1e-13 * 10 ** (2 * k), rk4: 1e-15 * 10 ** k, impactsLgvci: 2 * k, impactsRk4: k }));

  it('names the method that comes back closer and explains it by the measured start and impact counts', () => {
    const c = sweepCaption(pts);
    expect(c).toMatch(/^At N = 2000 the RK4 baseline comes back closer \(LGVCI 1\.0e-5 after 8 impacts, RK4 1\.0e-11 after 4\)\./);
    expect(c).toContain('RK4 starts lower here');
    expect(c).toContain('multiplied the LGVCI’s error by about 10.0');
    expect(c).toContain('crossed fewer impacts (4 vs 8)');
  });

  it('the other ordering is told the other way', () => {
    const flipped = pts.map((p) => ({ ...p, lgvci: p.rk4 / 100, rk4: p.lgvci, impactsLgvci: p.impactsRk4, impactsRk4: p.impactsLgvci }));
    const c = sweepCaption(flipped);
    expect(c).toMatch(/the LGVCI comes back closer/);
    expect(c).toContain('retraces its flight to round-off');
    expect(c).toContain('RK4 crossed more impacts');
    expect(sweepCaption([])).toBe('');
  });
});

describe('the energy-error caption, measured', () => {
  it('round-off between impacts and jumps at them (the particle), each with its size', () => {
    const s = new EnergyErrorStats();
    // E − E₀ stays at 1e-15 in flight, jumps by 1e-3 at the impact of row 3.
    [0, 1e-15, -1e-15, 1e-3, 1e-3 + 1e-15].forEach((e, k) => s.push(e, k === 3 ? 1 : 0, 10));
    expect(s.flight).toBeCloseTo(2e-15, 20);
    expect(s.jump).toBeCloseTo(1e-3, 12);
    const c = energyErrorCaption(s, 'H', 'H');
    expect(c).toContain('Between impacts the discrete flow keeps it at round-off');
    expect(c).toContain('At an impact it changes by up to 1.0e-3 (1.0e-4 of |H₀|)');
  });

  it('an O(h²) oscillation between impacts (the cradle) is named with its size; no impact yet says so', () => {
    const s = new EnergyErrorStats();
    [0, 4e-5, -1e-5, 3e-5].forEach((e) => s.push(e, 0, 29));
    const c = energyErrorCaption(s, 'H', 'H');
    expect(c).toContain('oscillates by up to 5.0e-5');
    expect(c).toContain('No impact yet.');
  });
});

describe('linear axis ticks', () => {
  it('neighbouring ticks never print alike', () => {
    const labels = tickLabels([-29.2345, -29.234, -29.2335], 0.0005);
    expect(new Set(labels).size).toBe(3);
    expect(labels).toEqual(['-29.2345', '-29.2340', '-29.2335']);
    expect(tickLabels([0, 50, 100, 150], 50)).toEqual(['0', '50', '100', '150']);
    expect(tickLabels([-0.5, 0, 0.5], 0.5)).toEqual(['-0.5', '0.0', '0.5']);
  });
});
