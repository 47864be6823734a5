// The camera from the keyboard (the mouse orbits, zooms and pans through OrbitControls): [ and ] turn
// the camera about the vertical through its target, + and − move it closer or farther, within the
// controls' distance limits.
import type { SceneView } from '../view/scene-view';

export const ORBIT_STEP_DEG = 15;
export const ZOOM_STEP = 0.85;

/** Turn the camera by `degrees` about the up axis through the orbit target (distance kept). */
export function orbitCamera(view: SceneView, degrees: number): void {
  const { camera, controls } = view;
  const offset = camera.position.clone().sub(controls.target);
  offset.applyAxisAngle(camera.up, (degrees * Math.PI) / 180);
  camera.position.copy(controls.target).add(offset);
  controls.update();
}

/** Scale the camera's distance to its target by `factor`, clamped to the controls' limits. */
export function zoomCamera(view: SceneView, factor: number): void {
  const { camera, controls } = view;
  const offset = camera.position.clone().sub(controls.target);
  const d = offset.length();
  const want = Math.min(controls.maxDistance, Math.max(controls.minDistance, d * factor));
  if (!(d > 0) || !Number.isFinite(want)) return;
  offset.multiplyScalar(want / d);
  camera.position.copy(controls.target).add(offset);
  controls.update();
}
