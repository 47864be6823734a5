// The comparison baselines, as companion runs of the main (LGVCI) run: the core's RK4
// baseline (the same config with "integrator": "rk4") and the Rapier engine (rapier-baseline.ts). They
// step in lockstep with the main run through the same mechanism as the sensitivity twins
// (companions.ts). No DOM.
import type { LgvciModule } from '../engine/lgvci_wasm';
import type { Rapier } from '../engine/rapier';
import { createSimulation } from '../engine/create';
import type { ResolvedConfig } from '../config/types';
import { CompanionRun, CompanionSet, CoreStepper } from './companions';
import { RapierSetupError, RapierStepper } from './rapier-baseline';

export type BaselineId = 'rk4' | 'rapier';

/** Ghost and plot colours: RK4 green, Rapier purple (the main run keeps its own colours). */
export const BASELINE_COLORS: Readonly<Record<BaselineId, string>> = { rk4: '#2e8b57', rapier: '#7b3fa0' };
export const BASELINE_LABELS: Readonly<Record<BaselineId, string>> = { rk4: 'RK4 baseline', rapier: 'Rapier engine' };

/** The main run's resolved config with the RK4 baseline as its integrator. */
export function rk4Config(resolvedJson: string): string {
  const raw = JSON.parse(resolvedJson) as Record<string, unknown>;
  return JSON.stringify({ ...raw, integrator: 'rk4' });
}

export class BaselineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BaselineError';
  }
}

/** RK4 and (when its module is given and the body has a Rapier shape) Rapier beside the main run. */
export class ComparisonBaselines extends CompanionSet {
  /** Why a baseline is missing ('' when both run). */
  readonly note: string;

  /** Throws BaselineError when the RK4 baseline cannot be built (it is the comparison's minimum). */
  constructor(engine: LgvciModule, rapier: Rapier | null, resolvedJson: string, config: ResolvedConfig) {
    const cfg = rk4Config(resolvedJson);
    const c = createSimulation(engine, cfg);
    if (!c.ok) throw new BaselineError(`The RK4 baseline could not start: ${c.message}`);
    const runs: CompanionRun[] = [new CompanionRun('rk4', BASELINE_LABELS.rk4, BASELINE_COLORS.rk4, cfg, new CoreStepper(c.sim))];
    let note = '';
    if (rapier) {
      try {
        runs.push(
          new CompanionRun('rapier', BASELINE_LABELS.rapier, BASELINE_COLORS.rapier, resolvedJson, new RapierStepper(rapier, config)),
        );
      } catch (e) {
        if (!(e instanceof RapierSetupError)) {
          for (const r of runs) r.dispose();
          throw e;
        }
        note = e.message;
      }
    } else {
      note = 'Rapier is not loaded.';
    }
    super(runs);
    this.note = note;
  }

  has(id: BaselineId): boolean {
    return this.runs.some((r) => r.id === id);
  }
}
