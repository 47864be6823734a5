// A small stand-in for the embind module, for testing the wiring without WASM: ballistic flight of the
// centre of mass over a horizontal plane with an elastic bounce of a sphere of radius r, and no
// rotation. It records every Simulation constructed and deleted.
import type {
  ImpactLayout,
  LgvciModule,
  Simulation,
  StateLayout,
} from '../../../../web/src/engine/lgvci_wasm';

export const STATE: StateLayout = {
  T: 0, X: 1, R: 4, GAMMA: 13, PI: 16, ENERGY: 19, TPE: 20, RE: 21, SPATIAL_L: 22, PHI: 25,
  IMPACTS: 26, STEPS: 27, STATUS: 28, ENERGY0: 29, SIZE: 30,
};
export const IMPACT: ImpactLayout = { T: 0, LAMBDA: 1, POINT: 2, BODY_POINT: 5, SIZE: 8 };

const G = 9.80665;

export function fakePreset(name: string): Record<string, unknown> {
  const common = {
    case: name,
    mass: 1,
    gravity: G,
    h: 0.01,
    x0: [0, 0, 10],
    R0: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
    gamma0: [2, 2, 10],
    Pi0: [4, -4, 4],
    retraction: 'cayley',
    root_finder: 'bisection',
    tolerance: 1e-15,
    max_impacts_per_step: 64,
    contact_tolerance: 1e-10,
  };
  const t = Math.PI / 90;
  switch (name) {
    case 'I':
      return { ...common, body: { type: 'ellipsoid', semi_axes: [2, 3, 4], center: [0, 0, 0] }, inertia: [[5, 0, 0], [0, 4, 0], [0, 0, 2.6]], plane: { normal: [0, 0, 1] } };
    case 'II':
      return { ...common, body: { type: 'ellipsoid', semi_axes: [2, 3, 4], center: [0, 0, 0] }, inertia: [[5, 0, 0], [0, 4, 0], [0, 0, 2.6]], plane: { normal: [Math.sin(-t), 0, Math.cos(-t)] } };
    case 'III':
      return {
        ...common,
        body: { type: 'union', parts: [
          { type: 'ellipsoid', semi_axes: [3, 4, 5], center: [1.5 - 0.9937128, 0, 0] },
          { type: 'ellipsoid', semi_axes: [6, 1, 1], center: [-4.5 - 0.9937128, 0, 0] },
        ] },
        inertia: [[7.5932718, 0, 0], [0, 9.9326434, 0], [0, 0, 8.2731252]],
        plane: { normal: [0, 0, 1] },
      };
    case 'IV':
      return { ...common, body: { type: 'cube', side: 2 * Math.sqrt(3), epsilon: 1e-13, center: [0, 0, 0] }, inertia: [[2, 0, 0], [0, 2, 0], [0, 0, 2]], plane: { normal: [0, 0, 1] } };
    default:
      throw new Error(`case: must be one of I, II, III, IV (got '${name}')`);
  }
}

interface Cfg {
  h: number;
  x0: number[];
  gamma0: number[];
  plane: { normal?: number[]; tilt?: number; azimuth?: number };
  body: { type: string; epsilon?: number };
  [k: string]: unknown;
}

function merged(json: string): Cfg {
  const patch = JSON.parse(json) as Record<string, unknown>;
  const base = typeof patch['case'] === 'string' ? fakePreset(patch['case']) : {};
  const out = { ...base, ...patch } as Cfg;
  if (patch['plane'] && (patch['plane'] as Record<string, unknown>)['normal'] === undefined) {
    out.plane = patch['plane'] as Cfg['plane'];
  }
  return out;
}

/** Radius of the stand-in sphere: 1 (so x0 z ≤ 1 penetrates). */
const RADIUS = 1;

export class FakeSimulation implements Simulation {
  static created: FakeSimulation[] = [];
  readonly cfg: Cfg;
  readonly json: string;
  deleted = false;
  private buf = new Float64Array(30);
  private imp: number[] = [];
  /** Status to report after the next step (tests set it). */
  nextStatus = 0;
  statusText = '';

  constructor(json: string) {
    this.json = json;
    this.cfg = merged(json);
    FakeSimulation.created.push(this);
    this.reset();
  }

  private energy(): number {
    const s = this.buf;
    const [a, b, c] = [s[13] ?? 0, s[14] ?? 0, s[15] ?? 0];
    return (a * a + b * b + c * c) / 2 + G * (s[3] ?? 0);
  }

  reset(): void {
    this.buf.fill(0);
    this.buf.set(this.cfg.x0, 1);
    this.buf.set([1, 0, 0, 0, 1, 0, 0, 0, 1], 4);
    this.buf.set(this.cfg.gamma0, 13);
    this.buf[19] = this.energy();
    this.buf[29] = this.buf[19];
    this.buf[25] = (this.buf[3] ?? 0) - RADIUS;
    this.imp = [];
    this.statusText = '';
  }

  step(n: number): number {
    if (this.deleted) throw new Error('step() on a deleted Simulation');
    const h = this.cfg.h;
    const s = this.buf;
    let impacts = 0;
    for (let k = 0; k < n; k++) {
      if (s[28] === 1) break;
      const t = s[0] ?? 0;
      for (let i = 0; i < 3; i++) s[1 + i] = (s[1 + i] ?? 0) + h * (s[13 + i] ?? 0);
      s[3] = (s[3] ?? 0) - 0.5 * G * h * h;
      s[15] = (s[15] ?? 0) - G * h;
      if ((s[3] ?? 0) < RADIUS && (s[15] ?? 0) < 0) {
        s[15] = -(s[15] ?? 0);
        s[3] = 2 * RADIUS - (s[3] ?? 0);
        impacts++;
        s[26] = (s[26] ?? 0) + 1;
        this.imp.push(t + h, 2 * (s[15] ?? 0), s[1] ?? 0, s[2] ?? 0, 0, 0, 0, -RADIUS);
      }
      s[0] = t + h;
      s[27] = (s[27] ?? 0) + 1;
      s[19] = this.energy();
      s[25] = (s[3] ?? 0) - RADIUS;
      s[28] = this.nextStatus;
      if (this.nextStatus) this.statusText = this.nextStatus === 1 ? 'Newton failed to converge' : 'Zeno guard hit';
    }
    return impacts;
  }

  state(): Float64Array {
    return this.buf;
  }

  drainImpacts(): Float64Array {
    const out = new Float64Array(this.imp);
    this.imp = [];
    return out;
  }

  statusMessage(): string {
    return this.statusText;
  }

  configJson(): string {
    return JSON.stringify(this.cfg);
  }

  delete(): void {
    if (this.deleted) throw new Error('double delete');
    this.deleted = true;
  }
}

export function validateFake(json: string): string {
  let cfg: Cfg;
  try {
    cfg = merged(json);
  } catch (e) {
    return (e as Error).message;
  }
  if (!(cfg.h > 0)) return 'h: must be a finite number > 0';
  const tilt = cfg.plane.tilt;
  if (tilt !== undefined && !(tilt >= 0 && tilt < Math.PI / 2)) return 'plane.tilt: must be in [0, pi/2) radians';
  if ((cfg.body.epsilon ?? 0) < 0) return 'body.epsilon: must be a finite number >= 0';
  if ((cfg.x0[2] ?? 0) <= RADIUS) return `x0: the initial state penetrates the plane (Φ = ${(cfg.x0[2] ?? 0) - RADIUS})`;
  return '';
}

export function createFakeEngine(): LgvciModule & { validateCalls: string[] } {
  const validateCalls: string[] = [];
  return {
    Simulation: FakeSimulation,
    validateConfig(json: string) {
      validateCalls.push(json);
      return validateFake(json);
    },
    presetConfig(name: string) {
      return JSON.stringify(fakePreset(name));
    },
    STATE,
    IMPACT,
    validateCalls,
  };
}
