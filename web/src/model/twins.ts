// Sensitivity twins (docs/page.md "Sensitivity twins"; Tran & Leok §7.4): companion runs of the main
// one, each started from its start moved along one of the family's perturbations
// (HybridSimulation.perturbations(): a shift of a coordinate or a momentum, a turn of an attitude; the
// default first) by a size — the core's perturbedStart, the rule of the ensemble's members —, stepped
// in lockstep with it (companions.ts) and plotted with their divergence Err(t) from it: the distance
// in the family's pose space, over its configuration fields (ModelFamily.poseSpace). Every family has
// them; a family's package may word its perturbations and choose the sizes they start with
// (FamilyTwins). No DOM.
import type { CreateResult, Perturbation } from '../engine/lgvci_wasm';
import { t } from '../i18n';
import { CompanionRun, CompanionSet, CoreStepper } from './companions';
import type { ModelFamily } from './family';

/** One twin: the name of one of the run's perturbations and its size (in the perturbed entry's unit). */
export interface TwinChoice {
  readonly kind: string;
  readonly size: number;
}

/** The twins asked for, in order (at most one per perturbation). */
export type TwinSpec = readonly TwinChoice[];

/**
 * Which twins a run gets, from its family (the core's name) and its perturbations (the default first):
 * the app's choice of kinds and sizes (app/controller.ts), asked again at every load, since another
 * family has others.
 */
export type TwinPlan = (family: string, perturbations: readonly Perturbation[]) => TwinSpec;

/** How many twins run by default: two, as Tran & Leok's §7.4 (the family's first perturbations). */
export const DEFAULT_TWIN_COUNT = 2;

/** The size a perturbation starts with when its family names none (the paper's δx = 10⁻⁸). */
export const DEFAULT_TWIN_SIZE = 1e-8;

/** Colours of the twins' ghosts and plot series, in order: blue, then red (Tran & Leok's Figs. 9 and 10). */
export const TWIN_COLORS: readonly string[] = ['#1d5fbf', '#c8102e', '#d9822b', '#2e8b57'];

/** A twin could not start (the core refused its perturbed start): the message says which and why. */
export class TwinError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TwinError';
  }
}

/** The twins of one main run: a companion set with one run per choice, each keyed by its perturbation's name. */
export interface TwinSet extends CompanionSet {
  readonly spec: TwinSpec;
}

/** How the page writes a perturbation: its symbol (the size field's label, the legend's δ…) and its words. */
export interface PerturbationText {
  /** The size field's visible label, e.g. "δx" or "δθ (rad)". */
  readonly symbol: string;
  /** The size in a message ("δθ must be at most π"): the symbol without its unit. */
  readonly short: string;
  /** The symbol in a twin's legend entry ("δR twin"). */
  readonly legend: string;
  /** The perturbation in words: the size field's accessible name and the option in the twins' menus. */
  readonly label: string;
  /** The option in the ensemble's kind menu (default: the label). */
  readonly member: string;
}

/** A package's words for one of its perturbations (FamilyTwins.words); each absent: the page's generic one. */
export interface PerturbationWords {
  readonly symbol?: string;
  readonly short?: string;
  readonly legend?: string;
  readonly label?: () => string;
  /** The option in the ensemble's kind menu, e.g. "position (x₀ + δ u e₃)". */
  readonly member?: () => string;
  /** Why the twin along it cannot start, with the core's message. */
  readonly invalid?: (message: string) => string;
}

/**
 * What a family's package says of its twins (FamilyParts.twins; optional: without it every
 * perturbation gets the page's words and DEFAULT_TWIN_SIZE, and its address key d_<name>).
 */
export interface FamilyTwins {
  /** Sizes the page starts with, by perturbation name. */
  readonly sizes?: Readonly<Record<string, number>>;
  /** Address keys of the sizes, by perturbation name (a package's own, e.g. kept for links written before d_<name>). */
  readonly urlKeys?: Readonly<Record<string, string>>;
  /** Its words for one of its perturbations (undefined: the page's). */
  readonly words?: (p: Perturbation) => PerturbationWords | undefined;
  /** The twins' group hint for the family (default: the page's). */
  readonly hint?: () => string;
}

/** The page's symbol of a perturbation: a turn's angle δθ in radians, a shift's δ and the entry's name. */
export function genericSymbol(p: Pick<Perturbation, 'name' | 'op'>): string {
  return p.op === 'turn' ? 'δθ (rad)' : `δ${p.name}`;
}

/** How the page writes a perturbation: the package's words where it has them, else the page's. */
export function perturbationText(p: Perturbation, twins?: FamilyTwins): PerturbationText {
  const own = twins?.words?.(p);
  const symbol = own?.symbol ?? genericSymbol(p);
  const label = own?.label?.() ?? t(p.op === 'turn' ? 'twins.turn' : 'twins.shift', { name: p.name });
  return {
    symbol,
    short: own?.short ?? symbol.replace(/ \(rad\)$/, ''),
    legend: own?.legend ?? (p.op === 'turn' ? `δ${p.name}` : symbol),
    label,
    member: own?.member?.() ?? label,
  };
}

/** The largest size of a perturbation: a turn by at most π, a shift by at most 1 (the ensemble's bound, in the entry's unit). */
export function maxTwinSize(op: Perturbation['op']): { max: number; text: string } {
  return op === 'turn' ? { max: Math.PI, text: 'π' } : { max: 1, text: '1' };
}

/** What the twins need of the main run: its family's reader and its perturbed starts (EngineRun). */
export interface TwinSource {
  readonly family: ModelFamily;
  /** The run's perturbations (the default first). */
  readonly perturbations: readonly Perturbation[];
  /** A new simulation of the same system from the run's start moved by δ along `kind` (the core's perturbedStart). */
  perturbedStart(kind: string, delta: number): CreateResult;
}

/**
 * The twins of a run: one companion per choice, from the core's perturbedStart over the run's own
 * system (no config parsed again). Throws TwinError naming the twin and the core's message when a
 * perturbed start is refused (e.g. it pushes the body into the ground), or a kind is not the run's.
 */
export function createTwins(source: TwinSource, spec: TwinSpec, twins?: FamilyTwins): TwinSet {
  const runs: CompanionRun[] = [];
  try {
    spec.forEach((c, i) => {
      const p = source.perturbations.find((q) => q.name === c.kind);
      if (!p) throw new TwinError(t('model.twinKind', { kind: c.kind, kinds: source.perturbations.map((q) => q.name).join(', ') }));
      if (runs.some((r) => r.id === c.kind)) throw new TwinError(t('model.twinTwice', { kind: c.kind }));
      const r = source.perturbedStart(c.kind, c.size);
      const text = perturbationText(p, twins);
      if (!r.sim) throw new TwinError(twins?.words?.(p)?.invalid?.(r.error.message) ?? t('model.twinInvalid', { label: text.label, message: r.error.message }));
      const color = TWIN_COLORS[i % TWIN_COLORS.length] ?? '#888888';
      runs.push(new CompanionRun(c.kind, t('plot.twin', { d: text.legend }), color, r.sim.configJson(), new CoreStepper(r.sim, (layout) => source.family.poseSpace(layout))));
    });
  } catch (e) {
    for (const run of runs) run.dispose();
    throw e;
  }
  return new Twins(runs, spec);
}

class Twins extends CompanionSet implements TwinSet {
  readonly spec: TwinSpec;
  constructor(runs: readonly CompanionRun[], spec: TwinSpec) {
    super(runs);
    this.spec = spec.map((c) => ({ ...c }));
  }
}
