// Grabbing and throwing the particle and the star (docs/page.md "Grabbing and throwing the body"): the
// held body is drawn at (x, 0, y) and moves in the world plane y = 0; placed, it keeps q̇ = M⁻¹p; thrown,
// (ẋ, ẏ) are the pointer's (vₓ, v_z) and the star's θ and ω are kept.
import { describe, expect, it } from 'vitest';
import type { GeneralizedConfig } from '../../../web/generalized/config';
import { generalizedConfigJson, generalizedParams } from '../../../web/generalized/config';
import { GENERALIZED_FIELDS, generalizedHeld, generalizedThrow } from '../../../web/generalized/controls';

/** A star-like config: M = diag(m, m, I). */
const star: GeneralizedConfig = {
  model: 'generalized',
  mass_matrix: [[2, 0, 0], [0, 2, 0], [0, 0, 0.5]],
  potential: { type: 'linear', g: 9.81, axis: 1 },
  constraints: [],
  q0: [0, 3, 0.2],
  p0: [0, 0, 0],
  h: 0.01,
};

describe('throwing a planar body', () => {
  it('holds (q, p) of a snapshot with at least x and y, and draws the held point at (x, 0, y)', () => {
    const held = generalizedHeld({ qs: [0.5, 2, 0.3], ps: [4, -2, 1] });
    expect(held).toEqual({ q: [0.5, 2, 0.3], p: [4, -2, 1] });
    expect(generalizedHeld({ qs: [1], ps: [0] })).toBeNull();
    expect(generalizedHeld({ qs: [1, 2], ps: [0] })).toBeNull();
    expect(generalizedHeld({ qs: [1, Infinity], ps: [0, 0] })).toBeNull();
    if (!held) return;
    expect(generalizedThrow.at(held)).toEqual([0.5, 0, 2]);
    expect(generalizedThrow.plane).toEqual([0, 1, 0]);
  });

  it('placed: the new centre, θ and q̇ = M⁻¹p kept; thrown: (vₓ, v_z) with ω kept', () => {
    const held = generalizedHeld({ qs: [0.5, 2, 0.3], ps: [4, -2, 1] });
    if (!held) throw new Error('no held state');
    const p = generalizedParams('star', star, 1);
    const placed = generalizedThrow.startFrom(star, p, held, [1.5, 0, 4], null);
    expect(placed.params.q0).toEqual([1.5, 4, 0.3]);
    expect(placed.params.v0).toEqual([2, -1, 2]);
    const thrown = generalizedThrow.startFrom(star, p, held, [1.5, 0, 4], [3, 0.4, -1]);
    expect(thrown.params.q0).toEqual([1.5, 4, 0.3]);
    expect(thrown.params.v0).toEqual([3, -1, 2]);
    // sent to the core as q̇₀ (p₀ = M q̇₀ computed there)
    expect(JSON.parse(generalizedConfigJson(thrown.base, thrown.params))).toMatchObject({ q0: [1.5, 4, 0.3], qdot0: [3, -1, 2] });
    expect(generalizedThrow.maxSpeed(star)).toBe(GENERALIZED_FIELDS.find((f) => f.id === 'gvx0')?.max);
  });

  it('the particle (n = 2): only x and y', () => {
    const held = generalizedHeld({ qs: [0, 1], ps: [1, 1] });
    if (!held) throw new Error('no held state');
    const particle: GeneralizedConfig = { ...star, mass_matrix: [[1, 0], [0, 1]], q0: [0, 1], p0: [0, 0] };
    const r = generalizedThrow.startFrom(particle, generalizedParams('particle', particle, 1), held, [0.2, 0, 3], [1, 0, -2]);
    expect(r.params.q0).toEqual([0.2, 3]);
    expect(r.params.v0).toEqual([1, -2]);
  });
});
