// What every family's drawn body shares: the object a family view builds (BodyObject: a group of
// meshes in the body frame), the lit material of the body's surfaces (one shader program with the
// plane's, docs/page.md "First load") and the body's colours.
import * as THREE from 'three';
import { litMaterial } from './lit-surface';

export const BODY_COLORS = {
  a: new THREE.Color('#d9822b'),
  b: new THREE.Color('#f4dfbf'),
  c: new THREE.Color('#a9541f'),
};

export interface BodyObject {
  group: THREE.Group;
  /** Every mesh, for shadows and disposal. */
  meshes: THREE.Mesh[];
  /**
   * Settles when meshes built after the object (empty until then) have their geometry (a mesh's
   * `geometry` is then another object), or null when every mesh is built at once; never settles after
   * dispose().
   */
  refined?: Promise<void> | null;
  dispose(): void;
}

export function createBodyMaterial(): THREE.MeshStandardMaterial {
  return litMaterial({ roughness: 0.5, metalness: 0.05 });
}
