// How a model family is drawn: from its parsed config, the object of the moving body (in its own
// frame, pose set every frame from the snapshot), its bounding radius and the ground's normal.
// Adding a family adds one of these; SceneView itself knows no family.
import type * as THREE from 'three';
import type { Vec3 } from '../config/types';
import type { BodyObject } from './body-material';
import type { Impact } from '../model/run';

/** Parts of the content the pointer can drag (view/pointer-drag.ts) and what a drag sets. */
export interface DragSpec {
  /** Objects that can be grabbed; a drag reports the index of the grabbed one. */
  targets: readonly THREE.Object3D[];
  /** The plane the held target moves in (world frame): its normal and a point on it. */
  planeNormal: Vec3;
  planePoint: Vec3;
  /**
   * The control values (field id → value in display units, inside the fields' ranges) that put target
   * `index` where the pointer is (world point p).
   */
  fieldsAt(index: number, p: Vec3): Record<string, number>;
}

export interface SceneContent {
  body: BodyObject;
  /** Bounding radius of the body about its reference point (shadow camera, framing). */
  radius: number;
  /** Unit normal of the ground (world frame). */
  groundNormal: Vec3;
  /** Camera target height above the ground's foot point of the body (default 6). */
  followHeight?: number;
  /**
   * The camera's target (world frame) for a family whose camera does not follow the body
   * (FamilyView.fixedCamera): a scene seen whole, whose body does not travel. The camera is put
   * on it when it changes and is left where the user turns it.
   */
  fixedTarget?: Vec3;
  /** Camera distance from its target when this kind of content is first shown (default: the camera stays). */
  viewDistance?: number;
  /**
   * Half extents (world x, y about the target) of what must fit the view when it is first shown: the
   * camera distance is then chosen for the view's aspect, so a wide table fits a phone too (instead of viewDistance).
   */
  viewFit?: [number, number];
  /** Direction from the target to the camera when it is first shown (default: the current one). */
  viewDirection?: Vec3;
  /** Size of impact flashes relative to the default (1: bodies a few metres across). */
  effectScale?: number;
  /** Static decorations in the world frame (e.g. the floor line); disposed with the content. */
  extras?: THREE.Object3D[];
  /** Pose the body's parts from the snapshot's coordinates (a pendulum's angles θ_i). */
  pose?(coords: readonly number[]): void;
  /** World point of an impact's marker (default: the record's point as it is, a contact point in the world). */
  impactPoint?(impact: Impact): Vec3;
  /** Normal of the plane the impact ring lies in (default: the ground's normal). */
  impactNormal?: Vec3;
  /** What the pointer can drag (none by default). */
  drag?: DragSpec;
}

export interface FamilyView<C = unknown> {
  readonly id: string;
  /**
   * Why the camera does not follow the body, for a family whose drawn body does not travel through
   * the scene (its content then has a fixedTarget): the note beside the disabled "Camera follows the
   * body" control. Absent: the camera can follow the body (the content has no fixedTarget).
   */
  readonly fixedCamera?: string;
  /** Build the scene content of a config; `material` is the shared body material (not disposed by the body). */
  build(config: C, material: THREE.Material): SceneContent;
  /** Accessible description of the 3-D view. */
  describe(config: C): string;
}
