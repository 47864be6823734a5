// The family's run counters through the module (docs/api.md "WebAssembly module"): counterLayout()
// names them as the core declares them, counters() is a view refreshed with the record (no allocation
// per frame), and the values are the native CLI's for the same run (the JSON keys of the same names).
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimulationOrThrow } from '../../../web/src/engine/create';
import type { HybridSimulation, LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { cliPath, haveCli } from './support/cli';

let engine: LgvciModule;
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

const create = (json: string): HybridSimulation => createSimulationOrThrow(engine, json);

describe('run counters (WASM)', () => {
  it('every preset: named and described as its capabilities say, whole numbers, one view refreshed by step()', () => {
    for (const f of engine.families()) {
      for (const p of f.presets) {
        const sim = create(p.json);
        const L = sim.counterLayout();
        const names = L.map((c) => c.name);
        expect(new Set(names).size, p.name).toBe(names.length);
        for (const c of L) expect(c.description.length, `${p.name} ${c.name}`).toBeGreaterThan(0);
        // A persistent-contact phase comes with its phase switches and sub-divided steps; no other family has them.
        for (const n of ['contact_entries', 'contact_releases', 'subdivided_steps'])
          expect(names.includes(n), `${p.name} ${n}`).toBe(f.capabilities.contactPhase);
        expect(sim.counters().length, p.name).toBe(L.length);
        expect([...sim.counters()].every((v) => v === 0), p.name).toBe(true);
        sim.step(100);
        for (const v of sim.counters()) {
          expect(Number.isInteger(v) && v >= 0, p.name).toBe(true);
        }
        sim.delete();
      }
    }
  });

  it('the rocking block: the counters are the native run\'s, and reset() zeroes them', () => {
    expect(haveCli, `the native CLI ${cliPath} is missing: build it (cmake --build --preset native --target lgvci_cli)`).toBe(true);
    const sim = create(engine.presetJson('rocking'));
    const at = (name: string): number => sim.counterLayout().findIndex((c) => c.name === name);
    sim.step(1000);
    const native = JSON.parse(execFileSync(cliPath, ['--case', 'rocking', '--steps', '1000', '--json'], { encoding: 'utf8' })) as Record<string, number>;
    const c = sim.counters();
    for (const name of ['contact_entries', 'contact_releases', 'subdivided_steps']) expect(c[at(name)], name).toBe(native[name]);
    // docs/rigid-body.md "Persistent contact": it lifts off and lands on its face again.
    expect(c[at('contact_releases')]).toBeGreaterThanOrEqual(1);
    expect(c[at('contact_entries')]).toBe(c[at('contact_releases')]! + 1);
    sim.reset();
    expect([...sim.counters()].every((v) => v === 0)).toBe(true);
    sim.delete();
  });
});
