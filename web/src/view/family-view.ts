// How a model family is drawn: from its parsed config, the object of the moving body (in its own
// frame, pose set every frame from the snapshot), its bounding radius and the ground's normal.
// Adding a family adds one of these; SceneView itself knows no family.
import type * as THREE from 'three';
import type { Vec3 } from '../config/types';
import type { BodyObject } from './body-geometry';

export interface SceneContent {
  body: BodyObject;
  /** Bounding radius of the body about its reference point (shadow camera, framing). */
  radius: number;
  /** Unit normal of the ground (world frame). */
  groundNormal: Vec3;
  /** Camera target height above the ground's foot point of the body (default 6). */
  followHeight?: number;
  /** Camera distance from its target when this kind of content is first shown (default: the camera stays). */
  viewDistance?: number;
  /** Direction from the target to the camera when it is first shown (default: the current one). */
  viewDirection?: Vec3;
  /** Size of impact flashes relative to the rigid bodies' (default 1). */
  effectScale?: number;
  /** Static decorations in the world frame (e.g. the floor line); disposed with the content. */
  extras?: THREE.Object3D[];
  /** Pose the body's parts from the snapshot's coordinates (the cradle's angles θ_i). */
  pose?(coords: readonly number[]): void;
}

export interface FamilyView<C = unknown> {
  readonly id: string;
  /** Build the scene content of a config; `material` is the shared body material (not disposed by the body). */
  build(config: C, material: THREE.Material): SceneContent;
  /** Accessible description of the 3-D view. */
  describe(config: C): string;
}
