// The rigid body's field specs (families/rigid_body/web/fields.ts) through the page's validation
// (config/validation.ts) and sliders (config/fields.ts): range messages, log and linear sliders, degrees
// stored as radians, and the whole-parameter check.
import { describe, expect, it } from 'vitest';
import { fromSlider, sliderRange, toSlider } from '../../../../../web/src/config/fields';
import { checkFieldValue, validateFieldInput } from '../../../../../web/src/config/validation';
import { fakePreset } from './support/fake-engine';
import { parseRigidBodyConfig } from '../../../web/config';
import { RIGID_BODY_FIELDS, rigidBodyField, validateRigidBodyParams } from '../../../web/fields';
import { rigidBodyParams } from '../../../web/params';

describe('validateFieldInput', () => {
  const tilt = rigidBodyField('tilt');

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
    const eps = rigidBodyField('epsilon');
    expect(validateFieldInput(eps, '1e-13')).toEqual({ ok: true, value: 1e-13 });
    expect(validateFieldInput(eps, '0.5')).toEqual({ ok: true, value: 0.5 });
    expect(validateFieldInput(eps, '0').ok).toBe(false);
    expect(validateFieldInput(eps, '0.6').ok).toBe(false);
    const h = rigidBodyField('h');
    expect(validateFieldInput(h, '0.01')).toEqual({ ok: true, value: 0.01 });
    expect(validateFieldInput(h, '0').ok).toBe(false);
    expect(validateFieldInput(h, '-0.01').ok).toBe(false);
  });

  it('momentum fields allow ±20', () => {
    for (const id of ['gamma0x', 'gamma0y', 'gamma0z', 'Pi0x', 'Pi0y', 'Pi0z'] as const) {
      const f = rigidBodyField(id);
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
    const ids = new Set(RIGID_BODY_FIELDS.map((f) => f.id));
    expect(ids.size).toBe(RIGID_BODY_FIELDS.length);
    for (const f of RIGID_BODY_FIELDS) expect(f.label.length).toBeGreaterThan(5);
  });

  it('log sliders map 1e-13 … 0.5 and round to 3 significant digits', () => {
    const eps = rigidBodyField('epsilon');
    const r = sliderRange(eps);
    expect(r.min).toBe(-13);
    expect(r.max).toBeCloseTo(Math.log10(0.5), 12);
    expect(fromSlider(eps, -13)).toBe(1e-13);
    expect(fromSlider(eps, toSlider(eps, 0.05))).toBe(0.05);
    expect(fromSlider(eps, -1.234)).toBe(0.0583);
    expect(toSlider(eps, 10)).toBeCloseTo(Math.log10(0.5), 12); // clamped
  });

  it('linear sliders are identity within the range and clamp outside', () => {
    const t = rigidBodyField('tilt');
    expect(toSlider(t, 12)).toBe(12);
    expect(toSlider(t, 95)).toBe(30);
    expect(fromSlider(t, 7.5)).toBe(7.5);
  });

  it('tilt and azimuth are edited in degrees and stored in radians', () => {
    const p = rigidBodyParams('I', parseRigidBodyConfig(JSON.stringify(fakePreset('I'))));
    const q = rigidBodyField('tilt').write(p, 15);
    expect(q.tilt).toBeCloseTo(Math.PI / 12, 15);
    expect(rigidBodyField('tilt').read(q)).toBeCloseTo(15, 12);
    const r = rigidBodyField('azimuth').write(p, 90);
    expect(r.azimuth).toBeCloseTo(Math.PI / 2, 15);
  });
});

describe('validateRigidBodyParams', () => {
  const base = rigidBodyParams('IV', parseRigidBodyConfig(JSON.stringify(fakePreset('IV'))));

  it('accepts every preset', () => {
    for (const c of ['I', 'II', 'III', 'IV'] as const) {
      const p = rigidBodyParams(c, parseRigidBodyConfig(JSON.stringify(fakePreset(c))));
      expect(validateRigidBodyParams(p)).toEqual([]);
    }
  });

  it('reports each bad field', () => {
    const issues = validateRigidBodyParams({ ...base, tilt: Math.PI / 2, h: -1, epsilon: 2 });
    const fields = issues.map((i) => i.field);
    expect(fields).toContain('tilt');
    expect(fields).toContain('h');
    expect(fields).toContain('epsilon');
  });
});
