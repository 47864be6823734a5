// The rigid body's sensitivity twins (Tran & Leok §7.4; web/src/model/twins.ts): two extra simulations
// started from the main one's initial condition with the position perturbed, (x₀ + δx e₃, R₀), and
// with the attitude perturbed, (x₀, R₀ δR) with δR = R_y(δθ) (right multiplication, as in the paper) —
// the core's perturbation (HybridSimulation.perturbedStart, the ensemble members' rule), not
// recomputed here — stepped in lockstep with the main run as companion runs (model/companions.ts, the
// mechanism the comparison baselines use too). Per step they record their centre-of-mass height and
// the divergence Err(t) = ‖x_per − x‖₂ + ‖R_per − R‖₂ (induced 2-norm, pose-space.ts) against the main
// run's history row of the same step. No DOM.
import { tr as t } from './words';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { createSimulation } from '../../../web/src/engine/create';
import { CompanionRun, CompanionSet, CoreStepper } from '../../../web/src/model/companions';
import type { FamilyTwins, TwinKind, TwinSet, TwinSpec } from '../../../web/src/model/twins';
import { TWIN_KINDS, TwinError } from '../../../web/src/model/twins';
import { RigidPoseSpace } from './pose-space';

/** The paper's perturbations: δx = (0, 0, 10⁻⁸), δR = R_y(10⁻⁸ π). */
export const PAPER_TWIN_SPEC: Readonly<TwinSpec> = { dx: 1e-8, dtheta: 1e-8 * Math.PI };

/** One perturbed run: a companion run of the main one. */
export type TwinRun = CompanionRun;

/** Ghost and plot colours of the twins: position-perturbed blue, attitude-perturbed red (Fig. 9/10). */
export const TWIN_COLORS: Readonly<Record<TwinKind, string>> = { position: '#1d5fbf', attitude: '#c8102e' };
/** The twins' legend labels by kind (the perturbed quantity's symbol). */
const TWIN_SYMBOLS: Readonly<Record<TwinKind, string>> = { position: 'δx', attitude: 'δR' };

/** The pair of twins of one main run (companion runs of it). */
export class SensitivityTwins extends CompanionSet implements TwinSet {
  readonly spec: TwinSpec;

  /**
   * Build both twins from the main run's resolved config: one simulation of it, whose perturbedStart
   * gives each twin over the same system. Throws TwinError (naming the twin and the core's message)
   * when a perturbed initial condition is rejected, e.g. it penetrates the plane.
   */
  constructor(engine: LgvciModule, resolvedJson: string, spec: TwinSpec) {
    const start = createSimulation(engine, resolvedJson);
    if (!start.ok) throw new TwinError(t('model.twinsFailed', { message: start.message }));
    const runs: CompanionRun[] = [];
    try {
      for (const kind of TWIN_KINDS) {
        const r = start.sim.perturbedStart(kind, kind === 'position' ? spec.dx : spec.dtheta);
        if (!r.sim) {
          for (const run of runs) run.dispose();
          throw new TwinError(t(kind === 'position' ? 'model.twinInvalid.position' : 'model.twinInvalid.attitude', { message: r.error.message }));
        }
        runs.push(new CompanionRun(kind, t('plot.twin', { d: TWIN_SYMBOLS[kind] }), TWIN_COLORS[kind], r.sim.configJson(), new CoreStepper(r.sim, (layout) => new RigidPoseSpace(layout))));
      }
    } finally {
      start.sim.delete();
    }
    super(runs);
    this.spec = { ...spec };
  }

  override run(kind: TwinKind): TwinRun {
    return super.run(kind);
  }
}

/** The rigid body's twins as its package declares them (app/family-parts.ts FamilyParts.twins). */
export const rigidBodyTwins: FamilyTwins = {
  defaults: PAPER_TWIN_SPEC,
  create: (engine, resolvedJson, spec) => new SensitivityTwins(engine, resolvedJson, spec),
};
