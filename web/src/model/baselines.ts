// The comparison baselines, as companion runs of the main (variational) run: the core's baselines that
// the running family declares (Capabilities.baselines: the RK4 baseline and the naive baseline, the
// same config with "integrator": "rk4" or "naive", docs/baselines.md) and, for a family with shapes
// (Capabilities.shapes), the Rapier engine, set up by the family's package (RapierBaseline). They step
// in lockstep with the main run through the same mechanism as the sensitivity twins (companions.ts).
// No DOM.
import type { Capabilities, LgvciModule } from '../engine/lgvci_wasm';
import type { Rapier } from '../engine/rapier';
import { createSimulation } from '../engine/create';
import type { ModelFamily } from './family';
import type { CompanionStepper } from './companions';
import { CompanionRun, CompanionSet, CoreStepper } from './companions';
import type { PlainKey } from '../i18n';
import { t } from '../i18n';

/** The comparison's companions: the core's baselines by their integrator name, and Rapier. */
export type BaselineId = 'rk4' | 'naive' | 'rapier';

/**
 * Ghost and plot colours: RK4 green, naive teal, Rapier purple (the main run keeps its own colours: the
 * body's orange, the plots' ink and blue). Each is at least 3:1 against the white plot background.
 */
export const BASELINE_COLORS: Readonly<Record<BaselineId, string>> = { rk4: '#2e8b57', naive: '#00838f', rapier: '#7b3fa0' };
/** Message keys of the companions' names (docs/languages.md): legend label, the switch's short name, the hint's description. */
const BASELINE_KEYS = {
  rk4: { label: 'method.rk4', short: 'method.rk4.short', description: 'method.rk4.description' },
  naive: { label: 'method.naive', short: 'method.naive.short', description: 'method.naive.description' },
  rapier: { label: 'method.rapier', short: 'method.rapier.short', description: 'method.rapier.description' },
} as const satisfies Record<BaselineId, { label: PlainKey; short: PlainKey; description: PlainKey }>;
/** A baseline the core declares and the page has no colour for (drawn grey, named by its integrator). */
const OTHER_COLOR = '#6b7280';

function known(id: string): id is BaselineId {
  return id in BASELINE_KEYS;
}

/** Legend label and colour of a companion by its id (a core baseline's integrator name, or 'rapier'), in the active language. */
export function baselineLabel(id: string): string {
  return known(id) ? t(BASELINE_KEYS[id].label) : t('method.other', { name: id.toUpperCase() });
}
export function baselineColor(id: string): string {
  return (BASELINE_COLORS as Record<string, string>)[id] ?? OTHER_COLOR;
}
/** How the comparison's switch names each companion. */
export function baselineShort(id: string): string {
  return known(id) ? t(BASELINE_KEYS[id].short) : id.toUpperCase();
}
/** What the switch's hint says of each companion (colours as drawn). */
export function baselineDescription(id: string): string {
  return known(id) ? t(BASELINE_KEYS[id].description) : t('method.other.description', { name: id });
}

/** The main run's name in the comparison: its integrator ("LGVCI", "VCI"), or a baseline's label when one is the main run. */
export function mainMethodLabel(integrator: string): string {
  return known(integrator) ? baselineLabel(integrator) : integrator.toUpperCase();
}

/** "A", "A and B", "A, B and C" in the active language (no serial comma: the page's English is British). */
export function listPhrase(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return t('list.and', { rest: items.slice(0, -1).join(t('list.comma')), last: items[items.length - 1] ?? '' });
}

/** The main run's resolved config with another of the family's integrators (a core baseline). */
export function baselineConfig(resolvedJson: string, integrator: string): string {
  // The jump is the VCI's choice of impact map (docs/symplecticity.md); a baseline resolves its impacts its
  // own way (some families' RK4 and naive baselines refuse "variational").
  const { jump: _jump, ...raw } = JSON.parse(resolvedJson) as Record<string, unknown>;
  void _jump;
  return JSON.stringify({ ...raw, integrator });
}

/** The main run's resolved config with the RK4 baseline as its integrator. */
export function rk4Config(resolvedJson: string): string {
  return baselineConfig(resolvedJson, 'rk4');
}

/**
 * The companions a family's comparison runs, in order: its declared core baselines other than the
 * main run's own integrator (a run configured with "integrator": "naive" is compared with the rest),
 * then Rapier when the family's bodies have shapes (Capabilities.shapes: what Rapier is set up from).
 */
export function comparisonPlan(caps: Pick<Capabilities, 'baselines' | 'shapes'>, mainIntegrator: string): string[] {
  const core = caps.baselines.filter((b) => b !== mainIntegrator);
  return caps.shapes ? [...core, 'rapier'] : core;
}

/** ComparisonBaselines.note when Rapier belongs to the plan but no module was given (compared as it is, so read when needed). */
export function rapierNotLoaded(): string {
  return t('method.rapierNotLoaded');
}

/**
 * A set-up Rapier cannot reproduce (a body without a Rapier shape): its English message, which the
 * long-run worker (it has no language) writes in its row, and its words in the page's language (the
 * family's package gives them on the page; by default the message).
 */
export class RapierSetupError extends Error {
  readonly words: () => string;

  constructor(message: string, words?: () => string) {
    super(message);
    this.name = 'RapierSetupError';
    this.words = words ?? (() => message);
  }
}

/**
 * A family's game-engine baseline (its package's FamilyParts.rapier): Rapier's run of the main run's
 * resolved config, as a companion's stepper; throws RapierSetupError for a set-up Rapier cannot
 * reproduce.
 */
export type RapierBaseline = (rapier: Rapier, resolvedJson: string) => CompanionStepper;

export class BaselineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BaselineError';
  }
}

/** What a comparison is built from: the running simulation's config, family reader and capabilities. */
export interface ComparisonSource {
  resolvedJson: string;
  family: ModelFamily;
  /** The family's Rapier set-up, when it has one (its package's FamilyParts.rapier). */
  rapier: RapierBaseline | undefined;
  capabilities: Pick<Capabilities, 'baselines' | 'shapes'>;
  /** The main run's integrator (HybridSimulation.integrator()). */
  mainIntegrator: string;
}

/** The family's core baselines and (when its module is given and the body has a Rapier shape) Rapier beside the main run. */
export class ComparisonBaselines extends CompanionSet {
  /** Why a planned companion is missing ('' when all run). */
  readonly note: string;

  /** Throws BaselineError when a core baseline cannot be built or there is none to run. */
  constructor(engine: LgvciModule, rapier: Rapier | null, src: ComparisonSource) {
    const plan = comparisonPlan(src.capabilities, src.mainIntegrator);
    if (plan.length === 0) throw new BaselineError(t('compare.noBaseline'));
    const runs: CompanionRun[] = [];
    let note = '';
    const fail = (e: unknown): never => {
      for (const r of runs) r.dispose();
      throw e;
    };
    for (const id of plan) {
      if (id === 'rapier') continue;
      const cfg = baselineConfig(src.resolvedJson, id);
      const c = createSimulation(engine, cfg);
      if (!c.ok) fail(new BaselineError(t('compare.baselineFailed', { method: baselineLabel(id), message: c.message })));
      else {
        try {
          runs.push(new CompanionRun(id, baselineLabel(id), baselineColor(id), cfg, new CoreStepper(c.sim, (layout) => src.family.poseSpace(layout))));
        } catch (e) {
          fail(e);
        }
      }
    }
    if (plan.includes('rapier')) {
      if (rapier) {
        // A family with shapes sets Rapier up in its package (app/families.ts registryProblems checks it).
        const setUp = src.rapier ?? fail(new BaselineError(`the family ${src.family.id} has shapes but its package sets up no Rapier run`));
        try {
          runs.push(new CompanionRun('rapier', baselineLabel('rapier'), BASELINE_COLORS.rapier, src.resolvedJson, setUp(rapier, src.resolvedJson)));
        } catch (e) {
          if (!(e instanceof RapierSetupError)) fail(e);
          note = (e as RapierSetupError).words();
        }
      } else {
        note = rapierNotLoaded();
      }
    }
    super(runs);
    this.note = note;
  }

  has(id: BaselineId): boolean {
    return this.runs.some((r) => r.id === id);
  }
}
