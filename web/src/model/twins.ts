// Sensitivity twins (Tran & Leok §7.4): two extra simulations started from the main one's initial
// condition with the position perturbed, (x₀ + δx e₃, R₀), and with the attitude perturbed,
// (x₀, R₀ δR) with δR = R_y(δθ) (right multiplication, as in the paper), stepped in lockstep with the
// main run as companion runs (companions.ts, the mechanism the comparison baselines use too). Per
// step they record their centre-of-mass height and the divergence Err(t) = ‖x_per − x‖₂ + ‖R_per − R‖₂
// (induced 2-norm) against the main run's history row of the same step. No DOM.
import type { LgvciModule } from '../engine/lgvci_wasm';
import { createSimulation } from '../engine/create';
import { CompanionRun, CompanionSet, CoreStepper } from './companions';
import { matMul3, rotY } from './linalg';
import { isRecord } from '../config/parse';

export { GrowableF64 } from './companions';

export interface TwinSpec {
  /** Size of the position perturbation δx = (0, 0, dx). */
  dx: number;
  /** Angle θ of the attitude perturbation δR = R_y(θ), radians. */
  dtheta: number;
}

/** The paper's perturbations: δx = (0, 0, 10⁻⁸), δR = R_y(10⁻⁸ π). */
export const PAPER_TWIN_SPEC: Readonly<TwinSpec> = { dx: 1e-8, dtheta: 1e-8 * Math.PI };

export type TwinKind = 'position' | 'attitude';
export const TWIN_KINDS: readonly TwinKind[] = ['position', 'attitude'];

/**
 * The configs of the two twins from the main run's resolved config JSON: every field kept, x0[2] + dx
 * for the position twin and R0 · R_y(dθ) for the attitude twin.
 */
export function perturbedConfigs(resolvedJson: string, spec: TwinSpec): Record<TwinKind, string> {
  const raw: unknown = JSON.parse(resolvedJson);
  if (!isRecord(raw)) throw new Error('config: expected a JSON object');
  const x0 = (raw['x0'] as number[] | undefined) ?? [0, 0, 0];
  const R0 = (raw['R0'] as number[][] | undefined) ?? [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  const pos = { ...raw, x0: [x0[0] ?? 0, x0[1] ?? 0, (x0[2] ?? 0) + spec.dx] };
  const R = matMul3(R0.flat(), rotY(spec.dtheta));
  const att = {
    ...raw,
    R0: [R.slice(0, 3), R.slice(3, 6), R.slice(6, 9)],
  };
  return { position: JSON.stringify(pos), attitude: JSON.stringify(att) };
}

/** One perturbed run: a companion run of the main one. */
export type TwinRun = CompanionRun;

/** Ghost and plot colours of the twins: position-perturbed blue, attitude-perturbed red (Fig. 9/10). */
export const TWIN_COLORS: Readonly<Record<TwinKind, string>> = { position: '#1d5fbf', attitude: '#c8102e' };
const TWIN_LABELS: Readonly<Record<TwinKind, string>> = { position: 'δx twin', attitude: 'δR twin' };

export class TwinError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TwinError';
  }
}

/** The pair of twins of one main run (companion runs of it). */
export class SensitivityTwins extends CompanionSet {
  readonly spec: TwinSpec;

  /**
   * Build both twins from the main run's resolved config. Throws TwinError (naming the twin and the
   * core's message) when a perturbed initial condition is rejected, e.g. it penetrates the plane.
   */
  constructor(engine: LgvciModule, resolvedJson: string, spec: TwinSpec) {
    const cfgs = perturbedConfigs(resolvedJson, spec);
    const runs: CompanionRun[] = [];
    for (const kind of TWIN_KINDS) {
      const c = createSimulation(engine, cfgs[kind]);
      if (!c.ok) {
        for (const r of runs) r.dispose();
        throw new TwinError(`The ${kind}-perturbed twin is not a valid start: ${c.message}`);
      }
      runs.push(new CompanionRun(kind, TWIN_LABELS[kind], TWIN_COLORS[kind], cfgs[kind], new CoreStepper(c.sim)));
    }
    super(runs);
    this.spec = { ...spec };
  }

  override run(kind: TwinKind): TwinRun {
    return super.run(kind);
  }
}
