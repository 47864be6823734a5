// Wiring between the controls and the model, without DOM: a control reports a raw value, the
// controller validates it (front-end rules, then the core for physics-level rules) and either restarts
// the model from the new initial condition or returns a message for the control. On any rejection the
// model keeps running the last valid simulation. Generic over the model family: the preset's family
// (the core's families() + app/families) says which fields exist and how they make a config.
import { explainConfigError } from '../config/messages';
import type { AnyFamilyControls } from '../config/family';
import type { FieldId, FieldSpec } from '../config/fields';
import { DEFAULT_SPEED } from '../config/params';
import type { CaseName } from '../config/types';
import type { LgvciModule } from '../engine/lgvci_wasm';
import type { CaseInfo } from './families';
import { familyParts, pageCases } from './families';
import type { TwinDeltaId } from '../config/validation';
import { validateFieldInput, validateTwinDelta } from '../config/validation';
import type { TwinSpec } from '../model/twins';
import { PAPER_TWIN_SPEC } from '../model/twins';

/** What the controller needs from the engine module. */
export interface EnginePort {
  /** The config JSON of a preset, '' for an unknown name. */
  presetJson(caseName: string): string;
  /** The core's family registry: which presets exist, family by family. */
  families: LgvciModule['families'];
}

/** What the controller needs from the model. */
export interface ModelPort {
  load(configJson: string): void;
  clock: { speed: number };
  /** Twins on with these perturbations, or off (null); '' or the reason they could not start. */
  setTwins(spec: TwinSpec | null): string;
  /** The twins' perturbations while they are on, else null. */
  readonly twinSpec: TwinSpec | null;
  /** Why a restart switched the twins off ('' if it did not). */
  readonly twinError: string;
}


import type { AppParams, ApplyResult, ControllerPort } from '../controls/controller-port';

export type { AppParams, ApplyResult } from '../controls/controller-port';

export type ParamsListener = (params: AppParams, restarted: boolean) => void;

export class Controller implements ControllerPort {
  private readonly engine: EnginePort;
  private readonly model: ModelPort;
  private readonly listeners = new Set<ParamsListener>();
  params!: AppParams;
  /** The page's presets: the core's, with the registry's words (app/families.ts pageCases). */
  readonly cases: readonly CaseInfo[];
  /** The controls of the running family. */
  family!: AnyFamilyControls;
  /** The resolved preset of the current case; edited fields override it. */
  base!: unknown;
  /** JSON of the config currently running in the model. */
  configJson = '';
  /** The running set-up is the family's set-up button's ("Drop flat"), not the plain preset. */
  dropped = false;
  /** The twins' perturbation sizes as last entered (the paper's by default), used when they are on. */
  twinDeltas: TwinSpec = { ...PAPER_TWIN_SPEC };

  /** Starts from `initialCase`, by default the core's first preset. */
  constructor(engine: EnginePort, model: ModelPort, initialCase?: CaseName) {
    this.engine = engine;
    this.model = model;
    this.cases = pageCases(engine.families());
    const first = initialCase ?? this.cases[0]?.name;
    if (first === undefined) throw new Error('the core offers no preset the page has words for (app/families.ts)');
    const r = this.selectCase(first);
    if (!r.ok) throw new Error(`preset ${first} rejected by the core: ${r.message}`);
  }

  onChange(fn: ParamsListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(restarted: boolean): void {
    for (const fn of this.listeners) fn(this.params, restarted);
  }

  /** The running family's field of that id, if it has one. */
  private spec(id: FieldId): FieldSpec<AppParams> | undefined {
    return (this.family.fields as readonly FieldSpec<AppParams>[]).find((f) => f.id === id);
  }

  /** Whether a field applies to the current body (ε only for bodies with rounding). */
  fieldEnabled(id: FieldId): boolean {
    const spec = this.spec(id);
    return spec !== undefined && spec.read(this.params) !== null;
  }

  /** The page's preset of that name (the selector's words), if there is one. */
  caseInfo(name: string): CaseInfo | undefined {
    return this.cases.find((c) => c.name === name);
  }

  /** Load the paper's preset of a case, keeping the simulation speed. */
  selectCase(name: string): ApplyResult {
    const info = this.caseInfo(name);
    if (!info) {
      return { ok: false, message: `Unknown case “${name}”; choose one of ${this.cases.map((c) => c.name).join(', ')}.` };
    }
    const family = familyParts(info.family).controls;
    let base: unknown;
    try {
      base = family.parseConfig(this.engine.presetJson(info.name));
    } catch (e) {
      return { ok: false, message: `Preset ${info.name}: ${(e as Error).message}` };
    }
    const params = family.paramsFromConfig(info.name, base, this.params?.speed ?? DEFAULT_SPEED) as AppParams;
    const r = this.restart(family, base, params);
    if (r.ok) this.dropped = false;
    return r;
  }

  /** Apply a typed (string) or slid (number) value of a field, in display units. */
  setField(id: FieldId, raw: string | number): ApplyResult {
    const spec = this.spec(id);
    if (!spec) return { ok: false, message: `This model has no control “${id}”.` };
    if (!this.fieldEnabled(id)) {
      return { ok: false, message: spec.disabledNote ?? `${spec.label} does not apply to this body.` };
    }
    const v = validateFieldInput(spec, raw);
    if (!v.ok) return v;
    const candidate = spec.write(this.params, v.value);
    if (!spec.restarts) {
      this.params = candidate;
      this.model.clock.speed = candidate.speed;
      this.emit(false);
      return { ok: true };
    }
    return this.restart(this.family, this.base, candidate);
  }

  /** Restart the running family from a whole set of parameters (the address's state, url-state.ts). */
  applyParams(candidate: AppParams): ApplyResult {
    return this.restart(this.family, this.base, candidate);
  }

  /**
   * The running family's set-up (FamilyControls.setUp: the rigid body's "Drop flat", the cube of its
   * preset with R₀ = I, Π₀ = 0 and γ₀ = 0, which falls flat on a face and should bounce in place).
   */
  dropFlat(): ApplyResult {
    const family = this.family;
    const setUp = family.setUp;
    if (!setUp) return { ok: false, message: 'This model has no set-up button.' };
    let preset: unknown;
    try {
      preset = family.parseConfig(this.engine.presetJson(setUp.preset));
    } catch (e) {
      return { ok: false, message: `Preset ${setUp.preset}: ${(e as Error).message}` };
    }
    const params = family.paramsFromConfig(setUp.preset, preset, this.params?.speed ?? DEFAULT_SPEED) as AppParams;
    const made = setUp.make(preset, params) as { base: unknown; params: AppParams };
    const r = this.restart(family, made.base, made.params);
    if (r.ok) this.dropped = true;
    return r;
  }

  /** Whether the sensitivity twins are running. */
  get twinsOn(): boolean {
    return this.model.twinSpec !== null;
  }

  /** Why the last restart switched the twins off, if it did. */
  get twinError(): string {
    return this.model.twinError;
  }

  /** Switch the sensitivity twins on (with twinDeltas) or off. */
  setTwinsEnabled(on: boolean): ApplyResult {
    const msg = this.model.setTwins(on ? { ...this.twinDeltas } : null);
    this.emit(false);
    return msg ? { ok: false, message: msg } : { ok: true };
  }

  /** Apply a typed perturbation size (δx, or δθ in radians; "1e-8π" accepted); rebuilds running twins. */
  setTwinDelta(id: TwinDeltaId, raw: string | number): ApplyResult {
    const v = validateTwinDelta(id, raw);
    if (!v.ok) return v;
    const next: TwinSpec = { ...this.twinDeltas, [id]: v.value };
    if (this.twinsOn) {
      const msg = this.model.setTwins(next);
      if (msg) return { ok: false, message: msg };
    }
    this.twinDeltas = next;
    this.emit(false);
    return { ok: true };
  }

  /** Restart the model from a candidate; the core's message if it rejects it (the old run goes on). */
  private restart(family: AnyFamilyControls, base: unknown, candidate: AppParams): ApplyResult {
    const refused = family.check?.(candidate) ?? '';
    if (refused) return { ok: false, message: refused };
    const json = family.paramsToConfigJson(base, candidate);
    try {
      this.model.load(json);
    } catch (e) {
      // The core's "field: rule" in words, the rule itself as the detail (config/messages.ts).
      const tilt = typeof candidate['tilt'] === 'number' ? candidate['tilt'] : 0;
      const x = explainConfigError((e as Error).message, {
        violationText: family.violationText,
        fieldWords: family.fieldWords,
        refusalText: family.refusalText,
        normalZ: Math.cos(tilt),
      });
      return x.detail ? { ok: false, message: x.text, detail: x.detail } : { ok: false, message: x.text };
    }
    this.family = family;
    this.base = base;
    this.params = candidate;
    this.configJson = json;
    this.model.clock.speed = candidate.speed;
    this.emit(true);
    return { ok: true };
  }
}
