// Pure maths for drawing between two simulation states: linear interpolation of the centre of mass
// and quaternion slerp of the attitude. Quaternions are [x, y, z, w] (three.js order).
import type { Vec3 } from '../config/types';

export type Quat = [number, number, number, number];

export function lerpVec3(a: ArrayLike<number>, b: ArrayLike<number>, t: number): Vec3 {
  return lerpVec3Into(a, b, t, [0, 0, 0]);
}

/** lerpVec3 written into out (no allocation: called every frame); returns out. */
export function lerpVec3Into(a: ArrayLike<number>, b: ArrayLike<number>, t: number, out: Vec3): Vec3 {
  out[0] = (a[0] ?? 0) + ((b[0] ?? 0) - (a[0] ?? 0)) * t;
  out[1] = (a[1] ?? 0) + ((b[1] ?? 0) - (a[1] ?? 0)) * t;
  out[2] = (a[2] ?? 0) + ((b[2] ?? 0) - (a[2] ?? 0)) * t;
  return out;
}

/** Unit quaternion of a rotation matrix given row-major (9 numbers, R[3*i+j] = R_ij). */
export function quatFromRowMajor(m: ArrayLike<number>): Quat {
  return quatFromRowMajorInto(m, [0, 0, 0, 1]);
}

/**
 * quatFromRowMajor written into out (no allocation: called every step read), of the matrix at
 * m[offset…offset + 8] (a pose's R after its x); returns out.
 */
export function quatFromRowMajorInto(m: ArrayLike<number>, out: Quat, offset = 0): Quat {
  const at = (i: number): number => m[offset + i] ?? 0;
  const m00 = at(0), m01 = at(1), m02 = at(2);
  const m10 = at(3), m11 = at(4), m12 = at(5);
  const m20 = at(6), m21 = at(7), m22 = at(8);
  const trace = m00 + m11 + m22;
  // Shepperd's method: pick the largest diagonal term for numerical stability.
  if (trace > 0) {
    const s = 0.5 / Math.sqrt(trace + 1);
    return normalizeQuatInto((m21 - m12) * s, (m02 - m20) * s, (m10 - m01) * s, 0.25 / s, out);
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    return normalizeQuatInto(0.25 * s, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s, out);
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    return normalizeQuatInto((m01 + m10) / s, 0.25 * s, (m12 + m21) / s, (m02 - m20) / s, out);
  }
  const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
  return normalizeQuatInto((m02 + m20) / s, (m12 + m21) / s, 0.25 * s, (m10 - m01) / s, out);
}

/** The unit quaternion of (x, y, z, w) written into out (identity for zero); returns out. */
function normalizeQuatInto(x: number, y: number, z: number, w: number, out: Quat): Quat {
  const n = Math.hypot(x, y, z, w);
  if (n === 0) {
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
    out[3] = 1;
  } else {
    out[0] = x / n;
    out[1] = y / n;
    out[2] = z / n;
    out[3] = w / n;
  }
  return out;
}

/** Row-major rotation matrix of a unit quaternion. */
export function rowMajorFromQuat(q: Quat): number[] {
  const [x, y, z, w] = q;
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
    2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
    2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y),
  ];
}

/** Spherical linear interpolation along the shorter arc; t in [0, 1]. */
export function slerp(a: Quat, b: Quat, t: number): Quat {
  return slerpInto(a, b, t, [0, 0, 0, 1]);
}

/** slerp written into out (no allocation: called every frame; out may be a or b); returns out. */
export function slerpInto(a: Quat, b: Quat, t: number, out: Quat): Quat {
  let bx = b[0], by = b[1], bz = b[2], bw = b[3];
  let cos = a[0] * bx + a[1] * by + a[2] * bz + a[3] * bw;
  if (cos < 0) {
    cos = -cos;
    bx = -bx;
    by = -by;
    bz = -bz;
    bw = -bw;
  }
  let wa: number;
  let wb: number;
  if (cos > 0.9995) {
    // Nearly parallel: normalised lerp is accurate and avoids dividing by sin ≈ 0.
    wa = 1 - t;
    wb = t;
  } else {
    const theta = Math.acos(Math.min(1, cos));
    const sin = Math.sin(theta);
    wa = Math.sin((1 - t) * theta) / sin;
    wb = Math.sin(t * theta) / sin;
  }
  return normalizeQuatInto(wa * a[0] + wb * bx, wa * a[1] + wb * by, wa * a[2] + wb * bz, wa * a[3] + wb * bw, out);
}

/** What is drawn of a state: its position, attitude and the coordinates posing its parts (if any). */
export interface Pose {
  x: Vec3;
  q: Quat;
  coords?: number[];
}

/**
 * The pose between a and b (alpha ∈ [0, 1]) written into out (no allocation: called every frame):
 * x lerped, q slerped, the coordinates lerped (b's when a has none of the same length; none when b
 * has none); returns out.
 */
export function lerpPoseInto<P extends Pose>(a: Pose, b: Pose, alpha: number, out: P): P {
  lerpVec3Into(a.x, b.x, alpha, out.x);
  slerpInto(a.q, b.q, alpha, out.q);
  const ca = a.coords;
  const cb = b.coords;
  if (!cb) {
    delete out.coords;
    return out;
  }
  const c = out.coords?.length === cb.length ? out.coords : (out.coords = new Array<number>(cb.length).fill(0));
  const lerp = ca !== undefined && ca.length === cb.length;
  for (let i = 0; i < cb.length; i++) {
    const v = cb[i] ?? 0;
    const u = lerp ? (ca[i] ?? v) : v;
    c[i] = lerp ? u + (v - u) * alpha : v;
  }
  return out;
}

/** Angle (radians) of the rotation taking a to b. */
export function quatAngle(a: Quat, b: Quat): number {
  const d = Math.abs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]);
  return 2 * Math.acos(Math.min(1, d));
}
