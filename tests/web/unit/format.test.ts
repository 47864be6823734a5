// the page never shows "NaN"/"nan"/"-nan"; non-finite numbers are written as words.
import { describe, expect, it } from 'vitest';
import { formatEnergy, formatRelError } from '../../../web/src/controls/hud';
import { finiteOrWords, nonFiniteWords, wordsForNonFinite } from '../../../web/src/util/format';

describe('non-finite numbers as words', () => {
  it('nonFiniteWords / finiteOrWords', () => {
    expect(nonFiniteWords(NaN)).toBe('not a number');
    expect(nonFiniteWords(Infinity)).toBe('infinite');
    expect(nonFiniteWords(-Infinity)).toBe('minus infinite');
    expect(nonFiniteWords(0)).toBeNull();
    expect(finiteOrWords(1.5, (v) => v.toFixed(1))).toBe('1.5');
    expect(finiteOrWords(NaN, (v) => v.toFixed(1))).toBe('not a number');
  });

  it('the core’s Newton message with "residual -nan" reads "residual not a number"', () => {
    const core =
      "Newton's method did not converge for (5.9c) at t = 1.1 (step 0.0448116, residual -nan); the simulation is halted";
    const out = wordsForNonFinite(core);
    expect(out).toBe(
      "Newton's method did not converge for (5.9c) at t = 1.1 (step 0.0448116, residual not a number); the simulation is halted",
    );
    for (const [src, want] of [
      ['x = nan', 'x = not a number'],
      ['x = NaN.', 'x = not a number.'],
      ['Φ = inf, E = -inf', 'Φ = infinite, E = minus infinite'],
      ['(+inf)', '(infinite)'],
      ['Infinity', 'infinite'],
    ] as const) {
      expect(wordsForNonFinite(src)).toBe(want);
    }
    // words that merely contain the letters stay as they are
    expect(wordsForNonFinite('nano, info, finance, banana, the infinite loop, n.a.n')).toBe(
      'nano, info, finance, banana, the infinite loop, n.a.n',
    );
    expect(wordsForNonFinite(out)).not.toMatch(/nan\b|NaN/);
  });

  it('the HUD’s energy and relative error never print NaN', () => {
    expect(formatEnergy(NaN)).toBe('not a number');
    expect(formatEnergy(Infinity)).toBe('infinite');
    expect(formatRelError(NaN)).toBe('not a number');
    expect(formatEnergy(798.1995)).toBe('798.199500');
  });
});
