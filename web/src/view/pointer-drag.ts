// Dragging a part of the drawn content with the pointer (the cradle's balls): a press
// on one of the content's drag targets (SceneContent.drag, raycast from the camera) grabs it, the
// pointer's ray meets the content's drag plane at every move, and the release lets go. While a target
// is held the orbit camera does not move: the press is seen before OrbitControls sees it (a capture
// listener on the canvas), which disables the controls until the release. A press anywhere else is
// left to OrbitControls. What a drag means is the handler's business (app/drag-wiring.ts).
import * as THREE from 'three';
import type { Vec3 } from '../config/types';
import type { SceneView } from './scene-view';

export interface DragHandlers {
  /** A target was pressed; false refuses the grab (the press then orbits the camera). */
  start(index: number): boolean;
  /** The held target follows the pointer to this point of the drag plane (world frame). */
  move(index: number, point: Vec3): void;
  /** Released (or cancelled). */
  end(index: number): void;
}

export class PointerDrag {
  private readonly view: SceneView;
  private readonly handlers: DragHandlers;
  private readonly raycaster = new THREE.Raycaster();
  private readonly ndc = new THREE.Vector2();
  private readonly plane = new THREE.Plane();
  private readonly hit = new THREE.Vector3();
  private held: { index: number; pointerId: number } | null = null;

  constructor(view: SceneView, handlers: DragHandlers) {
    this.view = view;
    this.handlers = handlers;
    const c = view.canvas;
    c.addEventListener('pointerdown', this.onDown, { capture: true });
    c.addEventListener('pointermove', this.onMove);
    c.addEventListener('pointerup', this.onUp);
    c.addEventListener('pointercancel', this.onUp);
  }

  /** Whether a target is being dragged. */
  get dragging(): boolean {
    return this.held !== null;
  }

  private ray(e: PointerEvent): void {
    const r = this.view.canvas.getBoundingClientRect();
    this.ndc.set(((e.clientX - r.left) / Math.max(1, r.width)) * 2 - 1, -((e.clientY - r.top) / Math.max(1, r.height)) * 2 + 1);
    this.raycaster.setFromCamera(this.ndc, this.view.camera);
  }

  /** Index of the drag target under the pointer, or −1. */
  private pick(e: PointerEvent): number {
    const spec = this.view.drag;
    if (!spec) return -1;
    this.ray(e);
    const first = this.raycaster.intersectObjects(spec.targets as THREE.Object3D[], false)[0];
    return first ? spec.targets.indexOf(first.object) : -1;
  }

  private readonly onDown = (e: PointerEvent): void => {
    if (this.held || e.button !== 0) return;
    const index = this.pick(e);
    if (index < 0 || !this.handlers.start(index)) return;
    // Ours, not the orbit camera's: this capture listener runs before OrbitControls' own, which ignores
    // a press while disabled. The event still bubbles (the app root takes the focus for its shortcuts).
    e.preventDefault();
    this.held = { index, pointerId: e.pointerId };
    this.view.controls.enabled = false;
    try {
      this.view.canvas.setPointerCapture(e.pointerId);
    } catch {
      // a synthetic or already-released pointer cannot be captured; moves still reach the canvas
    }
    this.view.canvas.style.cursor = 'grabbing';
  };

  private readonly onMove = (e: PointerEvent): void => {
    if (!this.held) {
      this.view.canvas.style.cursor = this.view.drag && this.pick(e) >= 0 ? 'grab' : '';
      return;
    }
    const spec = this.view.drag;
    if (!spec || e.pointerId !== this.held.pointerId) return;
    this.ray(e);
    this.plane.setFromNormalAndCoplanarPoint(new THREE.Vector3(...spec.planeNormal), new THREE.Vector3(...spec.planePoint));
    if (!this.raycaster.ray.intersectPlane(this.plane, this.hit)) return;
    this.handlers.move(this.held.index, [this.hit.x, this.hit.y, this.hit.z]);
  };

  private readonly onUp = (e: PointerEvent): void => {
    if (!this.held || e.pointerId !== this.held.pointerId) return;
    const { index, pointerId } = this.held;
    this.held = null;
    this.view.controls.enabled = true;
    try {
      if (this.view.canvas.hasPointerCapture(pointerId)) this.view.canvas.releasePointerCapture(pointerId);
    } catch {
      // nothing to release
    }
    this.view.canvas.style.cursor = '';
    this.handlers.end(index);
  };

  dispose(): void {
    const c = this.view.canvas;
    c.removeEventListener('pointerdown', this.onDown, { capture: true });
    c.removeEventListener('pointermove', this.onMove);
    c.removeEventListener('pointerup', this.onUp);
    c.removeEventListener('pointercancel', this.onUp);
    if (this.held) this.view.controls.enabled = true;
    this.held = null;
  }
}
