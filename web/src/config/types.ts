// TypeScript view of the config JSON accepted by the core (see cpp/wasm/lgvci_wasm.d.ts and
// docs/cli.md "Configuration (JSON)"). Field names follow the JSON exactly.

export type Vec3 = [number, number, number];
export type Mat3 = [Vec3, Vec3, Vec3];

/**
 * A preset's name (a config's "case"): one of the core's presetNames(), checked against them where it
 * comes in (the address, app/families.ts caseFromQuery; the selector offers only those).
 */
export type CaseName = string;

export interface EllipsoidBody {
  type: 'ellipsoid';
  semi_axes: Vec3;
  center?: Vec3;
}

export interface CubeBody {
  type: 'cube';
  side: number;
  epsilon: number;
  center?: Vec3;
}

export interface PolyhedronBody {
  type: 'polyhedron';
  vertices: Vec3[];
  epsilon: number;
}

export interface CompositeBody {
  type: 'union' | 'intersection';
  parts: Body[];
}

export type Body = EllipsoidBody | CubeBody | PolyhedronBody | CompositeBody;

/**
 * The plane through the origin, given either by its tilt/azimuth or by its normal (the resolved JSON of
 * the core writes the normal; the two forms must not be mixed).
 */
export interface PlaneSpec {
  /** Angle between the plane normal and e3, radians, in [0, π/2). */
  tilt?: number;
  /** Direction the normal leans toward, radians. */
  azimuth?: number;
  /** Normal vector (normalised by the core). */
  normal?: Vec3;
}

export interface SimConfig {
  case?: CaseName;
  body?: Body;
  mass?: number;
  inertia?: Mat3;
  gravity?: number;
  h?: number;
  plane?: PlaneSpec;
  x0?: Vec3;
  R0?: Mat3;
  gamma0?: Vec3;
  Pi0?: Vec3;
  retraction?: 'cayley' | 'exp';
  root_finder?: 'bisection' | 'fast';
  tolerance?: number;
  max_impacts_per_step?: number;
  /** Coefficient of restitution e ∈ [0, 1] (docs/rigid-body.md "Restitution"); absent: 1, elastic. */
  restitution?: number;
  /** Mass properties of an ε-rounded body: the rounded body's (default) or the sharp polyhedron's. */
  mass_properties?: 'rounded' | 'sharp';
}

/** A config with every field the front end relies on present (what presetConfig / configJson return). */
export interface ResolvedConfig extends SimConfig {
  body: Body;
  mass: number;
  gravity: number;
  h: number;
  plane: PlaneSpec;
  x0: Vec3;
  R0: Mat3;
  gamma0: Vec3;
  Pi0: Vec3;
}
