import { describe, expect, it } from 'vitest';
import { ConfigShapeError } from '../../../../../web/src/config/parse';
import { parseRigidBodyConfig, planeAngles, planeNormal, resolvePlaneNormal } from '../../../web/config';
import { rigidBodyConfig, rigidBodyConfigJson, rigidBodyParams } from '../../../web/params';
import { fakePreset } from './support/fake-engine';

const preset = (c: string) => parseRigidBodyConfig(JSON.stringify(fakePreset(c)));

describe('parseRigidBodyConfig', () => {
  it('reads every preset, keeping keys it does not interpret', () => {
    const c = preset('III');
    expect(c.body.type).toBe('union');
    expect(c.mass).toBe(1);
    expect(c.x0).toEqual([0, 0, 10]);
    expect((c as unknown as Record<string, unknown>)['contact_tolerance']).toBe(1e-10);
  });

  it('names the field of a malformed config', () => {
    const bad = { ...fakePreset('I'), x0: [0, 0] };
    expect(() => parseRigidBodyConfig(JSON.stringify(bad))).toThrow(ConfigShapeError);
    expect(() => parseRigidBodyConfig(JSON.stringify(bad))).toThrow(/x0/);
    expect(() => parseRigidBodyConfig('{')).toThrow(/does not parse/);
    expect(() => parseRigidBodyConfig(JSON.stringify({ ...fakePreset('I'), body: { type: 'torus' } }))).toThrow(
      /body.type/,
    );
  });
});

describe('plane', () => {
  it('normal n = (sin t cos a, sin t sin a, cos t)', () => {
    const n = planeNormal(Math.PI / 6, Math.PI / 2);
    expect(n[0]).toBeCloseTo(0, 15);
    expect(n[1]).toBeCloseTo(0.5, 15);
    expect(n[2]).toBeCloseTo(Math.sqrt(3) / 2, 15);
  });

  it("Case II's normal is a 2° tilt toward azimuth π", () => {
    const { tilt, azimuth } = planeAngles(preset('II').plane);
    expect(tilt).toBeCloseTo(Math.PI / 90, 15);
    expect(azimuth).toBe(Math.PI);
  });

  it('angles ↔ normal round trip, horizontal plane has azimuth 0', () => {
    expect(planeAngles({ normal: [0, 0, 2] })).toEqual({ tilt: 0, azimuth: 0 });
    const { tilt, azimuth } = planeAngles({ normal: planeNormal(0.4, 5) });
    expect(tilt).toBeCloseTo(0.4, 14);
    expect(azimuth).toBeCloseTo(5, 14);
    expect(resolvePlaneNormal({ tilt: 0.4, azimuth: 5 })).toEqual(planeNormal(0.4, 5));
  });
});

describe('params ↔ config', () => {
  it('an unedited preset is sent back unchanged (plane normal kept bit-exact)', () => {
    for (const c of ['I', 'II', 'III', 'IV'] as const) {
      const base = preset(c);
      const cfg = rigidBodyConfig(base, rigidBodyParams(c, base));
      expect(cfg).toEqual(base);
    }
  });

  it('edited fields override the preset', () => {
    const base = preset('IV');
    const p = rigidBodyParams('IV', base);
    const cfg = JSON.parse(
      rigidBodyConfigJson(base, { ...p, gamma0: [1, 2, 3], Pi0: [0, 0, 0], x0: [0, 0, 12], h: 0.005, epsilon: 0.25 }),
    ) as Record<string, unknown>;
    expect(cfg['gamma0']).toEqual([1, 2, 3]);
    expect(cfg['Pi0']).toEqual([0, 0, 0]);
    expect(cfg['x0']).toEqual([0, 0, 12]);
    expect(cfg['h']).toBe(0.005);
    expect(cfg['body']).toEqual({ type: 'cube', side: 2 * Math.sqrt(3), epsilon: 0.25, center: [0, 0, 0] });
    expect(cfg['inertia']).toBeUndefined(); // a new ε: the core computes the rounded body's J
    expect(cfg['case']).toBe('IV');
  });

  it('an edited plane is sent as tilt/azimuth only (never mixed with the normal)', () => {
    const base = preset('II');
    const p = rigidBodyParams('II', base);
    const cfg = rigidBodyConfig(base, { ...p, tilt: 0.2 });
    expect(cfg.plane).toEqual({ tilt: 0.2, azimuth: Math.PI });
  });

  it('ε applies to cubes only; other bodies report null', () => {
    expect(rigidBodyParams('I', preset('I')).epsilon).toBeNull();
    expect(rigidBodyParams('III', preset('III')).epsilon).toBeNull();
    expect(rigidBodyParams('IV', preset('IV')).epsilon).toBe(1e-13);
    const base = preset('I');
    expect(rigidBodyConfig(base, { ...rigidBodyParams('I', base), epsilon: 0.3 }).body).toEqual(base.body);
  });
});

describe('generalized-coordinate parameters (particle, star)', () => {
  // The shape of the core's resolved star preset (values as in Fetecau et al. §4.3, I = 29/192 m L²).
  const I = 29 / 192;
  const star = {
    model: 'generalized',
    case: 'star',
    mass_matrix: [[1, 0, 0], [0, 1, 0], [0, 0, I]],
    potential: { type: 'linear', g: 9.81, axis: 1, mass: 1 },
    constraints: [{ type: 'planar_point', point: [0.5, 0.5] }],
    t0: 0,
    q0: [0, 3.5, 0],
    p0: [-2, 0, 5 * I],
    h: 0.005,
  };

  it('q̇₀ = M⁻¹p₀ read from the preset; an unedited start is sent with the preset’s own p₀', async () => {
    const { generalizedConfigJson, generalizedParams, parseGeneralizedConfig, solve } = await import(
      '../../../../generalized/web/generalized/config'
    );
    expect(solve([[2, 1], [1, 3]], [5, 10])).toEqual([1, 3]);
    const base = parseGeneralizedConfig(JSON.stringify(star));
    const p = generalizedParams('star', base, 1);
    expect(p.q0).toEqual([0, 3.5, 0]);
    expect(p.v0[0]).toBe(-2);
    expect(p.v0[2]).toBeCloseTo(5, 14);
    const sent = JSON.parse(generalizedConfigJson(base, p)) as Record<string, unknown>;
    expect(sent['p0']).toEqual(star.p0); // bit-exact preset
    expect(sent['qdot0']).toBeUndefined();
    // an edited velocity goes as q̇₀ (the core computes p₀ = M q̇₀), never together with p₀
    const edited = JSON.parse(generalizedConfigJson(base, { ...p, v0: [1.5, 0, p.v0[2]!] })) as Record<string, unknown>;
    expect(edited['qdot0']).toEqual([1.5, 0, p.v0[2]]);
    expect(edited['p0']).toBeUndefined();
    expect(edited['model']).toBe('generalized');
    expect(edited['constraints']).toEqual(star.constraints);
  });

  it('the shape check names the field', async () => {
    const { parseGeneralizedConfig } = await import('../../../../generalized/web/generalized/config');
    expect(() => parseGeneralizedConfig(JSON.stringify({ ...star, q0: [0, 'a', 0] }))).toThrow(/^q0: /);
    expect(() => parseGeneralizedConfig(JSON.stringify({ ...star, mass_matrix: [[1]] }))).toThrow(/^mass_matrix: /);
    expect(() => parseGeneralizedConfig(JSON.stringify({ ...star, model: 'rigid_body' }))).toThrow(/^model: /);
  });
});

describe('restitution and rounded mass properties (docs/rigid-body.md "Restitution", "Rounded mass properties")', () => {
  it('e = 1 sends no key (presets stay the same JSON); another e is sent', () => {
    const base = preset('IV');
    const p = rigidBodyParams('IV', base);
    expect(p.restitution).toBe(1);
    expect('restitution' in rigidBodyConfig(base, p)).toBe(false);
    expect(rigidBodyConfig(base, { ...p, restitution: 0.4 }).restitution).toBe(0.4);
    expect(rigidBodyParams('IV', { ...base, restitution: 0.25 }).restitution).toBe(0.25);
  });

  it('a changed ε drops the preset inertia (the core computes the rounded body), an unchanged one keeps it', () => {
    const base = { ...preset('IV'), mass_properties: 'sharp' as const };
    const p = rigidBodyParams('IV', base);
    const same = rigidBodyConfig(base, p);
    expect(same.inertia).toEqual(base.inertia);
    expect(same.mass_properties).toBe('sharp');
    const rounded = rigidBodyConfig(base, { ...p, epsilon: 0.3 });
    expect(rounded.inertia).toBeUndefined();
    expect(rounded.mass_properties).toBeUndefined();
    expect(rounded.body).toMatchObject({ type: 'cube', epsilon: 0.3 });
  });
});
