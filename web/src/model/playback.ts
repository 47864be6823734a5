// What drawing needs from a run in progress: the fixed-step clock, the last two snapshots (the body is
// drawn interpolated between them) and the impacts produced but not yet reached by the drawn time.
// Generic over the model family's snapshot. No DOM.
import { FixedStepClock } from './clock';
import type { Snapshot } from './family';
import type { Quat } from './interpolation';
import { lerpVec3, slerp } from './interpolation';
import type { Impact } from './run';
import type { Vec3 } from '../config/types';

/** Impacts kept for flashes; older ones are dropped. */
const MAX_PENDING = 256;

export class Playback<S extends Snapshot = Snapshot> {
  readonly clock: FixedStepClock;
  prev!: S;
  curr!: S;
  private pending: Impact[] = [];

  constructor(speed = 1) {
    this.clock = new FixedStepClock(0.01, speed);
  }

  /** A new start: both snapshots at s, nothing pending, the clock's remainder cleared. */
  restart(s: S, h: number): void {
    this.clock.h = h;
    this.clock.clear();
    this.pending = [];
    this.curr = s;
    this.prev = s;
  }

  addImpacts(recs: readonly Impact[]): void {
    this.pending.push(...recs);
    if (this.pending.length > MAX_PENDING) this.pending.splice(0, this.pending.length - MAX_PENDING);
  }

  /** Interpolation weight for drawing: the clock's fraction while running, else the current state. */
  get alpha(): number {
    return this.clock.running ? this.clock.alpha : 1;
  }

  /** Position and attitude to draw, between prev and curr. */
  interpolated(alpha = this.alpha): { t: number; x: Vec3; q: Quat; coords?: number[] } {
    const out: { t: number; x: Vec3; q: Quat; coords?: number[] } = {
      t: this.prev.t + (this.curr.t - this.prev.t) * alpha,
      x: lerpVec3(this.prev.x, this.curr.x, alpha),
      q: slerp(this.prev.q, this.curr.q, alpha),
    };
    const a = this.prev.coords;
    const b = this.curr.coords;
    if (a && b && a.length === b.length) out.coords = b.map((v, i) => (a[i] ?? v) + (v - (a[i] ?? v)) * alpha);
    else if (b) out.coords = [...b];
    return out;
  }

  /** Remove and return the pending impacts with time ≤ t (so flashes appear when the drawn body gets there). */
  takeImpactsUpTo(t: number): Impact[] {
    let k = 0;
    while (k < this.pending.length && (this.pending[k]?.t ?? Infinity) <= t + 1e-12) k++;
    return this.pending.splice(0, k);
  }

  clear(): void {
    this.pending = [];
    this.clock.running = false;
  }
}
