// Incremental min/max decimation of the live plots.
import { describe, expect, it } from 'vitest';
import { MinMaxDecimator } from '../../../web/src/model/decimate';

describe('MinMaxDecimator', () => {
  it('passes short series through unchanged', () => {
    const d = new MinMaxDecimator(2, { maxBuckets: 100 });
    for (let i = 0; i < 50; i++) d.push(i * 0.1, [i, -i]);
    const out = d.output();
    expect(out.x).toHaveLength(50);
    expect(out.ys[0]).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(out.ys[1]![49]).toBe(-49);
  });

  it('bounds the output however many points are appended, keeps every spike and ends at the latest point', () => {
    const d = new MinMaxDecimator(1, { maxBuckets: 200 });
    const n = 100_003;
    for (let i = 0; i < n; i++) {
      const spike = i === 31_337 ? 1e6 : i === 77_000 ? -5e5 : 0;
      d.push(i, [Math.sin(i / 1000) + spike]);
    }
    const out = d.output();
    expect(out.x.length).toBeLessThanOrEqual(2 * 200 + 1);
    expect(out.x.length).toBeGreaterThan(200);
    const ys = out.ys[0]!.filter((v): v is number => v !== null);
    expect(Math.max(...ys)).toBe(Math.sin(31_337 / 1000) + 1e6);
    expect(Math.min(...ys)).toBe(Math.sin(77_000 / 1000) - 5e5);
    expect(out.x[out.x.length - 1]).toBe(n - 1);
    expect(out.ys[0]![out.ys[0]!.length - 1]).toBe(Math.sin((n - 1) / 1000));
    for (let i = 1; i < out.x.length; i++) expect(out.x[i]!).toBeGreaterThanOrEqual(out.x[i - 1]!);
    expect(d.appended).toBe(n);
  });

  it('keeps a step (an impact jump) in its time order', () => {
    const d = new MinMaxDecimator(1, { maxBuckets: 4 });
    for (let i = 0; i < 64; i++) d.push(i, [i < 40 ? 10 : 3]);
    const out = d.output();
    const y = out.ys[0]!;
    // before the step everything is 10, after it 3, never 3 before 10
    const firstLow = y.indexOf(3);
    expect(firstLow).toBeGreaterThan(0);
    expect(y.slice(0, firstLow).every((v) => v === 10)).toBe(true);
    expect(y.slice(y.lastIndexOf(10) + 1).every((v) => v === 3)).toBe(true);
  });

  it('positiveOnly skips zeros and non-finite values (gaps on log axes)', () => {
    const d = new MinMaxDecimator(1, { maxBuckets: 10, positiveOnly: [true] });
    d.push(0, [0]);
    d.push(1, [1e-14]);
    d.push(2, [NaN]);
    d.push(3, [-1]);
    const out = d.output();
    expect(out.ys[0]).toEqual([null, 1e-14, null, null]);
  });

  it('clear() starts over', () => {
    const d = new MinMaxDecimator(1, { maxBuckets: 8 });
    for (let i = 0; i < 1000; i++) d.push(i, [i]);
    d.clear();
    d.push(5, [7]);
    expect(d.output()).toEqual({ x: [5], ys: [[7]] });
  });
});
