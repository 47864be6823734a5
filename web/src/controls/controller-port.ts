// What the controls need from the controls ↔ model wiring (implemented by app/Controller). Defined here
// so that controls/ depends on an interface of its own, not on app/.
import type { AnyFamilyControls, CaseText } from '../config/family';
import type { BaseParams, FieldId } from '../config/fields';
import type { Perturbation } from '../engine/lgvci_wasm';
import type { PerturbationText } from '../model/twins';

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
  /** The sensitivity twins run (docs/page.md "Sensitivity twins"). */
  readonly twinsOn: boolean;
  /** Why a restart switched them off ('' if it did not). */
  readonly twinError: string;
  /** The twins' group hint for the running family (its package's, else the page's). */
  readonly twinsHint: string;
  /** The running family's perturbations, the default first (the same array until another run loads). */
  readonly perturbations: readonly Perturbation[];
  /** The running set-up is slow to build: its perturbed starts are asked one per task (probeTwinKind). */
  readonly slowSetUp?: boolean;
  /** Ask the core about one perturbed start twinKinds needs and has not asked about; false when none is left. */
  probeTwinKind?(): boolean;
  /** The perturbation of each twin, in order (the running family's). */
  readonly twinKinds: readonly string[];
  /** The size of a perturbation (each keeps its own). */
  twinSize(kind: string): number;
  /** The address key of a perturbation's size (its package's, FamilyTwins.urlKeys, else d_<name>). */
  twinSizeKey(kind: string): string;
  /** How the page writes a perturbation (its package's words, else the page's). */
  perturbationText(p: Perturbation): PerturbationText;
  setTwinsEnabled(on: boolean): ApplyResult;
  /** Run twin `slot` along the perturbation `kind`. */
  setTwinKind(slot: number, kind: string): ApplyResult;
  /** A perturbation's size as typed ("1e-8π" accepted); rebuilds running twins that use it. */
  setTwinSize(kind: string, raw: string | number): ApplyResult;
}
