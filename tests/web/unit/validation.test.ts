import { describe, expect, it } from 'vitest';
import { FIELDS, fieldSpec, formatNumber, fromSlider, sliderRange, toSlider } from '../../../web/src/config/fields';
import { paramsFromConfig } from '../../../web/src/config/params';
import { parseResolvedConfig } from '../../../web/src/config/parse';
import { checkFieldValue, parseNumber, validateFieldInput, validateParams } from '../../../web/src/config/validation';
import { fakePreset } from './support/fake-engine';

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

describe('validateFieldInput', () => {
  const tilt = fieldSpec('tilt');

  it('accepts a value in range and returns it in display units', () => {
    expect(validateFieldInput(tilt, '12.5')).toEqual({ ok: true, value: 12.5 });
    expect(validateFieldInput(tilt, 0)).toEqual({ ok: true, value: 0 });
    expect(validateFieldInput(tilt, 30)).toEqual({ ok: true, value: 30 });
  });

  it('rejects a tilt outside the slider range [0, 30]° with a message naming the field', () => {
    for (const raw of ['95', '30.01', '-1']) {
      const r = validateFieldInput(tilt, raw);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.message).toMatch(/Plane tilt/);
        expect(r.message).toMatch(/between 0° and 30°/);
      }
    }
  });

  it('rejects non-numeric and empty input', () => {
    const r = validateFieldInput(tilt, 'abc');
    expect(r).toEqual({ ok: false, message: expect.stringMatching(/“abc” is not a number/) });
    const e = validateFieldInput(tilt, '   ');
    expect(e).toEqual({ ok: false, message: expect.stringMatching(/enter a number/) });
    expect(validateFieldInput(tilt, Number.NaN).ok).toBe(false);
  });

  it('checks ε against [1e-13, 0.5] and h against [1e-4, 0.05]', () => {
    const eps = fieldSpec('epsilon');
    expect(validateFieldInput(eps, '1e-13')).toEqual({ ok: true, value: 1e-13 });
    expect(validateFieldInput(eps, '0.5')).toEqual({ ok: true, value: 0.5 });
    expect(validateFieldInput(eps, '0').ok).toBe(false);
    expect(validateFieldInput(eps, '0.6').ok).toBe(false);
    const h = fieldSpec('h');
    expect(validateFieldInput(h, '0.01')).toEqual({ ok: true, value: 0.01 });
    expect(validateFieldInput(h, '0').ok).toBe(false);
    expect(validateFieldInput(h, '-0.01').ok).toBe(false);
  });

  it('momentum fields allow ±20', () => {
    for (const id of ['gamma0x', 'gamma0y', 'gamma0z', 'Pi0x', 'Pi0y', 'Pi0z'] as const) {
      const f = fieldSpec(id);
      expect(validateFieldInput(f, '-20').ok).toBe(true);
      expect(validateFieldInput(f, '20.5').ok).toBe(false);
    }
  });

  it('checkFieldValue rejects non-finite values', () => {
    expect(checkFieldValue(tilt, Number.POSITIVE_INFINITY)).toMatch(/finite/);
  });
});

describe('field specs', () => {
  it('every field has a unique id and an explicit label', () => {
    const ids = new Set(FIELDS.map((f) => f.id));
    expect(ids.size).toBe(FIELDS.length);
    for (const f of FIELDS) expect(f.label.length).toBeGreaterThan(5);
  });

  it('log sliders map 1e-13 … 0.5 and round to 3 significant digits', () => {
    const eps = fieldSpec('epsilon');
    const r = sliderRange(eps);
    expect(r.min).toBe(-13);
    expect(r.max).toBeCloseTo(Math.log10(0.5), 12);
    expect(fromSlider(eps, -13)).toBe(1e-13);
    expect(fromSlider(eps, toSlider(eps, 0.05))).toBe(0.05);
    expect(fromSlider(eps, -1.234)).toBe(0.0583);
    expect(toSlider(eps, 10)).toBeCloseTo(Math.log10(0.5), 12); // clamped
  });

  it('linear sliders are identity within the range and clamp outside', () => {
    const t = fieldSpec('tilt');
    expect(toSlider(t, 12)).toBe(12);
    expect(toSlider(t, 95)).toBe(30);
    expect(fromSlider(t, 7.5)).toBe(7.5);
  });

  it('tilt and azimuth are edited in degrees and stored in radians', () => {
    const p = paramsFromConfig('I', parseResolvedConfig(JSON.stringify(fakePreset('I'))));
    const q = fieldSpec('tilt').write(p, 15);
    expect(q.tilt).toBeCloseTo(Math.PI / 12, 15);
    expect(fieldSpec('tilt').read(q)).toBeCloseTo(15, 12);
    const r = fieldSpec('azimuth').write(p, 90);
    expect(r.azimuth).toBeCloseTo(Math.PI / 2, 15);
  });

  it('formatNumber is compact', () => {
    expect(formatNumber(0.01, 3)).toBe('0.01');
    expect(formatNumber(1e-13, 3)).toBe('1e-13');
    expect(formatNumber(2.5e-7, 3)).toBe('2.5e-7');
    expect(formatNumber(0.5, 3)).toBe('0.5');
    expect(formatNumber(12.345, 4)).toBe('12.35');
    expect(formatNumber(0)).toBe('0');
  });
});

describe('validateParams', () => {
  const base = paramsFromConfig('IV', parseResolvedConfig(JSON.stringify(fakePreset('IV'))));

  it('accepts every preset', () => {
    for (const c of ['I', 'II', 'III', 'IV'] as const) {
      const p = paramsFromConfig(c, parseResolvedConfig(JSON.stringify(fakePreset(c))));
      expect(validateParams(p)).toEqual([]);
    }
  });

  it('reports each bad field', () => {
    const issues = validateParams({ ...base, tilt: Math.PI / 2, h: -1, epsilon: 2 });
    const fields = issues.map((i) => i.field);
    expect(fields).toContain('tilt');
    expect(fields).toContain('h');
    expect(fields).toContain('epsilon');
  });
});
