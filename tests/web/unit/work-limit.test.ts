// The work budget in the WebAssembly module (docs/method.md "The work limit"): a step is charged in
// work units that follow the computation alone, so the module halts a too-costly step where the native
// program does. The two bodies of tests/fuzz/findings whose steps took seconds (an intersection of six
// ellipsoids just above the plane, a union of 36 of it) halt in their first step with work_limit at
// t = 0, with the same words as the native CLI, which names the step and the budget.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { cliPath, haveCli, repoRoot } from './support/cli';

const FINDINGS = ['intersection-six-ellipsoids-work-units.json', 'union-36-intersections-work-units.json'];
const WORK_LIMIT = 3; // StepStatus::WorkLimit (docs/method.md, the statuses' table)

let engine: LgvciModule;
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

describe('work limit', () => {
  for (const name of FINDINGS) {
    const path = `${repoRoot}tests/fuzz/findings/${name}`;
    it(`${name}: halted in the first step with work_limit, the state at t = 0`, () => {
      const made = engine.createSimulation(readFileSync(path, 'utf8'));
      expect(made.error, made.error?.message).toBeNull();
      const sim = made.sim!;
      try {
        sim.step(5);
        expect(sim.status()).toBe(WORK_LIMIT);
        expect(sim.halted()).toBe(true);
        expect(sim.time()).toBe(0);
        expect(sim.statusMessage()).toMatch(/^work limit: the step from t = 0 to t = 0\.01 needed more than 2500000 work units/);
      } finally {
        sim.delete();
      }
    });

    it.skipIf(!haveCli)(`${name}: the same halt as the native CLI, word for word`, () => {
      const r = spawnSync(cliPath, ['--config', path, '--steps', '5', '--json'], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(1); // halted (docs/cli.md, exit codes)
      const ref = JSON.parse(r.stdout) as { status: string; status_message: string; steps: number; state_hash: string };
      expect(ref.status).toBe('work_limit');
      const sim = engine.createSimulation(readFileSync(path, 'utf8')).sim!;
      try {
        sim.step(5);
        expect(sim.statusMessage()).toBe(ref.status_message);
        expect(ref.steps).toBe(0);
        expect(sim.stateHash()).toBe(ref.state_hash);
      } finally {
        sim.delete();
      }
    });
  }
});
