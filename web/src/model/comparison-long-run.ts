// The comparison's computations for the worker: the long-run table (energy error after N
// steps, impacts, time per step for the main run's integrator and the comparison's companions from
// the same config: the family's core baselines, RK4 and naive, and Rapier for a family with shapes,
// set up by its package) and
// the return-error sweep (the core's reverse check, N steps forward, momenta negated, N back, for a
// list of N, LGVCI and RK4). Pure computations over the engines; the worker posts their results.
import type { LgvciModule } from '../engine/lgvci_wasm';
import type { Rapier } from '../engine/rapier';
import { createSimulationOrThrow } from '../engine/create';
import type { RapierBaseline } from './baselines';
import { baselineConfig, comparisonPlan, rk4Config } from './baselines';
import type { CompanionStepper } from './companions';
import { CoreStepper, STEPPER_HALTED } from './companions';

export interface TableRow {
  /** The method's name as the worker writes it (English: the worker has no language), */
  method: string;
  /** and what the page names it by: the integrator ('rapier' for Rapier), and whether it is the main run's. */
  id: string;
  main: boolean;
  steps: number;
  impacts: number;
  /** |E − E₀| / |E₀| after the last step, and its maximum over the run. */
  finalRelError: number;
  /** (E − E₀) / |E₀| after the last step (negative: energy lost). */
  finalDrift: number;
  maxRelError: number;
  /** Wall time of the stepping divided by the steps, µs. */
  usPerStep: number;
  /** '' or why the method is missing / stopped (English, as the worker writes it; see haltedAfter, missing). */
  note: string;
  /** The steps done when the integrator halted (absent: it did not). */
  haltedAfter?: number;
  /** Rapier's module could not be loaded in the worker. */
  missing?: boolean;
}

export interface SweepPoint {
  steps: number;
  /** Largest of the core's four distances (|x − x₀|, ‖R − R₀‖₂, |γ + γ₀|, |Π + Π₀|). */
  lgvci: number;
  rk4: number;
  impactsLgvci: number;
  impactsRk4: number;
}

export type ComparisonRequest =
  | { type: 'compare-table'; id: number; configJson: string; steps: number }
  | { type: 'reverse-sweep'; id: number; configJson: string; steps: readonly number[] };

export type ComparisonReply =
  | { type: 'compare-row'; id: number; row: TableRow }
  | { type: 'compare-done'; id: number }
  | { type: 'sweep-point'; id: number; point: SweepPoint }
  | { type: 'sweep-done'; id: number }
  | { type: 'compare-error'; id: number; message: string };

/** The run lengths of the return-error plot. */
export const SWEEP_STEPS: readonly number[] = [100, 200, 300, 500, 700, 1000, 1200, 1500, 1750, 2000];

/** Steps `stepper` n times from its initial state, measuring the energy error after every step. */
export function measureRun(method: string, stepper: CompanionStepper, steps: number, now: () => number): Omit<TableRow, 'id' | 'main'> {
  stepper.reset();
  const E0 = stepper.energy();
  let impacts = 0;
  let maxRel = 0;
  let done = 0;
  let note = '';
  let haltedAfter: number | undefined;
  let spent = 0;
  const CHUNK = 1000;
  while (done < steps) {
    const n = Math.min(CHUNK, steps - done);
    const t0 = now();
    let halted = false;
    for (let i = 0; i < n; i++) {
      const k = stepper.step();
      if (k === STEPPER_HALTED) {
        halted = true;
        break;
      }
      impacts += k;
      done += 1;
    }
    spent += now() - t0;
    // the energy is sampled once per chunk and at the end (the stepping time excludes it)
    const rel = Math.abs(stepper.energy() - E0) / Math.abs(E0);
    if (rel > maxRel || !Number.isFinite(rel)) maxRel = rel;
    if (halted) {
      note = `halted after ${done} steps`;
      haltedAfter = done;
      break;
    }
  }
  const drift = (stepper.energy() - E0) / Math.abs(E0);
  const finalRel = Math.abs(drift);
  return { method, steps: done, impacts, finalRelError: finalRel, finalDrift: drift, maxRelError: Math.max(maxRel, finalRel), usPerStep: (spent * 1000) / Math.max(1, done), note, ...(haltedAfter !== undefined ? { haltedAfter } : {}) };
}

/** The companions of a config's comparison (baselines.ts comparisonPlan), from its simulation's capabilities. */
export function tablePlan(engine: LgvciModule, configJson: string): string[] {
  const sim = createSimulationOrThrow(engine, configJson);
  try {
    return comparisonPlan(sim.capabilities(), sim.integrator());
  } finally {
    sim.delete();
  }
}

/**
 * A method's name as the worker writes it in a row (English: a worker has no language, and the page
 * names the row by its id; baselines.ts baselineLabel and mainMethodLabel say the same in English).
 */
const ENGLISH_NAMES: Readonly<Record<string, string>> = { rk4: 'RK4 baseline', naive: 'Naive baseline', rapier: 'Rapier engine' };
function englishName(id: string, main: boolean): string {
  return ENGLISH_NAMES[id] ?? (main ? id.toUpperCase() : `${id.toUpperCase()} baseline`);
}

/** Rapier's row when it does not run. */
const RAPIER_ROW = { method: 'Rapier engine', id: 'rapier', main: false, steps: 0, impacts: 0, finalRelError: NaN, finalDrift: NaN, maxRelError: NaN, usPerStep: NaN };

/**
 * The table's rows (the main run's, then each companion's), one by one through `emit`. `rapierOf`:
 * the Rapier set-up of a family, by the core's family name (its package's, app/family-parts.ts).
 */
export function compareTable(
  engine: LgvciModule,
  rapier: Rapier | null,
  rapierOf: (familyName: string) => RapierBaseline | undefined,
  configJson: string,
  steps: number,
  emit: (row: TableRow) => void,
  now: () => number = () => performance.now(),
): void {
  // measureRun reads energies and impacts only: no family reader is needed for the poses
  const sim = createSimulationOrThrow(engine, configJson);
  const plan = comparisonPlan(sim.capabilities(), sim.integrator());
  const familyName = sim.family();
  const main = new CoreStepper(sim);
  try {
    emit({ ...measureRun(englishName(main.integrator, true), main, steps, now), id: main.integrator, main: true });
  } finally {
    main.dispose();
  }
  for (const id of plan) {
    if (id === 'rapier') continue;
    const b = new CoreStepper(createSimulationOrThrow(engine, baselineConfig(configJson, id)));
    try {
      emit({ ...measureRun(englishName(id, false), b, steps, now), id, main: false });
    } finally {
      b.dispose();
    }
  }
  if (!plan.includes('rapier')) return;
  if (!rapier) {
    emit({ ...RAPIER_ROW, note: 'Rapier could not be loaded', missing: true });
    return;
  }
  let ra: CompanionStepper;
  try {
    const setUp = rapierOf(familyName);
    if (!setUp) throw new Error(`Rapier: the family ${familyName} has shapes but its package sets up no Rapier run`);
    ra = setUp(rapier, configJson);
  } catch (e) {
    emit({ ...RAPIER_ROW, note: (e as Error).message });
    return;
  }
  try {
    emit({ ...measureRun(englishName('rapier', false), ra, steps, now), id: 'rapier', main: false });
  } finally {
    ra.dispose();
  }
}

/** Largest distance of a reverse check (or Infinity if it failed). */
function largest(engine: LgvciModule, cfg: string, n: number): { d: number; impacts: number } {
  const r = engine.reverseCheck(cfg, n);
  if (!r.check) throw new Error(r.error.message);
  const vals = Object.values(r.check.distances);
  return { d: r.check.status === 1 ? Infinity : Math.max(...vals), impacts: r.check.impactsForward };
}

/** The core's reverse check for each N, LGVCI and RK4. */
export function sweepPoint(engine: LgvciModule, configJson: string, n: number): SweepPoint {
  const a = largest(engine, configJson, n);
  const b = largest(engine, rk4Config(configJson), n);
  return { steps: n, lgvci: a.d, rk4: b.d, impactsLgvci: a.impacts, impactsRk4: b.impacts };
}
