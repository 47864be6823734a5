import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import type { Quat } from '../../../web/src/model/interpolation';
import {
  lerpVec3,
  quatAngle,
  quatFromRowMajor,
  rowMajorFromQuat,
  slerp,
} from '../../../web/src/model/interpolation';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomQuat(r: () => number): Quat {
  const q: Quat = [r() - 0.5, r() - 0.5, r() - 0.5, r() - 0.5];
  const n = Math.hypot(...q);
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
}

const sameRotation = (a: Quat, b: Quat): number => quatAngle(a, b);

describe('lerpVec3', () => {
  it('interpolates linearly', () => {
    expect(lerpVec3([0, 0, 10], [2, -4, 12], 0.25)).toEqual([0.5, -1, 10.5]);
    expect(lerpVec3([1, 2, 3], [4, 5, 6], 0)).toEqual([1, 2, 3]);
    expect(lerpVec3([1, 2, 3], [4, 5, 6], 1)).toEqual([4, 5, 6]);
  });
});

describe('quaternion ↔ rotation matrix', () => {
  it('identity', () => {
    expect(quatFromRowMajor([1, 0, 0, 0, 1, 0, 0, 0, 1])).toEqual([0, 0, 0, 1]);
  });

  it('round-trips random rotations (all branches of Shepperd’s method)', () => {
    const r = rng(7);
    for (let i = 0; i < 500; i++) {
      const q = randomQuat(r);
      const back = quatFromRowMajor(rowMajorFromQuat(q));
      expect(sameRotation(q, back)).toBeLessThan(1e-7);
    }
    // rotations by π about each axis (trace = −1)
    for (const m of [
      [1, 0, 0, 0, -1, 0, 0, 0, -1],
      [-1, 0, 0, 0, 1, 0, 0, 0, -1],
      [-1, 0, 0, 0, -1, 0, 0, 0, 1],
    ]) {
      const q = quatFromRowMajor(m);
      const back = rowMajorFromQuat(q);
      back.forEach((v, k) => expect(v).toBeCloseTo(m[k] ?? NaN, 14));
    }
  });

  it('agrees with three.js (R maps body to world, row-major)', () => {
    const r = rng(3);
    for (let i = 0; i < 50; i++) {
      const q = randomQuat(r);
      const m = rowMajorFromQuat(q);
      const M = new THREE.Matrix4().set(
        m[0]!, m[1]!, m[2]!, 0,
        m[3]!, m[4]!, m[5]!, 0,
        m[6]!, m[7]!, m[8]!, 0,
        0, 0, 0, 1,
      );
      const tq = new THREE.Quaternion().setFromRotationMatrix(M);
      expect(sameRotation(q, [tq.x, tq.y, tq.z, tq.w])).toBeLessThan(1e-7);
      const v = new THREE.Vector3(0.3, -1.2, 2).applyQuaternion(tq);
      const w = [m[0]! * 0.3 + m[1]! * -1.2 + m[2]! * 2, m[3]! * 0.3 + m[4]! * -1.2 + m[5]! * 2, m[6]! * 0.3 + m[7]! * -1.2 + m[8]! * 2];
      expect(v.x).toBeCloseTo(w[0]!, 12);
      expect(v.y).toBeCloseTo(w[1]!, 12);
      expect(v.z).toBeCloseTo(w[2]!, 12);
    }
  });
});

describe('slerp', () => {
  it('hits the end points and halves the angle at t = ½', () => {
    const r = rng(11);
    for (let i = 0; i < 100; i++) {
      const a = randomQuat(r);
      const b = randomQuat(r);
      expect(sameRotation(slerp(a, b, 0), a)).toBeLessThan(1e-7);
      expect(sameRotation(slerp(a, b, 1), b)).toBeLessThan(1e-7);
      const m = slerp(a, b, 0.5);
      expect(quatAngle(a, m)).toBeCloseTo(quatAngle(a, b) / 2, 7);
      expect(quatAngle(m, b)).toBeCloseTo(quatAngle(a, b) / 2, 7);
    }
  });

  it('moves at constant angular rate', () => {
    const a: Quat = [0, 0, 0, 1];
    const b: Quat = [0, 0, Math.sin(1), Math.cos(1)]; // 2 rad about z
    for (const t of [0.1, 0.3, 0.7, 0.9]) expect(quatAngle(a, slerp(a, b, t))).toBeCloseTo(2 * t, 10);
  });

  it('takes the shorter arc when q and −q describe the same rotation', () => {
    const a: Quat = [0, 0, 0, 1];
    const b: Quat = [0, 0, -Math.sin(0.1), -Math.cos(0.1)]; // 0.2 rad, opposite sign
    expect(quatAngle(a, slerp(a, b, 0.5))).toBeCloseTo(0.1, 10);
  });

  it('matches three.js Quaternion.slerp', () => {
    const r = rng(5);
    for (let i = 0; i < 50; i++) {
      const a = randomQuat(r);
      const b = randomQuat(r);
      const t = r();
      const mine = slerp(a, b, t);
      const theirs = new THREE.Quaternion(...a).slerp(new THREE.Quaternion(...b), t);
      expect(sameRotation(mine, [theirs.x, theirs.y, theirs.z, theirs.w])).toBeLessThan(1e-6);
    }
  });
});
