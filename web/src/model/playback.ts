// What drawing needs from a run in progress: the fixed-step clock, the last two snapshots (the body is
// drawn interpolated between them) and the impacts produced but not yet reached by the drawn time.
// Generic over the model family's snapshot. No DOM.
import { FixedStepClock } from './clock';
import type { Snapshot } from './family';
import type { Pose } from './interpolation';
import { lerpPoseInto } from './interpolation';
import type { Impact } from './run';

/** Impacts kept for flashes; older ones are dropped. */
const MAX_PENDING = 256;
/** What takeImpactsUpTo returns when no impact is due (shared: never written). */
const NO_IMPACTS: readonly Impact[] = Object.freeze([]);

/** The pose to draw (Playback.interpolated): one object, rewritten each frame. */
export interface DrawnState extends Pose {
  t: number;
}

export class Playback<S extends Snapshot = Snapshot> {
  readonly clock: FixedStepClock;
  /**
   * The state one step before curr, and the current state: always two distinct objects, which the
   * model reads each step's states into (ModelFamily.readInto), so that a frame creates no snapshot.
   */
  prev!: S;
  curr!: S;
  private pending: Impact[] = [];
  private readonly drawn: DrawnState = { t: 0, x: [0, 0, 0], q: [0, 0, 0, 1] };

  constructor(speed = 1) {
    this.clock = new FixedStepClock(0.01, speed);
  }

  /** A new start: two snapshots of the start (distinct objects), nothing pending, the clock's remainder cleared. */
  restart(curr: S, prev: S, h: number): void {
    if (curr === prev) throw new Error('Playback.restart: curr and prev must be distinct snapshots (each step is read into one of them)');
    this.clock.h = h;
    this.clock.clear();
    this.pending = [];
    this.curr = curr;
    this.prev = prev;
  }

  /** prev and curr exchanged (after a step: the old current state becomes the previous one). */
  swap(): void {
    const c = this.curr;
    this.curr = this.prev;
    this.prev = c;
  }

  addImpacts(recs: readonly Impact[]): void {
    this.pending.push(...recs);
    if (this.pending.length > MAX_PENDING) this.pending.splice(0, this.pending.length - MAX_PENDING);
  }

  /** Interpolation weight for drawing: the clock's fraction while running, else the current state. */
  get alpha(): number {
    return this.clock.running ? this.clock.alpha : 1;
  }

  /**
   * Position and attitude to draw, between prev and curr. The same object every call, rewritten (no
   * allocation per frame): read it before the next call, do not keep it.
   */
  interpolated(alpha = this.alpha): DrawnState {
    const out = this.drawn;
    out.t = this.prev.t + (this.curr.t - this.prev.t) * alpha;
    return lerpPoseInto(this.prev, this.curr, alpha, out);
  }

  /** Remove and return the pending impacts with time ≤ t (so flashes appear when the drawn body gets there). */
  takeImpactsUpTo(t: number): readonly Impact[] {
    let k = 0;
    while (k < this.pending.length && (this.pending[k]?.t ?? Infinity) <= t + 1e-12) k++;
    // none due (most frames): one shared empty list, not a new array a frame
    return k === 0 ? NO_IMPACTS : this.pending.splice(0, k);
  }

  clear(): void {
    this.pending = [];
    this.clock.running = false;
  }
}
