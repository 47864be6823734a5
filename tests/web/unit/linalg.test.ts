// The 3×3 helpers of the sensitivity measure: the induced 2-norm (largest singular value) by a
// symmetric eigen solver, checked against closed forms and against power iteration.
import { describe, expect, it } from 'vitest';
import { diffNorm2x3, matMul3, norm2x3, rotY, symmetricEigenvalues3 } from '../../../web/src/model/linalg';

function rot(axis: [number, number, number], th: number): number[] {
  const n = Math.hypot(...axis);
  const [x, y, z] = axis.map((v) => v / n) as [number, number, number];
  const c = Math.cos(th), s = Math.sin(th), C = 1 - c;
  return [
    c + x * x * C, x * y * C - z * s, x * z * C + y * s,
    y * x * C + z * s, c + y * y * C, y * z * C - x * s,
    z * x * C - y * s, z * y * C + x * s, c + z * z * C,
  ];
}

/** Largest singular value by power iteration on AᵀA (slow, independent). */
function powerNorm(a: number[]): number {
  let v = [0.3, -0.7, 0.6];
  let sigma = 0;
  for (let it = 0; it < 2000; it++) {
    const av = [0, 1, 2].map((i) => a[3 * i]! * v[0]! + a[3 * i + 1]! * v[1]! + a[3 * i + 2]! * v[2]!);
    const w = [0, 1, 2].map((j) => a[j]! * av[0]! + a[3 + j]! * av[1]! + a[6 + j]! * av[2]!);
    const n = Math.hypot(...w);
    if (n === 0) return 0;
    v = w.map((x) => x / n);
    sigma = Math.sqrt(n);
  }
  return sigma;
}

let seed = 12345;
function rand(): number {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648 - 0.5;
}

describe('3×3 linear algebra', () => {
  it('symmetric eigenvalues: diagonal, known spectra, repeated eigenvalues', () => {
    expect(symmetricEigenvalues3([3, 0, 0, 0, -1, 0, 0, 0, 2])).toEqual([3, 2, -1]);
    // [[2,1,0],[1,2,0],[0,0,5]] has eigenvalues 5, 3, 1
    const e = symmetricEigenvalues3([2, 1, 0, 1, 2, 0, 0, 0, 5]);
    [5, 3, 1].forEach((v, i) => expect(e[i]).toBeCloseTo(v, 14));
    // all-ones matrix: 3, 0, 0
    const ones = symmetricEigenvalues3([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(ones[0]).toBeCloseTo(3, 14);
    expect(Math.abs(ones[1])).toBeLessThan(1e-15);
    expect(Math.abs(ones[2])).toBeLessThan(1e-15);
    // Q diag(4, 2, 1) Qᵀ for a generic rotation Q
    const Q = rot([1, 2, 3], 0.7);
    const D = [4, 0, 0, 0, 2, 0, 0, 0, 1];
    const Qt = [Q[0]!, Q[3]!, Q[6]!, Q[1]!, Q[4]!, Q[7]!, Q[2]!, Q[5]!, Q[8]!];
    const S = matMul3(matMul3(Q, D), Qt);
    const ev = symmetricEigenvalues3(S);
    [4, 2, 1].forEach((v, i) => expect(ev[i]).toBeCloseTo(v, 13));
  });

  it('‖R_y(θ) − I‖₂ = 2 sin(θ/2) — the attitude twin starts at 3.14e-8 for θ = 1e-8π', () => {
    const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    for (const th of [1e-8 * Math.PI, 1e-3, 0.5, 2, Math.PI]) {
      const R = rotY(th);
      expect(diffNorm2x3(R, 0, I, 0)).toBeCloseTo(2 * Math.sin(th / 2), 15);
      expect(Math.abs(diffNorm2x3(R, 0, I, 0) / (2 * Math.sin(th / 2)) - 1)).toBeLessThan(1e-7);
    }
    const th = 1e-8 * Math.PI;
    expect(diffNorm2x3(rotY(th), 0, I, 0)).toBeCloseTo(3.14159e-8, 12);
    // right-multiplying any attitude by δR moves it by the same 2-norm: ‖R δR − R‖₂ = ‖δR − I‖₂
    const R0 = rot([0.2, -1, 0.4], 1.1);
    const rel = Math.abs(diffNorm2x3(matMul3(R0, rotY(1e-3)), 0, R0, 0) / (2 * Math.sin(5e-4)) - 1);
    expect(rel).toBeLessThan(1e-9);
  });

  it('orthogonal matrices have norm 1, rank-one matrices |u||v|, scaling is exact, zero is 0', () => {
    expect(norm2x3(rot([1, 1, 0], 2.2))).toBeCloseTo(1, 15);
    const u = [1, -2, 2];
    const v = [3, 0, 4];
    const uv = [0, 1, 2].flatMap((i) => v.map((x) => u[i]! * x));
    expect(norm2x3(uv)).toBeCloseTo(15, 13);
    expect(norm2x3(uv.map((x) => x * 1e-160))).toBeCloseTo(15e-160, 170);
    expect(norm2x3(uv.map((x) => x * 1e-160)) / 1e-160).toBeCloseTo(15, 12);
    expect(norm2x3(uv.map((x) => x * 1e150)) / 1e150).toBeCloseTo(15, 12);
    expect(norm2x3([0, 0, 0, 0, 0, 0, 0, 0, 0])).toBe(0);
    expect(norm2x3([NaN, 0, 0, 0, 0, 0, 0, 0, 0])).toBeNaN();
  });

  it('agrees with power iteration on random matrices and is bounded by the Frobenius norm', () => {
    for (let k = 0; k < 200; k++) {
      const a = Array.from({ length: 9 }, rand);
      const n2 = norm2x3(a);
      const fro = Math.hypot(...a);
      const maxAbs = Math.max(...a.map(Math.abs));
      expect(n2).toBeLessThanOrEqual(fro * (1 + 1e-15));
      expect(n2).toBeGreaterThanOrEqual(fro / Math.sqrt(3) - 1e-15);
      expect(n2).toBeGreaterThanOrEqual(maxAbs - 1e-15);
      expect(Math.abs(n2 - powerNorm(a))).toBeLessThan(1e-12);
    }
  });
});
