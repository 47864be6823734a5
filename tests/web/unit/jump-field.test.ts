// The page's impact control, "How an impact is resolved (the jump)" (config/fields.ts, the config's
// "jump", docs/symplecticity.md), on every preset of every family through the real module: the params
// the family reads from the core's resolved config, written back unchanged, run the preset's bits; the
// other jump reaches the core (its resolved config, read back, names it) and changes the run where
// impacts happened, so the default the page reads is the core's own; where the core refuses the other
// jump (the cradle's simultaneous impulse), the refusal names "jump".
import { beforeAll, describe, expect, it } from 'vitest';
import { FAMILIES } from '../../../web/src/app/families';
import type { BaseParams, JumpKind } from '../../../web/src/config/fields';
import type { HybridSimulation, LgvciModule } from '../../../web/src/engine/lgvci_wasm';

let engine: LgvciModule;

beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

const STEPS = 400;
/**
 * Presets whose impacts in STEPS steps the two jumps resolve differently (a body coming to rest, or
 * sliding, meets the plane in its contact phase, where the variational jump keeps Corollary 4.4's
 * impulse and says so: docs/rigid-body.md "The variational jump"; on a billiard without gravity the
 * discrete energy balance (75a) is |p| kept, the energy jump's rule, so the two are the same bits).
 */
const DIFFER = new Set(['I', 'II', 'III', 'IV', 'particle', 'star', 'cradle']);

function run(json: string): { sim: HybridSimulation | null; error: string } {
  const r = engine.createSimulation(json);
  if (!r.sim) return { sim: null, error: r.error.message };
  r.sim.step(STEPS);
  return { sim: r.sim, error: '' };
}

describe('the jump control on every preset', () => {
  it('reads the core’s jump, keeps the preset’s bits, and sends the other jump to the core', () => {
    const seen = new Set<string>();
    for (const name of engine.presetNames()) {
      const preset = run(engine.presetJson(name));
      const sim = preset.sim!;
      const controls = FAMILIES.find((f) => f.name === sim.family())!.controls;
      const base = controls.parseConfig(sim.configJson());
      const p = controls.paramsFromConfig(name, base, 1) as BaseParams;
      expect(['energy', 'variational'], name).toContain(p.jump);
      // unchanged: the same bits
      const same = run(controls.paramsToConfigJson(base, p));
      expect(same.sim?.stateHash(), name).toBe(sim.stateHash());
      // the other jump
      const other: JumpKind = p.jump === 'energy' ? 'variational' : 'energy';
      const flipped = run(controls.paramsToConfigJson(base, { ...p, jump: other }));
      if (!flipped.sim) {
        expect(flipped.error, name).toMatch(/^jump: /);
        seen.add(`${name}: refused`);
      } else {
        const back = controls.paramsFromConfig(name, controls.parseConfig(flipped.sim.configJson()), 1) as BaseParams;
        expect(back.jump, name).toBe(other);
        if (DIFFER.has(name)) {
          expect(sim.totalImpacts(), name).toBeGreaterThan(0);
          expect(flipped.sim.stateHash(), name).not.toBe(sim.stateHash());
        }
        seen.add(`${name}: ${p.jump} → ${other}`);
        flipped.sim.delete();
      }
      for (const s of [sim, same.sim]) s?.delete();
    }
    // the defaults the families document: the rigid body's energy jump (Corollary 4.4), the Fetecau
    // families' and the billiard's variational one ((75a)), the cradle's energy jump
    expect([...seen]).toEqual(expect.arrayContaining(['IV: energy → variational', 'particle: variational → energy', 'cradle: energy → variational']));
  });
});
