// The rigid body's pose space (model/companions.ts PoseSpace): a companion's pose is its centre x and
// attitude R, its distance from the main run Err = ‖x_c − x‖₂ + ‖R_c − R‖₂ (induced 2-norm, Tran &
// Leok §7.4), drawn at x with R's quaternion. The rigid body's reader declares it (ModelFamily.poseSpace)
// for the twins and the core's baselines; Rapier's stepper fills the same poses itself.
import type { Vec3 } from '../../../web/src/config/types';
import type { Layout } from '../../../web/src/engine/layout';
import type { DrawnPose, PoseSpace } from '../../../web/src/model/companions';
import type { RunHistory } from '../../../web/src/model/history';
import type { Quat } from '../../../web/src/model/interpolation';
import { lerpVec3Into, quatFromRowMajorInto, slerpInto } from '../../../web/src/model/interpolation';
import { dist3, diffNorm2x3 } from '../../../web/src/model/linalg';

/** The rigid body's pose: x (3) then R (9, row-major); Err = ‖Δx‖₂ + ‖ΔR‖₂ (Tran & Leok §7.4). */
export class RigidPoseSpace implements PoseSpace {
  readonly size = 12;
  readonly distanceName = '|Δx| + ‖ΔR‖₂';
  readonly returnName = '|x − x₀| + ‖R − R₀‖₂';
  private cols: { x: number; R: number } | null = null;
  private readonly o: { x: number; R: number } | null;

  /** `layout`: the core record's (null for a stepper that fills the pose itself, e.g. Rapier). */
  constructor(layout: Layout | null = null) {
    this.o = layout ? { x: layout.offset('x', 3), R: layout.offset('R', 9) } : null;
  }

  fromRecord(s: ArrayLike<number>, into: Float64Array): void {
    if (!this.o) throw new Error('RigidPoseSpace: no record layout');
    for (let i = 0; i < 3; i++) into[i] = s[this.o.x + i] ?? NaN;
    for (let i = 0; i < 9; i++) into[3 + i] = s[this.o.R + i] ?? NaN;
  }

  height(p: Float64Array): number {
    return p[2] ?? NaN;
  }

  position(p: Float64Array, out: Vec3): void {
    out[0] = p[0] ?? NaN;
    out[1] = p[1] ?? NaN;
    out[2] = p[2] ?? NaN;
  }

  private columns(history: RunHistory): { x: number; R: number } {
    if (!this.cols) {
      const names = history.columns.names;
      const x = names.indexOf('x1');
      const R = names.indexOf('R11');
      if (x < 0 || R < 0) throw new Error('rigid-body companions need a rigid-body history (columns x1…, R11…)');
      this.cols = { x, R };
    }
    return this.cols;
  }

  distanceToRow(p: Float64Array, history: RunHistory, row: number): number {
    const c = this.columns(history);
    const b = row * history.stride;
    return dist3(p, 0, history.data, b + c.x) + diffNorm2x3(p, 3, history.data, b + c.R);
  }

  distance(a: Float64Array, b: Float64Array): number {
    return dist3(a, 0, b, 0) + diffNorm2x3(a, 3, b, 3);
  }

  /** The attitudes of the two poses (scratch of draw). */
  private readonly qa: Quat = [0, 0, 0, 1];
  private readonly qb: Quat = [0, 0, 0, 1];

  draw(a: Float64Array, b: Float64Array, alpha: number, out: DrawnPose): DrawnPose {
    lerpVec3Into(a, b, alpha, out.x);
    slerpInto(quatFromRowMajorInto(a, this.qa, 3), quatFromRowMajorInto(b, this.qb, 3), alpha, out.q);
    delete out.coords;
    return out;
  }
}
