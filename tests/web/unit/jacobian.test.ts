// The exact Jacobians (docs/jacobians.md) in WebAssembly: runJacobian's tangent map is the native one bit
// for bit (lgvci_jacobian_report --matrix, the same core function), symplectic through the stadium's
// bounces, its steps the plain steps' (the same state hash), and refusals come back as values.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { repoRoot } from './support/cli';

const reportPath = `${repoRoot}build/native/lgvci_jacobian_report`;

let engine: LgvciModule;
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

function det(m: Float64Array, d: number): number {
  const a = Array.from({ length: d }, (_, i) => Array.from(m.subarray(i * d, (i + 1) * d)));
  let out = 1;
  for (let c = 0; c < d; c++) {
    let p = c;
    for (let r = c + 1; r < d; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    if (p !== c) [a[p], a[c]] = [a[c]!, a[p]!], (out = -out);
    out *= a[c]![c]!;
    for (let r = c + 1; r < d; r++) {
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k < d; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return out;
}

describe('runJacobian (WASM)', () => {
  it('the star\'s tangent map through its tip impacts: bit-identical to the native one', () => {
    expect(existsSync(reportPath), `${reportPath} is missing: cmake --build --preset native --target lgvci_jacobian_report`).toBe(true);
    const config = engine.presetJson('star');
    const sim = engine.createSimulation(config).sim!;
    try {
      const r = sim.runJacobian(700);
      expect(r.error).toBeNull();
      expect(sim.totalImpacts()).toBeGreaterThan(0);
      const native = JSON.parse(execFileSync(reportPath, ['--matrix', config, '700'], { encoding: 'utf8' })) as {
        coordinates: string[];
        matrix: number[][];
      };
      expect(r.jacobian!.coordinates).toEqual(native.coordinates);
      expect(Array.from(r.jacobian!.matrix)).toEqual(native.matrix.flat());
    } finally {
      sim.delete();
    }
  });

  it('symplectic through the stadium\'s bounces; the steps are the plain steps', () => {
    const config = engine.presetJson('billiard-stadium');
    const a = engine.createSimulation(config).sim!;
    const b = engine.createSimulation(config).sim!;
    try {
      const r = a.runJacobian(1000);
      b.step(1000);
      expect(a.stateHash()).toBe(b.stateHash());
      expect(a.totalImpacts()).toBeGreaterThan(2);
      expect(a.drainImpacts().length).toBe(b.drainImpacts().length);
      expect(Math.abs(det(r.jacobian!.matrix, 4) - 1)).toBeLessThan(1e-9);
    } finally {
      a.delete();
      b.delete();
    }
  });

  it('refusals are values: the naive baseline, the touching cradle\'s contacts at once', () => {
    const naive = engine.createSimulation(JSON.stringify({ case: 'particle', integrator: 'naive' })).sim!;
    const cradle = engine.createSimulation(engine.presetJson('cradle')).sim!;
    try {
      const n = naive.runJacobian(1);
      expect(n.jacobian).toBeNull();
      expect(n.error!.field).toBe('jacobian');
      const c = cradle.runJacobian(200);
      expect(c.jacobian).toBeNull();
      expect(c.error!.message).toMatch(/impulses at one configuration/);
    } finally {
      naive.delete();
      cradle.delete();
    }
  });
});
