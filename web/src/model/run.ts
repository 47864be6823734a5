// One running embind Simulation and what comes out of it step by step: the state view, the impacts
// of each step and the integrator's status. Owns the embind object (deleted on replace/dispose).
// No clock, no drawing, no DOM.
import type { ImpactLayout, LgvciModule, Simulation } from '../engine/lgvci_wasm';
import { createSimulationOrThrow } from '../engine/create';
import type { Vec3 } from '../config/types';

export const STATUS_OK = 0;
export const STATUS_NEWTON_FAILED = 1;
export const STATUS_ZENO = 2;

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

export interface StepOutcome {
  impacts: number;
  status: number;
}

export class EngineRun {
  readonly engine: LgvciModule;
  private sim: Simulation | null = null;
  /** The core's fully resolved config of the running simulation (Simulation.configJson()). */
  resolvedJson = '';

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
  load<T>(json: string, check: (resolvedJson: string) => T): T {
    const sim = createSimulationOrThrow(this.engine, json);
    let resolved: string;
    let out: T;
    try {
      resolved = sim.configJson();
      out = check(resolved);
    } catch (e) {
      sim.delete();
      throw e;
    }
    this.sim?.delete();
    this.sim = sim;
    this.resolvedJson = resolved;
    return out;
  }

  private need(): Simulation {
    if (!this.sim) throw new Error('no simulation loaded');
    return this.sim;
  }

  /** The state view (refreshed by every step; take a fresh one after each step). */
  state(): Float64Array {
    return this.need().state();
  }

  status(): number {
    return this.state()[this.engine.STATE.STATUS] ?? 0;
  }

  time(): number {
    return this.state()[this.engine.STATE.T] ?? NaN;
  }

  reset(): void {
    this.need().reset();
    this.need().drainImpacts();
  }

  /** One fixed step of size h. */
  step(): StepOutcome {
    const impacts = this.need().step(1);
    return { impacts, status: this.status() };
  }

  /** The impacts since the last call. */
  drainImpacts(): Impact[] {
    return readImpacts(this.need().drainImpacts(), this.engine.IMPACT);
  }

  /** The integrator's report of a non-OK status, at the current time. */
  statusReport(code: number): StatusReport {
    return { code, message: this.need().statusMessage() || `integrator status ${code}`, t: this.time() };
  }

  dispose(): void {
    this.sim?.delete();
    this.sim = null;
    this.resolvedJson = '';
  }
}
