// The validation of typed values (config/validation.ts) and the fields' number format (config/fields.ts);
// the rigid body's fields are checked with them in families/rigid_body/tests/web/unit/fields.test.ts.
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../../web/src/config/fields';
import { parseNumber } from '../../../web/src/config/validation';

describe('parseNumber', () => {
  it.each([
    ['0', 0],
    ['  2.5 ', 2.5],
    ['-3', -3],
    ['+4', 4],
    ['.25', 0.25],
    ['7.', 7],
    ['1e-13', 1e-13],
    ['2.5E+2', 250],
    ['\u22121.5', -1.5],
  ])('accepts %j', (raw, v) => {
    expect(parseNumber(raw)).toBe(v);
  });

  it.each(['', ' ', 'abc', '1,5', '1.2.3', 'e5', '1e', '--1', 'Infinity', 'NaN', '0x10', '1 2', '5deg'])(
    'rejects %j',
    (raw) => {
      expect(parseNumber(raw)).toBeNull();
    },
  );

  it('rejects overflow to infinity', () => {
    expect(parseNumber('1e400')).toBeNull();
  });
});

describe('field numbers', () => {
  it('formatNumber is compact', () => {
    expect(formatNumber(0.01, 3)).toBe('0.01');
    expect(formatNumber(1e-13, 3)).toBe('1e-13');
    expect(formatNumber(2.5e-7, 3)).toBe('2.5e-7');
    expect(formatNumber(0.5, 3)).toBe('0.5');
    expect(formatNumber(12.345, 4)).toBe('12.35');
    expect(formatNumber(0)).toBe('0');
  });
});
