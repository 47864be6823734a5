// Sensitivity twins (docs/page.md "Sensitivity twins"): companion runs of the main one started from its
// start perturbed by the core's rule (HybridSimulation.perturbedStart: a position and an attitude
// perturbation of the given sizes), stepped in lockstep with it (companions.ts) and plotted with their
// divergence from it. A family whose capabilities have `twins` declares them in its package
// (FamilyTwins: the sizes it starts with and how its twins are built); the page asks the family table
// for them. No DOM.
import type { LgvciModule } from '../engine/lgvci_wasm';
import type { CompanionRun, CompanionSet } from './companions';

/** The sizes of the two perturbations (the core's perturbedStart kinds 'position' and 'attitude'). */
export interface TwinSpec {
  /** Size of the position perturbation. */
  dx: number;
  /** Angle θ of the attitude perturbation, radians. */
  dtheta: number;
}

/** The core's perturbation kinds, one twin each. */
export type TwinKind = 'position' | 'attitude';
export const TWIN_KINDS: readonly TwinKind[] = ['position', 'attitude'];

/** A twin could not start (the core refused its perturbed start): the message says which and why. */
export class TwinError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TwinError';
  }
}

/** The twins of one main run: a companion set with one run per kind. */
export interface TwinSet extends CompanionSet {
  readonly spec: TwinSpec;
  run(kind: TwinKind): CompanionRun;
}

/** A family's sensitivity twins (its package's FamilyParts.twins). */
export interface FamilyTwins {
  /** The perturbation sizes the page starts with. */
  readonly defaults: Readonly<TwinSpec>;
  /**
   * Both twins of the main run's resolved config, with these sizes; throws TwinError (naming the twin
   * and the core's message) when a perturbed start is refused, e.g. it penetrates the ground.
   */
  create(engine: LgvciModule, resolvedJson: string, spec: TwinSpec): TwinSet;
}
