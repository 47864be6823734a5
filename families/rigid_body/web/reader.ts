// The rigid body over a plane (Tran & Leok): its state record read into a snapshot, and its history
// row = the CLI's --csv row (t, x, R row-major, γ, Π, E, TPE, RE, impacts) and the core's derived
// conserved_energy (model/family.ts derivedColumns). Every offset and column
// comes from the record layout the module defines.
import type { Vec3 } from '../../../web/src/config/types';
import type { ResolvedRigidBodyConfig } from './config';
import { parseRigidBodyConfig, resolvePlaneNormal } from './config';
import type { Layout } from '../../../web/src/engine/layout';
import type { HistoryColumns, ModelFamily, Snapshot } from '../../../web/src/model/family';
import { derivedColumns, historyRowWriter } from '../../../web/src/model/family';
import { quatFromRowMajorInto } from '../../../web/src/model/interpolation';
import { RigidPoseSpace } from './pose-space';

export interface RigidSnapshot extends Snapshot {
  /** Attitude, row-major. */
  R: number[];
  gamma: Vec3;
  Pi: Vec3;
}

export type RigidFamily = ModelFamily<RigidSnapshot, ResolvedRigidBodyConfig>;

export function rigidColumns(L: Layout): HistoryColumns {
  const { extra, conserved } = derivedColumns(L);
  return {
    names: L.csvColumns,
    extra,
    // E + dissipated as the core keeps it (the record's conserved_energy).
    ...(conserved !== undefined ? { conserved } : {}),
    energy: L.csvIndex('E'),
    energyParts: [
      { label: 'TPE', col: L.csvIndex('TPE') },
      { label: 'RE', col: L.csvIndex('RE') },
    ],
    height: L.csvIndex('x') + 2, // x₃
    energySymbol: 'E',
    impacts: L.csvIndex('impacts'),
    // Restitution (docs/rigid-body.md "Restitution"): E + dissipated on the energy plot.
    ...(L.has('dissipated') ? { dissipated: L.csvIndex('dissipated') } : {}),
  };
}

export function rigidFamily(L: Layout): RigidFamily {
  const o = {
    t: L.offset('t', 1),
    x: L.offset('x', 3),
    R: L.offset('R', 9),
    gamma: L.offset('gamma', 3),
    Pi: L.offset('Pi', 3),
    E: L.offset('E', 1),
    E0: L.offset('E0', 1),
    dissipated: L.has('dissipated') ? L.offset('dissipated', 1) : -1,
    conserved: L.has('conserved_energy') ? L.offset('conserved_energy', 1) : -1,
    contactPoints: L.has('contact_points') ? L.offset('contact_points', 1) : -1,
    normalForce: L.has('normal_force') ? L.offset('normal_force', 1) : -1,
    phi: L.offset('phi', 1),
    impacts: L.offset('total_impacts', 1),
    steps: L.offset('steps', 1),
    status: L.offset('status', 1),
  };
  const family: RigidFamily = {
    id: 'rigid_body',
    layout: L,
    columns: rigidColumns(L),
    parseConfig: parseRigidBodyConfig,
    groundNormal: (c) => resolvePlaneNormal(c.plane),
    // A new snapshot is a blank one read into (one list of the record's fields, readInto's).
    read: (s) =>
      family.readInto(s, {
        t: 0,
        x: [0, 0, 0],
        R: new Array<number>(9).fill(0),
        q: [0, 0, 0, 1],
        gamma: [0, 0, 0],
        Pi: [0, 0, 0],
        energy: 0,
        energy0: 0,
        dissipated: 0,
        phi: 0,
        impacts: 0,
        steps: 0,
        status: 0,
      }),
    readInto: (s, out) => {
      out.t = s[o.t] ?? NaN;
      for (let i = 0; i < 3; i++) {
        out.x[i] = s[o.x + i] ?? NaN;
        out.gamma[i] = s[o.gamma + i] ?? NaN;
        out.Pi[i] = s[o.Pi + i] ?? NaN;
      }
      for (let i = 0; i < 9; i++) out.R[i] = s[o.R + i] ?? NaN;
      quatFromRowMajorInto(out.R, out.q);
      out.energy = s[o.E] ?? NaN;
      out.energy0 = s[o.E0] ?? NaN;
      out.dissipated = o.dissipated < 0 ? 0 : (s[o.dissipated] ?? 0);
      if (o.conserved >= 0) out.conserved = s[o.conserved] ?? NaN;
      if (o.contactPoints >= 0) {
        out.contactPoints = s[o.contactPoints] ?? 0;
        out.normalForce = s[o.normalForce] ?? 0;
      }
      out.phi = s[o.phi] ?? NaN;
      out.impacts = s[o.impacts] ?? 0;
      out.steps = s[o.steps] ?? 0;
      out.status = s[o.status] ?? 0;
      return out;
    },
    position: (s, out) => {
      for (let i = 0; i < 3; i++) out[i] = s[o.x + i] ?? NaN;
    },
    writeRow: historyRowWriter(L),
    // Companions are posed by x and R (Tran & Leok §7.4's Err).
    poseSpace: (layout) => new RigidPoseSpace(layout),
    restitution: (c) => c.restitution ?? null,
    // The HUD's "mass, J" (docs/rigid-body.md "Rounded mass properties": ε changes J).
    massProperties: (c) => (c.inertia ? { mass: c.mass, inertia: c.inertia } : null),
  };
  return family;
}
