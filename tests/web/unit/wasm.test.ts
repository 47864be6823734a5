// The real embind module under Node: the façade (createSimulation returns the core's message as a
// value), layouts defined by the module, presets, and Case IV and the star over 10^4 steps against the
// native CLI (that comparison is skipped only when build/native/lgvci has not been built). A missing
// build/wasm/lgvci_wasm.mjs fails these tests: run scripts/build-wasm.sh first.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Controller } from '../../../web/src/app/controller';
import { phaseText } from '../../../web/src/controls/hud';
import { parseRigidBodyConfig } from '../../../families/rigid_body/web/config';
import { parseGeneralizedConfig } from '../../../families/generalized/web/generalized/config';
import { createSimulation } from '../../../web/src/engine/create';
import { Layout } from '../../../web/src/engine/layout';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { SimulationModel } from '../../../web/src/model/simulation-model';
import { familyTable } from '../../../web/src/app/families';
import { cliPath, haveCli, repoRoot } from './support/cli';
import type { ResolvedRigidBodyConfig } from '../../../families/rigid_body/web/config';

const wasmPath = `${repoRoot}build/wasm/lgvci_wasm.mjs`;
const haveWasm = existsSync(wasmPath);

describe('real WASM engine (Node)', () => {
  let engine: LgvciModule;

  beforeAll(async () => {
    if (!haveWasm) throw new Error(`${wasmPath} is missing: build it with scripts/build-wasm.sh`);
    const { loadEngine } = await import('../../../web/src/engine/loader');
    engine = await loadEngine();
  });

  it('the record layouts come from the module: CSV columns of `lgvci --csv`, fields the page reads', () => {
    for (const [c, header] of [
      ['IV', 't,x1,x2,x3,R11,R12,R13,R21,R22,R23,R31,R32,R33,gamma1,gamma2,gamma3,Pi1,Pi2,Pi3,E,TPE,RE,impacts,dissipated,contact_points,normal_force'],
      ['particle', 't,q1,q2,p1,p2,E,impacts'],
      ['star', 't,q1,q2,q3,p1,p2,p3,E,impacts'],
    ] as const) {
      const r = engine.createSimulation(engine.presetJson(c));
      const sim = r.sim!;
      try {
        const L = new Layout(sim.layout());
        expect(L.csvColumns.join(',')).toBe(header);
        for (const f of ['t', 'E', 'E0', 'phi', 'total_impacts', 'steps', 'status', 'impacts']) expect(L.has(f), f).toBe(true);
        expect(sim.record()).toHaveLength(L.size);
        const s = sim.record();
        expect(s[L.offset('t')]).toBe(0);
        expect(s[L.offset('E')]).toBe(sim.energy());
        expect(s[L.offset('E0')]).toBe(sim.initialEnergy());
      } finally {
        sim.delete();
      }
    }
    // The common impact record: only what every family fills (a family's own columns follow in sim.impactLayout()).
    expect(engine.impactLayout().csvColumns).toEqual(['t', 'lambda', 'point1', 'point2', 'point3']);
  });

  it('presetJson: the paper’s four experiments and Fetecau et al.’s particle and star', () => {
    for (const c of ['I', 'II', 'III', 'IV']) {
      const cfg = parseRigidBodyConfig(engine.presetJson(c));
      expect(cfg.mass).toBe(1);
      expect(cfg.gravity).toBe(9.80665);
      expect(cfg.h).toBe(0.01);
      expect(cfg.x0).toEqual([0, 0, 10]);
      expect(cfg.gamma0).toEqual([2, 2, 10]);
      expect(cfg.Pi0).toEqual([4, -4, 4]);
    }
    const particle = parseGeneralizedConfig(engine.presetJson('particle'));
    expect(particle.q0).toEqual([0, 1]);
    expect(particle.p0).toEqual([-2, 0]); // m = 1: p0 = q̇0 = (−2, 0)
    expect(particle.h).toBe(0.01);
    const star = parseGeneralizedConfig(engine.presetJson('star'));
    expect(star.q0).toEqual([0, 3.5, 0]);
    expect(star.h).toBe(0.005);
    expect(star.mass_matrix[2]![2]).toBe((29 / 192) * 1 * 1 * 1); // I = (29/192) m L²
    expect(star.p0).toEqual([-2, 0, 5 * (29 / 192)]);
    expect(engine.presetJson('V')).toBe('');
  });

  it('persistent contact reaches the page: the contact presets, the phase and the normal force in each snapshot', () => {
    for (const [c, points, force] of [
      ['rest', 1, 9.80665], // Case I's ellipsoid at rest: N = m g
      ['slide', 4, 9.80665 * Math.cos((20 * Math.PI) / 180)], // four corners carry m g cos 20°
    ] as const) {
      const model = new SimulationModel(engine, familyTable());
      new Controller(engine, model, c);
      expect(model.curr.contactPoints).toBe(0); // the first step starts the contact (plastic, at α ≈ 0)
      model.step(300);
      expect(model.curr.contactPoints).toBe(points);
      expect(model.curr.normalForce).toBeCloseTo(force, 9);
      expect(phaseText(model.curr.contactPoints!, model.curr.normalForce!)).toMatch(new RegExp(`^in contact: ${points} points?, N = `));
      expect(model.curr.t).toBeCloseTo(3, 12); // full speed: 300 steps of h
      model.dispose();
    }
    const rocking = new SimulationModel(engine, familyTable());
    new Controller(engine, rocking, 'rocking');
    const phases = new Set<string>();
    for (let k = 0; k < 600; k++) {
      rocking.step(1);
      phases.add(phaseText(rocking.curr.contactPoints!, rocking.curr.normalForce!).split(':')[0]!);
    }
    expect([...phases].sort()).toEqual(['in contact', 'in flight']); // lifts off and lands again
    rocking.dispose();
    // Generalized families have no contact phase: the HUD hides the item.
    const star = new SimulationModel(engine, familyTable());
    new Controller(engine, star, 'star');
    expect(star.curr.contactPoints).toBeUndefined();
    star.dispose();
  });

  it('createSimulation returns the core’s "<field>: <rule>" as a value; no object to delete', () => {
    const bad: [unknown, RegExp][] = [
      [{ case: 'I', x0: [0, 0, 1] }, /^x0: /],
      [{ case: 'I', plane: { tilt: 2 } }, /^plane\.tilt: /],
      [{ case: 'IV', body: { epsilon: -1 } }, /^body\.epsilon: /],
      [{ case: 'I', h: 0 }, /^h: /],
      [{ case: 'star', q0: [0, 0.2, 0] }, /^q0: /],
      [{ case: 'particle', h: -1 }, /^h: /],
    ];
    for (const [cfg, re] of bad) {
      const r = engine.createSimulation(JSON.stringify(cfg));
      expect(r.sim).toBeNull();
      expect(r.error?.message).toMatch(re);
      expect(r.error?.message.startsWith(`${r.error?.field}: `)).toBe(true);
    }
    const r = createSimulation(engine, '{');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^\w[\w.[\]]*: /);
  });

  it('the controller drives the real engine: a tilt restarts with the new normal, bad input is refused', () => {
    const model = new SimulationModel(engine, familyTable());
    const ctl = new Controller(engine, model, 'I');
    model.step(10);
    expect(ctl.setField('tilt', '10')).toEqual({ ok: true });
    expect(model.curr.steps).toBe(0);
    expect(model.normal[2]).toBeCloseTo(Math.cos((10 * Math.PI) / 180), 12);
    model.step(10);
    const r = ctl.setField('x0z', '1');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      // Case I's ellipsoid on a plane tilted 10°: the sentence says how far to raise it; the detail is the core's.
      expect(r.message).toMatch(/^The body starts inside the plane \([\d.]+ m too deep\): raise its height z by at least [\d.]+ m\.$/);
      expect(r.detail).toMatch(/^x0: /);
    }
    expect(model.curr.steps).toBe(10);
    model.dispose();
  });

  it('ε changes the collision geometry: Φ drops by Δε', () => {
    const model = new SimulationModel(engine, familyTable());
    const ctl = new Controller(engine, model, 'IV');
    const phi0 = model.curr.phi;
    expect(ctl.setField('epsilon', '0.4')).toEqual({ ok: true });
    expect((model.config as ResolvedRigidBodyConfig).body).toMatchObject({ epsilon: 0.4 });
    expect(model.curr.phi).toBeCloseTo(phi0 - (0.4 - 1e-13), 9);
    model.dispose();
  });

  it('Case III keeps |E − E0|/|E0| tiny over 2·10^4 steps and impacts are drained one by one', () => {
    const model = new SimulationModel(engine, familyTable());
    model.load(engine.presetJson('III'));
    model.step(20000);
    expect(model.curr.impacts).toBeGreaterThan(50);
    expect(model.drainedImpacts).toBe(model.curr.impacts);
    expect(model.relativeEnergyError).toBeLessThan(1e-9);
    expect(model.status).toBeNull();
    model.dispose();
  });

  it('the particle: x = −2t, horizontal momentum exact, bounces with |H − H₀|/H₀ small', () => {
    const model = new SimulationModel(engine, familyTable());
    const ctl = new Controller(engine, model, 'particle');
    expect(model.family.id).toBe('generalized');
    expect(ctl.params.caseName).toBe('particle');
    model.step(1000); // 10 s
    const c = model.curr as unknown as { qs: number[]; ps: number[]; t: number };
    expect(c.ps[0]).toBe(-2);
    expect(Math.abs((c.qs[0] ?? NaN) + 2 * c.t)).toBeLessThan(1e-12);
    expect(model.curr.impacts).toBeGreaterThan(3);
    expect(model.drainedImpacts).toBe(model.curr.impacts);
    expect(model.relativeEnergyError).toBeLessThan(1e-3);
    model.dispose();
  });

  describe.skipIf(!haveCli)('agreement with the native CLI', () => {
    const final = (c: string) =>
      JSON.parse(execFileSync(cliPath, ['--case', c, '--steps', '10000', '--json'], { encoding: 'utf8' })) as {
        impacts: number;
        final: Record<string, number[] | number[][] | number>;
      };

    for (const c of ['IV', 'particle', 'star']) {
      it(`${c}, 10^4 steps: same impact count and final state, bit for bit`, () => {
        const ref = final(c);
        const sim = engine.createSimulation(engine.presetJson(c)).sim!;
        try {
          let impacts = 0;
          for (let k = 0; k < 10; k++) impacts += sim.step(1000);
          const s = sim.record();
          const L = new Layout(sim.layout());
          expect(s[L.offset('total_impacts')]).toBe(ref.impacts);
          expect(impacts).toBe(ref.impacts);
          expect(s[L.offset('steps')]).toBe(10000);
          for (const [name, want] of Object.entries(ref.final)) {
            const flat = ([] as number[]).concat(...([want] as unknown as number[][]).flat());
            const f = L.field(name);
            expect(Array.from(s.subarray(f.offset, f.offset + f.size)), name).toEqual(flat);
          }
        } finally {
          sim.delete();
        }
      });
    }
  });
});
