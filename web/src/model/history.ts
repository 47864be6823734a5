// Record of every step of the running simulation, in the columns of the native CLI's --csv output:
// t, x (3), R (9, row-major), γ (3), Π (3), E, TPE, RE, impacts (impacts in that step). Row 0 is the
// initial state. Rows live in one growing Float64Array (capacity doubles; nothing is allocated per
// step). It feeds the CSV export and the plots. Impact times are kept too, for marking them on plots.
import type { StateLayout } from '../engine/lgvci_wasm';

export const CSV_COLUMNS = [
  't',
  'x1', 'x2', 'x3',
  'R11', 'R12', 'R13', 'R21', 'R22', 'R23', 'R31', 'R32', 'R33',
  'gamma1', 'gamma2', 'gamma3',
  'Pi1', 'Pi2', 'Pi3',
  'E', 'TPE', 'RE',
  'impacts',
] as const;

/** Column indices of a history row. */
export const COL = {
  T: 0,
  X: 1,
  R: 4,
  GAMMA: 13,
  PI: 16,
  E: 19,
  TPE: 20,
  RE: 21,
  IMPACTS: 22,
} as const;

export const STRIDE = CSV_COLUMNS.length;

/**
 * Default cap on recorded rows, 2¹⁹ = 524 288 steps (≈ 96 MB; 87 minutes of simulated time at h = 0.01);
 * beyond it recording stops and `truncated` is set.
 */
export const DEFAULT_MAX_ROWS = 2 ** 19;

export class RunHistory {
  private buf: Float64Array;
  private imp: Float64Array;
  /** Rows recorded (row 0 is the initial state). */
  length = 0;
  /** Impact times recorded. */
  impactCount = 0;
  /** Increased by clear(), so that consumers notice a restart. */
  epoch = 0;
  /** Recording stopped at maxRows. */
  truncated = false;
  readonly maxRows: number;

  constructor(initialRows = 1024, maxRows = DEFAULT_MAX_ROWS) {
    this.buf = new Float64Array(STRIDE * Math.max(1, initialRows));
    this.imp = new Float64Array(64);
    this.maxRows = maxRows;
  }

  clear(): void {
    this.length = 0;
    this.impactCount = 0;
    this.truncated = false;
    this.epoch += 1;
  }

  /** Capacity in rows (grows by doubling). */
  get capacity(): number {
    return this.buf.length / STRIDE;
  }

  /** The backing array: row k occupies [k·STRIDE, (k+1)·STRIDE). Valid until the next record(). */
  get data(): Float64Array {
    return this.buf;
  }

  /** Append a row from a state view of the engine (StateLayout) and the impacts of that step. */
  record(s: ArrayLike<number>, L: StateLayout, impacts: number): boolean {
    if (this.length >= this.maxRows) {
      this.truncated = true;
      return false;
    }
    if (this.length === this.capacity) {
      const grown = new Float64Array(Math.min(this.buf.length * 2, this.maxRows * STRIDE));
      grown.set(this.buf);
      this.buf = grown;
    }
    const b = this.length * STRIDE;
    const d = this.buf;
    d[b + COL.T] = s[L.T] ?? NaN;
    for (let i = 0; i < 3; i++) {
      d[b + COL.X + i] = s[L.X + i] ?? NaN;
      d[b + COL.GAMMA + i] = s[L.GAMMA + i] ?? NaN;
      d[b + COL.PI + i] = s[L.PI + i] ?? NaN;
    }
    for (let i = 0; i < 9; i++) d[b + COL.R + i] = s[L.R + i] ?? NaN;
    d[b + COL.E] = s[L.ENERGY] ?? NaN;
    d[b + COL.TPE] = s[L.TPE] ?? NaN;
    d[b + COL.RE] = s[L.RE] ?? NaN;
    d[b + COL.IMPACTS] = impacts;
    this.length += 1;
    return true;
  }

  recordImpactTime(t: number): void {
    if (this.impactCount === this.imp.length) {
      const grown = new Float64Array(this.imp.length * 2);
      grown.set(this.imp);
      this.imp = grown;
    }
    this.imp[this.impactCount++] = t;
  }

  /** Impact times so far (a view, valid until the next recordImpactTime()). */
  impactTimes(): Float64Array {
    return this.imp.subarray(0, this.impactCount);
  }

  get(row: number, col: number): number {
    if (row < 0 || row >= this.length) return NaN;
    return this.buf[row * STRIDE + col] ?? NaN;
  }

  /** A copy of row k (STRIDE numbers). */
  row(k: number): number[] {
    if (k < 0 || k >= this.length) throw new RangeError(`history row ${k} out of range [0, ${this.length})`);
    return Array.from(this.buf.subarray(k * STRIDE, (k + 1) * STRIDE));
  }

  /** Sum of the impacts column: the impacts recorded since the initial state. */
  totalImpacts(): number {
    let n = 0;
    for (let k = 0; k < this.length; k++) n += this.buf[k * STRIDE + COL.IMPACTS] ?? 0;
    return n;
  }
}
