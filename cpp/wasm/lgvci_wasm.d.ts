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

/** One simulation of any model family (the core's type-erased Simulation façade). */
export interface HybridSimulation {
  /**
   * Advance n fixed steps of size h (Algorithm 5.2). Returns the number of impacts in these steps.
   * Stops early at a Newton failure. The record view is refreshed when the call returns.
   */
  step(n: number): number;
  /** Back to the initial state of the config. */
  reset(): void;
  /**
   * The state record (layout()), a view into WASM memory: same buffer every call, detached if WASM
   * memory grows, so take a fresh view after each step() rather than caching it.
   */
  record(): Float64Array;
  /** Impacts since the previous call (records of the module's impactLayout()); valid until the next call. */
  drainImpacts(): Float64Array;
  /** The record's layout (a new object on each call: read it once per simulation). */
  layout(): RecordLayout;
  /** FNV-1a 64 of the state record's bytes, as 16 hex digits (golden determinism hashes). */
  stateHash(): string;
  /** "rigid_body" | "generalized". */
  model(): string;
  /** The preset it came from, '' for a custom set-up. */
  caseName(): string;
  /** The fully resolved config as JSON; replays exactly through createSimulation and `lgvci --config`. */
  configJson(): string;
  /** Human-readable message of the last integrator problem (Newton failure, Zeno guard), '' if none. */
  statusMessage(): string;
  /** 0 ok, 1 Newton failed (halted), 2 Zeno guard hit in the last step. */
  status(): number;
  h(): number;
  time(): number;
  /** E for the rigid body; H = ½pᵀM⁻¹p + V(q) for generalized models. */
  energy(): number;
  initialEnergy(): number;
  minPhi(): number;
  totalImpacts(): number;
  steps(): number;
  multiImpactSteps(): number;
  maxDiscreteEnergyMismatch(): number;
  delete(): void;
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

export interface LgvciModule {
  /** Parse, validate and build; never throws for bad input. */
  createSimulation(configJson: string): CreateResult;
  /** The config JSON of a preset ('I'…'IV', 'particle', 'star'); '' for any other name. */
  presetJson(caseName: string): string;
  /** Layout of the impact records of drainImpacts(). */
  impactLayout(): RecordLayout;
  /** Bytes of the WASM heap currently allocated by malloc (for leak tests). */
  heapBytesInUse(): number;
}

declare const createLgvci: (moduleArg?: Record<string, unknown>) => Promise<LgvciModule>;
export default createLgvci;
