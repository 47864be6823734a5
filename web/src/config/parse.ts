// Checks that JSON coming back from the core (presetConfig, configJson) has the shape the front end
// relies on. A mismatch is a contract problem between core and front end, so it throws with the field.
import type { Body, CaseName, Mat3, PlaneSpec, ResolvedConfig, Vec3 } from './types';

export class ConfigShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigShapeError';
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The core's config JSON as an object, or a ConfigShapeError (every model family's parser starts here). */
export function parseJsonObject(json: string): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (e) {
    throw new ConfigShapeError(`config JSON does not parse: ${(e as Error).message}`);
  }
  if (!isRecord(raw)) throw new ConfigShapeError('config: expected a JSON object');
  return raw;
}

function num(v: unknown, where: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    throw new ConfigShapeError(`${where}: expected a finite number, got ${JSON.stringify(v)}`);
  }
  return v;
}

function vec3(v: unknown, where: string): Vec3 {
  if (!Array.isArray(v) || v.length !== 3) {
    throw new ConfigShapeError(`${where}: expected an array of 3 numbers, got ${JSON.stringify(v)}`);
  }
  return [num(v[0], `${where}[0]`), num(v[1], `${where}[1]`), num(v[2], `${where}[2]`)];
}

function mat3(v: unknown, where: string): Mat3 {
  if (!Array.isArray(v) || v.length !== 3) {
    throw new ConfigShapeError(`${where}: expected a 3x3 array, got ${JSON.stringify(v)}`);
  }
  return [vec3(v[0], `${where}[0]`), vec3(v[1], `${where}[1]`), vec3(v[2], `${where}[2]`)];
}

export function parseBody(v: unknown, where = 'body'): Body {
  if (!isRecord(v)) throw new ConfigShapeError(`${where}: expected an object`);
  const center = v['center'] === undefined ? undefined : vec3(v['center'], `${where}.center`);
  switch (v['type']) {
    case 'ellipsoid': {
      const b: Body = { type: 'ellipsoid', semi_axes: vec3(v['semi_axes'], `${where}.semi_axes`) };
      if (center) b.center = center;
      return b;
    }
    case 'cube': {
      const b: Body = {
        type: 'cube',
        side: num(v['side'], `${where}.side`),
        epsilon: num(v['epsilon'] ?? 0, `${where}.epsilon`),
      };
      if (center) b.center = center;
      return b;
    }
    case 'polyhedron': {
      const verts = v['vertices'];
      if (!Array.isArray(verts)) throw new ConfigShapeError(`${where}.vertices: expected an array`);
      return {
        type: 'polyhedron',
        vertices: verts.map((p, i) => vec3(p, `${where}.vertices[${i}]`)),
        epsilon: num(v['epsilon'] ?? 0, `${where}.epsilon`),
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

/** Parse the JSON of presetConfig() / Simulation.configJson(). */
export function parseResolvedConfig(json: string): ResolvedConfig {
  const raw = parseJsonObject(json);
  const plane = raw['plane'];
  if (!isRecord(plane)) throw new ConfigShapeError('plane: expected an object with a normal or tilt/azimuth');
  const planeSpec: PlaneSpec = {};
  if (plane['normal'] !== undefined) planeSpec.normal = vec3(plane['normal'], 'plane.normal');
  if (plane['tilt'] !== undefined) planeSpec.tilt = num(plane['tilt'], 'plane.tilt');
  if (plane['azimuth'] !== undefined) planeSpec.azimuth = num(plane['azimuth'], 'plane.azimuth');
  const out: ResolvedConfig = {
    ...(raw as object),
    body: parseBody(raw['body']),
    mass: num(raw['mass'], 'mass'),
    gravity: num(raw['gravity'], 'gravity'),
    h: num(raw['h'], 'h'),
    plane: planeSpec,
    x0: vec3(raw['x0'], 'x0'),
    R0: mat3(raw['R0'], 'R0'),
    gamma0: vec3(raw['gamma0'], 'gamma0'),
    Pi0: vec3(raw['Pi0'], 'Pi0'),
  };
  if (raw['inertia'] !== undefined) out.inertia = mat3(raw['inertia'], 'inertia');
  if (raw['case'] !== undefined) {
    // The core resolved it, so it is one of its presets; here only its shape is checked.
    if (typeof raw['case'] !== 'string') throw new ConfigShapeError(`case: expected a preset name, got ${JSON.stringify(raw['case'])}`);
    out.case = raw['case'] as CaseName;
  }
  return out;
}

/** The ε of a body whose rounding the UI can change (a cube or polyhedron at top level), else null. */
export function bodyEpsilon(body: Body): number | null {
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
