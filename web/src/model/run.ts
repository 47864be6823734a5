// One running embind Simulation and what comes out of it step by step: the state view, the impacts
// of each step and the integrator's status. Owns the embind object (deleted on replace/dispose).
// No clock, no drawing, no DOM.
import type { Capabilities, CreateResult, HybridSimulation, LgvciModule, Perturbation } from '../engine/lgvci_wasm';
import { ConfigError, createSimulationOrThrow } from '../engine/create';
import { Layout } from '../engine/layout';
import type { Vec3 } from '../config/types';

/** The core's step statuses by name ({ ok, newton_failed, zeno_guard, work_limit }: the module's statusCodes()). */
export type StatusCodes = Readonly<Record<string, number>>;

const statusCodeTables = new WeakMap<LgvciModule, StatusCodes>();

/** The status codes of a module (read once per module). */
export function statusCodes(engine: LgvciModule): StatusCodes {
  let c = statusCodeTables.get(engine);
  if (!c) statusCodeTables.set(engine, (c = { ...engine.statusCodes() }));
  return c;
}

export interface Impact {
  t: number;
  lambda: number;
  point: Vec3;
  /** Index k of the constraint φ_k that fired (generalized models), −1 when the record has none. */
  constraint: number;
  /** The family's own one-value fields of the simulation's impact layout (e.g. a bounce's s and p_t); {} when none. */
  fields: Readonly<Record<string, number>>;
}

/**
 * The fields read by name: the common impact record's (the module's impactLayout(): t, lambda, point) and
 * the constraint index of the families that fill it; any other one-value field is a family's own (Impact.fields).
 */
const NAMED_IMPACT_FIELDS = new Set(['t', 'lambda', 'point', 'constraint']);
const NO_FIELDS: Readonly<Record<string, number>> = Object.freeze({});

export interface StatusReport {
  code: number;
  message: string;
  /** Simulated time at which it was reported. */
  t: number;
}

function v3(a: Float64Array, i: number): Vec3 {
  return [a[i] ?? NaN, a[i + 1] ?? NaN, a[i + 2] ?? NaN];
}

/** Reads impact records of an impact layout: the common t, lambda, point, a family's constraint and own fields. */
export class ImpactReader {
  private readonly o: { t: number; lambda: number; point: number; constraint: number };
  /** The family's own one-value fields: name and offset. */
  private readonly own: { name: string; offset: number }[];
  readonly size: number;

  constructor(layout: Layout) {
    this.size = layout.size;
    this.o = {
      t: layout.offset('t', 1),
      lambda: layout.offset('lambda', 1),
      point: layout.offset('point', 3),
      constraint: layout.has('constraint') ? layout.offset('constraint', 1) : -1,
    };
    this.own = layout.fields.filter((f) => f.size === 1 && !NAMED_IMPACT_FIELDS.has(f.name)).map((f) => ({ name: f.name, offset: f.offset }));
  }

  /** Only the times (the long run keeps nothing else). */
  times(buf: Float64Array, out: number[]): void {
    for (let i = 0; i + this.size <= buf.length; i += this.size) out.push(buf[i + this.o.t] ?? NaN);
  }

  read(buf: Float64Array): Impact[] {
    return this.readRows(buf, 0, Math.floor(buf.length / this.size));
  }

  /** Rows [from, to) of a buffer of impact records. */
  readRows(buf: Float64Array, from: number, to: number): Impact[] {
    const out: Impact[] = [];
    const o = this.o;
    for (let i = from * this.size; i + this.size <= Math.min(buf.length, to * this.size); i += this.size) {
      out.push({
        t: buf[i + o.t] ?? NaN,
        lambda: buf[i + o.lambda] ?? NaN,
        point: v3(buf, i + o.point),
        constraint: o.constraint < 0 ? -1 : (buf[i + o.constraint] ?? -1),
        fields: this.own.length === 0 ? NO_FIELDS : Object.fromEntries(this.own.map((f) => [f.name, buf[i + f.offset] ?? NaN])),
      });
    }
    return out;
  }
}

const simImpactReaders = new WeakMap<HybridSimulation, ImpactReader>();

/**
 * The impact reader of a simulation, from its own impact layout: the common fields followed by the
 * family's (drainImpacts() rows have that stride; the module's impactLayout() is only the common part).
 */
export function simImpactReader(sim: HybridSimulation): ImpactReader {
  let r = simImpactReaders.get(sim);
  if (!r) simImpactReaders.set(sim, (r = new ImpactReader(new Layout(sim.impactLayout()))));
  return r;
}

export interface StepOutcome {
  impacts: number;
  status: number;
  /** The run is halted (a failed solve, a Zeno cascade the integrator could not resolve, the work limit). */
  halted: boolean;
}

const EMPTY: Float64Array = new Float64Array(0);

/**
 * The steps of one stepBatch() call, read from the module's own buffer (HybridSimulation.stepRecords,
 * docs/page.md "The frame loop"): step i's impacts, status, time and state record. Valid until the
 * next stepBatch().
 */
export interface StepBatch {
  /** Steps taken. */
  readonly steps: number;
  /**
   * The batch buffer (a view into the module's memory) and where step i's fields begin: at offset(i)
   * its impacts, the impact rows of the batch after it, its status and its time, then (at + record)
   * the state record after it.
   */
  readonly buf: Float64Array;
  offset(i: number): number;
  /** Offset of the state record within a step's fields. */
  readonly record: number;
  /** The impact records of the batch (drainImpacts()'s rows). */
  readonly impacts: Float64Array;
  /** The core's halted() after the batch. */
  readonly halted: boolean;
}

/**
 * The batched steps of one simulation (HybridSimulation.stepRecords, docs/page.md "The frame loop"):
 * each step's impacts, status, time and state record read from the module's buffer. The views of
 * that buffer are taken again only when it grew (an n larger than any before) or the WASM heap did (a
 * grown heap detaches the old views: their length is 0), so a frame creates none (`views` counts them).
 */
export class BatchReader {
  /** Views of the module's buffers taken so far. */
  views = 0;
  private batchView: Float64Array = EMPTY;
  private impactView: Float64Array = EMPTY;
  private header = 0;
  private stride = 0;
  private meta = 0;
  private readonly batch: { -readonly [K in keyof StepBatch]: StepBatch[K] } = {
    steps: 0,
    buf: EMPTY,
    record: 0,
    impacts: EMPTY,
    halted: false,
    offset: (i: number): number => this.header + i * this.stride,
  };

  constructor(
    private readonly sim: HybridSimulation,
    private readonly recordSize: number,
  ) {}

  /** Up to n steps in one binding call; the batch stops after a halting or non-ok step. */
  step(n: number): StepBatch {
    const sim = this.sim;
    const k = sim.stepRecords(n);
    let b = this.batchView;
    // A view of freed memory keeps its old length: compare with what the call needed, not what it took.
    if (b.length < 4 || b.length < this.header + Math.max(n, 0) * this.stride) {
      b = this.batchView = sim.batchBuffer();
      this.header = b[0] ?? 0;
      this.meta = b[1] ?? 0;
      this.stride = this.meta + this.recordSize;
      this.views++;
    }
    if (this.impactView.buffer !== b.buffer || this.impactView.length === 0) {
      this.impactView = sim.impactBuffer();
      this.views++;
    }
    const out = this.batch;
    out.steps = k;
    out.buf = b;
    out.record = this.meta;
    out.impacts = this.impactView;
    out.halted = b[2] === 1;
    return out;
  }

  /** Steps since the initial state, after the last step(). */
  get stepCount(): number {
    return this.batchView[3] ?? NaN;
  }
}

export class EngineRun {
  /** Steps since the initial state, as of the last load, reset or step (no binding call). */
  stepCount = 0;
  private batches: BatchReader | null = null;
  /** Views of the module's batch buffers taken by earlier simulations of this run. */
  private pastViews = 0;

  readonly engine: LgvciModule;
  private sim: HybridSimulation | null = null;
  /** The running simulation's record layout. */
  layout: Layout | null = null;
  /** Its config's model (HybridSimulation.model()). */
  modelName = '';
  /** Its registered family (HybridSimulation.family(), the core's name) and what that family can do. */
  familyName = '';
  capabilities: Capabilities | null = null;
  /** The core's fully resolved config of the running simulation (Simulation.configJson()). */
  resolvedJson = '';
  /** Its perturbations, the default first (HybridSimulation.perturbations(), read once per load). */
  perturbations: readonly Perturbation[] = [];

  constructor(engine: LgvciModule) {
    this.engine = engine;
  }

  get loaded(): boolean {
    return this.sim !== null;
  }

  /**
   * Replace the simulation by one built from `json`. Throws an Error with the core's message if the
   * config is invalid (the running one is then kept). `check` may reject the resolved config; the new
   * object is then deleted and the old one kept.
   */
  load<T>(json: string, check: (resolvedJson: string, familyName: string, layout: Layout) => T): T {
    return this.adopt(createSimulationOrThrow(this.engine, json), check);
  }

  /**
   * A typed field update (HybridSimulation.withField): the running simulation's resolved config with
   * the number row `path` set to `value`, built by the core from the start; `check` and a refusal as
   * load(). The resolved step is then `h` (the core's, not read back from JSON).
   */
  withField<T>(path: string, value: number, check: (resolvedJson: string, familyName: string, layout: Layout) => T): T {
    if (!this.sim) throw new Error('no simulation loaded');
    const r = this.sim.withField(path, value);
    if (!r.sim) throw new ConfigError(r.error.field, r.error.message);
    return this.adopt(r.sim, check);
  }

  /** The running simulation's time step h (HybridSimulation.h(), the core's resolved value). */
  get h(): number {
    return this.sim ? this.sim.h() : NaN;
  }

  /** Make `sim` the running simulation once `check` accepts it (else it is deleted and the old one kept). */
  private adopt<T>(sim: HybridSimulation, check: (resolvedJson: string, familyName: string, layout: Layout) => T): T {
    let resolved: string;
    let layout: Layout;
    let modelName: string;
    let familyName: string;
    let capabilities: Capabilities;
    let perturbations: Perturbation[];
    let out: T;
    try {
      resolved = sim.configJson();
      modelName = sim.model();
      familyName = sim.family();
      capabilities = sim.capabilities();
      perturbations = sim.perturbations();
      layout = new Layout(sim.layout());
      out = check(resolved, familyName, layout);
    } catch (e) {
      sim.delete();
      throw e;
    }
    this.sim?.delete();
    this.sim = sim;
    this.resolvedJson = resolved;
    this.layout = layout;
    this.modelName = modelName;
    this.familyName = familyName;
    this.capabilities = capabilities;
    this.perturbations = perturbations;
    this.pastViews = this.viewRefreshes;
    this.batches = new BatchReader(sim, layout.size);
    this.stepCount = sim.steps();
    simImpactReader(sim); // read its impact layout now, not in the first frame with an impact
    return out;
  }

  private need(): HybridSimulation {
    if (!this.sim) throw new Error('no simulation loaded');
    return this.sim;
  }

  /** The state record view (refreshed by every step; take a fresh one after each step). */
  state(): Float64Array {
    return this.need().record();
  }

  status(): number {
    return this.need().status();
  }

  /** The core's word on whether the run is halted (any halting status); false when nothing is loaded. */
  halted(): boolean {
    return this.sim?.halted() ?? false;
  }

  time(): number {
    return this.need().time();
  }

  /** FNV-1a 64 of the state record's bytes (16 hex digits). */
  stateHash(): string {
    return this.need().stateHash();
  }

  reset(): void {
    this.need().reset();
    this.need().drainImpacts();
    this.stepCount = 0;
  }

  /** Steps taken since the initial state. */
  steps(): number {
    return this.need().steps();
  }

  /** The scheme of the running simulation ("lgvci", "rk4", "vci"). */
  integrator(): string {
    return this.need().integrator();
  }

  /**
   * A new simulation of the same system (shared, not parsed again) from this run's start moved by δ
   * along the perturbation `kind` (the core's perturbedStart): an error value when refused. The caller
   * deletes the new simulation.
   */
  perturbedStart(kind: string, delta: number): CreateResult {
    return this.need().perturbedStart(kind, delta);
  }

  /** Time reversal: negate the momenta of the current state (the state view is refreshed). */
  reverseMomenta(): void {
    this.need().reverseMomenta();
  }

  /** The core's distances of the current state from the time-reversed image of `start` (a state copy). */
  returnDistances(start: Float64Array): Record<string, number> {
    const r = this.need().returnDistances(start);
    if (!r.distances) throw new Error(r.error.message);
    return { ...r.distances };
  }

  /** One fixed step of size h. */
  step(): StepOutcome {
    const sim = this.need();
    const impacts = sim.step(1);
    this.stepCount = sim.steps();
    return { impacts, status: this.status(), halted: this.halted() };
  }

  /** Views of the module's batch buffers taken so far (each simulation takes its own; a frame takes none). */
  get viewRefreshes(): number {
    return this.pastViews + (this.batches?.views ?? 0);
  }

  /**
   * Up to n steps in one binding call (HybridSimulation.stepRecords, read by a BatchReader): each
   * step's impacts, status, time and state record. The batch stops after a halting or non-ok step.
   */
  stepBatch(n: number): StepBatch {
    if (!this.batches) throw new Error('no simulation loaded');
    const b = this.batches.step(n);
    this.stepCount = this.batches.stepCount;
    this.lastImpacts = b.impacts;
    return b;
  }

  /** Rows [from, to) of the last stepBatch()'s impact records. */
  batchImpacts(from: number, to: number): Impact[] {
    return simImpactReader(this.need()).readRows(this.lastImpacts, from, to);
  }

  private lastImpacts: Float64Array = EMPTY;

  /** The impacts since the last call. */
  drainImpacts(): Impact[] {
    const sim = this.need();
    return simImpactReader(sim).read(sim.drainImpacts());
  }

  /** The integrator's report of a non-OK status, at the current time. */
  statusReport(code: number): StatusReport {
    return { code, message: this.need().statusMessage() || `integrator status ${code}`, t: this.time() };
  }

  dispose(): void {
    this.sim?.delete();
    this.sim = null;
    this.batches = null;
    this.resolvedJson = '';
    this.layout = null;
  }
}
