// The rigid body's Rapier set-up on the page (FamilyParts.rapier): the worker's (rapier-baseline.ts),
// whose refusal of a body Rapier cannot reproduce is worded in the page's language here, so that the
// long-run worker, which has no language, carries none of the words.
import type { Rapier } from '../../../web/src/engine/rapier';
import type { CompanionStepper } from '../../../web/src/model/companions';
import { RapierSetupError } from '../../../web/src/model/baselines';
import type { RapierSetupReason } from './rapier-baseline';
import { RigidBodyRapierError, rapierBaseline } from './rapier-baseline';
import { tr } from './words';

/** Why Rapier cannot be set up from this body, in the active language. */
export function rapierSetupText(r: RapierSetupReason): string {
  if (r.kind === 'inertia') return tr('rapier.needsInertia', { type: r.type });
  if (r.kind === 'hull') return tr('rapier.hullFailed', { shape: r.shape });
  return tr('rapier.noShape');
}

/** rapierBaseline, its refusals with the page's words. */
export function rapierOnPage(rapier: Rapier, resolvedJson: string): CompanionStepper {
  try {
    return rapierBaseline(rapier, resolvedJson);
  } catch (e) {
    if (e instanceof RigidBodyRapierError) throw new RapierSetupError(e.message, () => rapierSetupText(e.reason));
    throw e;
  }
}
