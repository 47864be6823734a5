// Wiring between the controls and the model, without DOM: a control reports a raw value, the
// controller validates it (front-end rules, then the core for physics-level rules) and either restarts
// the model from the new initial condition or returns a message for the control. On any rejection the
// model keeps running the last valid simulation. Generic over the model family: the preset's family
// (the core's families() + app/families) says which fields exist and how they make a config.
import { explainConfigError } from '../config/messages';
import type { AnyFamilyControls } from '../config/family';
import type { FieldId, FieldSpec } from '../config/fields';
import { DEFAULT_SPEED, typedPath } from '../config/fields';
import type { CaseName, Vec3 } from '../config/types';
import type { LgvciModule, Perturbation } from '../engine/lgvci_wasm';
import type { CaseInfo } from './families';
import { familyParts, pageCases, twinSizeKey, twinsOf } from './families';
import { validateFieldInput, validateTwinSize } from '../config/validation';
import { createSimulation } from '../engine/create';
import { LOAD_STRINGS } from '../controls/load-controls';
import { THROW_STRINGS } from './throw-strings';
import type { PerturbationText, TwinPlan } from '../model/twins';
import { DEFAULT_TWIN_COUNT, DEFAULT_TWIN_SIZE, maxTwinSize, perturbationText } from '../model/twins';
import { t } from '../i18n';

/** The key of a family's perturbation in the controller's sizes. */
const sizeKey = (family: string, kind: string): string => `${family}\u0000${kind}`;

/** The page's controls of a core family name, or null when the registry has none. */
function controlsOf(name: string): AnyFamilyControls | null {
  try {
    return familyParts(name).controls;
  } catch {
    return null;
  }
}

/** What the controller needs from the engine module. */
export interface EnginePort {
  /** The config JSON of a preset, '' for an unknown name. */
  presetJson(caseName: string): string;
  /** The core's family registry: which presets exist, family by family. */
  families: LgvciModule['families'];
  /** Parse, validate and build a config (a loaded set-up is checked by the core before it runs). */
  createSimulation: LgvciModule['createSimulation'];
}

/** What the controller needs from the model. */
export interface ModelPort {
  load(configJson: string): void;
  /**
   * A typed field update: the running simulation rebuilt by the core with the number row `path` of its
   * config set to `value`; returns the core's resolved h. Throws the core's message when refused.
   */
  withField(path: string, value: number): number;
  clock: { speed: number };
  /** Twins on with this plan, or off (null); '' or the reason they could not start. */
  setTwins(plan: TwinPlan | null): string;
  /** The twins are on. */
  readonly twinsOn: boolean;
  /** Why a restart switched the twins off ('' if it did not). */
  readonly twinError: string;
  /** The running simulation's perturbations, the default first. */
  readonly perturbations: readonly Perturbation[];
  /** Whether the core accepts the running start moved by `size` along `kind` (a twin could start there). */
  acceptsPerturbation(kind: string, size: number): boolean;
  /** Whether acceptsPerturbation(kind, size) is answered without asking the core (default: never). */
  knowsPerturbation?(kind: string, size: number): boolean;
}


import type { AppParams, ApplyResult, ControllerPort } from '../controls/controller-port';

export type { AppParams, ApplyResult } from '../controls/controller-port';

export type ParamsListener = (params: AppParams, restarted: boolean) => void;

/** The teacher's locks (app/class-lock.ts; docs/course-material.md "Customise for class"). */
export interface LockRule {
  /** A preset's parameters with the locked values written over them (a preset keeps the locked values). */
  pin(family: AnyFamilyControls, params: AppParams): AppParams;
  /** '' or why the candidate is refused: it changes a locked value or the locked preset. */
  refusal(family: AnyFamilyControls, candidate: AppParams): string;
  /** After a restart: the values of locked controls a family shows for the first time become the locked ones. */
  settled(family: AnyFamilyControls, params: AppParams): void;
}

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
  /** The running set-up is the family's set-up button's (FamilyControls.setUp), not the plain preset. */
  inSetUp = false;
  /**
   * The perturbations' sizes as entered, by family and name (sizeKey; the others: their package's, else
   * DEFAULT_TWIN_SIZE): each family keeps its own, as one family's x is not another's.
   */
  private readonly twinSizes = new Map<string, number>();
  /** The twins' perturbations as chosen, for the family they were chosen in (null: its default ones). */
  private chosenKinds: { family: string; kinds: readonly string[] } | null = null;
  /** Which twins a run gets: the chosen perturbations of its family, else its default ones, with their sizes. */
  private readonly twinPlan: TwinPlan = (family, perturbations) =>
    this.kindsFor(family, perturbations).map((kind) => ({ kind, size: this.sizeFor(family, kind) }));
  /**
   * The running set-up came from a loaded file or pasted text, or a held body (loadSetup, holdAt),
   * not from a preset and the controls: the address may then need the whole config (setupText).
   */
  custom = false;
  /** The teacher's locks, or null: with them no edit, preset, set-up or throw changes a locked value. */
  lock: LockRule | null = null;
  /** setupText()'s answer for the configJson it was computed for. */
  private setupCache: { json: string; text: string | null } | null = null;

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
    const preset = family.paramsFromConfig(info.name, base, this.params?.speed ?? DEFAULT_SPEED) as AppParams;
    const params = this.lock ? this.lock.pin(family, preset) : preset;
    const r = this.restart(family, base, params);
    if (r.ok) this.inSetUp = false;
    if (r.ok) this.custom = false;
    return r;
  }

  /** '' or why the teacher's locks refuse setting field `id` to `value` (display units), as setField would. */
  lockRefusal(id: FieldId, value: number): string {
    const spec = this.spec(id);
    if (!spec || !this.lock) return '';
    return this.lock.refusal(this.family, spec.write(this.params, value)) || '';
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
    const locked = this.lock?.refusal(this.family, candidate);
    if (locked) return { ok: false, message: locked };
    if (!spec.restarts) {
      this.params = candidate;
      this.model.clock.speed = candidate.speed;
      this.emit(false);
      return { ok: true };
    }
    const path = typedPath(spec);
    if (path !== null) return this.restartTyped(path, v.value, candidate);
    return this.restart(this.family, this.base, candidate);
  }

  /**
   * A field that is one number row of the config (h, the restitution) goes to the core as a typed
   * update of the running simulation (docs/architecture.md "The walk of h"): no config is written and
   * none re-parsed for it, and h comes back as the core's resolved value (HybridSimulation.h()).
   */
  private restartTyped(path: string, value: number, candidate: AppParams): ApplyResult {
    const family = this.family;
    const refused = family.check?.(candidate) ?? '';
    if (refused) return { ok: false, message: refused };
    let h: number;
    try {
      h = this.model.withField(path, value);
    } catch (e) {
      return this.explain((e as Error).message, family, candidate);
    }
    const params = { ...candidate, h };
    // The config the controls now describe, as restart() records it (the offline file, setupText): a
    // record of the set-up, not the way h went (it did not come back through it).
    this.settle(family, this.base, params, family.paramsToConfigJson(this.base, params));
    return { ok: true };
  }

  /** Restart the running family from a whole set of parameters (the address's state, url-state.ts). */
  applyParams(candidate: AppParams): ApplyResult {
    return this.restart(this.family, this.base, candidate);
  }

  /** The running family's set-up (FamilyControls.setUp: one of its presets with some values changed). */
  applySetUp(): ApplyResult {
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
    const r = this.restart(family, made.base, this.lock ? this.lock.pin(family, made.params) : made.params);
    if (r.ok) this.inSetUp = true;
    if (r.ok) this.custom = false;
    return r;
  }

  /**
   * Restart from a set-up given as config JSON text (a file the page exported, a CLI config, pasted
   * text): the core parses and checks it (createSimulation), and the run restarts from the core's
   * resolved config, so it replays exactly; its family's controls then show and edit it. A refusal
   * is the core's "field: rule" in words (config/messages.ts), and the running simulation goes on.
   */
  loadSetup(text: string): ApplyResult {
    const created = createSimulation(this.engine as LgvciModule, text);
    if (!created.ok) return this.explain(created.message, this.familyOfText(text), null, [[/^config\b/, LOAD_STRINGS.configWord]]);
    const sim = created.sim;
    let resolved: string;
    let familyName: string;
    let caseName: string;
    try {
      resolved = sim.configJson();
      familyName = sim.family();
      caseName = sim.caseName();
    } finally {
      sim.delete();
    }
    const family = controlsOf(familyName);
    if (!family) return { ok: false, message: LOAD_STRINGS.noFamily(familyName) };
    let base: unknown;
    try {
      base = family.parseConfig(resolved);
    } catch (e) {
      return { ok: false, message: (e as Error).message };
    }
    // A set-up that names none of the page's presets is labelled with its family's first.
    const label = this.caseInfo(caseName)?.name ?? this.cases.find((c) => c.family === familyName)?.name ?? caseName;
    const params = family.paramsFromConfig(label, base, this.params?.speed ?? DEFAULT_SPEED) as AppParams;
    return this.restartCustom(family, base, params, resolved);
  }

  /**
   * Restart from a held body (FamilyControls.throwing; the core's Capabilities.throwable): its state
   * `held` with the grabbed point moved to world point x and thrown with world velocity v, or keeping
   * its momentum when v is null (docs/page.md "Grabbing and throwing the body"). Checked by the core as
   * any set-up; a refusal (the body inside the plane, outside the table) keeps the run.
   */
  holdAt(held: unknown, x: Vec3, v: Vec3 | null): ApplyResult {
    const throwing = this.family.throwing;
    if (!throwing) return { ok: false, message: THROW_STRINGS.noBody };
    const next = throwing.startFrom(this.base, this.params, held, x, v) as { base: unknown; params: AppParams };
    return this.restartCustom(this.family, next.base, next.params);
  }

  /** The held state of the running family's body in a snapshot (FamilyThrow.held), or null. */
  heldOf(snapshot: unknown): unknown {
    return this.family.throwing ? this.family.throwing.held(snapshot) : null;
  }

  /** The fastest throw of the running family's body (m/s, FamilyThrow.maxSpeed), or null. */
  throwMaxSpeed(): number | null {
    return this.family.throwing ? this.family.throwing.maxSpeed(this.base) : null;
  }

  /**
   * The running config for the address when its preset and the controls' values cannot say it (a
   * loaded or thrown set-up: another attitude, x0 off the vertical, keys the controls do not edit),
   * else null. Decided by the core: the preset with the controls' values must resolve to the same config.
   */
  setupText(): string | null {
    if (!this.custom) return null;
    const json = this.configJson;
    if (this.setupCache?.json === json) return this.setupCache.text;
    let text: string | null = json;
    const family = this.family;
    try {
      const preset = family.parseConfig(this.engine.presetJson(this.params.caseName));
      const inRange = (family.fields as readonly FieldSpec<AppParams>[]).every((f) => {
        const v = f.read(this.params);
        return v === null || validateFieldInput(f, v).ok;
      });
      const checked = !family.check || family.check(this.params) === '';
      if (inRange && checked) {
        const a = createSimulation(this.engine as LgvciModule, family.paramsToConfigJson(preset, this.params));
        const b = createSimulation(this.engine as LgvciModule, json);
        if (a.ok && b.ok && a.sim.configJson() === b.sim.configJson()) text = null;
        if (a.ok) a.sim.delete();
        if (b.ok) b.sim.delete();
      }
    } catch {
      text = json;
    }
    this.setupCache = { json, text };
    return text;
  }

  /** The family a refused text meant (its "case", else its "model"), for the wording of the refusal. */
  private familyOfText(text: string): AnyFamilyControls {
    let obj: unknown = null;
    try {
      obj = JSON.parse(text);
    } catch {
      return this.family;
    }
    if (typeof obj !== 'object' || obj === null) return this.family;
    const o = obj as Record<string, unknown>;
    const core = this.engine.families();
    const byCase = typeof o['case'] === 'string' ? core.find((f) => f.presets.some((p) => p.name === o['case'])) : undefined;
    const byModel = typeof o['model'] === 'string' ? core.find((f) => f.model === o['model']) : undefined;
    const name = byCase?.name ?? byModel?.name;
    return (name !== undefined && controlsOf(name)) || this.family;
  }

  /** A refusal of the core in the student's words, as restart() words it. */
  private explain(message: string, family: AnyFamilyControls, candidate: AppParams | null, words: readonly (readonly [RegExp, string])[] = []): ApplyResult {
    const own = family.refusalText;
    const x = explainConfigError(message, {
      violationText: family.violationText,
      fieldWords: [...words, ...(family.fieldWords ?? [])],
      refusalText: own ? (raw) => own(raw, candidate ?? undefined) : undefined,
    });
    return x.detail ? { ok: false, message: x.text, detail: x.detail } : { ok: false, message: x.text };
  }

  /** Whether the sensitivity twins are running. */
  get twinsOn(): boolean {
    return this.model.twinsOn;
  }

  /** Why the last restart switched the twins off, if it did. */
  get twinError(): string {
    return this.model.twinError;
  }

  /** The running simulation's perturbations, the default first. */
  get perturbations(): readonly Perturbation[] {
    return this.model.perturbations;
  }

  /** The twins' group hint for the running family (its package's, else the page's). */
  get twinsHint(): string {
    return twinsOf(this.family.id)?.hint?.() ?? t('twins.hint');
  }

  /** The perturbations of the twins of a family with these perturbations: the chosen ones, else the default ones. */
  private kindsFor(family: string, perturbations: readonly Perturbation[]): readonly string[] {
    const chosen = this.chosenKinds;
    if (chosen && chosen.family === family && chosen.kinds.every((k) => perturbations.some((p) => p.name === k))) return chosen.kinds;
    return this.defaultKindsFor(family, perturbations);
  }

  /**
   * A family's twins by default: its first DEFAULT_TWIN_COUNT perturbations whose perturbed start the
   * core accepts at their default sizes (a shift of a body resting against another may be refused), else
   * its first ones. A size entered does not change which they are: a twin it makes
   * invalid says why instead of giving way to another.
   */
  private defaultKindsFor(family: string, perturbations: readonly Perturbation[]): readonly string[] {
    const out: string[] = [];
    for (const p of perturbations) {
      if (out.length === DEFAULT_TWIN_COUNT) break;
      if (this.model.acceptsPerturbation(p.name, twinsOf(family)?.sizes?.[p.name] ?? DEFAULT_TWIN_SIZE)) out.push(p.name);
    }
    return out.length > 0 ? out : perturbations.slice(0, DEFAULT_TWIN_COUNT).map((p) => p.name);
  }

  /**
   * Ask the core about one perturbed start that defaultKindsFor would ask about and has not yet (a
   * simulation built and deleted); false when none is left, so twinKinds then asks nothing.
   */
  probeTwinKind(): boolean {
    const family = this.family.id;
    let accepted = 0;
    for (const p of this.perturbations) {
      if (accepted === DEFAULT_TWIN_COUNT) return false;
      const size = twinsOf(family)?.sizes?.[p.name] ?? DEFAULT_TWIN_SIZE;
      const known = this.model.knowsPerturbation?.(p.name, size) ?? false;
      if (this.model.acceptsPerturbation(p.name, size)) accepted += 1;
      if (!known) return true;
    }
    return false;
  }

  /** A restart from a loaded, pasted or thrown set-up is under way (restartCustom). */
  private customRestart = false;

  /**
   * Whether the running set-up may be slow to build: one loaded, pasted or thrown (custom), whose cost
   * the page cannot know (a union of many intersections, docs/page.md "Slow set-ups"), so its perturbed
   * starts are asked one per task (probeTwinKind, TwinsControls); a preset and its edited values are not.
   */
  get slowSetUp(): boolean {
    return this.customRestart || this.custom;
  }

  /** The perturbation of each twin of the running family, in order. */
  get twinKinds(): readonly string[] {
    return this.kindsFor(this.family.id, this.perturbations);
  }

  /** The running family's twins when none are chosen (an address's twins=1). */
  get defaultTwinKinds(): readonly string[] {
    return this.defaultKindsFor(this.family.id, this.perturbations);
  }

  /** A perturbation's size of the running family: as entered, else its package's (FamilyTwins.sizes), else DEFAULT_TWIN_SIZE. */
  twinSize(kind: string): number {
    return this.sizeFor(this.family.id, kind);
  }

  private sizeFor(family: string, kind: string): number {
    return this.twinSizes.get(sizeKey(family, kind)) ?? twinsOf(family)?.sizes?.[kind] ?? DEFAULT_TWIN_SIZE;
  }

  /** A perturbation's size before any is entered (what the address leaves out). */
  defaultTwinSize(kind: string): number {
    return twinsOf(this.family.id)?.sizes?.[kind] ?? DEFAULT_TWIN_SIZE;
  }

  /** The address key of a perturbation's size (its package's, else d_<name>). */
  twinSizeKey(kind: string): string {
    return twinSizeKey(this.family.id, kind);
  }

  /** How the page writes a perturbation of the running family. */
  perturbationText(p: Perturbation): PerturbationText {
    return perturbationText(p, twinsOf(this.family.id));
  }

  /** Switch the sensitivity twins on or off. */
  setTwinsEnabled(on: boolean): ApplyResult {
    // Switched on, the twins keep their perturbations through the family's restarts (an edit that makes
    // one invalid switches them off and says why, rather than another taking its place).
    if (on && this.chosenKinds?.family !== this.family.id) this.chosenKinds = { family: this.family.id, kinds: this.twinKinds };
    const msg = this.model.setTwins(on ? this.twinPlan : null);
    this.emit(false);
    return msg ? { ok: false, message: msg } : { ok: true };
  }

  /** Run twin `slot` along `kind` (one of the running family's perturbations); rebuilds running twins. */
  setTwinKind(slot: number, kind: string): ApplyResult {
    const current = this.twinKinds;
    if (!(slot >= 0 && slot < current.length)) return { ok: false, message: t('model.twinsNone') };
    const p = this.perturbations.find((q) => q.name === kind);
    if (!p) return { ok: false, message: t('model.twinKind', { kind, kinds: this.perturbations.map((q) => q.name).join(', ') }) };
    const kinds = current.map((k, i) => (i === slot ? kind : k));
    if (new Set(kinds).size !== kinds.length) return { ok: false, message: t('model.twinTwice', { kind: this.perturbationText(p).label }) };
    return this.changeTwins(() => (this.chosenKinds = { family: this.family.id, kinds }));
  }

  /**
   * Choose the twins' perturbations at once (the address's twins=…): each one of the running family's,
   * none twice; rebuilds running twins.
   */
  setTwinKinds(kinds: readonly string[]): ApplyResult {
    const names = this.perturbations.map((p) => p.name);
    const bad = kinds.find((k) => !names.includes(k));
    if (bad !== undefined) return { ok: false, message: t('model.twinKind', { kind: bad, kinds: names.join(', ') }) };
    if (kinds.length === 0 || new Set(kinds).size !== kinds.length) return { ok: false, message: t('model.twinTwice', { kind: kinds.join(', ') }) };
    return this.changeTwins(() => (this.chosenKinds = { family: this.family.id, kinds: [...kinds] }));
  }

  /** Apply a typed perturbation size ("1e-8π" accepted: a multiple of π); rebuilds running twins. */
  setTwinSize(kind: string, raw: string | number): ApplyResult {
    const p = this.perturbations.find((q) => q.name === kind);
    if (!p) return { ok: false, message: t('model.twinKind', { kind, kinds: this.perturbations.map((q) => q.name).join(', ') }) };
    const v = validateTwinSize(this.perturbationText(p).short, maxTwinSize(p.op), raw);
    if (!v.ok) return v;
    return this.changeTwins(() => this.twinSizes.set(sizeKey(this.family.id, kind), v.value));
  }

  /**
   * Make a change of the twins' kinds or sizes: applied, and the running twins rebuilt with it; when
   * they cannot start with it, the change is undone and the old twins keep running.
   */
  private changeTwins(change: () => void): ApplyResult {
    const sizes = new Map(this.twinSizes);
    const chosen = this.chosenKinds;
    change();
    if (this.twinsOn) {
      const msg = this.model.setTwins(this.twinPlan);
      if (msg) {
        this.twinSizes.clear();
        for (const [k, v] of sizes) this.twinSizes.set(k, v);
        this.chosenKinds = chosen;
        return { ok: false, message: msg };
      }
    }
    this.emit(false);
    return { ok: true };
  }

  /** Restart the model from a candidate; the core's message if it rejects it (the old run goes on). */
  /** restart() from a set-up no preset says (loaded or held): the address then carries it whole (setupText). */
  private restartCustom(family: AnyFamilyControls, base: unknown, candidate: AppParams, exact?: string): ApplyResult {
    this.customRestart = true;
    let r: ApplyResult;
    try {
      r = this.restart(family, base, candidate, exact);
    } finally {
      this.customRestart = false;
    }
    if (r.ok) {
      this.inSetUp = false;
      this.custom = true;
    }
    return r;
  }

  private restart(family: AnyFamilyControls, base: unknown, candidate: AppParams, exact?: string): ApplyResult {
    const refused = this.lock?.refusal(family, candidate) || (exact === undefined ? (family.check?.(candidate) ?? '') : '');
    if (refused) return { ok: false, message: refused };
    const json = exact ?? family.paramsToConfigJson(base, candidate);
    try {
      this.model.load(json);
    } catch (e) {
      // The core's "field: rule" in words, the rule itself as the detail (config/messages.ts).
      return this.explain((e as Error).message, family, candidate);
    }
    this.settle(family, base, candidate, json);
    return { ok: true };
  }

  /** The controls' state after the model took a new simulation. */
  private settle(family: AnyFamilyControls, base: unknown, params: AppParams, json: string): void {
    this.family = family;
    this.base = base;
    this.params = params;
    this.configJson = json;
    this.model.clock.speed = params.speed;
    this.lock?.settled(family, params);
    this.emit(true);
  }
}
