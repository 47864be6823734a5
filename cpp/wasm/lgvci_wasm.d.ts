// Hand-written declarations of the embind module built from cpp/wasm/bindings.cpp
// (Emscripten 3.1.6 has no --emit-tsd). Checked by `tsc` against every use in web/.
//
// Build: `scripts/build-wasm.sh` writes build/wasm/lgvci_wasm.mjs, an ES6 module, and lgvci_wasm.wasm
// beside it, default export `createLgvci` (options such as wasmBinary or locateFile). Every layout comes from the core (the state
// record and impact record layouts are defined once in C++, cpp/include/lgvci/core/simulation.hpp).

/** One named field of a record of doubles: indices [offset, offset + size). */
export interface RecordField {
  readonly name: string;
  readonly offset: number;
  readonly size: number;
  /** Its CSV column names ([] when the field is not a CSV column). */
  readonly columns: readonly string[];
}

/** Layout of a record (Float64Array) returned by the module. */
export interface RecordLayout {
  readonly size: number;
  readonly fields: readonly RecordField[];
  /** The CSV header of `lgvci --csv` for this model, in order (the CSV fields come first in the record). */
  readonly csvColumns: readonly string[];
}

/**
 * One run counter a family declares (the core's CounterField): its name (the CLI's JSON key, e.g.
 * "contact_entries") and a few words on what it counts.
 */
export interface CounterField {
  readonly name: string;
  readonly description: string;
}

/** One simulation of any model family (the core's type-erased Simulation façade). */
export interface HybridSimulation {
  /**
   * Advance n fixed steps of size h (Algorithm 5.2). Returns the number of impacts in these steps.
   * Stops early when the run halts (halted()). The record view is refreshed when the call returns.
   */
  step(n: number): number;
  /** Back to the initial state of the config. */
  reset(): void;
  /**
   * The state record (layout()), a view into WASM memory: same buffer every call, detached if WASM
   * memory grows, so take a fresh view after each step() rather than caching it.
   */
  record(): Float64Array;
  /**
   * The family's run counters beside the ones every family has (e.g. contact_entries,
   * contact_releases, subdivided_steps of a family with a contact phase), in counterLayout()'s order: a view into
   * WASM memory refreshed with record(), whole numbers.
   */
  counters(): Float64Array;
  /** Names and descriptions of counters() (a new array on each call: read it once per simulation). */
  counterLayout(): CounterField[];
  /** Impacts since the previous call (records of this simulation's impactLayout()); valid until the next call. */
  drainImpacts(): Float64Array;
  /** The record's layout (a new object on each call: read it once per simulation). */
  layout(): RecordLayout;
  /**
   * The layout of drainImpacts()'s rows: the module's common impactLayout() (t, lambda, point) followed
   * by the family's own columns, only those it fills (docs/api.md "Impact records"); read them by name.
   */
  impactLayout(): RecordLayout;
  /** FNV-1a 64 of the state record's bytes, as 16 hex digits (golden determinism hashes). */
  stateHash(): string;
  /** The config's "model": the factory that built it (FamilyInfo.model). */
  model(): string;
  /** The registered family (FamilyInfo.name): model(), or a case with capabilities of its own. */
  family(): string;
  /** The declared capabilities of family() (a new object on each call). */
  capabilities(): Capabilities;
  /** The preset it came from, '' for a custom set-up. */
  caseName(): string;
  /** The fully resolved config as JSON; replays exactly through createSimulation and `lgvci --config`. */
  configJson(): string;
  /** Human-readable message of the last step's status (Newton failure, Zeno guard, work limit), '' if ok. */
  statusMessage(): string;
  /**
   * The last step's status: 0 ok; 1 Newton failed (halted); 2 Zeno guard: the step used up its impact
   * budget — either the cascade's limit was taken (a persistent contact phase) and the step still
   * ended on the grid, or the run is halted (halted() tells which); 3 work limit: the step needed more
   * flow evaluations than the bound (halted). A halted run stays at its last grid time.
   */
  status(): number;
  /** The run is halted (status 1, 3, or 2 when the cascade could not be resolved): step() does nothing more. */
  halted(): boolean;
  /** Steps in which the Zeno guard fired so far (kept when later steps are clean). */
  zenoGuardEvents(): number;
  /** The time of the first Zeno-guard step's last impact before the guard; NaN when none. */
  firstZenoGuardTime(): number;
  /** Flow evaluations so far (the run's work count; bounded per step). */
  flowEvaluations(): number;
  h(): number;
  time(): number;
  /** E on SE(3) (Tran & Leok §7.2); H = ½pᵀM⁻¹p + V(q) in generalized coordinates. */
  energy(): number;
  initialEnergy(): number;
  minPhi(): number;
  totalImpacts(): number;
  steps(): number;
  multiImpactSteps(): number;
  maxDiscreteEnergyMismatch(): number;
  /** The scheme: "lgvci" (Tran & Leok), "vci" (Fetecau et al.), or a baseline ("rk4", "naive"). */
  integrator(): string;
  /**
   * Time reversal: negate the momenta of the current state (γ, Π; generalized: p); the next steps run
   * the motion backwards. The record view is refreshed.
   */
  reverseMomenta(): void;
  /**
   * Distances of the current state from the time-reversed image of `start` (a copy of record() taken
   * earlier): |x − x0|, ‖R − R0‖₂, |γ + γ0|, |Π + Π0| (generalized: |q − q0|, |p + p0|). An error value
   * when `start` is not a record of this simulation's layout.
   */
  returnDistances(start: Float64Array | readonly number[]): DistancesResult;
  /**
   * A new simulation of the same system (shared, not re-parsed) from this one's initial state moved by
   * δ along the perturbation `kind`, one of perturbations()'s names (docs/ensembles.md "Perturbations":
   * a shift of a coordinate or momentum, or a turn R0·R_axis(δ) of an attitude (Tran & Leok §7.4's
   * 'position' x0 + δ e₃ and 'attitude' R0·R_y(δ)); an ensemble member is the same with δ = size·u_k). An
   * error value (field "kind", "delta", or the record field the start breaks, e.g. "x" when it
   * penetrates the plane) when refused. The caller deletes the new simulation.
   */
  perturbedStart(kind: string, delta: number): CreateResult;
  /** The directions the start can be perturbed in, the default first (a new array on each call). */
  perturbations(): Perturbation[];
  /**
   * Restarts the run from a state record (layout().size numbers, e.g. another run's record() copy):
   * what a config whose start is that state gives, bit for bit (counters, impacts and ledgers from
   * zero; reset() returns there). null, or the refusal naming the record field (the run unchanged).
   */
  setState(record: Float64Array | readonly number[]): SimulationError | null;
  /**
   * The momentum maps of this run's symmetries (docs/momentum-maps.md): each with its name and
   * what it is; [] for a set-up without symmetries (a new array on each call: read it once).
   */
  momentumMapLayout(): MomentumMapField[];
  /** Their values now, in momentumMapLayout()'s order: a view into WASM memory written on each call. */
  momentumMaps(): Float64Array;
  /**
   * Up to n steps in one call (the page's frame, docs/page.md "The frame loop"); returns the steps
   * taken. batchBuffer() then holds a header [header size H, per-step fields M, halted (0/1), steps
   * since the start] and, for step i, at H + i·(M + record size): [impacts, impact rows in
   * impactBuffer() after it, status, time] followed by the state record after it. The batch stops
   * after a step that halts the run or ends with a non-ok status, and once impactBuffer() is half full.
   * impactBuffer() holds the batch's impact records (drainImpacts()'s rows; emptied at the call's start).
   */
  stepRecords(n: number): number;
  /** The buffer of stepRecords(): a view of all of it, valid until it grows (a larger n) or the heap does. */
  batchBuffer(): Float64Array;
  /** The impact buffer of stepRecords(): a view of its whole fixed capacity, valid until the heap grows. */
  impactBuffer(): Float64Array;
  delete(): void;
}

/** A direction of perturbedStart (the core's Perturbation): a shift of one entry of a state field, or a turn of an attitude about a body axis. */
export interface Perturbation {
  readonly name: string;
  readonly description: string;
  readonly field: string;
  readonly component: number;
  readonly op: 'shift' | 'turn';
}

/** One momentum map (the core's MomentumMapField): its name and what it is (with the basis it uses). */
export interface MomentumMapField {
  readonly name: string;
  readonly description: string;
}

/**
 * What a family can do, declared once in the core (cpp/include/lgvci/core/family.hpp, where each
 * flag is defined): the page shows or hides features by these, not by family name.
 */
export interface Capabilities {
  /** reverseMomenta() runs the motion backwards with a symmetric scheme (round-off without impacts). */
  readonly reversible: boolean;
  /** A persistent-contact phase: record fields contact_points and normal_force; counters contact_entries, contact_releases, subdivided_steps. */
  readonly contactPhase: boolean;
  /** Impacts may lose energy (restitution < 1): the record's "dissipated" ledger. */
  readonly dissipation: boolean;
  /** Impacts solve the discrete energy balance (75a): maxDiscreteEnergyMismatch() is meaningful. */
  readonly energyJump: boolean;
  /** Simultaneous impacts with a rest truncation: record fields rest_truncations, truncated_momentum. */
  readonly restTruncation: boolean;
  /** One body with a shape over a plane (body, plane, corner rounding ε). */
  readonly shapes: boolean;
  /** The sensitivity twins (start perturbed by R0·R_y(δ)) and their divergence Err(t). */
  readonly twins: boolean;
  /** Ensemble runs (createEnsemble). */
  readonly ensemble: boolean;
  /** Other integrators the config's "integrator" may select ('rk4'). */
  readonly baselines: readonly string[];
  /** The plots that make sense: 'energy', 'energy_error', 'height', 'divergence', 'angle', 'velocities'. */
  readonly plots: readonly string[];
  /** One free body started from x0, R0, gamma0 = m v, Pi0: the page can grab and throw it. */
  readonly throwable: boolean;
}

/** One registered family (the core's FamilyInfo). */
export interface FamilyInfo {
  /** What HybridSimulation.family() reports. */
  readonly name: string;
  /** The config's "model" that selects its factory (a case shares its model's). */
  readonly model: string;
  readonly summary: string;
  /** Its presets with their config JSON (as presetJson(name)). */
  readonly presets: readonly { readonly name: string; readonly json: string }[];
  /** The record fields of its reversal distances (returnDistances), in order. */
  readonly reversal: readonly string[];
  readonly capabilities: Capabilities;
}

export interface SimulationError {
  readonly field: string;
  /** "<field>: <rule>". */
  readonly message: string;
}

/** createSimulation's answer: the simulation (the caller must delete() it) or the reason there is none. */
export type CreateResult =
  | { readonly sim: HybridSimulation; readonly error: null }
  | { readonly sim: null; readonly error: SimulationError };

/** Named return distances, one per reversal field of the family (x, R, gamma, Pi; q, p). */
export type ReturnDistances = Readonly<Record<string, number>>;

export type DistancesResult =
  | { readonly distances: ReturnDistances; readonly error: null }
  | { readonly distances: null; readonly error: SimulationError };

/** The core's runReverseCheck: N steps, momenta negated, N steps, distances from the reversed start. */
export interface ReverseCheck {
  readonly steps: number;
  readonly distances: ReturnDistances;
  readonly impactsForward: number;
  readonly impactsBack: number;
  /** |E − E(start)| at the end. */
  readonly energyError: number;
  /** 0 ok; 1, 2 or 3 as HybridSimulation.status() when the check stopped early (halted). */
  readonly status: number;
}

export type ReverseCheckResult =
  | { readonly check: ReverseCheck; readonly error: null }
  | { readonly check: null; readonly error: SimulationError };
// ---- Ensembles (cpp/include/lgvci/core/ensemble.hpp) ----

/** One member's result (the core's MemberResult). */
export interface EnsembleMemberResult {
  readonly member: number;
  /** Steps taken (fewer than N if the integrator halted). */
  readonly steps: number;
  readonly impacts: number;
  /** |E_N − E₀| / |E₀| at the end. */
  readonly energyError: number;
  readonly halted: boolean;
  /** Err at the sampleCount() sample steps (a copy); NaN after a halt. */
  readonly err: Float64Array;
}

/** One ensemble (spec validated, every member's start checked, the reference already run). */
export interface EnsembleRunner {
  members(): number;
  /** M + 1: Err(t) is sampled at steps j·N/M, j = 0..M. */
  sampleCount(): number;
  steps(): number;
  /** Member k's resolved config JSON (k = −1: the reference); '' out of range. */
  memberConfig(k: number): string;
  referenceImpacts(): number;
  /** Run member k to the end on this thread; null out of range. */
  runMember(k: number): EnsembleMemberResult | null;
  /** Start member k (replacing one in progress); false out of range. */
  begin(k: number): boolean;
  /** Up to n more steps of the member begun; true when it is finished. */
  advance(n: number): boolean;
  stepsDone(): number;
  /** The result of the member begun (null if none). */
  result(): EnsembleMemberResult | null;
  /**
   * The statistics JSON (as `lgvci --ensemble K --json`, without threads and wall_seconds) of all K
   * results given in member order; err is K × sampleCount(), member-major. '' if the sizes do not fit.
   */
  statistics(
    impacts: Float64Array,
    steps: Float64Array,
    energyErrors: Float64Array,
    halted: Float64Array,
    err: Float64Array,
  ): string;
  /** Every member on this thread, then statistics(): what a pool of workers must reproduce. */
  runAll(): string;
  delete(): void;
}

export type CreateEnsembleResult =
  | { readonly ensemble: EnsembleRunner; readonly error: null }
  | { readonly ensemble: null; readonly error: SimulationError };

// ---- The order study through impacts (cpp/include/lgvci/claims/order_study.hpp, docs/order-study.md) ----

/** One study: the levels h/2^k, k = 0..levels()-1, against a reference at h/2^8, run a piece at a time. */
export interface OrderStudyRunner {
  /** 6: h, h/2, ..., h/32. */
  levels(): number;
  /** h/2^k (k = 8: the reference's step). */
  h(k: number): number;
  /** N·2^k, the steps of level k to T. */
  stepsAt(k: number): number;
  /** The end time t0 + N h. */
  T(): number;
  /** N. */
  steps(): number;
  integrator(): string;
  /** N·2^8. */
  referenceSteps(): number;
  referenceStepsDone(): number;
  /** Up to n more steps of the reference; done when it has reached T. An error value when it halted. */
  advanceReference(n: number): { readonly done: boolean; readonly error: SimulationError | null };
  /** Level k (after the reference, run now if needed): the norm of its state's difference at T. */
  runLevel(k: number):
    | { readonly stateError: number; readonly error: null }
    | { readonly stateError: null; readonly error: SimulationError };
  /** The JSON text of `lgvci --order-study --json`'s "order_study" object over the levels run so far. */
  resultJson(): string;
  delete(): void;
}

export type CreateOrderStudyResult =
  | { readonly study: OrderStudyRunner; readonly error: null }
  | { readonly study: null; readonly error: SimulationError };

export interface LgvciModule {
  /**
   * The order study of `configJson` to T = t0 + N h: `steps` N >= 1, or 0 to choose N = ceil(1.5 k1) from
   * the step k1 of the first impact (docs/order-study.md). Never throws for bad input ("steps" beyond the
   * cap, no impact to choose from, the config's own errors). The caller deletes the study.
   */
  createOrderStudy(configJson: string, steps: number): CreateOrderStudyResult;
  /**
   * An ensemble from the JSON text of {config (JSON text), kind: 'position'|'attitude', size, seed,
   * steps, samples, members}; never throws for bad input. Runs the reference before returning.
   */
  createEnsemble(specJson: string): CreateEnsembleResult;
  /** Parse, validate and build; never throws for bad input. */
  createSimulation(configJson: string): CreateResult;
  /** The config JSON of a preset (one of presetNames()); '' for any other name. */
  presetJson(caseName: string): string;
  /** The family registry, family by family (a new array on each call). */
  families(): FamilyInfo[];
  /**
   * The config schema of family `name` (FamilyInfo.name) as JSON-Schema-like text (docs/config.md):
   * {family, model, type: 'object', properties, required}; '' for an unknown family.
   */
  configSchema(name: string): string;
  /** Every preset name, family by family. */
  presetNames(): string[];
  /** The step statuses, name → code ({ ok: 0, newton_failed: 1, zeno_guard: 2, work_limit: 3 }). */
  statusCodes(): Readonly<Record<string, number>>;
  /**
   * The reverse check of `lgvci --reverse-check N` on a fresh simulation of `configJson` (same core
   * function, same numbers). Never throws for bad input: steps must be an integer in [1, 1e7].
   */
  reverseCheck(configJson: string, steps: number): ReverseCheckResult;
  /** The common impact record: t, lambda, point, the fields every family fills (a simulation's impactLayout() starts with them). */
  impactLayout(): RecordLayout;
  /** Bytes of the WASM heap currently allocated by malloc (for leak tests). */
  heapBytesInUse(): number;
  /**
   * Symplecticity, measured (docs/symplecticity.md): the core's measureSymplecticity, as `lgvci
   * --symplecticity N` runs it, on a fresh simulation of `configJson` over `steps` steps (an integer in
   * [1, 1e7]) at `samples` samples ([1, 1000]); `measure` '' (the family's: the loop for a chart with a
   * 2-D slice, else the defect), 'loop' or 'defect'. Never throws for bad input.
   */
  symplecticity(configJson: string, steps: number, samples: number, measure: string): SymplecticityResult;
  /**
   * The bounce map's symplecticity (docs/symplecticity.md "The bounce map"): the core's measureBounceMap
   * on a fresh simulation of `configJson`, a loop of 200 starts around its next bounce followed for
   * `bounces` bounces (an integer in [2, 1000]). An error value for a family without a bounce map.
   */
  bounceMap(configJson: string, bounces: number): BounceMapResult;
}

// ---- Symplecticity (cpp/include/lgvci/claims/symplecticity.hpp) ----

/** The core's SymplecticityReport; arrays are copies the caller owns. */
export interface SymplecticityReport {
  readonly measure: 'loop_area' | 'defect';
  readonly family: string;
  readonly integrator: string;
  /** The canonical chart's coordinate names, the q's then the p's. */
  readonly coordinates: string[];
  /** Loop: steps since the start at each sample; defect: the step measured starts there. */
  readonly steps: Float64Array;
  readonly t: Float64Array;
  /** Loop or differencing runs that halted (the measure is then suspect). */
  readonly haltedRuns: number;
  /** Loop: the canonical pair the starts lie in, e.g. ['y', 'p_y']. */
  readonly pair?: string[];
  /** Loop: A_0 = ∮ Σ p dq of the start loop (signed), A_T at each sample and (A_T − A_0)/A_0. */
  readonly startArea?: number;
  readonly area?: Float64Array;
  readonly areaRelChange?: Float64Array;
  /** Loop: points on the image at each sample (after adaptive refinement). */
  readonly loopPoints?: Float64Array;
  readonly refinementCapped?: boolean;
  /** Loop: the start loop and its image at the last sample, in the pair's plane. */
  readonly startQ?: Float64Array;
  readonly startP?: Float64Array;
  readonly imageQ?: Float64Array;
  readonly imageP?: Float64Array;
  /** Loop, a family with a bounce map: bounce k (k = 1..K) of every loop point as (s, p_t) pairs, loop order. */
  readonly bounces?: Float64Array[];
  /** Defect: ‖DΦᵀ𝕁DΦ − 𝕁‖_F of the one-step map at each sample, its differencing floor, impacts in the step. */
  readonly delta?: number;
  readonly defect?: Float64Array;
  readonly floor?: Float64Array;
  readonly impacts?: Float64Array;
}
export type SymplecticityResult =
  | { readonly report: SymplecticityReport; readonly error: null }
  | { readonly report: null; readonly error: SimulationError };

/** The core's BounceMapReport; arrays are copies the caller owns. */
export interface BounceMapReport {
  readonly family: string;
  readonly integrator: string;
  readonly perimeter: number;
  /** The largest |p| at the wall at the run's energy (the scale of p_t). */
  readonly maxMomentum: number;
  /** The run's next bounce (the loop's centre) and its time. */
  readonly s0: number;
  readonly pt0: number;
  readonly t0: number;
  /** The loop of starts (k = 0) and of k-th bounces (k = 1..K), loop order; s continuous along each loop. */
  readonly s: Float64Array[];
  readonly pt: Float64Array[];
  /** Shoelace areas k = 0..K; (A_k − A_1)/A_1 for k = 1..K; each loop's largest edge in loop radii. */
  readonly area: Float64Array;
  readonly areaRelChange: Float64Array;
  readonly maxEdge: Float64Array;
  /** Bounces 1..resolved have loops resolved by their points (maxEdge ≤ 2). */
  readonly resolved: number;
  readonly haltedRuns: number;
  readonly shortRuns: number;
}

export type BounceMapResult =
  | { readonly report: BounceMapReport; readonly error: null }
  | { readonly report: null; readonly error: SimulationError };

declare const createLgvci: (moduleArg?: Record<string, unknown>) => Promise<LgvciModule>;
export default createLgvci;
