// Incremental min/max decimation of several series sampled at common times, for live plots. Points are
// appended one at a time (O(number of series) each); they fall into buckets of `bucketSize` consecutive
// points, and when the buckets reach `maxBuckets` neighbouring pairs are merged and the bucket size
// doubles. Each bucket keeps, per series, its minimum and maximum and which came first, so the drawn
// envelope keeps every spike and every jump however long the run: the output has at most 2·maxBuckets
// points, whatever the number of points appended.

export interface DecimatedData {
  /** Times (ascending). */
  x: number[];
  /** One array per series, aligned with x; null where a series has no usable value. */
  ys: (number | null)[][];
}

export interface DecimatorOptions {
  /** Most buckets kept (an even number ≥ 2); the output has at most twice as many points. */
  maxBuckets?: number;
  /** Per series: only values > 0 count (for log-scaled axes, where 0 cannot be drawn). */
  positiveOnly?: readonly boolean[];
}

export class MinMaxDecimator {
  readonly nSeries: number;
  readonly maxBuckets: number;
  private readonly positiveOnly: boolean[];
  /** The latest point as appended (NaN marks a gap), drawn exactly at the end of the output. */
  private readonly lastVals: Float64Array;
  private lastT = NaN;
  /** Points per bucket (a power of two). */
  bucketSize = 1;
  /** Buckets in use; the last one may be partly filled. */
  count = 0;
  /** Points appended since the last clear(). */
  appended = 0;
  /** Points in the last bucket. */
  private fill = 0;
  private t0: Float64Array;
  private t1: Float64Array;
  private mn: Float64Array;
  private mx: Float64Array;
  /** Index (point number) of the minimum / maximum, to order them in time. */
  private iMn: Float64Array;
  private iMx: Float64Array;

  constructor(nSeries: number, opts: DecimatorOptions = {}) {
    this.nSeries = nSeries;
    const mb = Math.max(2, Math.floor((opts.maxBuckets ?? 1500) / 2) * 2);
    this.maxBuckets = mb;
    this.positiveOnly = Array.from({ length: nSeries }, (_, k) => opts.positiveOnly?.[k] ?? false);
    this.lastVals = new Float64Array(nSeries);
    this.t0 = new Float64Array(mb);
    this.t1 = new Float64Array(mb);
    this.mn = new Float64Array(mb * nSeries);
    this.mx = new Float64Array(mb * nSeries);
    this.iMn = new Float64Array(mb * nSeries);
    this.iMx = new Float64Array(mb * nSeries);
  }

  clear(): void {
    this.bucketSize = 1;
    this.count = 0;
    this.fill = 0;
    this.appended = 0;
  }

  /** Append the point (t, values[0..nSeries)). Non-finite values (and ≤ 0 where positiveOnly) are gaps. */
  push(t: number, values: ArrayLike<number>): void {
    if (this.count === 0 || this.fill === this.bucketSize) {
      if (this.count === this.maxBuckets) this.halve();
      this.openBucket(t);
    }
    const b = this.count - 1;
    const n = this.nSeries;
    this.t1[b] = t;
    this.lastT = t;
    const idx = this.appended;
    for (let k = 0; k < n; k++) {
      const v = values[k] ?? NaN;
      const usable = Number.isFinite(v) && !(this.positiveOnly[k] && !(v > 0));
      this.lastVals[k] = usable ? v : NaN;
      if (!usable) continue;
      const j = b * n + k;
      const cur = this.mn[j] ?? NaN;
      if (Number.isNaN(cur)) {
        this.mn[j] = v;
        this.mx[j] = v;
        this.iMn[j] = idx;
        this.iMx[j] = idx;
      } else {
        if (v < cur) {
          this.mn[j] = v;
          this.iMn[j] = idx;
        }
        if (v > (this.mx[j] ?? NaN)) {
          this.mx[j] = v;
          this.iMx[j] = idx;
        }
      }
    }
    this.fill += 1;
    this.appended += 1;
  }

  private openBucket(t: number): void {
    const b = this.count;
    this.t0[b] = t;
    this.t1[b] = t;
    const n = this.nSeries;
    this.mn.fill(NaN, b * n, (b + 1) * n);
    this.mx.fill(NaN, b * n, (b + 1) * n);
    this.count += 1;
    this.fill = 0;
  }

  /** Merge neighbouring buckets pairwise (all full): half as many buckets of twice the size. */
  private halve(): void {
    const n = this.nSeries;
    const half = this.count / 2;
    for (let b = 0; b < half; b++) {
      const a = 2 * b;
      const c = 2 * b + 1;
      this.t0[b] = this.t0[a] ?? NaN;
      this.t1[b] = this.t1[c] ?? NaN;
      for (let k = 0; k < n; k++) {
        const ja = a * n + k;
        const jc = c * n + k;
        const jb = b * n + k;
        const mnA = this.mn[ja] ?? NaN, mnC = this.mn[jc] ?? NaN;
        const mxA = this.mx[ja] ?? NaN, mxC = this.mx[jc] ?? NaN;
        const iMnA = this.iMn[ja] ?? 0, iMnC = this.iMn[jc] ?? 0;
        const iMxA = this.iMx[ja] ?? 0, iMxC = this.iMx[jc] ?? 0;
        // NaN marks "no value in this bucket".
        if (Number.isNaN(mnC) || (!Number.isNaN(mnA) && mnA <= mnC)) {
          this.mn[jb] = mnA;
          this.iMn[jb] = iMnA;
        } else {
          this.mn[jb] = mnC;
          this.iMn[jb] = iMnC;
        }
        if (Number.isNaN(mxC) || (!Number.isNaN(mxA) && mxA >= mxC)) {
          this.mx[jb] = mxA;
          this.iMx[jb] = iMxA;
        } else {
          this.mx[jb] = mxC;
          this.iMx[jb] = iMxC;
        }
      }
    }
    this.count = half;
    this.bucketSize *= 2;
    this.fill = this.bucketSize;
  }

  /**
   * The decimated series: one point per bucket while every bucket holds one point, otherwise two per
   * bucket (at its first and last time), each series' minimum and maximum in the order they occurred,
   * and then the latest point exactly as appended (so the curve ends at the current values).
   */
  output(): DecimatedData {
    const n = this.nSeries;
    const x: number[] = [];
    const ys: (number | null)[][] = Array.from({ length: n }, () => []);
    const single = this.bucketSize === 1;
    for (let b = 0; b < this.count; b++) {
      const ta = this.t0[b] ?? NaN;
      const tb = this.t1[b] ?? NaN;
      const one = single || ta === tb;
      x.push(ta);
      if (!one) x.push(tb);
      for (let k = 0; k < n; k++) {
        const j = b * n + k;
        const lo = this.mn[j] ?? NaN;
        const hi = this.mx[j] ?? NaN;
        const y = ys[k] as (number | null)[];
        if (Number.isNaN(lo)) {
          y.push(null);
          if (!one) y.push(null);
        } else if (one) {
          y.push(lo);
        } else if ((this.iMn[j] ?? 0) <= (this.iMx[j] ?? 0)) {
          y.push(lo, hi);
        } else {
          y.push(hi, lo);
        }
      }
    }
    if (!single && this.count > 0) {
      x.push(this.lastT);
      for (let k = 0; k < n; k++) {
        const v = this.lastVals[k] ?? NaN;
        (ys[k] as (number | null)[]).push(Number.isNaN(v) ? null : v);
      }
    }
    return { x, ys };
  }
}
