// What a family package gives the page (docs/architecture.md "The page's family registry"): each
// folder families/<package>/web/ has an index.ts whose `familyPackage` lists its families' page
// parts, found by app/families.ts through import.meta.glob. A package imports these types; the
// generic page imports no package but through that glob.
import type { AnyFamilyControls, CaseText, FamilyControls } from '../config/family';
import type { BaseParams } from '../config/fields';
import type { Layout } from '../engine/layout';
import type { RecordLayout } from '../engine/lgvci_wasm';
import type { RapierBaseline } from '../model/baselines';
import type { FamilyConfig, ModelFamily, Snapshot } from '../model/family';
import type { FamilyTwins } from '../model/twins';
import type { FamilyView } from '../view/family-view';
import type { FamilyPlots } from '../view/family-plots';

/** A family's page parts, by the core's family name. */
export interface FamilyParts {
  /** The core's family name (FamilyInfo.name, HybridSimulation.family()). */
  readonly name: string;
  /** The reader of its state record, made once per record layout. */
  readonly model: (layout: Layout) => ModelFamily;
  readonly view: FamilyView<unknown>;
  readonly controls: AnyFamilyControls;
  /** The page's words for its presets, by the core's preset name (every preset needs them). */
  readonly cases: Readonly<Record<string, CaseText>>;
  /** The comparison's Rapier run of its set-ups, for a family whose capabilities have `shapes`. */
  readonly rapier?: RapierBaseline;
  /** Its sensitivity twins' words, sizes and address keys (twins exist for every family with perturbations). */
  readonly twins?: FamilyTwins;
  /**
   * Its plots, one for each of the core's plot names in its capabilities (Capabilities.plots): one of
   * the page's live plots with its words (view/live-plots.ts), or a card it draws itself (view/family-plots.ts).
   */
  readonly plots: FamilyPlots;
  /** Its part in the page's shared sentences. */
  readonly words?: FamilyPageWords;
}

/** A family's part in sentences of the page's own groups, each read in the language the sentence is built in. */
export interface FamilyPageWords {
  /** The long run's hint: a note on its paper's long-term test, after "the current set-up" (" (…)"). */
  readonly longRunPaper?: () => string;
  /** The ensemble's hint: the set-up the members copy ("the current … set-up"), for a family with ensembles. */
  readonly ensembleSetUp?: () => string;
}

/** The parts of one family with its snapshot, config and parameter types (what a package writes). */
export interface TypedFamilyParts<S extends Snapshot, C extends FamilyConfig, P extends BaseParams> {
  readonly name: string;
  readonly model: (layout: Layout) => ModelFamily<S, C>;
  readonly view: FamilyView<C>;
  readonly controls: FamilyControls<P, C>;
  readonly cases: Readonly<Record<string, CaseText>>;
  readonly rapier?: RapierBaseline;
  readonly twins?: FamilyTwins;
  readonly plots: FamilyPlots;
  readonly words?: FamilyPageWords;
}

/**
 * A family's parts with its own types checked against each other (the reader's, the view's and the
 * controls' config are one type), then erased to what the registry holds.
 */
export function defineFamily<S extends Snapshot, C extends FamilyConfig, P extends BaseParams>(parts: TypedFamilyParts<S, C, P>): FamilyParts {
  return parts as unknown as FamilyParts;
}

/** What a package's web/index.ts exports as `familyPackage`. */
export interface FamilyPackage {
  /**
   * Its place among the packages: the page lists the families of the packages in increasing order
   * (the core's registry order, which the preset selector follows too).
   */
  readonly order: number;
  /** Its families' parts, in the order the page lists them. */
  readonly families: readonly FamilyParts[];
  /**
   * Its presets' starts as the engine makes them, in the core's order (its web/first-frames.json,
   * written by tests/web/unit/first-frame.test.ts): the page's first frame before the engine
   * (app/first-frame.ts, docs/page.md "First load").
   */
  readonly firstFrames: readonly FirstFrameStart[];
}

/** One preset's start, as the engine makes it. */
export interface FirstFrameStart {
  /** The core's preset name and family name. */
  readonly name: string;
  readonly family: string;
  /** The state record's layout (HybridSimulation.layout()). */
  readonly layout: RecordLayout;
  /** The core's resolved config of the preset (HybridSimulation.configJson()). */
  readonly resolvedJson: string;
  /** The state record before the first step (HybridSimulation.record()), as its bytes in base64. */
  readonly record: string;
}

/** A package's web/first-frames.json as imported. */
export interface FirstFramesFile {
  readonly about: string;
  readonly starts: readonly FirstFrameStart[];
}

/**
 * What a package gives the page's workers (its web/worker.ts exports it as `workerParts`, found by
 * app/workers/comparison-worker-tasks.ts through import.meta.glob): the parts a worker runs, without the
 * view's three.js or the controls. A package whose families need nothing in a worker has no such file.
 */
export interface FamilyWorkerPackage {
  readonly families: readonly { readonly name: string; readonly rapier?: RapierBaseline }[];
}
