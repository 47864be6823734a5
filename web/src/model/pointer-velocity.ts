// The velocity of a held body from the pointer's recent positions (world frame), for a throw: the
// least-squares slope of each coordinate against time over the samples of the last `windowMs`
// before the release. A slope fitted to several samples does not jump with one late or early event
// (pointer events are coalesced, their timestamps jitter by a few ms and are rounded to 0.1 ms), and
// a pointer that stopped before the release gives zero, since the release point is a sample too.
// When the window's samples span less than MIN_SPAN_MS (a busy main thread delivered the last move
// and the release together), the one sample before the window joins them, so that two events a
// fraction of a millisecond apart never decide the slope alone. No DOM.
import type { Vec3 } from '../config/types';

/** One pointer position on the drag plane (world frame, m) at its event time (ms). */
export interface PointerSample {
  t: number;
  p: Vec3;
}

/** Time span the throw's velocity is fitted over (ms): long enough for 4–6 events at 60 Hz, short enough to be the last motion. */
export const THROW_WINDOW_MS = 80;

/** The least time span of the samples fitted (ms); below it the sample before the window joins. */
export const MIN_SPAN_MS = 8;

/** The oldest sample that may join (ms before the last): a pointer silent for longer has stopped. */
export const MAX_LOOKBACK_MS = 250;

/**
 * Least-squares velocity (m/s) of the samples within `windowMs` of the last one: for each coordinate
 * the slope b of p ≈ a + b t. [0, 0, 0] with fewer than two samples in the window or no time spread
 * (all at one instant).
 */
export function leastSquaresVelocity(samples: readonly PointerSample[], windowMs = THROW_WINDOW_MS): Vec3 {
  const last = samples[samples.length - 1];
  if (!last) return [0, 0, 0];
  const from = last.t - windowMs;
  let first = samples.findIndex((s) => s.t >= from);
  if (first < 0) first = samples.length - 1;
  if (last.t - (samples[first]?.t ?? last.t) < MIN_SPAN_MS && first > 0 && (samples[first - 1]?.t ?? -Infinity) >= last.t - MAX_LOOKBACK_MS) first--;
  const used = samples.slice(first);
  if (used.length < 2) return [0, 0, 0];
  const n = used.length;
  let tMean = 0;
  for (const s of used) tMean += s.t;
  tMean /= n;
  let stt = 0;
  const stp: Vec3 = [0, 0, 0];
  const pMean: Vec3 = [0, 0, 0];
  for (const s of used) for (let k = 0; k < 3; k++) pMean[k] = (pMean[k] ?? 0) + (s.p[k] ?? 0) / n;
  for (const s of used) {
    const dt = s.t - tMean;
    stt += dt * dt;
    for (let k = 0; k < 3; k++) stp[k] = (stp[k] ?? 0) + dt * ((s.p[k] ?? 0) - (pMean[k] ?? 0));
  }
  // Spread below a microsecond: the samples are one instant, there is no slope to take.
  if (!(stt > 1e-6 * n)) return [0, 0, 0];
  // The slope is per millisecond; ×1000 for per second.
  return [(stp[0] / stt) * 1000, (stp[1] / stt) * 1000, (stp[2] / stt) * 1000];
}

/** The pointer's samples of one drag, kept for the throw window only. */
export class VelocityTracker {
  private samples: PointerSample[] = [];
  private readonly windowMs: number;

  constructor(windowMs = THROW_WINDOW_MS) {
    this.windowMs = windowMs;
  }

  clear(): void {
    this.samples = [];
  }

  /** A position at time t (ms); samples that can no longer be fitted are dropped. A time earlier than the last sample's is ignored. */
  push(t: number, p: Vec3): void {
    const last = this.samples[this.samples.length - 1];
    if (last && t < last.t) return;
    this.samples.push({ t, p: [p[0], p[1], p[2]] });
    const from = t - Math.max(this.windowMs, MAX_LOOKBACK_MS);
    let drop = 0;
    while (drop < this.samples.length - 1 && (this.samples[drop]?.t ?? 0) < from) drop++;
    if (drop > 0) this.samples.splice(0, drop);
  }

  /** The velocity (m/s) over the window before the last sample. */
  velocity(): Vec3 {
    return leastSquaresVelocity(this.samples, this.windowMs);
  }

  get count(): number {
    return this.samples.length;
  }
}
