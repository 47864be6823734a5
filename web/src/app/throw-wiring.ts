// Grabbing and throwing the body (docs/page.md "Grabbing and throwing the body"), for a family whose
// core capabilities say `throwable` and whose controls say how (FamilyControls.throwing, FamilyThrow),
// never by its name. A press on the body holds it where it is: the run pauses and restarts, at most
// once a frame, from the held state (the family's FamilyThrow.held) with the grabbed point where the
// pointer has taken it, in the family's drag plane (FamilyThrow.plane: the vertical plane through the
// pressed point that faces the camera, or the body's plane of motion). The release lets go: if the run
// was playing, the body is thrown with the pointer's velocity v, the least-squares slope of the last
// 80 ms of pointer positions (model/pointer-velocity.ts), scaled down to the family's fastest throw;
// if it was paused, the body stays placed with the momentum it had. Every restart goes through
// Controller.holdAt, the core's checks of any set-up: a place the core refuses (the body inside the
// plane, outside the table) is refused with the message over the view, and the last valid place is kept.
// Keyboard (focus in the simulator): G grabs and lets go; while held, the arrow keys move the body by
// 0.1 m in the drag plane (← → across the view, ↑ ↓ its up), Shift + arrow keys add 0.5 m/s to the
// throw velocity in that direction, Enter or G lets go (thrown with that velocity, if any), Escape lets
// go without it.
import type { Vec3 } from '../config/types';
import type { SimulationModel } from '../model/simulation-model';
import { VelocityTracker } from '../model/pointer-velocity';
import { PointerDrag } from '../view/pointer-drag';
import type { SceneView } from '../view/scene-view';
import { el, setMessage } from '../util/dom';
import type { Controller } from './controller';
import type { DragRunPort } from './drag-wiring';
import { THROW_STRINGS, throwNumber } from './throw-strings';

/** Keyboard steps: position per arrow key (m), throw velocity per Shift + arrow key (m/s). */
export const KEY_STEP_M = 0.1;
export const KEY_SPEED_STEP = 0.5;

/** v scaled down as a whole (direction kept) so that |v| ≤ max. */
export function capSpeed(v: Vec3, max: number): { v: Vec3; capped: boolean } {
  const n = Math.hypot(v[0], v[1], v[2]);
  if (!(n > max)) return { v: [v[0], v[1], v[2]], capped: false };
  const k = max / n;
  return { v: [v[0] * k, v[1] * k, v[2] * k], capped: true };
}

/** The drag plane's axes for the camera: normal (horizontal, facing the camera), right, up (world z). */
export function holdAxes(cameraDir: Vec3): { normal: Vec3; right: Vec3; up: Vec3 } {
  const h = Math.hypot(cameraDir[0], cameraDir[1]);
  // Looking straight down (within ~11°), a vertical plane is seen edge-on: move in the view's plane.
  const normal: Vec3 = h > 0.2 ? [cameraDir[0] / h, cameraDir[1] / h, 0] : [0, 0, 1];
  const right: Vec3 = h > 0.2 ? [-normal[1], normal[0], 0] : [1, 0, 0];
  const up: Vec3 = h > 0.2 ? [0, 0, 1] : [0, 1, 0];
  return { normal, right, up };
}

/**
 * The axes of a fixed drag plane (unit normal n, world) for the keyboard: `right` and `up` are the
 * camera's right and up vectors (world, from its matrix) projected into the plane, so that → and ↑
 * move the body across and up the view; `up` is made orthogonal to `right`. A plane seen edge-on
 * (the camera's right along n) falls back to any right in the plane.
 */
export function planeAxes(n: Vec3, camRight: Vec3, camUp: Vec3): { normal: Vec3; right: Vec3; up: Vec3 } {
  const proj = (a: Vec3, b: Vec3, k = 1): Vec3 => {
    const d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    return [a[0] - k * d * b[0], a[1] - k * d * b[1], a[2] - k * d * b[2]];
  };
  const unit = (a: Vec3): Vec3 | null => {
    const l = Math.hypot(a[0], a[1], a[2]);
    return l > 1e-6 ? [a[0] / l, a[1] / l, a[2] / l] : null;
  };
  const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const right =
    unit(proj(camRight, n)) ?? unit(proj([1, 0, 0], n)) ?? (unit(proj([0, 1, 0], n)) as Vec3);
  // up ⟂ right in the plane, on the side of the camera's up
  let up = cross(n, right);
  const u = proj(camUp, n);
  if (up[0] * u[0] + up[1] * u[1] + up[2] * u[2] < 0) up = [-up[0], -up[1], -up[2]];
  return { normal: n, right, up };
}

const fmt = throwNumber;

export interface ThrowWiring {
  /** The message over the view (role="status"). */
  readonly message: HTMLElement;
  readonly drag: PointerDrag;
  /** Whether the body is held (pointer or keyboard). */
  readonly holding: boolean;
  dispose(): void;
}

export function wireThrow(
  view: SceneView,
  viewport: HTMLElement,
  root: HTMLElement,
  model: SimulationModel,
  controller: Controller,
  run: DragRunPort,
): ThrowWiring {
  const message = el('div', { class: 'lgvci-throw-msg', role: 'status', 'aria-live': 'polite' });
  viewport.append(message);
  const say = (text: string, error = false): void => {
    message.classList.toggle('error', error);
    setMessage(message, text);
  };
  const tracker = new VelocityTracker();
  /** The hold in progress. */
  let hold: {
    /** The family's held state (FamilyThrow.held). */
    held: unknown;
    /** The family whose body is held (the controller's family id at the grab). */
    family: string;
    resume: boolean;
    follow: boolean;
    offset: Vec3;
    /** The last place the core accepted, and the one asked for next (world). */
    x: Vec3;
    pending: Vec3 | null;
    frame: number;
    keyVelocity: Vec3;
    axes: ReturnType<typeof holdAxes>;
  } | null = null;

  const cameraDir = (): Vec3 => {
    const d = view.camera.position.clone().sub(view.controls.target);
    return [d.x, d.y, d.z];
  };
  /** The drag plane's axes of the running family (its plane of motion, or the camera's vertical plane). */
  const axesNow = (): ReturnType<typeof holdAxes> => {
    const plane = controller.family.throwing?.plane ?? 'camera';
    if (plane === 'camera') return holdAxes(cameraDir());
    const m = view.camera.matrixWorld.elements;
    return planeAxes(plane, [m[0] ?? 1, m[1] ?? 0, m[2] ?? 0], [m[4] ?? 0, m[5] ?? 1, m[6] ?? 0]);
  };
  const throwable = (): boolean => model.capabilities.throwable && controller.family.throwing !== undefined;

  const begin = (): boolean => {
    const throwing = controller.family.throwing;
    if (hold || !model.capabilities.throwable || !throwing) return false;
    const held: unknown = throwing.held(model.curr);
    if (held === null || held === undefined) return false;
    const at = throwing.at(held);
    if (!at.every(Number.isFinite)) return false;
    const resume = run.playing;
    run.pause();
    const follow = view.follow;
    view.follow = false; // the camera stays put while the body is carried (the pointer's rays are the camera's)
    hold = {
      held,
      family: controller.family.id,
      resume,
      follow,
      offset: [0, 0, 0],
      x: [at[0], at[1], at[2]],
      pending: null,
      frame: 0,
      keyVelocity: [0, 0, 0],
      axes: axesNow(),
    };
    tracker.clear();
    return true;
  };

  /** Restart from the held state at x, thrown with v (null: its momentum kept); whether the core accepted it. */
  const place = (x: Vec3, v: Vec3 | null): boolean => {
    if (!hold) return false;
    // Another preset was chosen while holding: the held state is not its body's.
    if (controller.family.id !== hold.family) return false;
    const r = controller.holdAt(hold.held, x, v);
    if (!r.ok) {
      say(r.message, true);
      return false;
    }
    hold.x = x;
    return true;
  };

  const flush = (): void => {
    if (!hold) return;
    hold.frame = 0;
    const x = hold.pending;
    hold.pending = null;
    // A refusal stays up until a place is accepted; the place itself is said once, at the release.
    if (x && place(x, null) && message.classList.contains('error')) say('');
  };

  const moveTo = (x: Vec3): void => {
    if (!hold) return;
    hold.pending = x;
    if (hold.frame === 0) hold.frame = requestAnimationFrame(flush);
  };

  /** Let go: thrown with v (m/s) if given, else left with the momentum it had (and said where). */
  const release = (v: Vec3 | null): void => {
    if (!hold) return;
    if (hold.frame !== 0) cancelAnimationFrame(hold.frame);
    hold.frame = 0;
    if (hold.pending) {
      place(hold.pending, null);
      hold.pending = null;
    }
    const h = hold;
    const throwing = controller.family.throwing;
    if (v && throwing && controller.family.id === h.family) {
      const { v: vc, capped } = capSpeed(v, controller.throwMaxSpeed() ?? Infinity);
      if (place(h.x, vc)) {
        const speed = fmt(Math.hypot(...vc));
        say(capped ? throwing.cappedText(speed, controller.base) : THROW_STRINGS.thrown(speed));
      }
    } else if (!message.classList.contains('error') && throwing) {
      say(throwing.placedText(h.x));
    }
    hold = null;
    view.follow = h.follow;
    if (h.resume) run.play();
  };

  const drag = new PointerDrag(
    view,
    {
      start(_index, hit, t) {
        if (!begin() || !hold) return false;
        const x = hold.x;
        hold.offset = [x[0] - hit[0], x[1] - hit[1], x[2] - hit[2]];
        tracker.push(t, x);
        return true;
      },
      move(_index, p, t) {
        if (!hold) return;
        const x: Vec3 = [p[0] + hold.offset[0], p[1] + hold.offset[1], p[2] + hold.offset[2]];
        tracker.push(t, x);
        moveTo(x);
      },
      end(_index, p, t) {
        if (!hold) return;
        if (p) {
          const x: Vec3 = [p[0] + hold.offset[0], p[1] + hold.offset[1], p[2] + hold.offset[2]];
          tracker.push(t, x);
          hold.pending = x;
        }
        // Paused: the drag places the body; playing: the release throws it.
        release(hold.resume ? tracker.velocity() : null);
      },
    },
    {
      targets: () => (throwable() ? view.bodyMeshes : []),
      plane: (_i, hit) => ({ normal: axesNow().normal, point: hit }),
    },
  );

  const onKey = (e: KeyboardEvent): void => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    const t = e.target;
    if (t instanceof HTMLElement && (t.closest('dialog[open]') || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || t.isContentEditable)) return;
    const key = e.key;
    if (!hold) {
      if (key !== 'g' && key !== 'G') return;
      if (!throwable()) return;
      if (!begin()) {
        say(THROW_STRINGS.noBody, true);
      } else say(THROW_STRINGS.held);
    } else if (key === 'g' || key === 'G' || key === 'Enter') {
      const v = hold.keyVelocity;
      release(v[0] !== 0 || v[1] !== 0 || v[2] !== 0 ? v : null);
    } else if (key === 'Escape') {
      release(null);
      say(THROW_STRINGS.letGo);
    } else if (key.startsWith('Arrow')) {
      const { right, up } = hold.axes;
      const dir: Vec3 | null =
        key === 'ArrowRight' ? right : key === 'ArrowLeft' ? [-right[0], -right[1], -right[2]] : key === 'ArrowUp' ? up : key === 'ArrowDown' ? [-up[0], -up[1], -up[2]] : null;
      if (!dir) return;
      if (e.shiftKey) {
        const v = hold.keyVelocity;
        hold.keyVelocity = [v[0] + KEY_SPEED_STEP * dir[0], v[1] + KEY_SPEED_STEP * dir[1], v[2] + KEY_SPEED_STEP * dir[2]];
        const k = hold.keyVelocity;
        say(THROW_STRINGS.velocity(fmt(k[0]), fmt(k[1]), fmt(k[2])));
      } else {
        const x = hold.x;
        const next: Vec3 = [x[0] + KEY_STEP_M * dir[0], x[1] + KEY_STEP_M * dir[1], x[2] + KEY_STEP_M * dir[2]];
        const throwing = controller.family.throwing;
        if (place(next, null) && throwing) say(throwing.placedText(next));
      }
    } else {
      return;
    }
    e.preventDefault();
    e.stopPropagation(); // the app's shortcuts (→ steps) do not see a key the hold used
  };
  root.addEventListener('keydown', onKey, { capture: true });

  return {
    message,
    drag,
    get holding() {
      return hold !== null;
    },
    dispose() {
      root.removeEventListener('keydown', onKey, { capture: true });
      if (hold?.frame) cancelAnimationFrame(hold.frame);
      if (hold) view.follow = hold.follow;
      hold = null;
      drag.dispose();
      message.remove();
    },
  };
}
