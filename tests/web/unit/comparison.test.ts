// The comparison and time reversal against the real WASM module (and the real Rapier) under Node: the reverse-check binding
// (the CLI's core function: same numbers as `lgvci --reverse-check N --json` when the native build
// exists), reverseMomenta and returnDistances, the integrator's name, the companion-run mechanism
// with the RK4 baseline in lockstep, the Reverse button's model logic, and Rapier's set-up (mass,
// inertia, initial energy equal to the core's).
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { Controller } from '../../../web/src/app/controller';
import { parseRigidBodyConfig } from '../../../families/rigid_body/web/config';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import type { Rapier } from '../../../web/src/engine/rapier';
import { ComparisonBaselines, rk4Config } from '../../../web/src/model/baselines';
import { CoreStepper } from '../../../web/src/model/companions';
import { comparisonCaption, energyPhrase, reversalText } from '../../../web/src/model/comparison-caption';
import type { TableRow } from '../../../web/src/model/comparison-long-run';
import { compareTable, measureRun, sweepPoint } from '../../../web/src/model/comparison-long-run';
import { coreInertia, ellipsoidPoints, RAPIER_SETTINGS, RapierStepper, symmetricEigen3 } from '../../../families/rigid_body/web/rapier-baseline';
import { SimulationModel } from '../../../web/src/model/simulation-model';
import { familyTable } from '../../../web/src/app/families';
import { rowMajorFromQuat } from '../../../web/src/model/interpolation';
import { cliPath, haveCli } from './support/cli';


const maxOf = (d: Readonly<Record<string, number>>): number => Math.max(...Object.values(d));


describe('comparison and time reversal, real WASM', () => {
  let engine: LgvciModule;
  let rapier: Rapier;

  beforeAll(async () => {
    const { loadEngine } = await import('../../../web/src/engine/loader');
    engine = await loadEngine();
    const { loadRapier } = await import('../../../web/src/engine/rapier');
    rapier = await loadRapier();
  });

  it('reverseCheck: Case IV without impacts comes back to round-off (≤ 1e-12), and so does RK4 on the cube', () => {
    // Case IV's preset flies 200 steps (2 s) without touching the plane
    for (const cfg of [engine.presetJson('IV'), rk4Config(engine.presetJson('IV'))]) {
      const r = engine.reverseCheck(cfg, 200);
      expect(r.error).toBeNull();
      const c = r.check!;
      expect(c.steps).toBe(200);
      expect(c.impactsForward).toBe(0);
      expect(c.impactsBack).toBe(0);
      expect(Object.keys(c.distances).sort()).toEqual(['Pi', 'R', 'gamma', 'x']);
      expect(maxOf(c.distances)).toBeLessThanOrEqual(1e-12);
      expect(c.status).toBe(0);
    }
  });

  it('reverseCheck gives the numbers of `lgvci --reverse-check N --json` (the same core function), with impacts', () => {
    const N = 500;
    const r = engine.reverseCheck(engine.presetJson('IV'), N).check!;
    expect(r.impactsForward).toBe(r.impactsBack);
    // The test command builds the CLI first: without it this comparison would prove nothing, so it fails.
    expect(haveCli, `the native CLI ${cliPath} is missing: build it (cmake --build --preset native --target lgvci_cli)`).toBe(true);
    const out = execFileSync(cliPath, ['--case', 'IV', '--steps', '0', '--json', '--reverse-check', String(N)], { encoding: 'utf8' });
    const rc = (JSON.parse(out) as { reverse_check: Record<string, number | string> }).reverse_check;
    // bit for bit: the core has no FMA contraction or SIMD, so native and WASM agree exactly
    for (const k of ['x', 'R', 'gamma', 'Pi']) expect(r.distances[k], k).toBe(rc[k]);
    expect(r.impactsForward).toBe(rc['impacts_forward']);
    expect(r.impactsBack).toBe(rc['impacts_back']);
    expect(r.energyError).toBe(rc['energy_error']);
  });

  it('reverseMomenta + returnDistances reproduce the reverse check step for step; bad input is an error value', () => {
    const sim = engine.createSimulation(engine.presetJson('IV')).sim!;
    try {
      const start = Float64Array.from(sim.record());
      sim.step(300);
      sim.reverseMomenta();
      sim.step(300);
      const d = sim.returnDistances(start);
      expect(d.error).toBeNull();
      const check = engine.reverseCheck(engine.presetJson('IV'), 300).check!;
      expect(d.distances).toEqual(check.distances);
      const bad = sim.returnDistances([1, 2, 3]);
      expect(bad.distances).toBeNull();
      expect(bad.error?.message).toMatch(/^start: /);
    } finally {
      sim.delete();
    }
    for (const n of [0, -1, 1.5, NaN, 2e7]) {
      const r = engine.reverseCheck(engine.presetJson('IV'), n);
      expect(r.check).toBeNull();
      expect(r.error?.field).toBe('steps');
      expect(r.error?.message).toMatch(/^steps: /);
    }
    const r = engine.reverseCheck('{"case": "IV", "h": -1}', 10);
    expect(r.check).toBeNull();
    expect(r.error?.message).toMatch(/^h: /);
  });

  it('integrator(): lgvci, rk4 (the baseline config), vci for the generalized models', () => {
    const names: [string, string][] = [
      [engine.presetJson('IV'), 'lgvci'],
      [rk4Config(engine.presetJson('IV')), 'rk4'],
      [engine.presetJson('star'), 'vci'],
    ];
    for (const [cfg, name] of names) {
      const sim = engine.createSimulation(cfg).sim!;
      expect(sim.integrator()).toBe(name);
      sim.delete();
    }
  });

  it('RK4 is not symmetric: on Case I its attitude comes back > 100× farther than the LGVCI’s (no impacts)', () => {
    const I = JSON.stringify({ ...JSON.parse(engine.presetJson('I')), x0: [0, 0, 1000] });
    const a = engine.reverseCheck(I, 1000).check!;
    const b = engine.reverseCheck(rk4Config(I), 1000).check!;
    expect(a.impactsForward + b.impactsForward).toBe(0);
    // docs/baselines.md "Time reversal": ‖R − R₀‖₂ 2.4e-14 (LGVCI) against 9.7e-12 (RK4)
    expect(a.distances['R']).toBeLessThan(1e-12);
    expect(b.distances['R']).toBeGreaterThan(100 * (a.distances['R'] ?? NaN));
    // the sweep's point is the largest distance of each check
    const p = sweepPoint(engine, I, 1000);
    expect(p.lgvci).toBe(maxOf(a.distances));
    expect(p.rk4).toBe(maxOf(b.distances));
  });

  it('companion runs: the RK4 baseline steps in lockstep, its rows equal a separate RK4 run', () => {
    const model = new SimulationModel(engine, familyTable());
    new Controller(engine, model, 'I');
    expect(model.setComparison(null)).toBe('');
    const b = model.baselines!;
    expect(b.runs.map((r) => r.id)).toEqual(['rk4', 'naive']);
    expect(b.note).toMatch(/Rapier/);
    model.step(700);
    expect(b.length).toBe(model.history.length);
    const rk = b.run('rk4');
    expect(rk.integrator).toBe('rk4');
    // the same config: E₀ equal to the last bit
    expect(rk.energy0).toBe(model.history.get(0, model.history.columns.energy));
    const ref = engine.createSimulation(rk4Config(model.resolvedJson)).sim!;
    for (let k = 1; k <= 700; k++) {
      ref.step(1);
      if (k % 100 === 0) expect(rk.energy.get(k)).toBe(ref.energy());
    }
    expect(rk.impacts).toBe(ref.totalImpacts());
    ref.delete();
    // switched on mid-run, it catches up from t = 0; off frees it
    const e700 = rk.energy.get(700);
    expect(model.setComparison(false)).toBe('');
    expect(model.baselines).toBeNull();
    model.setComparison(null);
    expect(model.baselines!.length).toBe(model.history.length);
    expect(model.baselines!.run('rk4').energy.get(700)).toBe(e700);
    model.dispose();
  });

  it('on a body at rest the RK4 baseline (no contact phase) halts in the Zeno guard and is stopped; the LGVCI runs on', () => {
    const model = new SimulationModel(engine, familyTable());
    new Controller(engine, model, 'rest');
    expect(model.setComparison(null)).toBe('');
    const rk = model.baselines!.run('rk4');
    model.step(50);
    expect(rk.halted).toBe(true); // the core halts it: no contact phase to hand the cascade to
    expect(rk.energy.length).toBe(model.history.length); // its series go on, as NaN
    expect(model.curr.t).toBeCloseTo(0.5, 12); // the main run: h per step, in contact
    expect(model.curr.contactPoints).toBe(1);
    model.dispose();
  });

  it('a generalized model compares with the baseline it declares (the naive one), without RK4 or Rapier', () => {
    const model = new SimulationModel(engine, familyTable());
    new Controller(engine, model, 'star');
    expect(model.setComparison(null)).toBe('');
    expect(model.baselines!.runs.map((r) => r.id)).toEqual(['naive']);
    expect(model.baselines!.note).toBe('');
    model.dispose();
  });

  it('Reverse: the model runs back and stops where it started, ≤ 1e-12 without impacts (Case IV, 100 steps)', () => {
    const model = new SimulationModel(engine, familyTable());
    new Controller(engine, model, 'IV');
    expect(model.reverse()).toMatch(/Run some steps first/);
    model.step(100);
    model.clock.running = true;
    expect(model.reverse()).toBe('');
    expect(model.reversal!.returnStep).toBe(200);
    const text = reversalText(model.reversal!, model.run.steps());
    expect(text).toContain('back at the start in 100 steps');
    model.step(1000); // stops at the return step
    expect(model.run.steps()).toBe(200);
    expect(model.history.impactCount).toBe(0);
    expect(model.clock.running).toBe(false);
    const rev = model.reversal!;
    expect(rev.distances).not.toBeNull();
    expect(maxOf(rev.distances!)).toBeLessThanOrEqual(1e-12);
    expect(reversalText(rev, 200)).toMatch(/\|x − x₀\| = /);
    model.dispose();
  });

  it('Reverse works for the generalized models too: the star comes back in q and p', () => {
    const model = new SimulationModel(engine, familyTable());
    new Controller(engine, model, 'star');
    model.step(100); // 0.5 s of flight, before the first impact
    expect(model.history.impactCount).toBe(0);
    expect(model.reverse()).toBe('');
    model.step(500);
    expect(model.run.steps()).toBe(200);
    const d = model.reversal!.distances!;
    expect(Object.keys(d).sort()).toEqual(['p', 'q']);
    expect(Math.max(...Object.values(d))).toBeLessThan(1e-12);
    model.dispose();
  });

  it('Reverse reaches the companions: switched on after a reversal, the RK4 baseline replays it exactly', () => {
    const live = new SimulationModel(engine, familyTable());
    new Controller(engine, live, 'IV');
    live.setComparison(null);
    const late = new SimulationModel(engine, familyTable());
    new Controller(engine, late, 'IV');
    for (const m of [live, late]) {
      m.step(80);
      expect(m.reverse()).toBe('');
      m.step(60);
    }
    late.setComparison(null); // catches up from t = 0, reversing at row 80 like the live one
    const a = live.baselines!.run('rk4');
    const b = late.baselines!.run('rk4');
    expect(b.length).toBe(141);
    expect(Array.from(b.height.view())).toEqual(Array.from(a.height.view()));
    expect(Array.from(b.energy.view())).toEqual(Array.from(a.energy.view()));
    // and it did turn round: 60 steps after the reversal at row 80 it is where it was at row 20
    expect(Math.abs(b.height.get(140) - b.height.get(20))).toBeLessThan(1e-9);
    live.step(20);
    expect(live.reversal!.distances).not.toBeNull();
    expect(live.reversal!.companions['rk4']).toBeLessThan(1e-9);
    live.dispose();
    late.dispose();
  });

  it('Rapier set-up: the core’s mass and inertia, the same initial state and energy', () => {
    for (const c of ['I', 'III', 'IV']) {
      const cfg = parseRigidBodyConfig(engine.presetJson(c));
      const sim = engine.createSimulation(engine.presetJson(c)).sim!;
      const E0 = sim.energy();
      sim.delete();
      const s = new RapierStepper(rapier, cfg);
      try {
        const first = s.rigidBody;
        const E = s.energy();
        expect(first.mass()).toBe(0); // Rapier computes the mass properties at the first step
        s.step();
        expect(Math.abs(first.mass() - cfg.mass)).toBeLessThanOrEqual(1e-7 * cfg.mass);
        // Rapier's inertia in the body frame, Q diag(I) Qᵀ, equals the core's J (f32: 1e-6 relative)
        const I = first.principalInertia();
        const q = first.principalInertiaLocalFrame();
        const { values } = symmetricEigen3(coreInertia(cfg));
        const sorted = (v: number[]): number[] => [...v].sort((a, b) => a - b);
        const rap = sorted([I.x, I.y, I.z]);
        sorted(values).forEach((v, i) => expect(Math.abs((rap[i] ?? NaN) - v) / v).toBeLessThan(1e-6));
        expect(Math.hypot(q.x, q.y, q.z, q.w)).toBeCloseTo(1, 6);
        s.reset(); // a new world from the config
        const body = s.rigidBody;
        expect(s.energy()).toBe(E);
        // Initial energy: Rapier stores f32, so equal to the core's to f32 precision …
        expect(Math.abs(s.energy() - E0) / E0).toBeLessThan(1e-6);
        // … and exactly the core's formula (to 1e-12) evaluated on the state Rapier holds
        const v = body.linvel();
        const w = body.angvel();
        const x = body.translation();
        const R0 = cfg.R0.flat();
        const qr = body.rotation();
        const Rr = rowMajorFromQuat([qr.x, qr.y, qr.z, qr.w]);
        const Om = [0, 1, 2].map((i) => (Rr[i] ?? 0) * w.x + (Rr[3 + i] ?? 0) * w.y + (Rr[6 + i] ?? 0) * w.z);
        const J = coreInertia(cfg);
        const JOm = [0, 1, 2].map((i) => (J[3 * i] ?? 0) * (Om[0] ?? 0) + (J[3 * i + 1] ?? 0) * (Om[1] ?? 0) + (J[3 * i + 2] ?? 0) * (Om[2] ?? 0));
        const Ef =
          0.5 * cfg.mass * (v.x * v.x + v.y * v.y + v.z * v.z) +
          0.5 * ((Om[0] ?? 0) * (JOm[0] ?? 0) + (Om[1] ?? 0) * (JOm[1] ?? 0) + (Om[2] ?? 0) * (JOm[2] ?? 0)) +
          cfg.mass * cfg.gravity * x.z;
        expect(Math.abs(s.energy() - Ef) / E0).toBeLessThan(1e-12);
        // the pose it reports is the config's
        const pose = new Float64Array(12);
        s.readPose(pose);
        expect(Array.from(pose.subarray(0, 3))).toEqual(cfg.x0);
        for (let i = 0; i < 9; i++) expect(Math.abs((pose[3 + i] ?? NaN) - (R0[i] ?? NaN))).toBeLessThan(1e-6);
      } finally {
        s.dispose();
      }
    }
  });

  it('Rapier loses energy at the bounces of Case IV, the LGVCI does not (measured over 3000 steps)', () => {
    const cfgJson = engine.presetJson('IV');
    const clock = (): number => performance.now();
    const ra = new RapierStepper(rapier, parseRigidBodyConfig(cfgJson));
    const rRow = measureRun('Rapier', ra, 3000, clock);
    ra.dispose();
    const lg = new CoreStepper(engine.createSimulation(cfgJson).sim!);
    const lRow = measureRun('LGVCI', lg, 3000, clock);
    lg.dispose();
    expect(rRow.impacts).toBeGreaterThan(0);
    expect(lRow.impacts).toBeGreaterThan(5);
    expect(rRow.finalRelError).toBeGreaterThan(1e-3);
    expect(lRow.maxRelError).toBeLessThan(1e-11);
  });

  it('the long-run table: four rows, the LGVCI and RK4 rows equal to the core’s own runs', () => {
    const rows: TableRow[] = [];
    const cfg = engine.presetJson('IV');
    compareTable(engine, rapier, familyTable().rapier, cfg, 2000, (r) => rows.push(r));
    expect(rows.map((r) => r.method)).toEqual(['LGVCI', 'RK4 baseline', 'Naive baseline', 'Rapier engine']);
    for (const [row, json] of [[rows[0]!, cfg], [rows[1]!, rk4Config(cfg)]] as const) {
      const sim = engine.createSimulation(json).sim!;
      sim.step(2000);
      expect(row.steps).toBe(2000);
      expect(row.impacts).toBe(sim.totalImpacts());
      expect(row.finalDrift).toBe((sim.energy() - sim.initialEnergy()) / Math.abs(sim.initialEnergy()));
      expect(row.usPerStep).toBeGreaterThan(0);
      sim.delete();
    }
    expect(rows[3]!.steps).toBe(2000);
    expect(rows[3]!.finalRelError).toBe(Math.abs(rows[3]!.finalDrift));
    const noRapier: TableRow[] = [];
    compareTable(engine, null, familyTable().rapier, cfg, 10, (r) => noRapier.push(r));
    expect(noRapier[3]?.note).toMatch(/could not be loaded/);
  });

  it('symmetricEigen3: J = V diag(λ) Vᵀ with V a rotation, for a full symmetric matrix', () => {
    const J = [4, 1, 0.5, 1, 3, -0.25, 0.5, -0.25, 2];
    const { values, V } = symmetricEigen3(J);
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) {
        let s = 0;
        for (let k = 0; k < 3; k++) s += (V[3 * i + k] ?? 0) * (values[k] ?? 0) * (V[3 * j + k] ?? 0);
        expect(Math.abs(s - (J[3 * i + j] ?? 0))).toBeLessThan(1e-14);
      }
    const det =
      (V[0] ?? 0) * ((V[4] ?? 0) * (V[8] ?? 0) - (V[5] ?? 0) * (V[7] ?? 0)) -
      (V[1] ?? 0) * ((V[3] ?? 0) * (V[8] ?? 0) - (V[5] ?? 0) * (V[6] ?? 0)) +
      (V[2] ?? 0) * ((V[3] ?? 0) * (V[7] ?? 0) - (V[4] ?? 0) * (V[6] ?? 0));
    expect(det).toBeCloseTo(1, 14);
  });

  it('the ellipsoid mesh: points on the surface, (rings − 1) × segments + 2 of them', () => {
    const axes: [number, number, number] = [2, 3, 4];
    const p = ellipsoidPoints(axes);
    expect(p.length / 3).toBe((RAPIER_SETTINGS.ellipsoidRings - 1) * RAPIER_SETTINGS.ellipsoidSegments + 2);
    for (let i = 0; i < p.length; i += 3) {
      const r = ((p[i] ?? 0) / 2) ** 2 + ((p[i + 1] ?? 0) / 3) ** 2 + ((p[i + 2] ?? 0) / 4) ** 2;
      expect(Math.abs(r - 1)).toBeLessThan(1e-6);
    }
  });

  it('ComparisonBaselines with Rapier: the three baselines, colours and labels for ghosts and legend', () => {
    const model = new SimulationModel(engine, familyTable());
    new Controller(engine, model, 'IV');
    expect(model.setComparison(rapier)).toBe('');
    const b = model.baselines as ComparisonBaselines;
    expect(b.runs.map((r) => r.label)).toEqual(['RK4 baseline', 'Naive baseline', 'Rapier engine']);
    expect(new Set(b.runs.map((r) => r.color)).size).toBe(3);
    model.step(200);
    expect(b.run('rapier').length).toBe(model.history.length);
    expect(b.run('rapier').integrator).toBe('rapier');
    model.dispose();
  });

  it('captions state the measured numbers, largest drift first', () => {
    const main = { label: 'LGVCI', relError: 5.2e-13, drift: 5.2e-13, impacts: 14, divergence: NaN };
    const rk4 = { label: 'RK4 baseline', relError: 3.1e-8, drift: -3.1e-8, impacts: 13, divergence: 0.25 };
    const ra = { label: 'Rapier engine', relError: 0.41, drift: -0.41 * 100, impacts: 9, divergence: 2.5 };
    const c = comparisonCaption(12.34, 1234, main, [rk4, ra]);
    expect(c).toMatch(/^After 12\.3 s \(1234 steps, 14 impacts/);
    expect(c.indexOf('Rapier engine has lost 41 %')).toBeLessThan(c.indexOf('RK4 baseline stays within 3.1e-8'));
    expect(c).toContain('LGVCI stays within 5.2e-13');
    expect(c).toContain('LGVCI keeps the energy best');
    expect(energyPhrase({ ...ra, drift: 3 })).toMatch(/gained/);
    expect(energyPhrase({ ...ra, relError: NaN })).toMatch(/stopped/);
  });
});
