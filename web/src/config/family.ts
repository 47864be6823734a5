// Which controls a model family has and how its parameters become a config for the core: the side
// panel, the validation and the Controller are generic over this. Adding a family adds one of these
// in its package (families/<package>/web, with its presets' UI text, CaseText), which the page finds
// (app/families.ts); nothing else switches on the family (docs/architecture.md "The page's family
// registry").
import type { BaseParams, FieldSpec, GroupId } from './fields';
import type { Vec3 } from './types';

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
  /**
   * The control keys (app/class-keys.ts: `case` or a field's address key) the line asks the reader to
   * change; a teacher's link that locks or hides one of them does not show the line
   * (docs/course-material.md "Customise for class").
   */
  readonly tryKeys?: readonly string[];
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
 * What the page needs to grab and throw a family's body (Capabilities.throwable; docs/page.md
 * "Grabbing and throwing the body"), in the family's own state `H`: the shared wiring
 * (app/throw-wiring.ts) only moves a world point in a plane and measures the pointer's velocity.
 */
export interface FamilyThrow<P extends BaseParams = BaseParams, C = unknown, H = any> {
  /** The held state in the current record (the model's snapshot), or null when it has none. */
  held(snapshot: unknown): H | null;
  /** The grabbed point in world coordinates (the point the pointer and the arrow keys move). */
  at(held: H): Vec3;
  /**
   * The plane the held point moves in: 'camera', the vertical plane through the pressed point that
   * faces the camera (a free body in space); or the unit normal (world) of the body's plane of motion.
   */
  readonly plane: 'camera' | Vec3;
  /** The fastest throw (m/s, world): a faster one is scaled down to it, its direction kept. */
  maxSpeed(base: C): number;
  /**
   * The set-up that starts from `held` with the grabbed point at world point x, thrown with world
   * velocity v (m/s), or keeping the momentum it had when v is null (only placed): the config's start
   * and the controls' values of it. The core checks it as any set-up.
   */
  startFrom(base: C, params: P, held: H, x: Vec3, v: Vec3 | null): { base: C; params: P };
  /** The words when the body is placed at x (world). */
  placedText(x: Vec3): string;
  /** The words of a throw scaled down to the fastest one (speed: already formatted, m/s). */
  cappedText(speed: string, base: C): string;
}

/**
 * A family's controls with its parameter and config types erased (what the registry holds): `any`,
 * since each method takes the family's own types (a contravariant position no other type erases).
 */
export type AnyFamilyControls = FamilyControls<any, any>;
