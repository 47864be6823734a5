// The rigid body's config (Tran & Leok; docs/cli.md "Configuration (JSON)", docs/config.md): its
// TypeScript view, field names as the core's JSON, and the check that the JSON the core gives back
// (presetJson, configJson) has the shape the page relies on. A mismatch is a contract problem between
// the core and the page, so it throws ConfigShapeError with the field.
import type { CaseName, Mat3, Vec3 } from '../../../web/src/config/types';
import type { RigidBodyBody, RigidBodyConfigPatch, RigidBodyPlane } from './generated/config-schema';
import { ConfigShapeError, isRecord, jsonMat3, jsonNumber, jsonVec3, parseJsonObject } from '../../../web/src/config/parse';

type Variant<T extends RigidBodyBody['type']> = Extract<RigidBodyBody, { type: T }>;

export type EllipsoidBody = Variant<'ellipsoid'>;
/** A cube as the page reads it: its ε always given (parseBody fills the row's default). */
export type CubeBody = Variant<'cube'> & { epsilon: number };
export type PolyhedronBody = Variant<'polyhedron'> & { epsilon: number };
/** A union or an intersection, whose parts are read as bodies too. */
export type CompositeBody = Omit<Variant<'union' | 'intersection'>, 'parts'> & { parts: RigidBodyShape[] };

/** The body's shape: an ellipsoid, an ε-rounded cube or polyhedron, a union or an intersection of shapes. */
export type RigidBodyShape = EllipsoidBody | CubeBody | PolyhedronBody | CompositeBody;

/**
 * The plane through the origin, given either by its tilt/azimuth or by its normal (the resolved JSON of
 * the core writes the normal; the two forms must not be mixed).
 */
export type PlaneSpec = RigidBodyPlane;

/**
 * A config of the rigid body as the core takes it, every row but the preset's optional: the type the
 * core's schema gives (generated/config-schema.ts), with the page's body and plane types.
 */
export type RigidBodyConfig = Omit<RigidBodyConfigPatch, 'body' | 'plane' | 'case'> & {
  case?: CaseName;
  body?: RigidBodyShape;
  plane?: PlaneSpec;
};

/** A config with every field the page relies on present (what presetJson / configJson return). */
export interface ResolvedRigidBodyConfig extends RigidBodyConfig {
  body: RigidBodyShape;
  mass: number;
  gravity: number;
  h: number;
  plane: PlaneSpec;
  x0: Vec3;
  R0: Mat3;
  gamma0: Vec3;
  Pi0: Vec3;
}

export function parseBody(v: unknown, where = 'body'): RigidBodyShape {
  if (!isRecord(v)) throw new ConfigShapeError(`${where}: expected an object`);
  const center = v['center'] === undefined ? undefined : jsonVec3(v['center'], `${where}.center`);
  switch (v['type']) {
    case 'ellipsoid': {
      const b: RigidBodyShape = { type: 'ellipsoid', semi_axes: jsonVec3(v['semi_axes'], `${where}.semi_axes`) };
      if (center) b.center = center;
      return b;
    }
    case 'cube': {
      const b: RigidBodyShape = {
        type: 'cube',
        side: jsonNumber(v['side'], `${where}.side`),
        epsilon: jsonNumber(v['epsilon'] ?? 0, `${where}.epsilon`),
      };
      if (center) b.center = center;
      return b;
    }
    case 'polyhedron': {
      const verts = v['vertices'];
      if (!Array.isArray(verts)) throw new ConfigShapeError(`${where}.vertices: expected an array`);
      return {
        type: 'polyhedron',
        vertices: verts.map((p, i) => jsonVec3(p, `${where}.vertices[${i}]`)),
        epsilon: jsonNumber(v['epsilon'] ?? 0, `${where}.epsilon`),
      };
    }
    case 'union':
    case 'intersection': {
      const parts = v['parts'];
      if (!Array.isArray(parts) || parts.length === 0) {
        throw new ConfigShapeError(`${where}.parts: expected a non-empty array`);
      }
      return { type: v['type'], parts: parts.map((p, i) => parseBody(p, `${where}.parts[${i}]`)) };
    }
    default:
      throw new ConfigShapeError(`${where}.type: unknown body type ${JSON.stringify(v['type'])}`);
  }
}

/** Parse the rigid body's JSON of presetJson() / Simulation.configJson(). */
export function parseRigidBodyConfig(json: string): ResolvedRigidBodyConfig {
  const raw = parseJsonObject(json);
  const plane = raw['plane'];
  if (!isRecord(plane)) throw new ConfigShapeError('plane: expected an object with a normal or tilt/azimuth');
  const planeSpec: PlaneSpec = {};
  if (plane['normal'] !== undefined) planeSpec.normal = jsonVec3(plane['normal'], 'plane.normal');
  if (plane['tilt'] !== undefined) planeSpec.tilt = jsonNumber(plane['tilt'], 'plane.tilt');
  if (plane['azimuth'] !== undefined) planeSpec.azimuth = jsonNumber(plane['azimuth'], 'plane.azimuth');
  const out: ResolvedRigidBodyConfig = {
    ...(raw as object),
    body: parseBody(raw['body']),
    mass: jsonNumber(raw['mass'], 'mass'),
    gravity: jsonNumber(raw['gravity'], 'gravity'),
    h: jsonNumber(raw['h'], 'h'),
    plane: planeSpec,
    x0: jsonVec3(raw['x0'], 'x0'),
    R0: jsonMat3(raw['R0'], 'R0'),
    gamma0: jsonVec3(raw['gamma0'], 'gamma0'),
    Pi0: jsonVec3(raw['Pi0'], 'Pi0'),
  };
  if (raw['inertia'] !== undefined) out.inertia = jsonMat3(raw['inertia'], 'inertia');
  if (raw['case'] !== undefined) {
    // The core resolved it, so it is one of its presets; here only its shape is checked.
    if (typeof raw['case'] !== 'string') throw new ConfigShapeError(`case: expected a preset name, got ${JSON.stringify(raw['case'])}`);
    out.case = raw['case'] as CaseName;
  }
  return out;
}

/** The ε of a body whose rounding the UI can change (a cube or polyhedron at top level), else null. */
export function bodyEpsilon(body: RigidBodyShape): number | null {
  return body.type === 'cube' || body.type === 'polyhedron' ? body.epsilon : null;
}

/** Unit normal of the plane n = (sin t cos a, sin t sin a, cos t). */
export function planeNormal(tilt: number, azimuth: number): Vec3 {
  const s = Math.sin(tilt);
  return [s * Math.cos(azimuth), s * Math.sin(azimuth), Math.cos(tilt)];
}

/** Unit normal of a plane spec (normal given, or from tilt/azimuth; default e3). */
export function resolvePlaneNormal(plane: PlaneSpec): Vec3 {
  if (plane.normal) {
    const [a, b, c] = plane.normal;
    const n = Math.hypot(a, b, c);
    return n > 0 ? [a / n, b / n, c / n] : [0, 0, 1];
  }
  return planeNormal(plane.tilt ?? 0, plane.azimuth ?? 0);
}

/** Tilt and azimuth (radians) of a plane spec; azimuth in [0, 2π), 0 for a horizontal plane. */
export function planeAngles(plane: PlaneSpec): { tilt: number; azimuth: number } {
  if (!plane.normal) return { tilt: plane.tilt ?? 0, azimuth: plane.azimuth ?? 0 };
  const [x, y, z] = resolvePlaneNormal(plane);
  const tilt = Math.atan2(Math.hypot(x, y), z);
  let azimuth = tilt === 0 ? 0 : Math.atan2(y, x);
  if (azimuth < 0) azimuth += 2 * Math.PI;
  return { tilt, azimuth };
}
