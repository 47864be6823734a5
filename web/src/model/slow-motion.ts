// Whether the page shows "slow motion" (docs/page.md "Slow motion"): the frames cannot take every step
// the clock asks for within their time budget (SimulationModel.slowed), so the run goes on slower than
// real time. One frame's word flickers (the first frames of a set-up measure its cost, a borderline
// set-up drops a step now and then), so the indicator follows a level that moves toward each frame's
// word with a time constant of TAU_S of wall time, with hysteresis: on above ON, off below OFF. A frame
// that took longer than TAU_S (a heavy set-up) decides alone. Pure: the frame loop feeds it.

/** The level's time constant (s of wall time). */
export const SLOW_TAU_S = 0.5;
/** The level above which the indicator turns on, and below which it turns off. */
export const SLOW_ON = 0.5;
export const SLOW_OFF = 0.1;

export class SlowMotionTracker {
  /** The share of recent wall time spent in slowed frames (0…1, exponentially weighted). */
  level = 0;
  on = false;

  /**
   * One frame: whether it was slowed, whether the run plays (paused, halted or running a reversal's way
   * back is no slow motion: the indicator goes off at once) and the wall time since the last frame (s).
   * Returns whether the indicator is on.
   */
  update(slowed: boolean, playing: boolean, dt: number): boolean {
    if (!playing) {
      this.level = 0;
      this.on = false;
      return false;
    }
    const w = Math.min(1, Math.max(0, dt) / SLOW_TAU_S);
    this.level += ((slowed ? 1 : 0) - this.level) * w;
    if (!this.on && this.level > SLOW_ON) this.on = true;
    else if (this.on && this.level < SLOW_OFF) this.on = false;
    return this.on;
  }
}
