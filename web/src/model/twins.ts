// Sensitivity twins (Tran & Leok §7.4): two extra simulations started from the main one's initial
// condition with the position perturbed, (x₀ + δx e₃, R₀), and with the attitude perturbed,
// (x₀, R₀ δR) with δR = R_y(δθ) (right multiplication, as in the paper), stepped in lockstep with the
// main run. Per step they record their centre-of-mass height and the divergence
// Err(t) = ‖x_per − x‖₂ + ‖R_per − R‖₂ (induced 2-norm) against the main run's history row of the
// same step. No DOM.
import type { HybridSimulation, LgvciModule } from '../engine/lgvci_wasm';
import { createSimulation } from '../engine/create';
import { Layout } from '../engine/layout';
import type { RunHistory } from './history';

import type { Quat } from './interpolation';
import { lerpVec3, quatFromRowMajor, slerp } from './interpolation';
import { dist3, diffNorm2x3, matMul3, rotY } from './linalg';
import type { Vec3 } from '../config/types';

export interface TwinSpec {
  /** Size of the position perturbation δx = (0, 0, dx). */
  dx: number;
  /** Angle θ of the attitude perturbation δR = R_y(θ), radians. */
  dtheta: number;
}

/** The paper's perturbations: δx = (0, 0, 10⁻⁸), δR = R_y(10⁻⁸ π). */
export const PAPER_TWIN_SPEC: Readonly<TwinSpec> = { dx: 1e-8, dtheta: 1e-8 * Math.PI };

export type TwinKind = 'position' | 'attitude';
export const TWIN_KINDS: readonly TwinKind[] = ['position', 'attitude'];

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
  clear(): void {
    this.length = 0;
  }
  /** A view of the values (valid until the next push). */
  view(): Float64Array {
    return this.buf.subarray(0, this.length);
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The configs of the two twins from the main run's resolved config JSON: every field kept, x0[2] + dx
 * for the position twin and R0 · R_y(dθ) for the attitude twin.
 */
export function perturbedConfigs(resolvedJson: string, spec: TwinSpec): Record<TwinKind, string> {
  const raw: unknown = JSON.parse(resolvedJson);
  if (!isRecord(raw)) throw new Error('config: expected a JSON object');
  const x0 = (raw['x0'] as number[] | undefined) ?? [0, 0, 0];
  const R0 = (raw['R0'] as number[][] | undefined) ?? [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  const pos = { ...raw, x0: [x0[0] ?? 0, x0[1] ?? 0, (x0[2] ?? 0) + spec.dx] };
  const R = matMul3(R0.flat(), rotY(spec.dtheta));
  const att = {
    ...raw,
    R0: [R.slice(0, 3), R.slice(3, 6), R.slice(6, 9)],
  };
  return { position: JSON.stringify(pos), attitude: JSON.stringify(att) };
}

/** One perturbed run and its per-step records. */
export class TwinRun {
  readonly kind: TwinKind;
  readonly configJson: string;
  private sim: HybridSimulation | null;
  /** Offsets of x and R in the state record, and their columns in a history row. */
  private readonly o: { x: number; R: number; colX: number; colR: number; status: number };
  /** Centre-of-mass height x₃ per step (row k = after k steps). */
  readonly height = new GrowableF64();
  /** ‖x_per − x‖₂ + ‖R_per − R‖₂ per step, against the main run's row of the same step. */
  readonly divergence = new GrowableF64();
  /** x (3) and R (9, row-major) one step before the latest, and the latest. */
  readonly prevPose = new Float64Array(12);
  readonly currPose = new Float64Array(12);
  /** The twin's integrator halted (Newton failure); its series end there. */
  halted = false;
  impacts = 0;

  /** Takes ownership of `sim` (a rigid body), built from `configJson`. */
  constructor(kind: TwinKind, configJson: string, sim: HybridSimulation) {
    const L = new Layout(sim.layout());
    this.o = {
      x: L.offset('x', 3),
      R: L.offset('R', 9),
      colX: L.csvIndex('x'),
      colR: L.csvIndex('R'),
      status: L.offset('status', 1),
    };
    this.kind = kind;
    this.configJson = configJson;
    this.sim = sim;
  }

  /** Rows recorded (= steps taken + 1). */
  get length(): number {
    return this.height.length;
  }

  private readPose(into: Float64Array): Float64Array {
    const s = this.need().record();
    for (let i = 0; i < 3; i++) into[i] = s[this.o.x + i] ?? NaN;
    for (let i = 0; i < 9; i++) into[3 + i] = s[this.o.R + i] ?? NaN;
    return s;
  }

  private need(): HybridSimulation {
    if (!this.sim) throw new Error('TwinRun: deleted');
    return this.sim;
  }

  /** Record the current state as row `this.length`, compared with the main history's row of that index. */
  private recordRow(history: RunHistory): void {
    const row = this.length;
    const d = history.data;
    const b = row * history.stride;
    const p = this.currPose;
    this.height.push(p[2] ?? NaN);
    this.divergence.push(
      this.halted ? NaN : dist3(p, 0, d, b + this.o.colX) + diffNorm2x3(p, 3, d, b + this.o.colR),
    );
  }

  /** Back to the initial state; records row 0 against the history's row 0. */
  reset(history: RunHistory): void {
    const sim = this.need();
    sim.reset();
    sim.drainImpacts();
    this.halted = false;
    this.impacts = 0;
    this.height.clear();
    this.divergence.clear();
    this.readPose(this.currPose);
    this.prevPose.set(this.currPose);
    if (history.length > 0) this.recordRow(history);
  }

  /** Take one step and record it against the history's next row. */
  advance(history: RunHistory): void {
    if (this.halted) {
      this.prevPose.set(this.currPose);
      this.height.push(NaN);
      this.divergence.push(NaN);
      return;
    }
    const sim = this.need();
    const k = sim.step(1);
    if (k > 0) {
      this.impacts += k;
      sim.drainImpacts();
    }
    this.prevPose.set(this.currPose);
    const s = this.readPose(this.currPose);
    if ((s[this.o.status] ?? 0) === 1) {
      this.halted = true;
      this.height.push(NaN);
      this.divergence.push(NaN);
      return;
    }
    this.recordRow(history);
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
    this.sim?.delete();
    this.sim = null;
  }
}

export class TwinError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TwinError';
  }
}

/** The pair of twins of one main run. */
export class SensitivityTwins {
  readonly spec: TwinSpec;
  readonly runs: readonly TwinRun[];

  /**
   * Build both twins from the main run's resolved config. Throws TwinError (naming the twin and the
   * core's message) when a perturbed initial condition is rejected, e.g. it penetrates the plane.
   */
  constructor(engine: LgvciModule, resolvedJson: string, spec: TwinSpec) {
    this.spec = { ...spec };
    const cfgs = perturbedConfigs(resolvedJson, spec);
    const runs: TwinRun[] = [];
    for (const kind of TWIN_KINDS) {
      const c = createSimulation(engine, cfgs[kind]);
      if (!c.ok) {
        for (const r of runs) r.dispose();
        throw new TwinError(`The ${kind}-perturbed twin is not a valid start: ${c.message}`);
      }
      runs.push(new TwinRun(kind, cfgs[kind], c.sim));
    }
    this.runs = runs;
  }

  run(kind: TwinKind): TwinRun {
    const r = this.runs.find((t) => t.kind === kind);
    if (!r) throw new Error(`no ${kind} twin`);
    return r;
  }

  /** Rows recorded by both twins. */
  get length(): number {
    return Math.min(...this.runs.map((r) => r.length));
  }

  /** Restart both from their initial states (the history holds the main run's row 0). */
  reset(history: RunHistory): void {
    for (const r of this.runs) r.reset(history);
  }

  /** Step both until they have as many rows as the history (catching up after being switched on). */
  syncTo(history: RunHistory): void {
    for (const r of this.runs) {
      if (r.length === 0 && history.length > 0) r.reset(history);
      while (r.length < history.length) r.advance(history);
    }
  }

  dispose(): void {
    for (const r of this.runs) r.dispose();
  }
}
