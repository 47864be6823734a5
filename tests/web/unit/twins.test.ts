// Sensitivity twins for every family (docs/page.md "Sensitivity twins") on the real engine: each preset's
// twins run along its family's first perturbations (the core's perturbations(), the default first), each
// twin's start is exactly the core's perturbedStart of the main run (the same config, the same record bit
// for bit, the perturbed entry moved by δ and nothing else), their divergence from the main run starts at
// the perturbation's size and grows; another perturbation chosen by the controller is the core's too, and
// the ensemble's kind menu lists the same perturbations in the family's words.
import { beforeAll, describe, expect, it } from 'vitest';
import { Controller } from '../../../web/src/app/controller';
import { ensembleKinds, familyTable, pageCases } from '../../../web/src/app/families';
import type { LgvciModule, Perturbation } from '../../../web/src/engine/lgvci_wasm';
import { Layout } from '../../../web/src/engine/layout';
import { SimulationModel } from '../../../web/src/model/simulation-model';
import { DEFAULT_TWIN_COUNT, perturbationText } from '../../../web/src/model/twins';

let engine: LgvciModule;

beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

/** The core's record of `json`'s start moved by δ along `kind` (perturbedStart), and its resolved config. */
function corePerturbed(json: string, kind: string, delta: number): { record: number[]; config: string; layout: Layout } {
  const made = engine.createSimulation(json);
  if (!made.sim) throw new Error(made.error.message);
  const p = made.sim.perturbedStart(kind, delta);
  made.sim.delete();
  if (!p.sim) throw new Error(p.error.message);
  const out = { record: Array.from(p.sim.record()), config: p.sim.configJson(), layout: new Layout(p.sim.layout()) };
  p.sim.delete();
  return out;
}

/**
 * One preset of each family (the rigid body's Case IV, the paper's twins) and how its default twins'
 * divergence Err(N) after N steps compares with their start's Err(0) = δ: chaos (the rigid body, the
 * star's height, the stadium) amplifies it by orders of magnitude, an integrable motion (the ellipse, the
 * bouncing particle) keeps it within a few δ or lets it grow slowly, and a symmetry (the horizontal x of
 * the particle and the star) keeps it at δ for ever.
 */
const PRESETS: readonly { name: string; steps: number; growth: Readonly<Record<string, (ratio: number) => boolean>> }[] = [
  { name: 'IV', steps: 6000, growth: { position: (r) => r > 1e5, attitude: (r) => r > 1e5 } },
  { name: 'particle', steps: 6000, growth: { y: (r) => r > 5 && r < 100, x: (r) => Math.abs(r - 1) < 1e-4 } },
  { name: 'star', steps: 3000, growth: { y: (r) => r > 1e6, x: (r) => Math.abs(r - 1) < 1e-4 } },
  { name: 'cradle', steps: 6000, growth: { theta1: (r) => r < 1, theta3: (r) => r > 100 } },
  { name: 'billiard-ellipse', steps: 6000, growth: { x: (r) => r < 10, y: (r) => r < 10 } },
  { name: 'billiard-stadium', steps: 6000, growth: { x: (r) => r > 1e6, y: (r) => r > 1e6 } },
];

describe('sensitivity twins of every family', () => {
  it('every family of the core is covered here', () => {
    const families = new Set(pageCases(engine.families()).filter((c) => PRESETS.some((p) => p.name === c.name)).map((c) => c.family));
    expect([...families].sort()).toEqual(engine.families().map((f) => f.name).sort());
  });

  for (const preset of PRESETS) {
    it(`${preset.name}: the twins start at the core's perturbedStart and diverge`, () => {
      const model = new SimulationModel(engine, familyTable());
      const ctl = new Controller(engine, model, preset.name);
      const ps: readonly Perturbation[] = ctl.perturbations;
      expect(ps.length).toBeGreaterThanOrEqual(DEFAULT_TWIN_COUNT);
      expect(ctl.setTwinsEnabled(true)).toEqual({ ok: true });
      const twins = model.twins!;
      const spec = model.twinSpec!;
      // the default twins: the family's first perturbations whose perturbed start is valid (the cradle's
      // second ball touches the third, so its shift is skipped), with their sizes
      expect(spec.map((c) => c.kind)).toEqual(Object.keys(preset.growth));
      expect(twins.runs.map((r) => r.id)).toEqual(spec.map((c) => c.kind));
      const main = model.run.state().slice();
      for (const c of spec) {
        const core = corePerturbed(model.resolvedJson, c.kind, c.size);
        const run = twins.run(c.kind);
        expect(run.configJson).toBe(core.config);
        // the twin's start record is the core's, bit for bit; a shift moves its entry by δ and nothing else
        const p = ps.find((q) => q.name === c.kind)!;
        const at = core.layout.field(p.field).offset + p.component;
        if (p.op === 'shift') {
          expect(core.record[at]).toBe(main[at]! + c.size);
          core.record.forEach((v, i) => {
            if (i !== at && core.layout.fields.some((f) => (f.name === 'q' || f.name === 'p' || f.name === 'x' || f.name === 'gamma' || f.name === 'Pi') && i >= f.offset && i < f.offset + f.size)) {
              expect(v, `entry ${i}`).toBe(main[i]);
            }
          });
        }
        // Err(0): its distance from the main run's start, the size of a coordinate's shift (within its rounding)
        const d0 = run.divergence.get(0);
        if (p.op === 'shift') expect(Math.abs(d0 / c.size - 1)).toBeLessThan(1e-6);
      }
      model.step(preset.steps);
      expect(twins.length).toBe(model.history.length);
      for (const c of spec) {
        const d = twins.run(c.kind).divergence;
        const ratio = d.get(preset.steps) / d.get(0);
        expect(preset.growth[c.kind]?.(ratio), `${c.kind}: Err(${preset.steps}) / Err(0) = ${ratio}`).toBe(true);
      }
      model.dispose();
    });
  }

  it('a perturbation chosen for a twin is the core’s, and its size the one entered (the cradle’s middle ball’s momentum, the billiard’s p_y)', () => {
    for (const [name, kind, size] of [
      ['cradle', 'p_theta2', '1e-6'],
      ['billiard-stadium', 'p_y', '2e-7'],
    ] as const) {
      const model = new SimulationModel(engine, familyTable());
      const ctl = new Controller(engine, model, name);
      expect(ctl.setTwinSize(kind, size)).toEqual({ ok: true });
      expect(ctl.setTwinKind(1, kind)).toEqual({ ok: true });
      expect(ctl.setTwinsEnabled(true)).toEqual({ ok: true });
      expect(model.twinSpec?.[1]).toEqual({ kind, size: Number(size) });
      expect(model.twins!.run(kind).configJson).toBe(corePerturbed(model.resolvedJson, kind, Number(size)).config);
      // the same perturbation twice is refused; the running twins stay
      const first = ctl.twinKinds[0]!;
      expect(ctl.setTwinKind(1, first)).toMatchObject({ ok: false });
      expect(ctl.twinKinds[1]).toBe(kind);
      // another family's run keeps its own choice; back on this family, its first ones
      expect(ctl.selectCase('I')).toEqual({ ok: true });
      expect(ctl.twinKinds).toEqual(['position', 'attitude']);
      expect(model.twins!.runs.map((r) => r.id)).toEqual(['position', 'attitude']);
      model.dispose();
    }
  });

  it('the ensemble’s kind menu lists the run’s perturbations, in the family’s words where it has them', () => {
    const model = new SimulationModel(engine, familyTable());
    const ctl = new Controller(engine, model, 'IV');
    const rigid = ensembleKinds('rigid_body', ctl.perturbations);
    expect(rigid.map((k) => k.value)).toEqual(ctl.perturbations.map((p) => p.name));
    expect(rigid.slice(0, 2).map((k) => k.label)).toEqual(['position (x₀ + δ u e₃)', 'attitude (R₀ R_y(δ u))']);
    expect(rigid.find((k) => k.value === 'R3')?.label).toBe('turn of R3');
    ctl.selectCase('billiard-ellipse');
    const billiard = ensembleKinds('billiard', ctl.perturbations);
    expect(billiard.map((k) => k.value)).toEqual(['x', 'y', 'p_x', 'p_y']);
    expect(billiard.map((k) => k.label)).toEqual(['start position x', 'start position y', 'start momentum p_x', 'start momentum p_y']);
    // the cradle's words from its package: ball i's angle and angular momentum, the size's symbol in subscripts
    ctl.selectCase('cradle');
    const theta2 = ctl.perturbations.find((p) => p.name === 'theta2')!;
    expect(ctl.perturbationText(theta2)).toEqual({ symbol: 'δθ₂ (rad)', short: 'δθ₂', legend: 'δθ₂', label: 'start angle θ₂ of ball 2 in radians', member: 'start angle θ₂ of ball 2 in radians' });
    // a name no package words: the page's
    expect(perturbationText({ name: 'q7', description: '', field: 'q', component: 6, op: 'shift' })).toMatchObject({ symbol: 'δq7', label: 'shift of q7' });
    expect(perturbationText({ name: 'B2', description: '', field: 'B', component: 1, op: 'turn' })).toMatchObject({ symbol: 'δθ (rad)', short: 'δθ', legend: 'δB2', label: 'turn of B2' });
    model.dispose();
  });
});
