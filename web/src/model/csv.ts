// CSV export of a run in exactly the native CLI's format (`lgvci --csv FILE`): the header of the
// family's columns (its record layout's CSV columns, e.g. t,q1,q2,p1,p2,E,impacts), every number printed like
// C's printf("%.17g") (glibc: exact decimal value, ties to even) and the impacts column like "%d".
import type { HistoryColumns } from './family';
import type { RunHistory } from './history';

const TWO_25 = 2 ** 25;

/**
 * Whether the 18-significant-digit decimal `digits18` × 10^(exp − 17) is exactly the double a > 0. Only a
 * double with at most 25 bits after the binary point can have a terminating expansion of 18 significant
 * digits ending in 5 (m·2⁻ᵏ, m odd, has k decimals and 5ᵏ·m must stay below 10¹⁸), so others are
 * rejected without BigInt arithmetic.
 */
function isExact18(a: number, digits18: string, exp: number): boolean {
  const scaled = a * TWO_25; // exact: scaling by a power of two
  if (!Number.isInteger(scaled)) return false; // BigInt() of an integral double is exact
  const k = exp - 17; // value = D · 10^k
  const lhs = BigInt(digits18) * BigInt(TWO_25); // D · 2^25
  const I = BigInt(scaled);
  return k < 0 ? lhs === I * 10n ** BigInt(-k) : lhs * 10n ** BigInt(k) === I;
}

/** A double printed as C's printf("%.17g") does with glibc (round-half-even on the exact value). */
export function formatG17(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const neg = x < 0;
  const a = Math.abs(x);
  // 17 significant digits d.dddddddddddddddd and the decimal exponent. ECMAScript rounds an exact tie
  // away from zero; glibc rounds it to even, so ties are detected and fixed below.
  const e17 = a.toExponential(16);
  let p = e17.indexOf('e');
  let digits = e17.slice(0, 1) + e17.slice(2, p);
  let exp = Number(e17.slice(p + 1));
  if (Number.isInteger(a * TWO_25)) {
    const e18 = a.toExponential(17);
    p = e18.indexOf('e');
    const d18 = e18.slice(0, 1) + e18.slice(2, p);
    const x18 = Number(e18.slice(p + 1));
    if (d18.endsWith('5') && isExact18(a, d18, x18)) {
      const trunc = d18.slice(0, 17);
      if (Number(trunc[16]) % 2 === 0) {
        digits = trunc;
        exp = x18;
      }
    }
  }
  let out: string;
  if (exp < -4 || exp >= 17) {
    const frac = digits.slice(1).replace(/0+$/, '');
    const e = Math.abs(exp);
    out = `${digits[0]}${frac ? `.${frac}` : ''}e${exp < 0 ? '-' : '+'}${e < 10 ? '0' : ''}${e}`;
  } else if (exp >= 0) {
    const int = digits.slice(0, exp + 1);
    const frac = digits.slice(exp + 1).replace(/0+$/, '');
    out = frac ? `${int}.${frac}` : int;
  } else {
    const frac = `${'0'.repeat(-exp - 1)}${digits}`.replace(/0+$/, '');
    out = `0.${frac}`;
  }
  return neg ? `-${out}` : out;
}

function formatRow(d: Float64Array, k: number, stride: number, cols: HistoryColumns): string {
  const b = k * stride;
  let line = '';
  // The CSV's columns only: the record-only ones after them (HistoryColumns.extra) are not the CLI's.
  for (let c = 0; c < cols.names.length; c++) {
    const v = d[b + c] ?? NaN;
    // The impacts column is an integer ("%d"), every other one a double ("%.17g").
    line += `${c === 0 ? '' : ','}${c === cols.impacts ? String(Math.trunc(v)) : formatG17(v)}`;
  }
  return `${line}\n`;
}

/** The CSV text in pieces of `rowsPerChunk` rows (for a Blob, without one huge string). */
export function historyCsvChunks(h: RunHistory, rowsPerChunk = 2000): string[] {
  const cols = h.columns;
  const chunks: string[] = [`${cols.names.join(',')}\n`];
  const d = h.data;
  for (let start = 0; start < h.length; start += rowsPerChunk) {
    const end = Math.min(h.length, start + rowsPerChunk);
    const lines: string[] = [];
    for (let k = start; k < end; k++) lines.push(formatRow(d, k, h.stride, cols));
    chunks.push(lines.join(''));
  }
  return chunks;
}

/** The whole run as CSV text (header, then one row per recorded state). */
export function historyToCsv(h: RunHistory): string {
  return historyCsvChunks(h).join('');
}

export interface ParsedCsv {
  header: string[];
  rows: number[][];
}

function parseCell(s: string): number {
  const t = s.trim().toLowerCase();
  if (t === 'nan' || t === '-nan') return NaN;
  if (t === 'inf' || t === 'infinity') return Infinity;
  if (t === '-inf' || t === '-infinity') return -Infinity;
  return Number(t);
}

/** Parse a numeric CSV with a header line (what the export and the CLI write). */
export function parseCsv(text: string): ParsedCsv {
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  const [head, ...body] = lines;
  if (head === undefined) return { header: [], rows: [] };
  const header = head.split(',');
  const rows = body.map((l, i) => {
    const cells = l.split(',');
    if (cells.length !== header.length) {
      throw new Error(`CSV line ${i + 2}: ${cells.length} cells, the header has ${header.length}`);
    }
    return cells.map(parseCell);
  });
  return { header, rows };
}
