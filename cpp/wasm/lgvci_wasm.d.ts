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

declare const createLgvci: (moduleArg?: Record<string, unknown>) => Promise<LgvciModule>;
export default createLgvci;
