// What a family package gives the page (docs/architecture.md "The page's family registry"): each
// folder families/<package>/web/ has an index.ts whose `familyPackage` lists its families' page
// parts, found by app/families.ts through import.meta.glob. A package imports these types; the
// generic page imports no package but through that glob.
import type { AnyFamilyControls, CaseText, FamilyControls } from '../config/family';
import type { BaseParams } from '../config/fields';
import type { Layout } from '../engine/layout';
import type { FamilyConfig, ModelFamily, Snapshot } from '../model/family';
import type { FamilyView } from '../view/family-view';

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
}

/** The parts of one family with its snapshot, config and parameter types (what a package writes). */
export interface TypedFamilyParts<S extends Snapshot, C extends FamilyConfig, P extends BaseParams> {
  readonly name: string;
  readonly model: (layout: Layout) => ModelFamily<S, C>;
  readonly view: FamilyView<C>;
  readonly controls: FamilyControls<P, C>;
  readonly cases: Readonly<Record<string, CaseText>>;
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
}
