// Companion runs: simulations stepped in lockstep with the main run, one step per recorded history
// row, for the sensitivity twins and for the comparison baselines (the core's RK4 and naive baselines,
// docs/baselines.md, and the Rapier engine). One mechanism for all: a companion owns a stepper (any
// integrator that can take one step of h and report its pose and energy), records per step its drawn
// height, its energy and its distance from the main run's history row of the same step, and keeps the
// last two poses for drawing. The pose and its distance are those of the family's pose space
// (PoseSpace, which the family's reader declares: ModelFamily.poseSpace): the generalized coordinates q
// with |q_c − q| (RecordPoseSpace: the whole record kept, drawn by the family's reader), or a family's
// own (a body's position and attitude). No DOM.
import type { HybridSimulation } from '../engine/lgvci_wasm';
import { Layout } from '../engine/layout';
import type { Vec3 } from '../config/types';
import type { ModelFamily, Snapshot } from './family';
import { rowWidth } from './family';
import type { RunHistory } from './history';
import type { Pose } from './interpolation';
import { lerpPoseInto } from './interpolation';
import { BatchReader, simImpactReader } from './run';
import { TrailBuffer } from './trail';

/** A companion's drawn pose (each run keeps one and rewrites it every frame: CompanionRun.interpolated). */
export type DrawnPose = Pose;

/**
 * What a companion's pose vector is: how it is read from a core record, compared with the main run's
 * history row and with another pose, what height it has, and how it is drawn.
 */
export interface PoseSpace {
  /** Numbers in a pose. */
  readonly size: number;
  /** The distance from the main run in symbols, e.g. "|Δx| + ‖ΔR‖₂". */
  readonly distanceName: string;
  /** The distance from its own earlier pose (a time reversal's return), e.g. "|x − x₀| + ‖R − R₀‖₂". */
  readonly returnName: string;
  /** The pose of a core state record into `into` (size numbers). */
  fromRecord(record: ArrayLike<number>, into: Float64Array): void;
  /** The plotted height of a pose (the family's height column). */
  height(pose: Float64Array): number;
  /** The drawn position of a pose (its trail's point) into out. */
  position(pose: Float64Array, out: Vec3): void;
  /** Distance of a pose from row `row` of the main run's history. */
  distanceToRow(pose: Float64Array, history: RunHistory, row: number): number;
  /** Distance between two poses (the time reversal's return error). */
  distance(a: Float64Array, b: Float64Array): number;
  /** The pose drawn between a and b (alpha ∈ [0, 1]), written into `out` (no allocation: every frame); returns out. */
  draw(a: Float64Array, b: Float64Array, alpha: number, out: DrawnPose): DrawnPose;
}

/**
 * A model in generalized coordinates: the pose is the whole state record (its q compared, |Δq|, with
 * the history's q columns) and is drawn by the family's reader, as the main run's snapshot. Without
 * the reader (a run measured for its energy only, e.g. the worker's table) its height and drawing
 * are refused.
 */
export class RecordPoseSpace implements PoseSpace {
  readonly size: number;
  readonly distanceName = '|Δq|';
  readonly returnName = '|q − q₀|';
  private readonly reader: ModelFamily | null;
  private readonly q: number;
  private readonly qCol: number;
  private readonly n: number;
  private readonly row: Float64Array;

  constructor(layout: Layout, family: ModelFamily | null) {
    this.reader = family;
    this.size = layout.size;
    this.n = layout.field('q').size;
    this.q = layout.offset('q', this.n);
    this.qCol = layout.csvIndex('q');
    this.row = new Float64Array(family ? rowWidth(family.columns) : 0);
  }

  private get family(): ModelFamily {
    if (!this.reader) throw new Error('a companion in generalized coordinates is drawn by its family reader, which was not given');
    return this.reader;
  }

  fromRecord(s: ArrayLike<number>, into: Float64Array): void {
    for (let i = 0; i < this.size; i++) into[i] = s[i] ?? NaN;
  }

  height(p: Float64Array): number {
    this.family.writeRow(p, this.row, 0);
    return this.row[this.family.columns.height] ?? NaN;
  }

  position(p: Float64Array, out: Vec3): void {
    this.family.position(p, out);
  }

  distanceToRow(p: Float64Array, history: RunHistory, row: number): number {
    const b = row * history.stride + this.qCol;
    let s = 0;
    for (let i = 0; i < this.n; i++) s += ((p[this.q + i] ?? NaN) - (history.data[b + i] ?? NaN)) ** 2;
    return Math.sqrt(s);
  }

  distance(a: Float64Array, b: Float64Array): number {
    let s = 0;
    for (let i = 0; i < this.n; i++) s += ((a[this.q + i] ?? NaN) - (b[this.q + i] ?? NaN)) ** 2;
    return Math.sqrt(s);
  }

  /** The snapshots of the two poses, read in place (scratch of draw, made on its first call). */
  private snaps: { a: Snapshot; b: Snapshot } | null = null;

  draw(a: Float64Array, b: Float64Array, alpha: number, out: DrawnPose): DrawnPose {
    const family = this.family;
    const snaps = this.snaps ?? (this.snaps = { a: family.read(a), b: family.read(b) });
    return lerpPoseInto(family.readInto(a, snaps.a), family.readInto(b, snaps.b), alpha, out);
  }
}

/** Growable Float64Array (capacity doubles). */
export class GrowableF64 {
  private buf: Float64Array;
  length = 0;
  constructor(capacity = 1024) {
    this.buf = new Float64Array(Math.max(1, capacity));
  }
  push(v: number): void {
    if (this.length === this.buf.length) {
      const grown = new Float64Array(this.buf.length * 2);
      grown.set(this.buf);
      this.buf = grown;
    }
    this.buf[this.length++] = v;
  }
  get(i: number): number {
    return i >= 0 && i < this.length ? (this.buf[i] ?? NaN) : NaN;
  }
  /** The newest value (NaN when empty). */
  last(): number {
    return this.get(this.length - 1);
  }
  clear(): void {
    this.length = 0;
  }
  /** A view of the values (valid until the next push). */
  view(): Float64Array {
    return this.buf.subarray(0, this.length);
  }
}

/** Returned by CompanionStepper.step when the integrator halted (no further steps). */
export const STEPPER_HALTED = -1;

/** What a companion needs from an integrator of the family's model. */
export interface CompanionStepper {
  /** The scheme, e.g. "lgvci", "rk4", "naive", "rapier". */
  readonly integrator: string;
  /** What its pose is (readPose's numbers). */
  readonly space: PoseSpace;
  /** One step of h; the number of impacts in it, or STEPPER_HALTED if the integrator halted. */
  step(): number;
  /** The pose of the current state into `into` (space.size numbers). */
  readPose(into: Float64Array): void;
  /** Energy of the current state (the core's energy(): E, or the Hamiltonian H). */
  energy(): number;
  /** Back to the initial state. */
  reset(): void;
  /** Time reversal: negate the momenta (γ, Π) of the current state. */
  reverseMomenta(): void;
  /** Time of its first impact since the last reset (NaN before it, or when the integrator does not report times). */
  readonly firstImpactTime?: number;
  /**
   * Up to n steps in one call (a core simulation's stepRecords), calling `each` after every step with
   * what step() would return; readPose and energy then read that step's state. Returns the steps
   * taken (fewer than n only when it halted). Absent: the companion takes its steps one at a time.
   */
  stepMany?(n: number, each: (k: number) => void): number;
  dispose(): void;
}

/**
 * A stepper over one of the core's simulations (the twins, the RK4 and naive baselines). Takes
 * ownership of `sim`; `space` makes the pose space of its record layout (the family's,
 * ModelFamily.poseSpace). Without it the stepper reports its steps and energies only (a run measured
 * for its energy, as the worker's table): its poses are refused.
 */
export class CoreStepper implements CompanionStepper {
  readonly integrator: string;
  private readonly poses: PoseSpace | null;
  firstImpactTime = NaN;
  private sim: HybridSimulation | null;
  private readonly times: number[] = [];
  private readonly batches: BatchReader;
  /** The state record of the step stepMany is at (copied from the module's batch buffer). */
  private readonly row: Float64Array;
  /** `row` is the current state (else the module's record() is). */
  private rowCurrent = false;
  /** Offset of the energy E in the record (−1: read energy() from the module). */
  private readonly energyAt: number;

  constructor(sim: HybridSimulation, space?: (layout: Layout) => PoseSpace) {
    try {
      const layout = new Layout(sim.layout());
      this.poses = space ? space(layout) : null;
      this.integrator = sim.integrator();
      this.row = new Float64Array(layout.size);
      this.energyAt = layout.has('E') ? layout.offset('E', 1) : -1;
      this.batches = new BatchReader(sim, layout.size);
      simImpactReader(sim);
    } catch (e) {
      sim.delete();
      throw e;
    }
    this.sim = sim;
  }

  get space(): PoseSpace {
    if (!this.poses) throw new Error(`the ${this.integrator} stepper was made for its energies: it has no pose space`);
    return this.poses;
  }

  /** Views of the module's batch buffers taken so far. */
  get viewRefreshes(): number {
    return this.batches.views;
  }

  stepMany(n: number, each: (k: number) => void): number {
    const sim = this.need();
    const row = this.row;
    let done = 0;
    while (done < n) {
      const b = this.batches.step(n - done);
      if (b.steps === 0) break;
      const buf = b.buf;
      let impactRows = 0;
      for (let j = 0; j < b.steps; j++) {
        const o = b.offset(j);
        const k = buf[o] ?? 0;
        const rowsEnd = buf[o + 1] ?? 0;
        const r = o + b.record;
        for (let c = 0; c < row.length; c++) row[c] = buf[r + c] ?? NaN;
        this.rowCurrent = true;
        if (k > 0 && Number.isNaN(this.firstImpactTime)) {
          const reader = simImpactReader(sim);
          this.times.length = 0;
          reader.times(b.impacts.subarray(impactRows * reader.size, rowsEnd * reader.size), this.times);
          this.firstImpactTime = this.times[0] ?? NaN;
        }
        if (k > 0) impactRows = rowsEnd;
        done++;
        const halted = b.halted && j === b.steps - 1;
        each(halted ? STEPPER_HALTED : k);
      }
      if (b.halted) break;
    }
    return done;
  }

  private need(): HybridSimulation {
    if (!this.sim) throw new Error('CoreStepper: deleted');
    return this.sim;
  }

  step(): number {
    const sim = this.need();
    this.rowCurrent = false;
    const k = sim.step(1);
    if (k > 0) {
      const buf = sim.drainImpacts();
      if (Number.isNaN(this.firstImpactTime)) {
        this.times.length = 0;
        simImpactReader(sim).times(buf, this.times);
        this.firstImpactTime = this.times[0] ?? NaN;
      }
    }
    // The core halts a run it cannot carry on the grid (a failed solve, a Zeno cascade without a contact
    // phase to hand it to, as RK4's on a body at rest, the work limit): docs/method.md.
    return sim.halted() ? STEPPER_HALTED : k;
  }

  readPose(into: Float64Array): void {
    this.space.fromRecord(this.rowCurrent ? this.row : this.need().record(), into);
  }

  energy(): number {
    // the record's E is the core's energy() (the record schema writes it from the same function)
    return this.rowCurrent && this.energyAt >= 0 ? (this.row[this.energyAt] ?? NaN) : this.need().energy();
  }

  reset(): void {
    const sim = this.need();
    this.rowCurrent = false;
    sim.reset();
    sim.drainImpacts();
    this.firstImpactTime = NaN;
  }

  reverseMomenta(): void {
    this.rowCurrent = false;
    this.need().reverseMomenta();
  }

  dispose(): void {
    this.sim?.delete();
    this.sim = null;
  }
}

/** One companion run and its per-step records (row k = after k steps, as the main history). */
export class CompanionRun {
  /** Its key in its set (twins: 'position' | 'attitude'; baselines: 'rk4' | 'naive' | 'rapier'). */
  readonly id: string;
  /** Legend label, e.g. "RK4 baseline". */
  readonly label: string;
  /** Colour of its ghost and of its plot series (CSS). */
  readonly color: string;
  /** The config it was built from (the core's JSON; for Rapier the core config it mirrors). */
  readonly configJson: string;
  private stepper: CompanionStepper | null;
  /** Drawn height per step (the pose space's height: the family's height column). */
  readonly height = new GrowableF64();
  /** Energy E per step. */
  readonly energy = new GrowableF64();
  /** Distance from the main run's row of the same step (space.distanceName), per step. */
  readonly divergence = new GrowableF64();
  /** What its poses are. */
  readonly space: PoseSpace;
  /** The pose one step before the latest, and the latest. */
  readonly prevPose: Float64Array;
  readonly currPose: Float64Array;
  /** The pose of row 0 (the initial state). */
  readonly initialPose: Float64Array;
  /** Its drawn position after every step (its trail, as the main run's TrailBuffer). */
  readonly trail = new TrailBuffer(4096);
  private readonly pos: Vec3 = [0, 0, 0];
  /** The integrator halted (Newton failure); its series end there (NaN). */
  halted = false;
  impacts = 0;
  /** Energy of row 0. */
  energy0 = NaN;

  constructor(id: string, label: string, color: string, configJson: string, stepper: CompanionStepper) {
    this.id = id;
    this.label = label;
    this.color = color;
    this.configJson = configJson;
    this.stepper = stepper;
    this.space = stepper.space;
    this.prevPose = new Float64Array(this.space.size);
    this.currPose = new Float64Array(this.space.size);
    this.initialPose = new Float64Array(this.space.size);
  }

  /** The scheme of its stepper. */
  get integrator(): string {
    return this.need().integrator;
  }

  /** Time of its first impact (NaN before it or when its stepper does not report it). */
  get firstImpactTime(): number {
    return this.stepper?.firstImpactTime ?? NaN;
  }

  /** Rows recorded (= steps taken + 1). */
  get length(): number {
    return this.height.length;
  }

  /** |E − E₀| / |E₀| of the latest row. */
  get relativeEnergyError(): number {
    return Math.abs(this.energy.last() - this.energy0) / Math.abs(this.energy0);
  }

  private need(): CompanionStepper {
    if (!this.stepper) throw new Error(`companion ${this.id}: deleted`);
    return this.stepper;
  }

  private recordRow(history: RunHistory): void {
    const row = this.length;
    const p = this.currPose;
    if (row < history.length) {
      this.space.position(p, this.pos);
      this.trail.push(history.data[row * history.stride] ?? NaN, this.pos[0], this.pos[1], this.pos[2]);
    }
    this.height.push(this.space.height(p));
    this.energy.push(this.need().energy());
    this.divergence.push(row < history.length ? this.space.distanceToRow(p, history, row) : NaN);
  }

  private pushHalted(): void {
    this.prevPose.set(this.currPose);
    this.height.push(NaN);
    this.energy.push(NaN);
    this.divergence.push(NaN);
  }

  /** Back to the initial state; records row 0 against the history's row 0. */
  reset(history: RunHistory): void {
    const s = this.need();
    s.reset();
    this.halted = false;
    this.impacts = 0;
    this.height.clear();
    this.energy.clear();
    this.divergence.clear();
    this.trail.clear();
    s.readPose(this.currPose);
    this.prevPose.set(this.currPose);
    this.initialPose.set(this.currPose);
    this.energy0 = s.energy();
    if (history.length > 0) this.recordRow(history);
  }

  /** Take one step and record it against the history's next row. */
  advance(history: RunHistory): void {
    if (this.halted) return this.pushHalted();
    const s = this.need();
    const k = s.step();
    if (k === STEPPER_HALTED) {
      this.halted = true;
      return this.pushHalted();
    }
    this.impacts += k;
    this.prevPose.set(this.currPose);
    s.readPose(this.currPose);
    this.recordRow(history);
  }

  /**
   * Take n steps and record them against the history's next rows: in one call of its stepper when it
   * can (stepMany), else one step at a time.
   */
  advanceMany(history: RunHistory, n: number): void {
    let done = 0;
    const s = this.need();
    if (!this.halted && s.stepMany) {
      this.target = history;
      done = s.stepMany(n, this.onStep);
      this.target = null;
    }
    for (; done < n; done++) this.advance(history);
  }

  /** The history advanceMany records against, and what it does after each step (made once). */
  private target: RunHistory | null = null;
  private readonly onStep = (k: number): void => {
    const history = this.target;
    if (!history) return;
    if (k === STEPPER_HALTED) {
      this.halted = true;
      this.pushHalted();
      return;
    }
    this.impacts += k;
    this.prevPose.set(this.currPose);
    this.need().readPose(this.currPose);
    this.recordRow(history);
  };

  /** Negate the momenta of the current state (the main run was reversed). */
  reverseMomenta(): void {
    if (!this.halted) this.need().reverseMomenta();
  }

  /** The pose interpolated() rewrites. */
  private readonly drawn: DrawnPose = { x: [0, 0, 0], q: [0, 0, 0, 1] };

  /**
   * Pose to draw between the last two steps (alpha as for the main body). The same object every call,
   * rewritten (no allocation per frame): read it before the next call, do not keep it.
   */
  interpolated(alpha: number): DrawnPose {
    return this.space.draw(this.prevPose, this.currPose, alpha, this.drawn);
  }

  dispose(): void {
    this.stepper?.dispose();
    this.stepper = null;
  }
}

/** Companion runs of one main run, stepped together. */
export class CompanionSet {
  readonly runs: readonly CompanionRun[];

  constructor(runs: readonly CompanionRun[]) {
    this.runs = runs;
  }

  run(id: string): CompanionRun {
    const r = this.runs.find((t) => t.id === id);
    if (!r) throw new Error(`no companion ${id}`);
    return r;
  }

  /** Rows recorded by every run. */
  get length(): number {
    return this.runs.length === 0 ? 0 : Math.min(...this.runs.map((r) => r.length));
  }

  /** Restart every run from its initial state (the history holds the main run's row 0). */
  reset(history: RunHistory): void {
    for (const r of this.runs) r.reset(history);
  }

  /**
   * Step every run until it has as many rows as the history (catching up after being switched on),
   * negating its momenta before stepping on from each row in `reversalRows` (where the main run was
   * reversed), so that a run switched on after a reversal replays it too.
   */
  syncTo(history: RunHistory, reversalRows: readonly number[] = []): void {
    for (const r of this.runs) {
      if (r.length === 0 && history.length > 0) r.reset(history);
      while (r.length < history.length) {
        if (reversalRows.includes(r.length - 1)) r.reverseMomenta();
        // the steps up to the history's end or to the next reversal row, whichever comes first
        let n = history.length - r.length;
        for (const row of reversalRows) if (row >= r.length && row + 1 - r.length < n) n = row + 1 - r.length;
        r.advanceMany(history, n);
      }
    }
  }

  reverseMomenta(): void {
    for (const r of this.runs) r.reverseMomenta();
  }

  dispose(): void {
    for (const r of this.runs) r.dispose();
  }
}
