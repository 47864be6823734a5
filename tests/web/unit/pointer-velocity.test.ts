// The throw's velocity estimate (model/pointer-velocity.ts): the least-squares slope over the last
// 80 ms of pointer positions, checked against straight-line motion with known velocity.
import { describe, expect, it } from 'vitest';
import { THROW_WINDOW_MS, VelocityTracker, leastSquaresVelocity } from '../../../web/src/model/pointer-velocity';
import type { PointerSample } from '../../../web/src/model/pointer-velocity';

/** A deterministic sequence in [−1, 1) (a linear congruential generator), for jitter. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 31 - 1;
  };
}

describe('leastSquaresVelocity', () => {
  it('recovers the velocity of straight-line motion exactly (m/s from ms timestamps)', () => {
    const v = [2.5, -1, 4] as const;
    const samples: PointerSample[] = [];
    for (let i = 0; i < 8; i++) {
      const t = 1000 + 16 * i;
      const s = (t - 1000) / 1000;
      samples.push({ t, p: [1 + v[0] * s, 2 + v[1] * s, 3 + v[2] * s] });
    }
    const got = leastSquaresVelocity(samples);
    for (let k = 0; k < 3; k++) expect(got[k]).toBeCloseTo(v[k] ?? NaN, 10);
  });

  it('stays within 3 % of the velocity under timestamp and position jitter that spoil a two-point difference', () => {
    const rnd = lcg(7);
    const v = 3; // m/s along x
    const samples: PointerSample[] = [];
    for (let i = 0; i < 10; i++) {
      const tTrue = 16.7 * i;
      // Events arrive up to ±3 ms late or early; positions are off by up to ±2 mm (a pixel's ray).
      samples.push({ t: tTrue + 3 * rnd(), p: [v * (tTrue / 1000) + 0.002 * rnd(), 0, 0] });
    }
    samples.sort((a, b) => a.t - b.t);
    const fit = leastSquaresVelocity(samples)[0];
    expect(Math.abs(fit - v) / v).toBeLessThan(0.03);
    // The naive last-two-samples difference is far worse on the same data.
    const [a, b] = samples.slice(-2) as [PointerSample, PointerSample];
    const naive = ((b.p[0] - a.p[0]) / (b.t - a.t)) * 1000;
    expect(Math.abs(naive - v)).toBeGreaterThan(Math.abs(fit - v));
  });

  it('uses only the window before the last sample: a pointer that stopped before the release throws at 0', () => {
    const samples: PointerSample[] = [];
    for (let i = 0; i < 10; i++) samples.push({ t: 10 * i, p: [i * 0.05, 0, 0] }); // 5 m/s until t = 90 ms
    samples.push({ t: 90 + THROW_WINDOW_MS + 20, p: [0.45, 0, 0] }); // held still, then released
    expect(leastSquaresVelocity(samples)).toEqual([0, 0, 0]);
  });

  it('two events a fraction of a millisecond apart do not decide the slope alone (timestamps rounded to 0.1 ms)', () => {
    // A busy main thread: moves every 100 ms at 2 m/s, then the last move and the release 0.15 ms apart,
    // whose timestamps read 0.1 ms apart — a two-sample fit would say 3 m/s.
    const at = (t: number): PointerSample => ({ t: Math.round(t * 10) / 10, p: [0, 0, (2 * t) / 1000] });
    const samples = [at(0), at(100), at(200), at(300.04), at(300.19)];
    samples[4] = { t: 300.1, p: [0, 0, (2 * 300.19) / 1000] };
    expect(leastSquaresVelocity(samples)[2]).toBeCloseTo(2, 2);
  });

  it('gives 0 for fewer than two samples or no time spread', () => {
    expect(leastSquaresVelocity([])).toEqual([0, 0, 0]);
    expect(leastSquaresVelocity([{ t: 5, p: [1, 2, 3] }])).toEqual([0, 0, 0]);
    expect(leastSquaresVelocity([{ t: 5, p: [1, 2, 3] }, { t: 5, p: [2, 2, 3] }])).toEqual([0, 0, 0]);
  });
});

describe('VelocityTracker', () => {
  it('keeps the window only, ignores a sample from the past and fits what it keeps', () => {
    const tr = new VelocityTracker(50);
    for (let i = 0; i <= 20; i++) tr.push(10 * i, [0, 0, 0.01 * i]); // 1 m/s up
    expect(tr.count).toBeLessThanOrEqual(Math.ceil(250 / 10) + 1);
    tr.push(5, [9, 9, 9]); // earlier than the last: ignored
    const v = tr.velocity();
    expect(v[2]).toBeCloseTo(1, 10);
    expect(v[0]).toBe(0);
    tr.clear();
    expect(tr.velocity()).toEqual([0, 0, 0]);
  });
});
