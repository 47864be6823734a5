// The real embind module under Node: presets, validation, and Case IV over 10^4 steps against the
// native CLI (that comparison is skipped only when build/native/lgvci has not been built). A missing
// build/wasm/lgvci_wasm.mjs fails these tests: run scripts/build-wasm.sh first.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { Controller } from '../../../web/src/app/controller';
import { parseResolvedConfig } from '../../../web/src/config/parse';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { SimulationModel } from '../../../web/src/model/simulation-model';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const wasmPath = `${root}build/wasm/lgvci_wasm.mjs`;
const cliPath = `${root}build/native/lgvci`;
const haveWasm = existsSync(wasmPath);
const haveCli = existsSync(cliPath);

describe('real WASM engine (Node)', () => {
  let engine: LgvciModule;

  beforeAll(async () => {
    if (!haveWasm) throw new Error(`${wasmPath} is missing: build it with scripts/build-wasm.sh`);
    const { loadEngine } = await import('../../../web/src/engine/loader');
    engine = await loadEngine();
  });

  it('exposes the state and impact layouts of the contract', () => {
    expect(engine.STATE).toMatchObject({ T: 0, X: 1, R: 4, GAMMA: 13, PI: 16, ENERGY: 19, PHI: 25, IMPACTS: 26, STEPS: 27, STATUS: 28, ENERGY0: 29, SIZE: 30 });
    expect(engine.IMPACT).toMatchObject({ T: 0, LAMBDA: 1, POINT: 2, BODY_POINT: 5, SIZE: 8 });
  });

  it('presetConfig returns the paper’s four experiments, which validate', () => {
    for (const c of ['I', 'II', 'III', 'IV']) {
      const json = engine.presetConfig(c);
      const cfg = parseResolvedConfig(json);
      expect(cfg.mass).toBe(1);
      expect(cfg.gravity).toBe(9.80665);
      expect(cfg.h).toBe(0.01);
      expect(cfg.x0).toEqual([0, 0, 10]);
      expect(cfg.gamma0).toEqual([2, 2, 10]);
      expect(cfg.Pi0).toEqual([4, -4, 4]);
      expect(engine.validateConfig(json)).toBe('');
    }
    expect(parseResolvedConfig(engine.presetConfig('IV')).body).toMatchObject({ type: 'cube', epsilon: 1e-13 });
    expect(parseResolvedConfig(engine.presetConfig('III')).body.type).toBe('union');
  });

  it('validateConfig names the field and the rule', () => {
    expect(engine.validateConfig(JSON.stringify({ case: 'I', x0: [0, 0, 1] }))).toMatch(/x0/);
    expect(engine.validateConfig(JSON.stringify({ case: 'I', plane: { tilt: 2 } }))).toMatch(/plane\.tilt/);
    expect(engine.validateConfig(JSON.stringify({ case: 'IV', body: { epsilon: -1 } }))).toMatch(/epsilon/);
    expect(engine.validateConfig(JSON.stringify({ case: 'I', h: 0 }))).toMatch(/\bh\b/);
    expect(engine.validateConfig('{')).not.toBe('');
  });

  it('the controller drives the real engine: a tilt restarts with the new normal, bad input is refused', () => {
    const model = new SimulationModel(engine);
    const ctl = new Controller(engine, model, 'I');
    model.step(10);
    expect(ctl.setField('tilt', '10')).toEqual({ ok: true });
    expect(model.curr.steps).toBe(0);
    expect(model.normal[2]).toBeCloseTo(Math.cos((10 * Math.PI) / 180), 12);
    model.step(10);
    const r = ctl.setField('x0z', '1');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/x0/);
    expect(model.curr.steps).toBe(10);
    model.dispose();
  });

  it('ε changes the collision geometry: Φ drops by Δε', () => {
    const model = new SimulationModel(engine);
    const ctl = new Controller(engine, model, 'IV');
    const phi0 = model.curr.phi;
    expect(ctl.setField('epsilon', '0.4')).toEqual({ ok: true });
    expect(model.config.body).toMatchObject({ epsilon: 0.4 });
    expect(model.curr.phi).toBeCloseTo(phi0 - (0.4 - 1e-13), 9);
    model.dispose();
  });

  it('Case III keeps |E − E0|/|E0| tiny over 2·10^4 steps and impacts are drained one by one', () => {
    const model = new SimulationModel(engine);
    model.load(engine.presetConfig('III'));
    model.step(20000);
    expect(model.curr.impacts).toBeGreaterThan(50);
    expect(model.drainedImpacts).toBe(model.curr.impacts);
    expect(model.relativeEnergyError).toBeLessThan(1e-9);
    expect(model.status).toBeNull();
    model.dispose();
  });

  describe.skipIf(!haveCli)('agreement with the native CLI', () => {
    it('Case IV, 10^4 steps: same impact count, final state within 1e-9', () => {
      const out = execFileSync(cliPath, ['--case', 'IV', '--steps', '10000', '--json'], { encoding: 'utf8' });
      const ref = JSON.parse(out) as {
        impacts: number;
        final: { t: number; x: number[]; R: number[][]; gamma: number[]; Pi: number[] };
      };
      const sim = new engine.Simulation(engine.presetConfig('IV'));
      try {
        let impacts = 0;
        for (let k = 0; k < 10; k++) impacts += sim.step(1000);
        const s = sim.state();
        const L = engine.STATE;
        expect(s[L.IMPACTS]).toBe(ref.impacts);
        expect(impacts).toBe(ref.impacts);
        expect(s[L.STEPS]).toBe(10000);
        const close = (got: number, want: number) => expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want)));
        close(s[L.T]!, ref.final.t);
        ref.final.x.forEach((v, i) => close(s[L.X + i]!, v));
        ref.final.R.forEach((row, i) => row.forEach((v, j) => close(s[L.R + 3 * i + j]!, v)));
        ref.final.gamma.forEach((v, i) => close(s[L.GAMMA + i]!, v));
        ref.final.Pi.forEach((v, i) => close(s[L.PI + i]!, v));
      } finally {
        sim.delete();
      }
    });
  });
});
