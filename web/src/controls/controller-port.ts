// What the controls need from the controls ↔ model wiring (implemented by app/Controller). Defined here
// so that controls/ depends on an interface of its own, not on app/.
import type { AnyFamilyControls, CaseText } from '../config/family';
import type { BaseParams, FieldId } from '../config/fields';
import type { TwinDeltaId } from '../config/validation';
import type { TwinSpec } from '../model/twins';

/** A refusal says why in the student's words (`message`); `detail` is the core's own text, if any. */
export type ApplyResult = { ok: true } | { ok: false; message: string; detail?: string };

/** The parameters of whichever family runs. */
export type AppParams = BaseParams & Record<string, unknown>;

/** One preset the page offers: the core's name and family, the registry's words. */
export interface PageCase extends CaseText {
  readonly name: string;
  readonly family: string;
}

export interface ControllerPort {
  readonly params: AppParams;
  /** The presets of the selector, in order (the core's, with the registry's words). */
  readonly cases: readonly PageCase[];
  /** The controls of the running family. */
  readonly family: AnyFamilyControls;
  onChange(fn: (params: AppParams, restarted: boolean) => void): () => void;
  selectCase(name: string): ApplyResult;
  setField(id: FieldId, raw: string | number): ApplyResult;
  /** Start the running family's set-up (FamilyControls.setUp: a button beside the presets). */
  applySetUp(): ApplyResult;
  readonly twinsOn: boolean;
  readonly twinError: string;
  /** The twins' perturbation sizes (null when no family has twins). */
  readonly twinDeltas: TwinSpec | null;
  setTwinsEnabled(on: boolean): ApplyResult;
  setTwinDelta(id: TwinDeltaId, raw: string | number): ApplyResult;
}
