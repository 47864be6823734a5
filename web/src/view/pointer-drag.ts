// Dragging a part of the drawn content with the pointer (a family's drag targets, a body to throw): a press
// on one of the drag targets (DragSource: by default SceneContent.drag, raycast from the camera) grabs it, the
// pointer's ray meets the content's drag plane at every move, and the release lets go. While a target
// is held the orbit camera does not move: the press is seen before OrbitControls sees it (a capture
// listener on the canvas), which disables the controls until the release. A press anywhere else is
// left to OrbitControls. What a drag means is the handler's business (app/drag-wiring.ts).
import * as THREE from 'three';
import type { Vec3 } from '../config/types';
import type { SceneView } from './scene-view';

export interface DragHandlers {
  /**
   * A target was pressed at world point `hit` (event time `t`, ms); false refuses the grab (the press
   * then orbits the camera).
   */
  start(index: number, hit: Vec3, t: number): boolean;
  /** The held target follows the pointer to this point of the drag plane (world frame) at event time t (ms). */
  move(index: number, point: Vec3, t: number): void;
  /** Released (point: where, on the drag plane; null when cancelled or off the plane) at event time t (ms). */
  end(index: number, point: Vec3 | null, t: number): void;
}

/** What can be grabbed and the plane it then moves in. */
export interface DragSource {
  /** Objects that can be grabbed now; a drag reports the index of the grabbed one. */
  targets(): readonly THREE.Object3D[];
  /** The plane the held target moves in (world frame), chosen when target `index` is pressed at `hit`. */
  plane(index: number, hit: Vec3): { normal: Vec3; point: Vec3 };
}

/** The content's own drag targets and plane (SceneContent.drag). */
export function contentDragSource(view: SceneView): DragSource {
  return {
    targets: () => view.drag?.targets ?? [],
    plane: () => ({ normal: view.drag?.planeNormal ?? [0, 0, 1], point: view.drag?.planePoint ?? [0, 0, 0] }),
  };
}

export class PointerDrag {
  private readonly view: SceneView;
  private readonly handlers: DragHandlers;
  private readonly source: DragSource;
  private readonly raycaster = new THREE.Raycaster();
  private readonly ndc = new THREE.Vector2();
  private readonly plane = new THREE.Plane();
  private readonly hit = new THREE.Vector3();
  private held: { index: number; pointerId: number } | null = null;

  constructor(view: SceneView, handlers: DragHandlers, source: DragSource = contentDragSource(view)) {
    this.view = view;
    this.handlers = handlers;
    this.source = source;
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

  /** The drag target under the pointer (its index, −1 for none) and the point pressed. */
  private pick(e: PointerEvent): { index: number; hit: Vec3 } {
    const targets = this.source.targets();
    if (targets.length === 0) return { index: -1, hit: [0, 0, 0] };
    this.ray(e);
    const first = this.raycaster.intersectObjects(targets as THREE.Object3D[], false)[0];
    if (!first) return { index: -1, hit: [0, 0, 0] };
    return { index: targets.indexOf(first.object), hit: [first.point.x, first.point.y, first.point.z] };
  }

  /** Where the pointer's ray meets the held target's plane, or null (parallel to it). */
  private planePoint(e: PointerEvent): Vec3 | null {
    this.ray(e);
    if (!this.raycaster.ray.intersectPlane(this.plane, this.hit)) return null;
    return [this.hit.x, this.hit.y, this.hit.z];
  }

  private readonly onDown = (e: PointerEvent): void => {
    if (this.held || e.button !== 0) return;
    const { index, hit } = this.pick(e);
    if (index < 0 || !this.handlers.start(index, hit, e.timeStamp)) return;
    const pl = this.source.plane(index, hit);
    this.plane.setFromNormalAndCoplanarPoint(new THREE.Vector3(...pl.normal).normalize(), new THREE.Vector3(...pl.point));
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
      // Only the drag that has targets sets the cursor (another drag on the same canvas may).
      if (this.source.targets().length > 0) this.view.canvas.style.cursor = this.pick(e).index >= 0 ? 'grab' : '';
      return;
    }
    if (e.pointerId !== this.held.pointerId) return;
    // A busy main thread gets one move per frame: the events it coalesced carry the motion in between,
    // each with its own time (a throw's velocity is fitted to them, app/throw-wiring.ts).
    const coalesced = typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents() : [];
    for (const c of coalesced.length > 0 ? coalesced : [e]) {
      const p = this.planePoint(c);
      if (p) this.handlers.move(this.held.index, p, c.timeStamp);
    }
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
    this.handlers.end(index, e.type === 'pointerup' ? this.planePoint(e) : null, e.timeStamp);
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
