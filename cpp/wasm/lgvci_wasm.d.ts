// Hand-written declarations of the embind module built from cpp/wasm/bindings.cpp
// (Emscripten 3.1.6 has no --emit-tsd). Checked by `tsc` against every use in web/.
//
// Build: `cmake --preset wasm && cmake --build --preset wasm` writes build/wasm/lgvci_wasm.mjs,
// an ES6 module with the .wasm inlined (SINGLE_FILE), default export `createLgvci`.

/** Layout of the Float64Array returned by Simulation.state(); indices into it. */
export interface StateLayout {
  readonly T: 0; // time t
  readonly X: 1; // centre of mass x, 3 values
  readonly R: 4; // attitude R (body -> inertial), 9 values, row-major
  readonly GAMMA: 13; // linear momentum γ, 3 values
  readonly PI: 16; // body-frame angular momentum Π, 3 values
  readonly ENERGY: 19; // total energy E
  readonly TPE: 20; // translational kinetic + potential energy
  readonly RE: 21; // rotational kinetic energy ½ΠᵀJ⁻¹Π
  readonly SPATIAL_L: 22; // spatial angular momentum RΠ, 3 values
  readonly PHI: 25; // collision detection function Φ(x, R)
  readonly IMPACTS: 26; // impacts since reset
  readonly STEPS: 27; // steps since reset
  readonly STATUS: 28; // 0 ok, 1 Newton failed to converge (simulation halted), 2 Zeno guard hit in last step
  readonly ENERGY0: 29; // energy of the initial state
  readonly SIZE: 30;
}

/** One impact record in the Float64Array returned by Simulation.drainImpacts(); stride IMPACT_SIZE. */
export interface ImpactLayout {
  readonly T: 0; // impact time
  readonly LAMBDA: 1; // multiplier λ of the jump map
  readonly POINT: 2; // contact point, inertial frame, 3 values
  readonly BODY_POINT: 5; // contact point ρ_C, body frame, 3 values
  readonly SIZE: 8;
}

export interface Simulation {
  /**
   * Advance n fixed steps of size h (Algorithm 5.2). Returns the number of impacts in these steps.
   * The state view (including STATUS) is refreshed when the call returns; step(1) to see each step.
   */
  step(n: number): number;
  /** Back to the initial state of the config. */
  reset(): void;
  /**
   * View into WASM memory (StateLayout). Same buffer every call; it is detached if WASM memory grows,
   * so take a fresh view after each step() rather than caching it.
   */
  state(): Float64Array;
  /** Impacts since the previous call (ImpactLayout records), view into WASM memory; valid until the next call. */
  drainImpacts(): Float64Array;
  /** Human-readable message of the last integrator problem (Newton failure, Zeno guard), '' if none. */
  statusMessage(): string;
  /**
   * The fully resolved config as JSON (presets expanded, computed inertia filled in). The plane is
   * written as {"normal": [...]}; every key is one validateConfig accepts, so it replays exactly.
   */
  configJson(): string;
  delete(): void;
}

/** One named field of a record of doubles, as defined once in the C++ core (RecordLayout). */
export interface RecordField {
  readonly name: string;
  /** Index of the field's first value in the record. */
  readonly offset: number;
  /** Number of values (1 for a scalar, 3 for x, 9 for R row-major, n for q and p). */
  readonly size: number;
  /** CSV column names of the field, in order; empty when the field is not written to the CSV. */
  readonly columns: readonly string[];
}

/**
 * Layout of a record (HybridSimulation.record(), or one impact of drainImpacts()).
 * Rigid body fields: t, x(3), R(9), gamma(3), Pi(3), E, TPE, RE, impacts (CSV), then spatial_L(3),
 * phi, total_impacts, steps, status, E0. Generalized models: t, q(n), p(n), E (= H), impacts (CSV),
 * then phi, total_impacts, steps, status, E0, max_discrete_energy_mismatch. Impacts: t, lambda,
 * point(3), body_point(3), contacts, constraint, energy_mismatch.
 */
export interface RecordLayout {
  readonly size: number;
  readonly fields: readonly RecordField[];
  /** The CLI's CSV header, in order (the columns of the fields, concatenated). */
  readonly csvColumns: readonly string[];
}

/** The core's message for an invalid config: `message` is "<field>: <rule>". */
export interface ConfigError {
  readonly field: string;
  readonly message: string;
}

/** Any model (rigid body, generalized) behind the core's Simulation façade. Call delete() when done. */
export interface HybridSimulation {
  /** Advance n steps (Algorithm 5.2); returns the impacts in them. Record and status refresh on return. */
  step(n: number): number;
  reset(): void;
  /** View into WASM memory (layout()); same buffer each call, detached if memory grows: re-take after step(). */
  record(): Float64Array;
  /** Impacts since the previous call (impactLayout() records), view valid until the next call. */
  drainImpacts(): Float64Array;
  layout(): RecordLayout;
  /** FNV-1a 64 of the record's IEEE 754 bytes, 16 hex digits (tests/golden/determinism.json). */
  stateHash(): string;
  model(): 'rigid_body' | 'generalized';
  /** 'I' | 'II' | 'III' | 'IV' | 'particle' | 'star', or '' for a custom set-up. */
  caseName(): string;
  configJson(): string;
  statusMessage(): string;
  /** 0 ok, 1 an implicit solve failed (halted), 2 Zeno guard hit in the last step. */
  status(): number;
  h(): number;
  time(): number;
  /** E (rigid body) or H = ½pᵀM⁻¹p + V(q) (generalized). */
  energy(): number;
  initialEnergy(): number;
  minPhi(): number;
  totalImpacts(): number;
  steps(): number;
  multiImpactSteps(): number;
  /** max over impacts of |E_d after − E_d before| relative to the energy (0 for the rigid body). */
  maxDiscreteEnergyMismatch(): number;
  delete(): void;
}

export type CreateResult =
  | { readonly sim: HybridSimulation; readonly error: null }
  | { readonly sim: null; readonly error: ConfigError };

/** The façade API: every model, layouts from the core, config errors as values. */
export interface LgvciHybridApi {
  /** Any model from a config JSON ("model", "case" I..IV | particle | star); an invalid config is a value. */
  createSimulation(configJson: string): CreateResult;
  /** The config JSON of a preset ('I'..'IV', 'particle', 'star'); '' for any other name. */
  presetJson(caseName: string): string;
  /** Layout of one impact record of HybridSimulation.drainImpacts(). */
  impactLayout(): RecordLayout;
}

/** The module as built: the older rigid-body-only API (LgvciModule) plus the façade API. */
export interface LgvciFullModule extends LgvciModule, LgvciHybridApi {}

/** The older rigid-body-only API (Simulation, validateConfig, presetConfig, STATE, IMPACT). */
export interface LgvciModule {
  /** Construct from a config JSON string. Call only after validateConfig() returned '' (an invalid config aborts). */
  Simulation: new (configJson: string) => Simulation;
  /** '' if the config JSON is valid, otherwise the core's message naming the field and the rule. */
  validateConfig(configJson: string): string;
  /** The config JSON of the paper's experiment 'I' | 'II' | 'III' | 'IV'; '' for any other name. */
  presetConfig(caseName: string): string;
  STATE: StateLayout;
  IMPACT: ImpactLayout;
}

declare const createLgvci: (moduleArg?: Record<string, unknown>) => Promise<LgvciFullModule>;
export default createLgvci;
