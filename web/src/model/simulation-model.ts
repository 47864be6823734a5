// The model of the page: one running simulation (EngineRun), its playback (clock, last two snapshots,
// pending impacts), the record of every step (RunHistory, for plots and the CSV export), the trail, and
// the family's sensitivity twins when switched on. It composes these units and tells listeners
// about loads, resets and integrator problems. Generic over the model family through ModelFamily.
// No DOM, no three.js.
import { t } from '../i18n';
import type { Capabilities, LgvciModule, Perturbation } from '../engine/lgvci_wasm';
import type { Vec3 } from '../config/types';
import type { Layout } from '../engine/layout';
// The page's registry names the families; the app passes it in and the model only asks it for the
// reader of a family name (FamilyTable).
import type { FamilyConfig, FamilyTable, ModelFamily, Snapshot } from './family';
import { RunHistory } from './history';
import type { DrawnState } from './playback';
import { Playback } from './playback';
import type { Impact, StatusCodes, StatusReport } from './run';
import { EngineRun, statusCodes } from './run';
import { TrailBuffer } from './trail';
import { snapshotConservedEnergy } from './energy-balance';
import type { TwinPlan, TwinSet, TwinSpec } from './twins';
import { TwinError, createTwins } from './twins';
import type { Rapier } from '../engine/rapier';
import { BaselineError, ComparisonBaselines, comparisonPlan } from './baselines';
import type { CompanionRun } from './companions';

export type { Impact, StatusCodes, StatusReport } from './run';
export type { Snapshot } from './family';

/** Time a frame may spend stepping (ms): the rest of a 60 Hz frame's 16.7 ms is for drawing. */
export const STEP_BUDGET_MS = 8;

/** The most steps one call takes (bounds the module's batch buffer: 2^14 records, a few MB). */
const MAX_FRAME_STEPS = 1 << 14;

/** Steps the first frame of a set-up may take, before its cost per step is measured. */
export const FIRST_FRAME_STEPS = 64;

export type ModelEvent = 'load' | 'reset' | 'status' | 'twins' | 'comparison' | 'reverse' | 'returned';

/** A time reversal of the running simulation (the Reverse button) and, once back, how close it came. */
export interface Reversal {
  /** Steps from the origin (the start, or the previous reversal) to the reversal: N. */
  readonly steps: number;
  /** The step count at which the run is back at the origin's time-reversed image: reversal + N. */
  readonly returnStep: number;
  /** The core's distances from the reversed origin (x, R, gamma, Pi; generalized q, p), once back. */
  distances: Record<string, number> | null;
  /** Companion runs (baselines, twins): the distance of their pose space (|x − x₀| + ‖R − R₀‖₂, |q − q₀|) once back, by companion id. */
  companions: Record<string, number>;
  /** Simulated time of the return. */
  t: number;
  /** Impacts between the origin and the reversal (the way back crosses them again). */
  impacts: number;
  /** The time step h, s (with the speed: how long the way back takes). */
  h: number;
  /** The run has sensitivity twins, i.e. perturbations (the wording of the limit: they show the impacts' amplification). */
  twins: boolean;
}

export interface ModelListener {
  (event: ModelEvent): void;
}

export type { FamilyResolver } from './family';

export class SimulationModel {
  readonly engine: LgvciModule;
  readonly run: EngineRun;
  readonly playback = new Playback();
  readonly clock = this.playback.clock;
  private readonly listeners = new Set<ModelListener>();
  private readonly families: FamilyTable;
  /** The reader of the running simulation's record (its id: the core's family name). */
  family!: ModelFamily;
  /** What the running family can do (the core's capabilities of sim.family()). */
  capabilities!: Capabilities;
  /** The core's step statuses by name. */
  readonly codes: StatusCodes;
  /** The family's parsed resolved config of the running simulation (its reader's parseConfig: the family's own type). */
  config!: FamilyConfig;
  /** The JSON this simulation was built from (what the controls sent). */
  configJson = '';
  /** Unit normal of the ground. */
  normal: Vec3 = [0, 0, 1];
  /** The latest integrator problem since the last load/reset, if any. */
  status: StatusReport | null = null;
  /** Centre of mass after every step (for the trail). */
  readonly trail = new TrailBuffer(4096);
  /** Impacts drained so far, reset with the simulation; for cross-checking the state counter. */
  drainedImpacts = 0;
  /** Every step of the current run (row 0 = initial state): the CSV export and the plots read it. */
  readonly history: RunHistory;
  /** The sensitivity twins, when switched on. */
  twins: TwinSet | null = null;
  /** Which twins each run gets (kept across restarts, asked again at each load); null when they are off. */
  twinPlan: TwinPlan | null = null;
  /** Why the twins were switched off after a restart ('' if they were not). */
  twinError = '';
  /** The comparison baselines (the family's core baselines, Rapier) when the comparison is on. */
  baselines: ComparisonBaselines | null = null;
  /** The comparison is on: the Rapier module to use (null: the core's baselines only); undefined when off. */
  private comparisonRapier: Rapier | null | undefined = undefined;
  /** Why the comparison was switched off after a restart ('' if it was not). */
  comparisonError = '';
  /** The latest time reversal, if any since the last restart. */
  reversal: Reversal | null = null;
  /** History rows at which the run was reversed since the last restart (companions replay them). */
  private readonly reversalRows: number[] = [];
  /** Origin of the next reversal: the state record (copy), its step count and the companions' poses. */
  private origin: { record: Float64Array; step: number; impacts: number; poses: Map<string, Float64Array> } | null = null;
  /** A Newton failure stopped a playing run: the next reset or load plays again. */
  private resumeOnRestart = false;
  private stopped = false;
  private readonly pos: Vec3 = [0, 0, 0];
  /** The state record of the step being read (copied from the module's batch buffer; sized at load). */
  private row = new Float64Array(0);

  constructor(
    engine: LgvciModule,
    families: FamilyTable,
    speed = 1,
    history: RunHistory = new RunHistory(),
  ) {
    this.engine = engine;
    this.codes = statusCodes(engine);
    this.run = new EngineRun(engine);
    this.clock.speed = speed;
    this.history = history;
    this.families = families;
  }

  get loaded(): boolean {
    return this.run.loaded;
  }

  get prev(): Snapshot {
    return this.playback.prev;
  }

  get curr(): Snapshot {
    return this.playback.curr;
  }

  /** The core's fully resolved config of the running simulation (Simulation.configJson()). */
  get resolvedJson(): string {
    return this.run.resolvedJson;
  }

  /** The running simulation's perturbations, the default first (the same array until the next load). */
  get perturbations(): readonly Perturbation[] {
    return this.run.perturbations;
  }

  on(fn: ModelListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(e: ModelEvent): void {
    for (const fn of this.listeners) fn(e);
  }

  /**
   * Replace the simulation by one built from `json`. Throws an Error with the core's message for an
   * invalid config; the running simulation is then kept.
   */
  load(json: string): void {
    this.adopt(json, this.run.load(json, (resolved, familyName, layout) => this.resolveFamily(resolved, familyName, layout)));
  }

  /**
   * A typed field update (docs/architecture.md "The walk of h"): the running simulation rebuilt by the
   * core with the number row `path` of its config set to `value`. Returns the core's resolved h
   * (HybridSimulation.h()). Throws an Error with the core's message when refused (the run is kept).
   */
  withField(path: string, value: number): number {
    const loaded = this.run.withField(path, value, (resolved, familyName, layout) => this.resolveFamily(resolved, familyName, layout));
    this.adopt(this.run.resolvedJson, loaded);
    return this.run.h;
  }

  /** The reader of a new simulation's family and its parsed resolved config (the view's). */
  private resolveFamily(resolved: string, familyName: string, layout: Layout): { family: ModelFamily; config: FamilyConfig } {
    const family = this.families.resolve(familyName, layout);
    return { family, config: family.parseConfig(resolved) as FamilyConfig };
  }

  /** After the run took a new simulation: the model's state for it. */
  private adopt(json: string, { family, config }: { family: ModelFamily; config: FamilyConfig }): void {
    this.accepted.clear();
    this.family = family;
    if (this.row.length !== family.layout.size) this.row = new Float64Array(family.layout.size);
    this.capabilities = this.run.capabilities as Capabilities;
    this.configJson = json;
    this.config = config;
    this.normal = family.groundNormal(config);
    this.history.setFormat(family);
    // A new set-up has its own cost per step: the frames measure it afresh (advance()).
    this.frameSteps = FIRST_FRAME_STEPS;
    this.slowed = false;
    this.rebuildTwins();
    this.rebuildBaselines();
    this.afterRestart();
    this.emit('load');
  }

  /** After a new config: new twins from it, or none (with twinError) if a perturbed start is invalid. */
  private rebuildTwins(): void {
    this.twins?.dispose();
    this.twins = null;
    this.twinError = '';
    if (!this.twinPlan) return;
    const t = this.makeTwins(this.twinPlan);
    if (typeof t === 'string') {
      this.twinPlan = null;
      this.twinError = t;
    } else {
      this.twins = t;
    }
  }

  private makeTwins(plan: TwinPlan): TwinSet | string {
    const run = this.run;
    if (run.perturbations.length === 0) return t('model.twinsNone');
    try {
      const spec = plan(this.family.id, run.perturbations);
      return createTwins({ family: this.family, perturbations: run.perturbations, perturbedStart: (kind, delta) => run.perturbedStart(kind, delta) }, spec, this.families.twins(this.family.id));
    } catch (e) {
      return e instanceof TwinError ? e.message : t('model.twinsFailed', { message: (e as Error).message });
    }
  }

  /** Whether acceptsPerturbation(kind, size) is answered without asking the core. */
  knowsPerturbation(kind: string, size: number): boolean {
    return this.accepted.has(`${kind}\u0000${size}`);
  }

  /** acceptsPerturbation's answers for the running simulation, by kind and size (cleared by a load). */
  private readonly accepted = new Map<string, boolean>();

  /**
   * Whether the core accepts the running simulation's start moved by `size` along the perturbation
   * `kind` (its perturbedStart gives a simulation, deleted at once): a twin or ensemble member could start
   * there. Asked once per kind and size until the next load.
   */
  acceptsPerturbation(kind: string, size: number): boolean {
    const key = `${kind}\u0000${size}`;
    let ok = this.accepted.get(key);
    if (ok === undefined) {
      const r = this.run.perturbedStart(kind, size);
      ok = r.sim !== null;
      r.sim?.delete();
      this.accepted.set(key, ok);
    }
    return ok;
  }

  /** The twins of the running simulation: their perturbations and sizes (null when they are off). */
  get twinSpec(): TwinSpec | null {
    return this.twins?.spec ?? null;
  }

  /** The twins are on (asked for; they may have failed to start after a restart: twinError says why). */
  get twinsOn(): boolean {
    return this.twinPlan !== null;
  }

  /**
   * Switch the sensitivity twins on with the given plan (rebuilding them if they were on) or off
   * (null). Switched on mid-run, they catch up with the main run step by step from t = 0. Returns ''
   * or the reason they could not start (the previous twins are then kept).
   */
  setTwins(plan: TwinPlan | null): string {
    if (!this.loaded) throw new Error('SimulationModel: no simulation loaded');
    if (plan === null) {
      this.twins?.dispose();
      this.twins = null;
      this.twinPlan = null;
      this.twinError = '';
      this.emit('twins');
      return '';
    }
    const twins = this.makeTwins(plan);
    if (typeof twins === 'string') return twins;
    this.twins?.dispose();
    this.twins = twins;
    this.twinPlan = plan;
    this.twinError = '';
    twins.syncTo(this.history, this.reversalRows);
    this.emit('twins');
    return '';
  }

  /** After a new config: new baselines from it, or none (with comparisonError) if they cannot start. */
  private rebuildBaselines(): void {
    this.baselines?.dispose();
    this.baselines = null;
    this.comparisonError = '';
    if (this.comparisonRapier === undefined) return;
    const b = this.makeBaselines(this.comparisonRapier);
    if (typeof b === 'string') {
      this.comparisonRapier = undefined;
      this.comparisonError = b;
    } else {
      this.baselines = b;
    }
  }

  /** The companions the comparison of the running simulation would run (baselines.ts comparisonPlan). */
  get comparisonPlan(): string[] {
    return this.loaded ? comparisonPlan(this.capabilities, this.run.integrator()) : [];
  }

  private makeBaselines(rapier: Rapier | null): ComparisonBaselines | string {
    if (this.comparisonPlan.length === 0) {
      if (this.capabilities.baselines.length > 0) {
        return t('model.onlyBaseline', { integrator: this.run.integrator() });
      }
      return t('model.comparisonOnly', { families: this.families.withCapability(this.engine.families(), (c) => c.baselines.length > 0) });
    }
    try {
      return new ComparisonBaselines(this.engine, rapier, {
        resolvedJson: this.resolvedJson,
        family: this.family,
        rapier: this.families.rapier(this.family.id),
        capabilities: this.capabilities,
        mainIntegrator: this.run.integrator(),
      });
    } catch (e) {
      return e instanceof BaselineError ? e.message : t('model.comparisonFailed', { message: (e as Error).message });
    }
  }

  /**
   * Switch the comparison on (the family's core baselines, and Rapier when its module is given and the
   * body has a shape) or off (false).
   * Switched on mid-run, the baselines catch up from t = 0. Returns '' or why it could not start.
   */
  setComparison(rapier: Rapier | null | false): string {
    if (!this.loaded) throw new Error('SimulationModel: no simulation loaded');
    if (rapier === false) {
      this.baselines?.dispose();
      this.baselines = null;
      this.comparisonRapier = undefined;
      this.comparisonError = '';
      this.emit('comparison');
      return '';
    }
    const b = this.makeBaselines(rapier);
    if (typeof b === 'string') return b;
    this.baselines?.dispose();
    this.baselines = b;
    this.comparisonRapier = rapier;
    this.comparisonError = '';
    b.syncTo(this.history, this.reversalRows);
    this.emit('comparison');
    return '';
  }

  /** The list `companions` returned, and the sets it was made of. */
  private companionList: { twins: TwinSet | null; baselines: ComparisonBaselines | null; runs: readonly CompanionRun[] } | null = null;

  /** Every companion run (twins, then baselines): the same array until either set changes (the frame loop reads it every frame). */
  get companions(): readonly CompanionRun[] {
    const c = this.companionList;
    if (c && c.twins === this.twins && c.baselines === this.baselines) return c.runs;
    const runs = [...(this.twins?.runs ?? []), ...(this.baselines?.runs ?? [])];
    this.companionList = { twins: this.twins, baselines: this.baselines, runs };
    return runs;
  }

  private markOrigin(): void {
    const poses = new Map<string, Float64Array>();
    for (const r of this.companions) poses.set(r.id, Float64Array.from(r.currPose));
    this.origin = { record: Float64Array.from(this.run.state()), step: this.run.steps(), impacts: this.curr.impacts, poses };
  }

  /**
   * Time reversal (the Reverse button): negate the momenta of the main run and of its companions; the
   * body runs back. After as many steps as it ran since the origin (the start, or the previous
   * reversal), `reversal.distances` holds how far it is from the origin's reversed image and the clock
   * pauses there. Returns '' or why nothing was done.
   */
  reverse(): string {
    if (!this.loaded) throw new Error('SimulationModel: no simulation loaded');
    if (this.halted) return t('model.haltedReverse');
    const origin = this.origin;
    const steps = origin ? this.run.steps() - origin.step : 0;
    if (!origin || steps <= 0) return t('model.runFirst');
    const reversal: Reversal = {
      steps,
      returnStep: this.run.steps() + steps,
      distances: null,
      companions: {},
      t: NaN,
      impacts: this.curr.impacts - origin.impacts,
      h: this.clock.h,
      twins: this.run.perturbations.length > 0,
    };
    this.pendingOrigin = origin;
    this.markOrigin(); // the next reversal returns here
    this.run.reverseMomenta();
    // the companions, synced to this row, negate theirs before their next step (CompanionSet.syncTo)
    this.reversalRows.push(this.history.length - 1);
    this.reversal = reversal;
    const state = this.run.state();
    this.family.readInto(state, this.playback.curr);
    this.family.readInto(state, this.playback.prev);
    this.emit('reverse');
    return '';
  }

  /** The origin the current reversal returns to. */
  private pendingOrigin: { record: Float64Array; step: number; impacts: number; poses: Map<string, Float64Array> } | null = null;

  /** Called after each step: at the return step, measure the distances and pause. */
  private checkReturn(steps: number): boolean {
    const rev = this.reversal;
    const origin = this.pendingOrigin;
    if (!rev || !origin || rev.distances || steps !== rev.returnStep) return false;
    rev.distances = this.run.returnDistances(origin.record);
    rev.t = this.run.time();
    for (const r of this.companions) {
      // a companion switched on after the origin was taken knows its pose there only if it is the start
      const p0 = origin.poses.get(r.id) ?? (origin.step === 0 ? r.initialPose : undefined);
      if (p0 && r.length > 0) rev.companions[r.id] = r.space.distance(r.currPose, p0);
    }
    this.pendingOrigin = null;
    this.clock.running = false;
    this.clock.clear();
    this.emit('returned');
    return true;
  }

  private afterRestart(): void {
    // A start may be another family's (a load): two new snapshots, which each step is then read into.
    const state = this.run.state();
    const s = this.family.read(state);
    this.playback.restart(s, this.family.read(state), this.run.h);
    if (this.resumeOnRestart) this.clock.running = true;
    this.resumeOnRestart = false;
    this.fastForward = false;
    this.status = null;
    this.stopped = false;
    this.drainedImpacts = 0;
    this.trail.clear();
    this.trail.push(s.t, ...s.x);
    this.history.clear();
    this.history.record(this.run.state(), 0);
    this.twins?.reset(this.history);
    this.baselines?.reset(this.history);
    this.reversal = null;
    this.reversalRows.length = 0;
    this.pendingOrigin = null;
    this.markOrigin();
  }

  reset(): void {
    this.run.reset();
    this.afterRestart();
    this.emit('reset');
  }

  /** A step of this run halted it (the core's halted() after that step; cleared by a reset or load). */
  get halted(): boolean {
    return this.stopped;
  }

  /**
   * Take n fixed steps; prev becomes the state one step before the new current one. The steps run in
   * one binding call (EngineRun.stepBatch; docs/page.md "The frame loop") that stops early only at a
   * step with a non-ok status (reported here at that step, then the rest follow in another call), at a
   * halt, and at the return step of a pending reversal. Each step's record is copied from the module's
   * buffer into one scratch row that the trail, the history and the snapshots read.
   */
  step(n = 1): number {
    const pb = this.playback;
    const row = this.row;
    const size = row.length;
    let impacts = 0;
    let i = 0;
    while (i < n && !this.halted) {
      let want = n - i;
      const rev = this.reversal;
      if (rev && !rev.distances && this.pendingOrigin) {
        const left = rev.returnStep - this.run.stepCount;
        if (left > 0) want = Math.min(want, left);
      }
      const b = this.run.stepBatch(want);
      if (b.steps === 0) break;
      const buf = b.buf;
      const first = this.run.stepCount - b.steps; // steps before the batch
      let impactRows = 0;
      let back = false;
      for (let j = 0; j < b.steps; j++, i++) {
        const last = i === n - 1;
        if (last && i > 0) this.family.readInto(row, pb.prev);
        else if (last) pb.swap(); // curr is read below (last)
        const o = b.offset(j);
        const k = buf[o] ?? 0;
        const rowsEnd = buf[o + 1] ?? 0;
        const code = buf[o + 2] ?? NaN;
        const t = buf[o + 3] ?? NaN;
        const r = o + b.record;
        for (let c = 0; c < size; c++) row[c] = buf[r + c] ?? NaN;
        const halted = b.halted && j === b.steps - 1;
        if (halted) this.stopped = true;
        impacts += k;
        if (k > 0) {
          this.collectImpacts(impactRows, rowsEnd);
          impactRows = rowsEnd;
        }
        const x = this.pos;
        this.family.position(row, x);
        this.trail.push(t, x[0], x[1], x[2]);
        // Like the CLI's --csv, a step that halted the run (and was discarded) writes no row.
        if (!halted) this.history.record(row, k);
        // The companions take the batch's rows in one call each, before a return (always a batch's
        // last step) measures their distances.
        if (j === b.steps - 1) {
          this.twins?.syncTo(this.history, this.reversalRows);
          this.baselines?.syncTo(this.history, this.reversalRows);
        }
        back = this.checkReturn(first + j + 1);
        if (last || halted || back) this.family.readInto(row, pb.curr);
        if (back && !last) {
          this.family.readInto(row, pb.prev);
          break;
        }
        if (code !== this.codes['ok']) this.reportStatus(code, halted);
        if (halted && !last) this.family.readInto(row, pb.prev);
      }
      if (back) break;
    }
    return impacts;
  }

  private readonly impactListeners = new Set<(recs: readonly Impact[]) => void>();

  /** Call fn with each batch's impact records as they are taken (the host API's impact events). */
  onImpacts(fn: (recs: readonly Impact[]) => void): () => void {
    this.impactListeners.add(fn);
    return () => this.impactListeners.delete(fn);
  }

  /** The impact records of rows [from, to) of the last batch. */
  private collectImpacts(from: number, to: number): void {
    const recs = this.run.batchImpacts(from, to);
    for (const fn of this.impactListeners) fn(recs);
    this.drainedImpacts += recs.length;
    for (const r of recs) this.history.recordImpactTime(r.t, r.fields);
    this.playback.addImpacts(recs);
  }

  private reportStatus(code: number, halted: boolean): void {
    this.status = this.run.statusReport(code);
    if (halted) {
      // The halt pauses the clock, not the user: a reset or a new setting resumes playing.
      this.resumeOnRestart ||= this.clock.running;
      this.clock.running = false;
    }
    this.emit('status');
  }

  /**
   * Advance by a wall-clock interval through the fixed-step clock; returns the steps taken. The steps
   * run in one binding call (step(), docs/page.md "The frame loop") of at most the steps `budgetMs`
   * affords at the cost per step the previous frames measured: what is left is dropped (the run goes
   * on in slow motion, `slowed` says so) rather than blocking the page for more than a frame.
   */
  advance(wallSeconds: number, budgetMs = STEP_BUDGET_MS, now: () => number = () => performance.now()): number {
    const n = this.clock.tick(wallSeconds);
    if (n <= 0) return 0;
    const done = this.timedStep(Math.min(n, this.frameSteps), budgetMs, now);
    this.slowed = done < n && !this.halted && this.clock.running;
    if (this.slowed) this.clock.dropped += (n - done) * this.clock.h;
    return done;
  }

  /**
   * Steps one frame's call may take: what the step budget affords at the cost per step measured by the
   * last call, at most twice the last call's steps and at least one, so a slow step shortens the next
   * frame's call down to a single step (a set-up whose step takes 0.1 s blocks the page 0.1 s a frame,
   * not 8 steps' worth) and a fast one lengthens it gradually. FIRST_FRAME_STEPS after a load.
   */
  private frameSteps = FIRST_FRAME_STEPS;

  /** Steps the next frame's call may take (frameSteps; tests read it). */
  get frameStepBudget(): number {
    return this.frameSteps;
  }

  /** Take k steps in one call (step()) and refit frameSteps to the time they took; returns k. */
  private timedStep(k: number, budgetMs: number, now: () => number): number {
    const t0 = now();
    this.step(k);
    const ms = now() - t0;
    const grow = 2 * Math.max(this.frameSteps, k);
    const fit = ms > 0 ? Math.floor((k * budgetMs) / ms) : grow;
    this.frameSteps = Math.max(1, Math.min(grow, fit, MAX_FRAME_STEPS));
    return k;
  }

  /** The last frame could not take every step the clock asked for within its budget (slow motion). */
  slowed = false;

  /** The way back of a reversal is being run as fast as the frames allow (the frame loop calls fastReturn). */
  fastForward = false;

  /**
   * Step toward the pending reversal's return for at most `budgetMs` (growing chunks, as advance());
   * returns the steps still to go (0: back, or nothing pending). The clock is not used: the way back
   * of a long run takes as many frames as its steps need, not its simulated time.
   */
  fastReturn(budgetMs = STEP_BUDGET_MS, now: () => number = () => performance.now()): number {
    const rev = this.reversal;
    if (!rev || rev.distances || this.halted) {
      this.fastForward = false;
      return 0;
    }
    const left = rev.returnStep - this.run.stepCount;
    if (left > 0) this.timedStep(Math.min(left, this.frameSteps), budgetMs, now);
    const togo = rev.distances || this.halted ? 0 : rev.returnStep - this.run.stepCount;
    if (togo <= 0) this.fastForward = false;
    return Math.max(togo, 0);
  }

  /** Interpolation weight for drawing: the clock's fraction while running, else the current state. */
  get alpha(): number {
    return this.playback.alpha;
  }

  /** Position and attitude to draw, between prev and curr. */
  interpolated(alpha = this.alpha): DrawnState {
    return this.playback.interpolated(alpha);
  }

  /** Remove and return the pending impacts with time ≤ t. */
  takeImpactsUpTo(t: number): readonly Impact[] {
    return this.playback.takeImpactsUpTo(t);
  }

  /** Relative energy error |E − E0| / |E0| of the current state. */
  get relativeEnergyError(): number {
    const c = this.curr;
    // The balance the run keeps: E + dissipated = E₀ (the core's conserved_energy).
    return Math.abs(snapshotConservedEnergy(c) - c.energy0) / Math.abs(c.energy0);
  }

  /** Delete the embind objects; the model is unusable afterwards. */
  dispose(): void {
    this.twins?.dispose();
    this.twins = null;
    this.baselines?.dispose();
    this.baselines = null;
    this.twinPlan = null;
    this.run.dispose();
    this.listeners.clear();
    this.playback.clear();
  }
}
