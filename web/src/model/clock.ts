// Fixed-step clock: accumulates wall-clock time scaled by the speed and says how many steps of the
// fixed size h to take; what is left over gives the interpolation fraction for rendering.

export interface ClockOptions {
  /** Most steps per tick; beyond it the backlog is dropped (no spiral of death). */
  maxStepsPerTick?: number;
  /** Longest wall-clock interval counted per tick, seconds (e.g. after the tab was hidden). */
  maxFrameSeconds?: number;
}

export class FixedStepClock {
  private acc = 0;
  h: number;
  speed: number;
  running = false;
  readonly maxStepsPerTick: number;
  readonly maxFrameSeconds: number;
  /** Simulated time dropped because a tick hit maxStepsPerTick. */
  dropped = 0;

  constructor(h: number, speed = 1, opts: ClockOptions = {}) {
    this.h = h;
    this.speed = speed;
    this.maxStepsPerTick = opts.maxStepsPerTick ?? 2000;
    this.maxFrameSeconds = opts.maxFrameSeconds ?? 0.25;
  }

  /** Advance by a wall-clock interval (seconds); returns the number of fixed steps to take now. */
  tick(wallSeconds: number): number {
    if (!this.running || !(wallSeconds > 0)) return 0;
    this.acc += Math.min(wallSeconds, this.maxFrameSeconds) * this.speed;
    let n = Math.floor(this.acc / this.h + 1e-9);
    if (n > this.maxStepsPerTick) {
      this.dropped += (n - this.maxStepsPerTick) * this.h;
      n = this.maxStepsPerTick;
      this.acc = 0;
    } else {
      this.acc = Math.max(0, this.acc - n * this.h);
    }
    return n;
  }

  /** Fraction of a step accumulated but not yet taken, in [0, 1): the rendering interpolation weight. */
  get alpha(): number {
    return Math.min(1, Math.max(0, this.acc / this.h));
  }

  /** Forget the accumulated time (after reset, single step, new config). */
  clear(): void {
    this.acc = 0;
  }
}
