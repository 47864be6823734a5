// The model: one embind Simulation, the last two states for interpolation, the fixed-step clock, the
// impacts not yet shown, the history of every step (for plots and the CSV export) and, when switched
// on, the sensitivity twins stepped in lockstep. No DOM, no three.js.
import type { ImpactLayout, LgvciModule, Simulation, StateLayout } from '../engine/lgvci_wasm';
import { parseResolvedConfig, resolvePlaneNormal } from '../config/parse';
import type { ResolvedConfig, Vec3 } from '../config/types';
import { FixedStepClock } from './clock';
import { RunHistory } from './history';
import type { TwinSpec } from './twins';
import { SensitivityTwins, TwinError } from './twins';
import { TrailBuffer } from './trail';
import type { Quat } from './interpolation';
import { lerpVec3, quatFromRowMajor, slerp } from './interpolation';

export const STATUS_OK = 0;
export const STATUS_NEWTON_FAILED = 1;
export const STATUS_ZENO = 2;

export interface Snapshot {
  t: number;
  x: Vec3;
  /** Attitude, row-major. */
  R: number[];
  q: Quat;
  gamma: Vec3;
  Pi: Vec3;
  energy: number;
  energy0: number;
  phi: number;
  impacts: number;
  steps: number;
  status: number;
}

export interface Impact {
  t: number;
  lambda: number;
  point: Vec3;
  bodyPoint: Vec3;
}

export interface StatusReport {
  code: number;
  message: string;
  /** Simulated time at which it was reported. */
  t: number;
}

function v3(a: Float64Array, i: number): Vec3 {
  return [a[i] ?? NaN, a[i + 1] ?? NaN, a[i + 2] ?? NaN];
}

export function readSnapshot(s: Float64Array, L: StateLayout): Snapshot {
  const R = Array.from(s.subarray(L.R, L.R + 9));
  return {
    t: s[L.T] ?? NaN,
    x: v3(s, L.X),
    R,
    q: quatFromRowMajor(R),
    gamma: v3(s, L.GAMMA),
    Pi: v3(s, L.PI),
    energy: s[L.ENERGY] ?? NaN,
    energy0: s[L.ENERGY0] ?? NaN,
    phi: s[L.PHI] ?? NaN,
    impacts: s[L.IMPACTS] ?? 0,
    steps: s[L.STEPS] ?? 0,
    status: s[L.STATUS] ?? 0,
  };
}

export function readImpacts(buf: Float64Array, L: ImpactLayout): Impact[] {
  const out: Impact[] = [];
  for (let i = 0; i + L.SIZE <= buf.length; i += L.SIZE) {
    out.push({
      t: buf[i + L.T] ?? NaN,
      lambda: buf[i + L.LAMBDA] ?? NaN,
      point: v3(buf, i + L.POINT),
      bodyPoint: v3(buf, i + L.BODY_POINT),
    });
  }
  return out;
}

export type ModelEvent = 'load' | 'reset' | 'status' | 'twins';

export interface ModelListener {
  (event: ModelEvent): void;
}

export class SimulationModel {
  readonly engine: LgvciModule;
  readonly clock: FixedStepClock;
  private sim: Simulation | null = null;
  private listeners = new Set<ModelListener>();
  config!: ResolvedConfig;
  /** The JSON this simulation was built from (what the controls sent). */
  configJson = '';
  /** The core's fully resolved config of the running simulation (Simulation.configJson()). */
  resolvedJson = '';
  normal: Vec3 = [0, 0, 1];
  prev!: Snapshot;
  curr!: Snapshot;
  /** Impacts produced by steps but not yet taken by the view (see takeImpactsUpTo). */
  private pending: Impact[] = [];
  /** The latest integrator problem since the last load/reset, if any. */
  status: StatusReport | null = null;
  /** Centre of mass after every step (for the trail). */
  readonly trail = new TrailBuffer(4096);
  /** Impacts drained so far, reset with the simulation; for cross-checking the state counter. */
  drainedImpacts = 0;
  /** Every step of the current run (row 0 = initial state): the CSV export and the plots read it. */
  readonly history: RunHistory;
  /** The sensitivity twins, when switched on. */
  twins: SensitivityTwins | null = null;
  /** The perturbations asked for (kept across restarts); null when the twins are off. */
  twinSpec: TwinSpec | null = null;
  /** Why the twins were switched off after a restart ('' if they were not). */
  twinError = '';
  /** A Newton failure stopped a playing run: the next reset or load plays again. */
  private resumeOnRestart = false;

  constructor(engine: LgvciModule, speed = 1, history: RunHistory = new RunHistory()) {
    this.engine = engine;
    this.clock = new FixedStepClock(0.01, speed);
    this.history = history;
  }

  get loaded(): boolean {
    return this.sim !== null;
  }

  on(fn: ModelListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(e: ModelEvent): void {
    for (const fn of this.listeners) fn(e);
  }

  /**
   * Replace the simulation by one built from `json`, which must have passed validateConfig()
   * (the core aborts on an invalid config). The previous embind object is deleted.
   */
  load(json: string): void {
    const sim = new this.engine.Simulation(json);
    let config: ResolvedConfig;
    let resolved: string;
    try {
      resolved = sim.configJson();
      config = parseResolvedConfig(resolved);
    } catch (e) {
      sim.delete();
      throw e;
    }
    this.sim?.delete();
    this.sim = sim;
    this.configJson = json;
    this.resolvedJson = resolved;
    this.config = config;
    this.normal = resolvePlaneNormal(config.plane);
    this.clock.h = config.h;
    this.rebuildTwins();
    this.afterRestart();
    this.emit('load');
  }

  /** After a new config: new twins from it, or none (with twinError) if a perturbed start is invalid. */
  private rebuildTwins(): void {
    this.twins?.dispose();
    this.twins = null;
    this.twinError = '';
    if (!this.twinSpec) return;
    try {
      this.twins = new SensitivityTwins(this.engine, this.resolvedJson, this.twinSpec);
    } catch (e) {
      this.twinSpec = null;
      this.twinError = e instanceof TwinError ? e.message : `The twins could not start: ${(e as Error).message}`;
    }
  }

  /**
   * Switch the sensitivity twins on with the given perturbations (rebuilding them if they were on) or
   * off (null). Switched on mid-run, they catch up with the main run step by step from t = 0. Returns
   * '' or the reason they could not start (the previous twins are then kept).
   */
  setTwins(spec: TwinSpec | null): string {
    this.need();
    if (spec === null) {
      this.twins?.dispose();
      this.twins = null;
      this.twinSpec = null;
      this.twinError = '';
      this.emit('twins');
      return '';
    }
    let twins: SensitivityTwins;
    try {
      twins = new SensitivityTwins(this.engine, this.resolvedJson, spec);
    } catch (e) {
      return e instanceof TwinError ? e.message : `The twins could not start: ${(e as Error).message}`;
    }
    this.twins?.dispose();
    this.twins = twins;
    this.twinSpec = { ...spec };
    this.twinError = '';
    twins.syncTo(this.history);
    this.emit('twins');
    return '';
  }

  private afterRestart(): void {
    this.clock.clear();
    if (this.resumeOnRestart) this.clock.running = true;
    this.resumeOnRestart = false;
    this.pending = [];
    this.status = null;
    this.drainedImpacts = 0;
    this.curr = this.read();
    this.prev = this.curr;
    this.trail.clear();
    this.trail.push(this.curr.t, ...this.curr.x);
    this.history.clear();
    this.history.record(this.need().state(), this.engine.STATE, 0);
    this.twins?.reset(this.history);
  }

  private need(): Simulation {
    if (!this.sim) throw new Error('SimulationModel: no simulation loaded');
    return this.sim;
  }

  private read(): Snapshot {
    return readSnapshot(this.need().state(), this.engine.STATE);
  }

  reset(): void {
    this.need().reset();
    this.need().drainImpacts();
    this.afterRestart();
    this.emit('reset');
  }

  get halted(): boolean {
    return this.curr.status === STATUS_NEWTON_FAILED;
  }

  /** Take n fixed steps; prev becomes the state one step before the new current one. */
  step(n = 1): number {
    const sim = this.need();
    let impacts = 0;
    for (let i = 0; i < n && !this.halted; i++) {
      const last = i === n - 1;
      if (last) this.prev = i === 0 ? this.curr : this.read();
      const k = sim.step(1);
      impacts += k;
      if (k > 0) this.collectImpacts();
      const s = sim.state();
      const L = this.engine.STATE;
      this.trail.push(s[L.T] ?? NaN, s[L.X] ?? NaN, s[L.X + 1] ?? NaN, s[L.X + 2] ?? NaN);
      const code = s[L.STATUS] ?? 0;
      // Like the CLI's --csv, a step whose Newton iteration failed writes no row.
      if (code !== STATUS_NEWTON_FAILED && this.history.record(s, L, k)) this.twins?.syncTo(this.history);
      if (last || code === STATUS_NEWTON_FAILED) this.curr = this.read();
      if (code !== STATUS_OK) this.reportStatus(sim, code);
      if (code === STATUS_NEWTON_FAILED && !last) this.prev = this.curr;
    }
    return impacts;
  }

  private collectImpacts(): void {
    const recs = readImpacts(this.need().drainImpacts(), this.engine.IMPACT);
    this.drainedImpacts += recs.length;
    for (const r of recs) {
      this.pending.push(r);
      this.history.recordImpactTime(r.t);
    }
    if (this.pending.length > 256) this.pending.splice(0, this.pending.length - 256);
  }

  private reportStatus(sim: Simulation, code: number): void {
    const t = this.need().state()[this.engine.STATE.T] ?? NaN;
    this.status = { code, message: sim.statusMessage() || `integrator status ${code}`, t };
    if (code === STATUS_NEWTON_FAILED) {
      // The halt pauses the clock, not the user: a reset or a new setting resumes playing.
      this.resumeOnRestart ||= this.clock.running;
      this.clock.running = false;
    }
    this.emit('status');
  }

  /** Advance by a wall-clock interval through the fixed-step clock; returns the steps taken. */
  advance(wallSeconds: number): number {
    const n = this.clock.tick(wallSeconds);
    if (n > 0) this.step(n);
    return n;
  }

  /** Interpolation weight for drawing: the clock's fraction while running, else the current state. */
  get alpha(): number {
    return this.clock.running ? this.clock.alpha : 1;
  }

  /** Centre of mass and attitude to draw, between prev and curr. */
  interpolated(alpha = this.alpha): { t: number; x: Vec3; q: Quat } {
    return {
      t: this.prev.t + (this.curr.t - this.prev.t) * alpha,
      x: lerpVec3(this.prev.x, this.curr.x, alpha),
      q: slerp(this.prev.q, this.curr.q, alpha),
    };
  }

  /** Remove and return the pending impacts with time ≤ t (so flashes appear when the drawn body gets there). */
  takeImpactsUpTo(t: number): Impact[] {
    let k = 0;
    while (k < this.pending.length && (this.pending[k]?.t ?? Infinity) <= t + 1e-12) k++;
    return this.pending.splice(0, k);
  }

  /** Relative energy error |E − E0| / |E0| of the current state. */
  get relativeEnergyError(): number {
    const { energy, energy0 } = this.curr;
    return Math.abs(energy - energy0) / Math.abs(energy0);
  }

  /** Delete the embind object; the model is unusable afterwards. */
  dispose(): void {
    this.twins?.dispose();
    this.twins = null;
    this.twinSpec = null;
    this.sim?.delete();
    this.sim = null;
    this.listeners.clear();
    this.pending = [];
    this.clock.running = false;
  }
}
