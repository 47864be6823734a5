// A family the core does not name reaches JavaScript through the same bindings: build/wasm/
// lgvci_wasm_toy.mjs is cpp/wasm/bindings.cpp with the registry tests' toy ball registered from a test
// file (tests/wasm/toy_family.cpp, tests/cpp/core/ball_family.hpp). The module lists it with its
// presets and capabilities, builds it from its preset, steps it, and its impacts fall at the exact
// times t_k = (2k + 1)√(2 y0 / g) of a ball dropped from y0 = 1 m. A missing module fails: run
// scripts/build-wasm.sh first.
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Layout } from '../../../web/src/engine/layout';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { repoRoot } from './support/cli';

const modulePath = `${repoRoot}build/wasm/lgvci_wasm_toy.mjs`;
const g = 9.81;

describe('a toy family registered outside the core, through the binding', () => {
  let engine: LgvciModule;

  beforeAll(async () => {
    if (!existsSync(modulePath)) throw new Error(`${modulePath} is missing: build it with scripts/build-wasm.sh`);
    const create = ((await import(/* @vite-ignore */ modulePath)) as { default: (o: object) => Promise<LgvciModule> }).default;
    engine = await create({ wasmBinary: new Uint8Array(readFileSync(`${repoRoot}build/wasm/lgvci_wasm_toy.wasm`)) });
  });

  it('is listed after the built-in families, with its preset and declared capabilities', () => {
    const families = engine.families();
    const toy = families[families.length - 1]!;
    expect(toy.name).toBe('toy_ball');
    expect(toy.presets.map((p) => p.name)).toEqual(['toy_drop']);
    expect(toy.capabilities.reversible).toBe(true);
    expect(toy.capabilities.plots).toEqual(['energy', 'height']);
    expect(engine.presetNames()).toContain('toy_drop');
  });

  it('runs from its preset: the exact bounce times, its energy g·y0 and its own record layout', () => {
    const r = engine.createSimulation(engine.presetJson('toy_drop'));
    expect(r.error).toBeNull();
    const sim = r.sim!;
    try {
      expect(sim.family()).toBe('toy_ball');
      const L = new Layout(sim.layout());
      expect(L.csvColumns).toEqual(['t', 'y', 'v', 'E', 'impacts']);
      const impacts = new Layout(sim.impactLayout());
      const times: number[] = [];
      for (let k = 0; k < 200; ++k) {
        sim.step(1);
        const rows = sim.drainImpacts();
        for (let i = 0; i < rows.length; i += impacts.size) times.push(rows[i + impacts.offset('t')]!);
        const rec = sim.record();
        expect(Math.abs(rec[L.offset('E')]! - g)).toBeLessThan(1e-12);
      }
      const half = Math.sqrt(2 / g);
      expect(times.length).toBe(Math.floor((2 / half + 1) / 2)); // impacts within t ≤ 2 s
      times.forEach((t, k) => expect(Math.abs(t - (2 * k + 1) * half)).toBeLessThan(1e-12));
    } finally {
      sim.delete();
    }
  });

  it('refuses a bad start with the toy factory’s own message, as a value', () => {
    const r = engine.createSimulation('{"model": "toy_ball", "y0": -1}');
    expect(r.sim).toBeNull();
    expect(r.error?.message).toBe('y0: must be in [0, 100]');
  });
});
