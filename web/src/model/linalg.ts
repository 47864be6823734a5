// Small dense linear algebra for 3×3 matrices stored row-major (9 numbers, A[3*i+j] = A_ij): products,
// the rotation R_y(θ), and the induced 2-norm (largest singular value) used by the sensitivity
// measure of Tran & Leok §7.4, Err(t) = ‖x_per − x‖₂ + ‖R_per − R‖₂.

export type Mat3RowMajor = ArrayLike<number>;

/** C = A B (row-major in, row-major out). */
export function matMul3(a: Mat3RowMajor, b: Mat3RowMajor, out: number[] = new Array<number>(9)): number[] {
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      let s = 0;
      for (let k = 0; k < 3; k++) s += (a[3 * i + k] ?? 0) * (b[3 * k + j] ?? 0);
      out[3 * i + j] = s;
    }
  }
  return out;
}

/** Rotation by θ about the y axis (the paper's δR of §7.4), row-major. */
export function rotY(theta: number): number[] {
  const c = Math.cos(theta);
  const s = Math.sin(theta);
  return [c, 0, s, 0, 1, 0, -s, 0, c];
}

/**
 * Eigenvalues of a symmetric 3×3 matrix (row-major; only the upper triangle is read), in descending
 * order, by cyclic Jacobi rotations. Accurate to a few ulps of the largest eigenvalue.
 */
export function symmetricEigenvalues3(m: Mat3RowMajor): [number, number, number] {
  let a00 = m[0] ?? 0, a01 = m[1] ?? 0, a02 = m[2] ?? 0;
  let a11 = m[4] ?? 0, a12 = m[5] ?? 0, a22 = m[8] ?? 0;
  for (let sweep = 0; sweep < 32; sweep++) {
    const off = a01 * a01 + a02 * a02 + a12 * a12;
    const diag = a00 * a00 + a11 * a11 + a22 * a22;
    if (off === 0 || off <= 1e-36 * diag) break;
    // Rotation in the (p, q) plane zeroing a_pq; the classical Jacobi update (Golub & Van Loan 8.5).
    for (let pair = 0; pair < 3; pair++) {
      let apq: number, app: number, aqq: number;
      if (pair === 0) [apq, app, aqq] = [a01, a00, a11];
      else if (pair === 1) [apq, app, aqq] = [a02, a00, a22];
      else [apq, app, aqq] = [a12, a11, a22];
      if (apq === 0) continue;
      const tau = (aqq - app) / (2 * apq);
      const t = Math.sign(tau || 1) / (Math.abs(tau) + Math.sqrt(1 + tau * tau));
      const c = 1 / Math.sqrt(1 + t * t);
      const s = t * c;
      const nApp = app - t * apq;
      const nAqq = aqq + t * apq;
      if (pair === 0) {
        // rows/cols 0 and 1; the third index is 2
        const r0 = a02, r1 = a12;
        a02 = c * r0 - s * r1;
        a12 = s * r0 + c * r1;
        a00 = nApp;
        a11 = nAqq;
        a01 = 0;
      } else if (pair === 1) {
        // rows/cols 0 and 2; the third index is 1
        const r0 = a01, r2 = a12;
        a01 = c * r0 - s * r2;
        a12 = s * r0 + c * r2;
        a00 = nApp;
        a22 = nAqq;
        a02 = 0;
      } else {
        // rows/cols 1 and 2; the third index is 0
        const r1 = a01, r2 = a02;
        a01 = c * r1 - s * r2;
        a02 = s * r1 + c * r2;
        a11 = nApp;
        a22 = nAqq;
        a12 = 0;
      }
    }
  }
  const ev = [a00, a11, a22].sort((x, y) => y - x);
  return [ev[0] ?? 0, ev[1] ?? 0, ev[2] ?? 0];
}

/**
 * Induced 2-norm (spectral norm, largest singular value) of a 3×3 matrix: √λ_max(AᵀA). The matrix is
 * scaled by its largest entry first so that AᵀA neither underflows nor overflows.
 */
export function norm2x3(a: Mat3RowMajor): number {
  let scale = 0;
  for (let i = 0; i < 9; i++) scale = Math.max(scale, Math.abs(a[i] ?? 0));
  if (scale === 0) return 0;
  if (!Number.isFinite(scale)) return Number.isNaN(scale) ? NaN : Infinity;
  const b = new Array<number>(9);
  for (let i = 0; i < 9; i++) b[i] = (a[i] ?? 0) / scale;
  const ata = new Array<number>(9);
  for (let i = 0; i < 3; i++) {
    for (let j = i; j < 3; j++) {
      let s = 0;
      for (let k = 0; k < 3; k++) s += (b[3 * k + i] ?? 0) * (b[3 * k + j] ?? 0);
      ata[3 * i + j] = s;
      ata[3 * j + i] = s;
    }
  }
  const [lmax] = symmetricEigenvalues3(ata);
  return scale * Math.sqrt(Math.max(0, lmax));
}

/** ‖A − B‖₂ of two row-major 3×3 matrices given as arrays with offsets (no allocation of the inputs). */
export function diffNorm2x3(a: ArrayLike<number>, ia: number, b: ArrayLike<number>, ib: number): number {
  const d = new Array<number>(9);
  for (let k = 0; k < 9; k++) d[k] = (a[ia + k] ?? NaN) - (b[ib + k] ?? NaN);
  return norm2x3(d);
}

/** Euclidean distance of two 3-vectors given as arrays with offsets. */
export function dist3(a: ArrayLike<number>, ia: number, b: ArrayLike<number>, ib: number): number {
  return Math.hypot((a[ia] ?? NaN) - (b[ib] ?? NaN), (a[ia + 1] ?? NaN) - (b[ib + 1] ?? NaN), (a[ia + 2] ?? NaN) - (b[ib + 2] ?? NaN));
}
