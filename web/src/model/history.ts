// Record of every step of the running simulation, in the columns of the native CLI's --csv output of
// its model family (as the module's record layout names them, e.g. t, q, p, E, impacts in generalized
// coordinates; ModelFamily.columns), the impacts column counting the impacts of that step.
// Row 0 is the initial state. Rows live in one growing Float64Array (capacity doubles; nothing is allocated per
// step). It feeds the CSV export and the plots. Impact times are kept too, for marking them on plots.
import type { HistoryColumns, ModelFamily } from './family';
import { rowWidth } from './family';

/** How a row is made: the columns and a writer of every column but the impacts. */
export type RowFormat = Pick<ModelFamily, 'columns' | 'writeRow'>;

/** Before a family is set: no columns; recording throws. */
const NO_FORMAT: RowFormat = {
  columns: { names: [], energy: 0, energyParts: [], height: 0, energySymbol: 'E', impacts: 0 },
  writeRow: () => {
    throw new Error('RunHistory: no row format set');
  },
};

/**
 * Default cap on recorded rows, 2¹⁹ = 524 288 steps (≈ 96 MB; 87 minutes of simulated time at h = 0.01);
 * beyond it recording stops and `truncated` is set.
 */
export const DEFAULT_MAX_ROWS = 2 ** 19;

const NO_IMPACT_FIELDS: Readonly<Record<string, number>> = Object.freeze({});

export class RunHistory {
  private buf: Float64Array;
  private imp: Float64Array;
  private readonly impFields: Readonly<Record<string, number>>[] = [];
  private format: RowFormat;
  private readonly initialRows: number;
  /** Numbers per row (HistoryColumns: the CSV's columns, then the record-only ones). */
  stride: number;
  /** Rows recorded (row 0 is the initial state). */
  length = 0;
  /** Impact times recorded. */
  impactCount = 0;
  /** Increased by clear(), so that consumers notice a restart. */
  epoch = 0;
  /** Recording stopped at maxRows. */
  truncated = false;
  readonly maxRows: number;

  constructor(initialRows = 1024, maxRows = DEFAULT_MAX_ROWS, format?: RowFormat) {
    this.format = format ?? NO_FORMAT;
    this.stride = Math.max(1, rowWidth(this.format.columns));
    this.initialRows = Math.max(1, initialRows);
    this.buf = new Float64Array(this.stride * this.initialRows);
    this.imp = new Float64Array(64);
    this.maxRows = maxRows;
  }

  /** The columns of the rows. */
  get columns(): HistoryColumns {
    return this.format.columns;
  }

  /** Record rows of another format from now on (clears the history). */
  setFormat(format: RowFormat): void {
    this.format = format;
    if (Math.max(1, rowWidth(format.columns)) !== this.stride) {
      this.stride = Math.max(1, rowWidth(format.columns));
      this.buf = new Float64Array(this.stride * Math.min(this.initialRows, this.maxRows));
    }
    this.clear();
  }

  clear(): void {
    this.length = 0;
    this.impactCount = 0;
    this.impFields.length = 0;
    this.truncated = false;
    this.epoch += 1;
  }

  /** Capacity in rows (grows by doubling). */
  get capacity(): number {
    return Math.floor(this.buf.length / this.stride);
  }

  /** The backing array: row k occupies [k·stride, (k+1)·stride). Valid until the next record(). */
  get data(): Float64Array {
    return this.buf;
  }

  /** Append a row from a state view of the engine and the impacts of that step. */
  record(s: ArrayLike<number>, impacts: number): boolean {
    if (this.length >= this.maxRows) {
      this.truncated = true;
      return false;
    }
    const stride = this.stride;
    if (this.length === this.capacity) {
      const grown = new Float64Array(Math.min(this.buf.length * 2, this.maxRows * stride));
      grown.set(this.buf);
      this.buf = grown;
    }
    const b = this.length * stride;
    this.format.writeRow(s, this.buf, b);
    this.buf[b + this.format.columns.impacts] = impacts;
    this.length += 1;
    return true;
  }

  recordImpactTime(t: number, fields: Readonly<Record<string, number>> = NO_IMPACT_FIELDS): void {
    if (this.impactCount === this.imp.length) {
      const grown = new Float64Array(this.imp.length * 2);
      grown.set(this.imp);
      this.imp = grown;
    }
    this.impFields[this.impactCount] = fields;
    this.imp[this.impactCount++] = t;
  }

  /** The family's own fields of recorded impact k (Impact.fields, e.g. a bounce's wall position s and tangential momentum p_t). */
  impactFields(k: number): Readonly<Record<string, number>> {
    return (k < this.impactCount ? this.impFields[k] : undefined) ?? NO_IMPACT_FIELDS;
  }

  /** Impact times so far (a view, valid until the next recordImpactTime()). */
  impactTimes(): Float64Array {
    return this.imp.subarray(0, this.impactCount);
  }

  get(row: number, col: number): number {
    if (row < 0 || row >= this.length) return NaN;
    return this.buf[row * this.stride + col] ?? NaN;
  }

  /** A copy of row k (stride numbers). */
  row(k: number): number[] {
    if (k < 0 || k >= this.length) throw new RangeError(`history row ${k} out of range [0, ${this.length})`);
    return Array.from(this.buf.subarray(k * this.stride, (k + 1) * this.stride));
  }

  /** Sum of the impacts column: the impacts recorded since the initial state. */
  totalImpacts(): number {
    let n = 0;
    const c = this.format.columns.impacts;
    for (let k = 0; k < this.length; k++) n += this.buf[k * this.stride + c] ?? 0;
    return n;
  }
}
