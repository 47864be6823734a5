// The rigid body over a plane (Tran & Leok): its state record (StateLayout of the engine) read into a
// snapshot, and its history row = the CLI's --csv row t, x, R (row-major), γ, Π, E, TPE, RE, impacts.
import type { StateLayout } from '../../engine/lgvci_wasm';
import type { ResolvedConfig, Vec3 } from '../../config/types';
import { parseResolvedConfig, resolvePlaneNormal } from '../../config/parse';
import type { HistoryColumns, ModelFamily, Snapshot } from '../family';
import { quatFromRowMajor } from '../interpolation';

export interface RigidSnapshot extends Snapshot {
  /** Attitude, row-major. */
  R: number[];
  gamma: Vec3;
  Pi: Vec3;
}

export const RIGID_CSV_COLUMNS = [
  't',
  'x1', 'x2', 'x3',
  'R11', 'R12', 'R13', 'R21', 'R22', 'R23', 'R31', 'R32', 'R33',
  'gamma1', 'gamma2', 'gamma3',
  'Pi1', 'Pi2', 'Pi3',
  'E', 'TPE', 'RE',
  'impacts',
] as const;

/** Column indices of a rigid-body history row. */
export const RIGID_COL = {
  T: 0,
  X: 1,
  R: 4,
  GAMMA: 13,
  PI: 16,
  E: 19,
  TPE: 20,
  RE: 21,
  IMPACTS: 22,
} as const;

export const RIGID_COLUMNS: HistoryColumns = {
  names: RIGID_CSV_COLUMNS,
  energy: RIGID_COL.E,
  energyParts: [
    { label: 'TPE', col: RIGID_COL.TPE },
    { label: 'RE', col: RIGID_COL.RE },
  ],
  height: RIGID_COL.X + 2,
  heightLabel: 'height x₃',
  energySymbol: 'E',
  impacts: RIGID_COL.IMPACTS,
};

function v3(a: ArrayLike<number>, i: number): Vec3 {
  return [a[i] ?? NaN, a[i + 1] ?? NaN, a[i + 2] ?? NaN];
}

export function readRigidSnapshot(s: Float64Array, L: StateLayout): RigidSnapshot {
  const R = Array.from(s.subarray(L.R, L.R + 9));
  return {
    t: s[L.T] ?? NaN,
    x: v3(s, L.X),
    R,
    q: quatFromRowMajor(R),
    gamma: v3(s, L.GAMMA),
    Pi: v3(s, L.PI),
    energy: s[L.ENERGY] ?? NaN,
    energy0: s[L.ENERGY0] ?? NaN,
    phi: s[L.PHI] ?? NaN,
    impacts: s[L.IMPACTS] ?? 0,
    steps: s[L.STEPS] ?? 0,
    status: s[L.STATUS] ?? 0,
  };
}

export function writeRigidRow(s: ArrayLike<number>, L: StateLayout, d: Float64Array, b: number): void {
  d[b + RIGID_COL.T] = s[L.T] ?? NaN;
  for (let i = 0; i < 3; i++) {
    d[b + RIGID_COL.X + i] = s[L.X + i] ?? NaN;
    d[b + RIGID_COL.GAMMA + i] = s[L.GAMMA + i] ?? NaN;
    d[b + RIGID_COL.PI + i] = s[L.PI + i] ?? NaN;
  }
  for (let i = 0; i < 9; i++) d[b + RIGID_COL.R + i] = s[L.R + i] ?? NaN;
  d[b + RIGID_COL.E] = s[L.ENERGY] ?? NaN;
  d[b + RIGID_COL.TPE] = s[L.TPE] ?? NaN;
  d[b + RIGID_COL.RE] = s[L.RE] ?? NaN;
}

export type RigidFamily = ModelFamily<RigidSnapshot, ResolvedConfig>;

export function rigidFamily(L: StateLayout): RigidFamily {
  return {
    id: 'rigid',
    columns: RIGID_COLUMNS,
    parseConfig: parseResolvedConfig,
    groundNormal: (c) => resolvePlaneNormal(c.plane),
    read: (s) => readRigidSnapshot(s, L),
    position: (s, out) => {
      for (let i = 0; i < 3; i++) out[i] = s[L.X + i] ?? NaN;
    },
    writeRow: (s, out, offset) => writeRigidRow(s, L, out, offset),
  };
}
