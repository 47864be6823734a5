// Companion runs: rigid-body simulations stepped in lockstep with the main run, one step per recorded
// history row, for the sensitivity twins (Tran & Leok §7.4) and for the comparison baselines (the RK4
// baseline and the Rapier engine). One mechanism for both: a companion owns a stepper (any
// integrator that can take one step of h and report its pose and energy), records per step its
// centre-of-mass height, its energy and its divergence Err = ‖x_c − x‖₂ + ‖R_c − R‖₂ (induced 2-norm)
// from the main run's history row of the same step, and keeps the last two poses for drawing.
// No DOM.
import type { HybridSimulation } from '../engine/lgvci_wasm';
import { Layout } from '../engine/layout';
import type { Vec3 } from '../config/types';
import type { RunHistory } from './history';
import type { Quat } from './interpolation';
import { lerpVec3, quatFromRowMajor, slerp } from './interpolation';
import { dist3, diffNorm2x3 } from './linalg';

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

/** What a companion needs from an integrator of the rigid body. */
export interface CompanionStepper {
  /** The scheme, e.g. "lgvci", "rk4", "rapier". */
  readonly integrator: string;
  /** One step of h; the number of impacts in it, or STEPPER_HALTED if the integrator halted. */
  step(): number;
  /** x (3) then R (9, row-major) of the current state into `into`. */
  readPose(into: Float64Array): void;
  /** Energy E = |γ|²/2m + ½ΠᵀJ⁻¹Π + m g x₃ of the current state. */
  energy(): number;
  /** Back to the initial state. */
  reset(): void;
  /** Time reversal: negate the momenta (γ, Π) of the current state. */
  reverseMomenta(): void;
  dispose(): void;
}

/** A stepper over one of the core's simulations (the twins, the RK4 baseline). Takes ownership of `sim`. */
export class CoreStepper implements CompanionStepper {
  readonly integrator: string;
  private sim: HybridSimulation | null;
  private readonly o: { x: number; R: number };

  constructor(sim: HybridSimulation) {
    const L = new Layout(sim.layout());
    this.o = { x: L.offset('x', 3), R: L.offset('R', 9) };
    this.integrator = sim.integrator();
    this.sim = sim;
  }

  private need(): HybridSimulation {
    if (!this.sim) throw new Error('CoreStepper: deleted');
    return this.sim;
  }

  step(): number {
    const sim = this.need();
    const k = sim.step(1);
    if (k > 0) sim.drainImpacts();
    // The core halts a run it cannot carry on the grid (a failed solve, a Zeno cascade without a contact
    // phase to hand it to, as RK4's on a body at rest, the work limit): docs/method.md.
    return sim.halted() ? STEPPER_HALTED : k;
  }

  readPose(into: Float64Array): void {
    const s = this.need().record();
    for (let i = 0; i < 3; i++) into[i] = s[this.o.x + i] ?? NaN;
    for (let i = 0; i < 9; i++) into[3 + i] = s[this.o.R + i] ?? NaN;
  }

  energy(): number {
    return this.need().energy();
  }

  reset(): void {
    const sim = this.need();
    sim.reset();
    sim.drainImpacts();
  }

  reverseMomenta(): void {
    this.need().reverseMomenta();
  }

  dispose(): void {
    this.sim?.delete();
    this.sim = null;
  }
}

/** One companion run and its per-step records (row k = after k steps, as the main history). */
export class CompanionRun {
  /** Its key in its set (twins: 'position' | 'attitude'; baselines: 'rk4' | 'rapier'). */
  readonly id: string;
  /** Legend label, e.g. "RK4 baseline". */
  readonly label: string;
  /** Colour of its ghost and of its plot series (CSS). */
  readonly color: string;
  /** The config it was built from (the core's JSON; for Rapier the core config it mirrors). */
  readonly configJson: string;
  private stepper: CompanionStepper | null;
  /** Centre-of-mass height x₃ per step. */
  readonly height = new GrowableF64();
  /** Energy E per step. */
  readonly energy = new GrowableF64();
  /** ‖x_c − x‖₂ + ‖R_c − R‖₂ per step, against the main run's row of the same step. */
  readonly divergence = new GrowableF64();
  /** x (3) and R (9, row-major) one step before the latest, and the latest. */
  readonly prevPose = new Float64Array(12);
  readonly currPose = new Float64Array(12);
  /** The pose of row 0 (the initial state). */
  readonly initialPose = new Float64Array(12);
  /** The integrator halted (Newton failure); its series end there (NaN). */
  halted = false;
  impacts = 0;
  /** Energy of row 0. */
  energy0 = NaN;
  /** Columns of x and R in a history row. */
  private cols: { x: number; R: number } | null = null;

  constructor(id: string, label: string, color: string, configJson: string, stepper: CompanionStepper) {
    this.id = id;
    this.label = label;
    this.color = color;
    this.configJson = configJson;
    this.stepper = stepper;
  }

  /** The scheme of its stepper. */
  get integrator(): string {
    return this.need().integrator;
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

  private columns(history: RunHistory): { x: number; R: number } {
    if (!this.cols) {
      const names = history.columns.names;
      const x = names.indexOf('x1');
      const R = names.indexOf('R11');
      if (x < 0 || R < 0) throw new Error('companion runs need a rigid-body history (columns x1…, R11…)');
      this.cols = { x, R };
    }
    return this.cols;
  }

  private recordRow(history: RunHistory): void {
    const row = this.length;
    const p = this.currPose;
    const c = this.columns(history);
    const d = history.data;
    const b = row * history.stride;
    this.height.push(p[2] ?? NaN);
    this.energy.push(this.need().energy());
    this.divergence.push(row < history.length ? dist3(p, 0, d, b + c.x) + diffNorm2x3(p, 3, d, b + c.R) : NaN);
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

  /** Negate the momenta of the current state (the main run was reversed). */
  reverseMomenta(): void {
    if (!this.halted) this.need().reverseMomenta();
  }

  /** Pose to draw between the last two steps (alpha as for the main body). */
  interpolated(alpha: number): { x: Vec3; q: Quat } {
    const a = this.prevPose;
    const b = this.currPose;
    return {
      x: lerpVec3(a, b, alpha),
      q: slerp(quatFromRowMajor(a.subarray(3)), quatFromRowMajor(b.subarray(3)), alpha),
    };
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
        r.advance(history);
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
