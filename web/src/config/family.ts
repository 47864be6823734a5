// Which controls a model family has and how its parameters become a config for the core: the side
// panel, the validation and the Controller are generic over this. Adding a family adds one of these
// (and its presets to CASES); nothing else switches on the family.
import type { BaseParams, FieldSpec, GroupId } from './fields';

export interface GroupSpec {
  id: GroupId;
  title: string;
  hint?: string;
}

export interface FamilyControls<P extends BaseParams = BaseParams, C = unknown> {
  readonly id: string;
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
}

/** A family's controls with its parameter and config types erased (what the registry holds). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFamilyControls = FamilyControls<any, any>;
