// Newton's cradle on the page: the family's params ↔ config mapping (pure, and through the real WASM
// module: what the controls send is what the core resolves), the controls' fields, the view's ball
// centres against the core's contact function, and the family resolver picking the cradle by its record.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CradleConfig } from '../../../web/cradle/config';
import { cradleConfigJson, cradleParams, parseCradleConfig, pivotX } from '../../../web/cradle/config';
import { CRADLE_FIELDS } from '../../../web/cradle/controls';
import { validateFieldInput } from '../../../../../web/src/config/validation';
import { createSimulationOrThrow } from '../../../../../web/src/engine/create';
import { Layout } from '../../../../../web/src/engine/layout';
import type { LgvciModule } from '../../../../../web/src/engine/lgvci_wasm';
import { familyResolver } from '../../../../../web/src/app/families';
import { ballCentre, cradleImpactPoint, pullAt } from '../../../web/cradle/view';
import type { Impact } from '../../../../../web/src/model/run';
import { simImpactReader } from '../../../../../web/src/model/run';

const root = fileURLToPath(new URL('../../../../..', import.meta.url));
const wasmPath = `${root}build/wasm/lgvci_wasm.mjs`;

const base: CradleConfig = parseCradleConfig(
  JSON.stringify({
    model: 'generalized',
    case: 'cradle',
    mass_matrix: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
    potential: { type: 'pendulums', g: 9.81, mass: 1, length: 1 },
    constraints: [],
    q0: [-0.2, 0, 0],
    p0: [0, 0, 0],
    h: 0.01,
    cradle: { balls: 3, pulled: 1, angle: -0.2, gap: 0, mass: 1, length: 1, radius: 0.05, g: 9.81, policy: 'chain' },
  }),
);

function field(id: string) {
  const f = CRADLE_FIELDS.find((s) => s.id === id);
  if (!f) throw new Error(`no field ${id}`);
  return f;
}

describe('cradle params ↔ config (pure)', () => {
  it('reads the set-up and sends it back patched, with the case and h', () => {
    const p = cradleParams('cradle', base, 2);
    // a chain without chain_energy "discrete" runs the energy jump (the cradle's default)
    expect(p).toEqual({ caseName: 'cradle', h: 0.01, jump: 'energy', speed: 2, balls: 3, pulled: 1, angle: -0.2, gap: 0, policy: 'chain' });
    const sent = JSON.parse(cradleConfigJson(base, { ...p, balls: 5, pulled: 2, gap: 0.01, policy: 'simultaneous', h: 0.005 })) as Record<string, unknown>;
    expect(sent).toEqual({
      case: 'cradle',
      cradle: { balls: 5, pulled: 2, angle: -0.2, gap: 0.01, mass: 1, length: 1, radius: 0.05, g: 9.81, policy: 'simultaneous' },
      h: 0.005,
    });
  });

  it('the fields: pull angle shown as a positive size in degrees, policy 0/1, fewer balls pull fewer', () => {
    const p = cradleParams('cradle', base, 1);
    expect(field('cangle').read(p)).toBeCloseTo(0.2 / (Math.PI / 180), 12);
    expect(field('cangle').write(p, 30).angle).toBeCloseTo(-Math.PI / 6, 15);
    expect(field('cpolicy').read(p)).toBe(0);
    expect(field('cpolicy').write(p, 1).policy).toBe('simultaneous');
    const four = field('cpulled').write(field('cballs').write(p, 5), 4);
    expect(field('cballs').write(four, 3).pulled).toBe(3);
    // counts and the switch take whole numbers only; ranges as the core's
    expect(validateFieldInput(field('cballs'), '2.5')).toEqual({ ok: false, message: expect.stringMatching(/whole number/) });
    expect(validateFieldInput(field('cpolicy'), '0.5').ok).toBe(false);
    expect(validateFieldInput(field('cballs'), '8').ok).toBe(false);
    expect(validateFieldInput(field('cballs'), '7')).toEqual({ ok: true, value: 7 });
  });

  it('the shape check names the field', () => {
    const raw = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
    expect(() => parseCradleConfig(JSON.stringify({ ...raw, cradle: undefined }))).toThrow(/^cradle: /);
    expect(() => parseCradleConfig(JSON.stringify({ ...raw, cradle: { ...base.cradle, policy: 'x' } }))).toThrow(/^cradle\.policy: /);
    expect(() => parseCradleConfig(JSON.stringify({ ...raw, mass_matrix: [[1, 0], [0, 1]], q0: [0, 0], p0: [0, 0] }))).toThrow(/^q0: /);
  });

  it('drawn ball centres: pivots 2r + gap apart, so resting neighbours are 2r + gap apart (φ_i = gap)', () => {
    for (const gap of [0, 0.02]) {
      const c: CradleConfig = { ...base, cradle: { ...base.cradle, balls: 4, gap } };
      expect(pivotX(c.cradle, 0) + pivotX(c.cradle, 3)).toBeCloseTo(0, 15); // centred
      for (let i = 0; i < 3; i++) {
        const a = ballCentre(c, i, 0);
        const b = ballCentre(c, i + 1, 0);
        expect(Math.hypot(b[0] - a[0], b[2] - a[2]) - 2 * c.cradle.radius).toBeCloseTo(gap, 14);
      }
      // a ball at θ swings on a circle of radius ℓ about its pivot, to −x for θ < 0
      const [x, , z] = ballCentre(c, 0, -0.3);
      const [x0, , z0] = ballCentre(c, 0, 0);
      expect(Math.hypot(x - x0, z - (z0 + 1))).toBeCloseTo(1, 14);
      expect(x).toBeLessThan(x0);
    }
  });
});

describe('dragging a ball (pure)', () => {
  it('a ball dragged to where θ puts it pulls it and those before it back to |θ|, rounded and clamped to the field', () => {
    const c: CradleConfig = { ...base, cradle: { ...base.cradle, balls: 5 } };
    const deg = Math.PI / 180;
    expect(pullAt(c, 1, ballCentre(c, 1, -30 * deg))).toEqual({ cpulled: 2, cangle: 30 });
    expect(pullAt(c, 0, ballCentre(c, 0, -12.34 * deg))).toEqual({ cpulled: 1, cangle: 12.3 });
    // any point on the ray from the pivot gives the same angle (the pointer need not be on the circle)
    const [px, , pz] = ballCentre(c, 3, -45 * deg);
    const [x0, , z0] = ballCentre(c, 3, 0);
    expect(pullAt(c, 3, [x0 + 0.5 * (px - x0), 0, z0 + 1 - 0.5 * (z0 + 1 - pz)])).toEqual({ cpulled: 4, cangle: 45 });
    // pushed to +x: the smallest pull; above the pivot: at most 90°
    expect(pullAt(c, 0, ballCentre(c, 0, 20 * deg)).cangle).toBe(0.1);
    expect(pullAt(c, 0, [x0 - 2, 0, z0 + 3]).cangle).toBe(90);
  });
});

describe('cradle params ↔ config through the real WASM module', () => {
  let engine: LgvciModule;
  beforeAll(async () => {
    if (!existsSync(wasmPath)) throw new Error(`${wasmPath} is missing: build it with scripts/build-wasm.sh`);
    const { loadEngine } = await import('../../../../../web/src/engine/loader');
    engine = await loadEngine();
  });

  it('the preset parses; what the controls send is what the core resolves; the resolver picks the cradle', () => {
    const preset = parseCradleConfig(engine.presetJson('cradle'));
    expect(preset.cradle.balls).toBe(3);
    expect(preset.q0).toEqual([-0.2, 0, 0]);
    const p = { ...cradleParams('cradle', preset, 1), balls: 5, pulled: 2, angle: -0.3, gap: 0.01, policy: 'simultaneous' as const, h: 0.005 };
    const sim = createSimulationOrThrow(engine, cradleConfigJson(preset, p));
    try {
      const back = parseCradleConfig(sim.configJson());
      expect(cradleParams('cradle', back, 1)).toEqual({ ...p, speed: 1 });
      expect(back.q0).toEqual([-0.3, -0.3, 0, 0, 0]);
      const family = familyResolver()(sim.family(), new Layout(sim.layout()));
      expect(family.id).toBe('cradle');
      expect(family.columns.names.join(',')).toBe('t,q1,q2,q3,q4,q5,p1,p2,p3,p4,p5,E,impacts');
    } finally {
      sim.delete();
    }
    // the sequential policy truncates nothing and its record has no counters: still the cradle, by the core's word
    const seq = createSimulationOrThrow(engine, cradleConfigJson(preset, { ...cradleParams('cradle', preset, 1), policy: 'sequential' }));
    try {
      const L = new Layout(seq.layout());
      expect(L.has('rest_truncations')).toBe(false);
      const family = familyResolver()(seq.family(), L);
      expect(family.id).toBe('cradle');
      expect(family.read(seq.record())).toMatchObject({ restTruncations: 0, truncatedMomentum: 0, qs: [-0.2, 0, 0] });
    } finally {
      seq.delete();
    }
    // the particle stays a plain generalized model
    const r = engine.createSimulation(engine.presetJson('particle'));
    try {
      expect(familyResolver()(r.sim!.family(), new Layout(r.sim!.layout())).id).toBe('generalized');
    } finally {
      r.sim?.delete();
    }
  });

  it('impact markers sit at the contact of the two balls of each link (midpoint of the centres)', () => {
    const preset = parseCradleConfig(engine.presetJson('cradle'));
    const sim = createSimulationOrThrow(engine, cradleConfigJson(preset, cradleParams('cradle', preset, 1)));
    try {
      const config = parseCradleConfig(sim.configJson());
      const reader = simImpactReader(sim);
      let impacts: Impact[] = [];
      for (let k = 0; k < 200 && impacts.length === 0; k++) if (sim.step(1) > 0) impacts = reader.read(sim.drainImpacts());
      // the first instant: a chain of two links at one configuration, balls 2 and 3 at rest at θ = 0 and
      // the striker touching ball 2 (gap 0: at θ₁ = 0 too), so the contacts are ball 2's centre ∓ (r, 0, 0)
      expect(impacts.map((i) => i.constraint)).toEqual([0, 1]);
      const r = config.cradle.radius;
      const centre2 = ballCentre(config, 1, 0);
      const [a, b] = impacts.map((imp) => cradleImpactPoint(config, imp));
      for (const [p, dx] of [[a, -r], [b, r]] as const) {
        expect(p?.[0]).toBeCloseTo(centre2[0] + dx, 9);
        expect(p?.[1]).toBe(0);
        expect(p?.[2]).toBeCloseTo(centre2[2], 9);
      }
    } finally {
      sim.delete();
    }
  });

  it('a set-up the core rejects comes back with its field (pulled > balls)', () => {
    const preset = parseCradleConfig(engine.presetJson('cradle'));
    const json = cradleConfigJson(preset, { ...cradleParams('cradle', preset, 1), balls: 2, pulled: 3 });
    expect(() => createSimulationOrThrow(engine, json)).toThrow(/^cradle\.pulled: /);
  });
});
