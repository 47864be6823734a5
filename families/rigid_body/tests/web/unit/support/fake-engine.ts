// A small stand-in for the embind module's façade, for testing the wiring without WASM: ballistic
// flight of the centre of mass over a horizontal plane with an elastic bounce of a sphere of radius 1,
// and no rotation. It records every simulation created and deleted. Its record layouts are its own
// (fields in another order than the core's), so a test passes only if the front end reads offsets by
// name from the module, never by hand-copied numbers.
import type {
  Capabilities,
  CounterField,
  CreateResult,
  DistancesResult,
  JacobianResult,
  ReverseCheckResult,
  HybridSimulation,
  LgvciModule,
  MomentumMapField,
  Perturbation,
  RecordLayout,
  SimulationError,
} from '../../../../../../web/src/engine/lgvci_wasm';
import { STEP_STATUSES, noCapabilities } from '../../../../../../cpp/wasm/lgvci_api';

type FieldDef = [name: string, size: number, csv: boolean];

/** A layout from a field list (offsets in order; CSV columns name, name1..k, name11..33 for R). */
export function buildLayout(defs: FieldDef[]): RecordLayout {
  let offset = 0;
  const fields = defs.map(([name, size, csv]) => {
    let columns: string[] = [];
    if (csv) {
      if (size === 1) columns = [name];
      else if (size === 9) columns = [1, 2, 3].flatMap((i) => [1, 2, 3].map((j) => `${name}${i}${j}`));
      else columns = Array.from({ length: size }, (_, i) => `${name}${i + 1}`);
    }
    const f = { name, offset, size, columns };
    offset += size;
    return f;
  });
  return { size: offset, fields, csvColumns: fields.flatMap((f) => f.columns) };
}

/** Non-CSV fields first, then the CSV ones (the core puts them the other way round). */
export const FAKE_LAYOUT = buildLayout([
  ['status', 1, false],
  ['E0', 1, false],
  ['phi', 1, false],
  ['steps', 1, false],
  ['total_impacts', 1, false],
  ['t', 1, true],
  ['x', 3, true],
  ['R', 9, true],
  ['gamma', 3, true],
  ['Pi', 3, true],
  ['E', 1, true],
  ['TPE', 1, true],
  ['RE', 1, true],
  ['impacts', 1, true],
  ['spatial_L', 3, false],
]);

/** The module's common impact record (t, lambda, point; shuffled: readers go by name). */
export const FAKE_COMMON_IMPACT_LAYOUT = buildLayout([
  ['point', 3, true],
  ['t', 1, true],
  ['lambda', 1, true],
]);

/** The fake rigid body's impact record: the common fields and the rigid body's own (shuffled likewise). */
export const FAKE_IMPACT_LAYOUT = buildLayout([
  ['contacts', 1, true],
  ['point', 3, true],
  ['t', 1, true],
  ['body_point', 3, true],
  ['dissipated', 1, true],
  ['lambda', 1, true],
]);

const at = (name: string): number => {
  const f = FAKE_LAYOUT.fields.find((x) => x.name === name);
  if (!f) throw new Error(name);
  return f.offset;
};
const O = {
  t: at('t'), x: at('x'), R: at('R'), gamma: at('gamma'), Pi: at('Pi'), E: at('E'), TPE: at('TPE'),
  impacts: at('impacts'), status: at('status'), E0: at('E0'), phi: at('phi'), steps: at('steps'),
  total: at('total_impacts'),
};
const I = Object.fromEntries(FAKE_IMPACT_LAYOUT.fields.map((f) => [f.name, f.offset])) as Record<string, number>;

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
      throw new Error(`case: must be one of I, II, III, IV, rest, slide, rocking (got '${name}')`);
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

export function validateFake(json: string): { field: string; message: string } | null {
  let cfg: Cfg;
  try {
    cfg = merged(json);
  } catch (e) {
    const m = (e as Error).message;
    return { field: m.split(':')[0] ?? 'config', message: m };
  }
  if (!(cfg.h > 0)) return { field: 'h', message: 'h: must be a finite number > 0' };
  const tilt = cfg.plane.tilt;
  if (tilt !== undefined && !(tilt >= 0 && tilt < Math.PI / 2)) return { field: 'plane.tilt', message: 'plane.tilt: must be in [0, pi/2) radians' };
  if ((cfg.body.epsilon ?? 0) < 0) return { field: 'body.epsilon', message: 'body.epsilon: must be a finite number >= 0' };
  if ((cfg.x0[2] ?? 0) <= RADIUS) return { field: 'x0', message: `x0: the initial state penetrates the plane (Φ = ${(cfg.x0[2] ?? 0) - RADIUS})` };
  return null;
}

/**
 * The fake is a rigid body without the contact phase, ensembles or baselines: it names what it has, and
 * every other capability is the core's "no" (noCapabilities(), generated from the declaration), so a
 * capability added to the core needs no edit here.
 */
function fakeCapabilities(): Capabilities {
  return { ...noCapabilities(), reversible: true, shapes: true, plots: ['energy', 'energy_error', 'height'], throwable: true };
}

const FAKE_PRESETS = ['I', 'II', 'III', 'IV'];

export class FakeSimulation implements HybridSimulation {
  static created: FakeSimulation[] = [];
  cfg: Cfg;
  json: string;
  deleted = false;
  private buf = new Float64Array(FAKE_LAYOUT.size);
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

  private computeEnergy(): number {
    const s = this.buf;
    const g = O.gamma;
    const [a, b, c] = [s[g] ?? 0, s[g + 1] ?? 0, s[g + 2] ?? 0];
    return (a * a + b * b + c * c) / 2 + G * (s[O.x + 2] ?? 0);
  }

  reset(): void {
    this.buf.fill(0);
    this.buf.set(this.cfg.x0, O.x);
    this.buf.set([1, 0, 0, 0, 1, 0, 0, 0, 1], O.R);
    this.buf.set(this.cfg.gamma0, O.gamma);
    this.buf[O.E] = this.computeEnergy();
    this.buf[O.TPE] = this.buf[O.E] ?? NaN;
    this.buf[O.E0] = this.buf[O.E] ?? NaN;
    this.buf[O.phi] = (this.buf[O.x + 2] ?? 0) - RADIUS;
    this.imp = [];
    this.statusText = '';
  }

  step(n: number): number {
    if (this.deleted) throw new Error('step() on a deleted simulation');
    const h = this.cfg.h;
    const s = this.buf;
    let impacts = 0;
    for (let k = 0; k < n; k++) {
      if (s[O.status] === 1) break;
      const t = s[O.t] ?? 0;
      let inStep = 0;
      for (let i = 0; i < 3; i++) s[O.x + i] = (s[O.x + i] ?? 0) + h * (s[O.gamma + i] ?? 0);
      const z = O.x + 2;
      const vz = O.gamma + 2;
      s[z] = (s[z] ?? 0) - 0.5 * G * h * h;
      s[vz] = (s[vz] ?? 0) - G * h;
      if ((s[z] ?? 0) < RADIUS && (s[vz] ?? 0) < 0) {
        s[vz] = -(s[vz] ?? 0);
        s[z] = 2 * RADIUS - (s[z] ?? 0);
        inStep++;
        s[O.total] = (s[O.total] ?? 0) + 1;
        const rec = new Array<number>(FAKE_IMPACT_LAYOUT.size).fill(0);
        rec[I['t']!] = t + h;
        rec[I['lambda']!] = 2 * (s[vz] ?? 0);
        rec[I['point']!] = s[O.x] ?? 0;
        rec[I['point']! + 1] = s[O.x + 1] ?? 0;
        rec[I['body_point']! + 2] = -RADIUS;
        rec[I['contacts']!] = 1;
        this.imp.push(...rec);
      }
      impacts += inStep;
      s[O.impacts] = inStep;
      s[O.t] = t + h;
      s[O.steps] = (s[O.steps] ?? 0) + 1;
      s[O.E] = this.computeEnergy();
      s[O.TPE] = s[O.E] ?? NaN;
      s[O.phi] = (s[z] ?? 0) - RADIUS;
      s[O.status] = this.nextStatus;
      if (this.nextStatus) this.statusText = this.nextStatus === 1 ? 'Newton failed to converge' : 'Zeno guard hit';
    }
    return impacts;
  }

  record(): Float64Array {
    return this.buf;
  }

  private batch = new Float64Array([4, 4, 0, 0]);
  private impactRows = new Float64Array(4096 * FAKE_IMPACT_LAYOUT.size);

  /** The module's batched step (HybridSimulation.stepRecords): the same buffer layout, header [4, 4, halted, steps]. */
  stepRecords(n: number): number {
    this.imp = [];
    const stride = 4 + FAKE_LAYOUT.size;
    if (this.batch.length < 4 + n * stride) {
      const grown = new Float64Array(4 + n * stride);
      grown.set(this.batch.subarray(0, 4));
      this.batch = grown;
    }
    const b = this.batch;
    let k = 0;
    while (k < n) {
      const impacts = this.step(1);
      const o = 4 + k * stride;
      b[o] = impacts;
      b[o + 1] = this.imp.length / FAKE_IMPACT_LAYOUT.size;
      b[o + 2] = this.status();
      b[o + 3] = this.time();
      b.set(this.buf, o + 4);
      k++;
      if (this.halted() || this.status() !== 0) break;
    }
    this.impactRows.set(this.imp.slice(0, this.impactRows.length));
    b[2] = this.halted() ? 1 : 0;
    b[3] = this.steps();
    return k;
  }

  batchBuffer(): Float64Array {
    return this.batch;
  }

  impactBuffer(): Float64Array {
    return this.impactRows;
  }

  /** The fake counts nothing beyond the counters every family has: no run counters of its own. */
  counters(): Float64Array {
    return new Float64Array(0);
  }

  counterLayout(): CounterField[] {
    return [];
  }

  /** The fake declares no momentum maps (the core's are tested against the CLI, claims.test.ts). */
  momentumMapLayout(): MomentumMapField[] {
    return [];
  }

  momentumMaps(): Float64Array {
    return new Float64Array(0);
  }

  drainImpacts(): Float64Array {
    const out = new Float64Array(this.imp);
    this.imp = [];
    return out;
  }

  layout(): RecordLayout {
    return FAKE_LAYOUT;
  }

  /** The fake's impacts: the common record and the rigid body's columns. */
  impactLayout(): RecordLayout {
    return FAKE_IMPACT_LAYOUT;
  }

  stateHash(): string {
    return '0'.repeat(16);
  }

  model(): string {
    return 'rigid_body';
  }

  family(): string {
    return 'rigid_body';
  }

  capabilities(): Capabilities {
    return fakeCapabilities();
  }

  caseName(): string {
    return typeof this.cfg['case'] === 'string' ? this.cfg['case'] : '';
  }

  statusMessage(): string {
    return this.statusText;
  }

  status(): number {
    return this.buf[O.status] ?? 0;
  }

  halted(): boolean {
    return this.status() === 1;
  }

  zenoGuardEvents(): number {
    return 0;
  }

  firstZenoGuardTime(): number {
    return NaN;
  }

  flowEvaluations(): number {
    return this.steps();
  }

  h(): number {
    return this.cfg.h;
  }

  time(): number {
    return this.buf[O.t] ?? NaN;
  }

  energy(): number {
    return this.buf[O.E] ?? NaN;
  }

  initialEnergy(): number {
    return this.buf[O.E0] ?? NaN;
  }

  minPhi(): number {
    return this.buf[O.phi] ?? NaN;
  }

  totalImpacts(): number {
    return this.buf[O.total] ?? 0;
  }

  steps(): number {
    return this.buf[O.steps] ?? 0;
  }

  multiImpactSteps(): number {
    return 0;
  }

  maxDiscreteEnergyMismatch(): number {
    return 0;
  }

  configJson(): string {
    return JSON.stringify(this.cfg);
  }

  integrator(): string {
    const i = (this.cfg as { integrator?: unknown }).integrator;
    return typeof i === 'string' ? i : 'lgvci';
  }

  reverseMomenta(): void {
    for (const o of [O.gamma, O.Pi]) for (let i = 0; i < 3; i++) this.buf[o + i] = -(this.buf[o + i] ?? 0);
  }

  /** The core's rule for position (x0 + δ e₃) on this fake's config; its R is always I, so attitude is refused. */
  /** The fake's one direction: x3 (R stays I here). */
  perturbations(): Perturbation[] {
    return [{ name: 'position', description: 'x0 + delta e3', field: 'x', component: 2, op: 'shift' }];
  }

  /** Restarts at the record's x and gamma (the fake keeps R = I, Π = 0): its config with that start. */
  setState(record: Float64Array | readonly number[]): SimulationError | null {
    if (record.length !== FAKE_LAYOUT.size)
      return { field: 'record', message: `record: must have ${FAKE_LAYOUT.size} numbers (this run's layout), got ${record.length}` };
    const x0 = [0, 1, 2].map((i) => record[O.x + i] ?? NaN);
    const gamma0 = [0, 1, 2].map((i) => record[O.gamma + i] ?? NaN);
    const json = JSON.stringify({ ...(JSON.parse(this.json) as Record<string, unknown>), x0, gamma0 });
    const err = validateFake(json);
    if (err) return err;
    this.json = json;
    this.cfg = merged(json);
    this.reset();
    return null;
  }

  /** The fake's config with the top-level number `path` set to `value`, checked by the fake's rules. */
  withField(path: string, value: number): CreateResult {
    const json = JSON.stringify({ ...(JSON.parse(this.json) as Record<string, unknown>), [path]: value });
    const err = validateFake(json);
    return err ? { sim: null, error: err } : { sim: new FakeSimulation(json), error: null };
  }

  /** The fake's rigid body has no exact Jacobian (as the core's rigid body today): an error, as the core answers. */
  runJacobian(_n: number): JacobianResult {
    return { jacobian: null, error: { field: 'jacobian', message: 'jacobian: the fake engine has no exact derivatives' } };
  }

  perturbedStart(kind: string, delta: number): CreateResult {
    if (kind !== 'position') return { sim: null, error: { field: 'kind', message: 'kind: the fake engine keeps R = I' } };
    const patch = JSON.parse(this.json) as Record<string, unknown>;
    const x0 = [...this.cfg.x0];
    x0[2] = (x0[2] ?? 0) + delta;
    const json = JSON.stringify({ ...patch, x0 });
    const err = validateFake(json);
    return err ? { sim: null, error: err } : { sim: new FakeSimulation(json), error: null };
  }

  /** |x − x0|, |γ + γ0| (no rotation here: R = I, Π = 0, so their distances are 0). */
  returnDistances(start: Float64Array | readonly number[]): DistancesResult {
    if (start.length !== FAKE_LAYOUT.size) {
      return { distances: null, error: { field: 'start', message: 'start: must be a state record of this simulation' } };
    }
    const d = (o: number, sign: number): number =>
      Math.hypot(...[0, 1, 2].map((i) => (this.buf[o + i] ?? 0) + sign * (start[o + i] ?? 0)));
    return { distances: { x: d(O.x, -1), R: 0, gamma: d(O.gamma, 1), Pi: d(O.Pi, 1) }, error: null };
  }

  delete(): void {
    if (this.deleted) throw new Error('double delete');
    this.deleted = true;
  }
}

export function createFakeEngine(): LgvciModule & { createCalls: string[] } {
  const createCalls: string[] = [];
  return {
    createSimulation(json: string): CreateResult {
      createCalls.push(json);
      const err = validateFake(json);
      if (err) return { sim: null, error: err };
      return { sim: new FakeSimulation(json), error: null };
    },
    presetJson(name: string) {
      try {
        return JSON.stringify(fakePreset(name));
      } catch {
        return '';
      }
    },
    impactLayout: () => FAKE_COMMON_IMPACT_LAYOUT,
    heapBytesInUse: () => 0,
    configSchema: () => '',  // the fake family declares no schema: '' as for an unknown family
    families: () => [
      {
        name: 'rigid_body',
        model: 'rigid_body',
        summary: 'the fake: a sphere of radius 1 bouncing on a level plane',
        presets: FAKE_PRESETS.map((name) => ({ name, json: JSON.stringify(fakePreset(name)) })),
        reversal: ['x', 'R', 'gamma', 'Pi'],
        capabilities: fakeCapabilities(),
      },
    ],
    presetNames: () => [...FAKE_PRESETS],
    statusCodes: () => ({ ...STEP_STATUSES }),
    reverseCheck(json: string, steps: number): ReverseCheckResult {
      const err = validateFake(json);
      if (err) return { check: null, error: err };
      const sim = new FakeSimulation(json);
      const start = Float64Array.from(sim.record());
      const E0 = sim.energy();
      const f = sim.step(steps);
      sim.reverseMomenta();
      const b = sim.step(steps);
      const d = sim.returnDistances(start);
      sim.delete();
      return {
        check: { steps, distances: d.distances ?? {}, impactsForward: f, impactsBack: b, energyError: Math.abs(sim.energy() - E0), status: 0 },
        error: null,
      };
    },
    createEnsemble: () => ({ ensemble: null, error: { field: 'ensemble', message: 'ensemble: the fake engine has no ensembles' } }),
    createOrderStudy: () => ({ study: null, error: { field: 'order_study', message: 'order_study: the fake engine has no order study' } }),
    symplecticity: () => ({ report: null, error: { field: 'symplecticity', message: 'symplecticity: the fake engine has no canonical chart' } }),
    bounceMap: () => ({ report: null, error: { field: '--symplecticity', message: '--symplecticity: the fake engine has no bounce map' } }),
    createCalls,
  };
}
