// Number formatting for text shown on the page. A non-finite number is written as words, never as
// "NaN", "nan" or "-nan": the page reports what happened instead of printing a placeholder value.
import { localizeNumberText, t } from '../i18n';

/** Words for a non-finite number, or null if x is finite. */
export function nonFiniteWords(x: number): string | null {
  if (Number.isNaN(x)) return t('number.nan');
  if (x === Infinity) return t('number.infinite');
  if (x === -Infinity) return t('number.minusInfinite');
  return null;
}

/** `fmt(x)` for a finite x, else words (see nonFiniteWords). */
export function finiteOrWords(x: number, fmt: (v: number) => string): string {
  return nonFiniteWords(x) ?? fmt(x);
}

// "nan", "-nan", "NaN", "inf", "-inf", "infinity" as whole tokens (as C's printf and JS's String write them).
const NON_FINITE_TOKEN = /(^|[^\w.])([-+]?)(nan|inf(?:inity)?)(?!\w|\.\w)/gi;

/**
 * A message from the core with every printed non-finite number replaced by words, e.g.
 * "residual -nan" → "residual not a number", "Φ = inf" → "Φ = infinite".
 */
export function wordsForNonFinite(message: string): string {
  return message.replace(NON_FINITE_TOKEN, (_m, pre: string, sign: string, word: string) => {
    const w = word.toLowerCase();
    if (w === 'nan') return `${pre}not a number`;
    return `${pre}${sign === '-' ? 'minus infinite' : 'infinite'}`;
  });
}

/**
 * A linear axis's tick labels with as many decimals as the tick spacing needs, so that neighbouring
 * ticks never print alike (an energy −29.2340, −29.2345, … had printed "−29.234" three times).
 */
export function tickLabels(splits: readonly number[], incr: number): string[] {
  const step = Math.abs(incr) > 0 && Number.isFinite(incr) ? Math.abs(incr) : Math.abs((splits[1] ?? 0) - (splits[0] ?? 0));
  let digits = step > 0 ? Math.max(0, Math.ceil(-Math.log10(step) - 1e-9)) : 0;
  // a spacing like 0.25 or 0.0005 needs one digit more than its leading one
  if (step > 0 && Math.abs(Math.round(step * 10 ** digits) - step * 10 ** digits) > 1e-6) digits += 1;
  digits = Math.min(digits, 12);
  return splits.map((v) => {
    const text = v.toFixed(digits);
    // the active language's decimal separator (a German axis reads 0,25)
    return localizeNumberText(/^-0(\.0*)?$/.test(text) ? text.slice(1) : text);
  });
}
