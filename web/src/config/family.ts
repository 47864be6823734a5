// Which controls a model family has and how its parameters become a config for the core: the side
// panel, the validation and the Controller are generic over this. Adding a family adds one of these
// in its package (families/<package>/web, with its presets' UI text, CaseText), which the page finds
// (app/families.ts); nothing else switches on the family (docs/architecture.md "The page's family
// registry").
import type { BaseParams, FieldSpec, GroupId } from './fields';

export interface GroupSpec {
  id: GroupId;
  title: string;
  hint?: string;
}

/**
 * The page's words for one of the core's presets (the preset's name and config come from the core,
 * FamilyInfo.presets): its label in the selector, the selector's group (the paper it comes from) and
 * one line for a newcomer (what to change, what to watch).
 */
export interface CaseText {
  readonly label: string;
  readonly group: string;
  readonly tryThis: string;
}

/**
 * A set-up the family offers as a button beside the presets: one of its presets with some values
 * changed. The panel shows the button only for a family that declares one.
 */
export interface FamilySetUp<P extends BaseParams = BaseParams, C = unknown> {
  /** The button's text, and the note beside it. */
  readonly label: string;
  readonly hint: string;
  /** Its key in the page's address (value 1: the set-up instead of the plain preset). */
  readonly urlKey: string;
  /** The preset it starts from, and that preset's name in messages (CaseText-like words). */
  readonly preset: string;
  readonly presetWords: string;
  /** The config and control values of the set-up, from the preset's. */
  make(base: C, params: P): { base: C; params: P };
}

export interface FamilyControls<P extends BaseParams = BaseParams, C = unknown> {
  /** The core's family name (FamilyInfo.name, HybridSimulation.family()). */
  readonly id: string;
  /** The family in a sentence (messages such as "only … has …"): its package's words. */
  readonly title: string;
  /** Groups of the side panel, in order (a group without fields of this family is hidden). */
  readonly groups: readonly GroupSpec[];
  readonly fields: readonly FieldSpec<P>[];
  /** Check the shape of the core's resolved config JSON of a preset. */
  parseConfig(json: string): C;
  /** A rule across fields, checked before the core's: '' or the sentence shown beside the control. */
  check?(p: P): string;
  /** The controls' values of a resolved preset. */
  paramsFromConfig(caseName: string, config: C, speed: number): P;
  /** The config JSON sent to the core: the preset with the edited fields overriding it. */
  paramsToConfigJson(base: C, p: P): string;
  /** A set-up offered as a button beside the presets, if any. */
  readonly setUp?: FamilySetUp<P, C>;
  /**
   * The refusal "q0: the initial state violates constraint k (phi = −d < 0)" in the student's words,
   * for a family whose constraints mean something to say (config/messages.ts has a default).
   */
  violationText?(depth: string): string;
  /** Its config fields as the core names them in messages, and the words a student knows them by. */
  readonly fieldWords?: readonly (readonly [RegExp, string])[];
  /**
   * A refusal of the core this family words itself ("field: rule" → a sentence, measured with the
   * refused parameters when they are known), else null.
   */
  refusalText?(raw: string, params?: P): string | null;
  /** How a held body restarts (a family whose core capabilities say `throwable`): see FamilyThrow. */
  readonly throwing?: FamilyThrow<P, C>;
}

/**
 * The state of a free body being held (the record fields of a `throwable` family, docs/page.md
 * "Grabbing and throwing the body"): centre x (world), attitude R (row-major), linear momentum γ and
 * angular momentum Π (body frame).
 */
export interface HeldState {
  x: readonly number[];
  R: readonly number[];
  gamma: readonly number[];
  Pi: readonly number[];
}

/** What the page needs to grab and throw a family's body (Capabilities.throwable). */
export interface FamilyThrow<P extends BaseParams = BaseParams, C = unknown> {
  /** The body's mass m (γ = m v, Tran & Leok's linear momentum). */
  mass(base: C): number;
  /** The largest |γ| a throw gives (kg·m/s; a faster throw is scaled down to it, its direction kept). */
  readonly maxMomentum: number;
  /**
   * The set-up that starts from `held` with its centre at x and linear momentum γ (the attitude and Π
   * kept): the config's x0, R0, gamma0 and Pi0, and the controls' values of it.
   */
  startFrom(base: C, params: P, held: HeldState, x: readonly number[], gamma: readonly number[]): { base: C; params: P };
}

/** A family's controls with its parameter and config types erased (what the registry holds). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFamilyControls = FamilyControls<any, any>;
