// Grabbing and throwing the body (docs/page.md "Grabbing and throwing the body"), for a family whose
// core capabilities say `throwable` (one free body started from x0, R0, γ0, Π0), never by its name.
// A press on the body holds it where it is: the run pauses and restarts, at most once a frame, from
// the held state (attitude R and angular momentum Π kept) with the centre where the pointer has taken
// it, in the vertical plane through the pressed point that faces the camera. The release lets go:
// if the run was playing, the body is thrown with the pointer's velocity, γ = m v (Tran & Leok's linear
// momentum), v the least-squares slope of the last 80 ms of pointer positions (model/pointer-velocity.ts);
// if it was paused, the body stays placed with the γ it had. Every restart goes through
// Controller.holdAt, the core's checks of any set-up: a body inside the plane is refused with the
// message over the view, and the last valid place is kept.
// Keyboard (focus in the simulator): G grabs and lets go; while held, the arrow keys move the body by
// 0.1 m (← → across the view, ↑ ↓ up and down), Shift + arrow keys add 0.5 m/s to the throw velocity
// in that direction, Enter or G lets go (thrown with that velocity, if any), Escape lets go without it.
import type { Vec3 } from '../config/types';
import type { HeldState } from '../config/family';
import type { SimulationModel } from '../model/simulation-model';
import { VelocityTracker } from '../model/pointer-velocity';
import { PointerDrag } from '../view/pointer-drag';
import type { SceneView } from '../view/scene-view';
import { el, setMessage } from '../util/dom';
import { formatNumber, t } from '../i18n';
import type { Controller } from './controller';
import type { DragRunPort } from './drag-wiring';
import { THROW_STRINGS } from './throw-strings';

/** Keyboard steps: position per arrow key (m), throw velocity per Shift + arrow key (m/s). */
export const KEY_STEP_M = 0.1;
export const KEY_SPEED_STEP = 0.5;

/** The held state of a snapshot (a throwable family's record: x, R, γ, Π), or null. */
export function heldStateOf(s: unknown): HeldState | null {
  const o = s as Partial<Record<keyof HeldState, unknown>>;
  const arr = (v: unknown, n: number): v is number[] => Array.isArray(v) && v.length === n && v.every(Number.isFinite);
  if (!o || !arr(o.x, 3) || !arr(o.R, 9) || !arr(o.gamma, 3) || !arr(o.Pi, 3)) return null;
  return { x: [...o.x], R: [...o.R], gamma: [...o.gamma], Pi: [...o.Pi] };
}

/** γ = m v, scaled down as a whole (direction kept) so that |γ| ≤ max. */
export function throwMomentum(mass: number, v: Vec3, max: number): { gamma: Vec3; capped: boolean } {
  const g: Vec3 = [mass * v[0], mass * v[1], mass * v[2]];
  const n = Math.hypot(g[0], g[1], g[2]);
  if (!(n > max)) return { gamma: g, capped: false };
  const k = max / n;
  return { gamma: [g[0] * k, g[1] * k, g[2] * k], capped: true };
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

const fmt = (v: number): string => formatNumber(Number(v.toFixed(2)), { maximumFractionDigits: 2 });

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
    held: HeldState;
    /** The family whose body is held (the controller's family id at the grab). */
    family: string;
    resume: boolean;
    follow: boolean;
    offset: Vec3;
    /** The last place the core accepted, and the one asked for next. */
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

  const begin = (): boolean => {
    if (hold || !model.capabilities.throwable || !controller.family.throwing) return false;
    const held = heldStateOf(model.curr);
    if (!held) return false;
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
      x: [held.x[0] ?? 0, held.x[1] ?? 0, held.x[2] ?? 0],
      pending: null,
      frame: 0,
      keyVelocity: [0, 0, 0],
      axes: holdAxes(cameraDir()),
    };
    tracker.clear();
    return true;
  };

  /** Restart from the held state at x with γ; whether the core accepted it (else the message says why). */
  const place = (x: Vec3, gamma: readonly number[]): boolean => {
    if (!hold) return false;
    // Another preset was chosen while holding: the held state is not its body's.
    if (controller.family.id !== hold.family) return false;
    const r = controller.holdAt(hold.held, x, gamma);
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
    if (x && place(x, hold.held.gamma) && message.classList.contains('error')) say('');
  };

  const moveTo = (x: Vec3): void => {
    if (!hold) return;
    hold.pending = x;
    if (hold.frame === 0) hold.frame = requestAnimationFrame(flush);
  };

  /** Let go: thrown with v (m/s) if given, else left with the γ it had (and said where). */
  const release = (v: Vec3 | null): void => {
    if (!hold) return;
    if (hold.frame !== 0) cancelAnimationFrame(hold.frame);
    hold.frame = 0;
    if (hold.pending) {
      place(hold.pending, hold.held.gamma);
      hold.pending = null;
    }
    const h = hold;
    if (v) {
      const mass = controller.throwMass() ?? 1;
      const max = controller.family.throwing?.maxMomentum ?? Infinity;
      const { gamma, capped } = throwMomentum(mass, v, max);
      if (place(h.x, gamma)) {
        const speed = fmt(Math.hypot(...gamma) / mass);
        say(capped ? THROW_STRINGS.capped(speed, fmt(max)) : THROW_STRINGS.thrown(speed));
      }
    } else if (!message.classList.contains('error')) {
      say(THROW_STRINGS.placed(fmt(h.x[2])));
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
      targets: () => (model.capabilities.throwable && controller.family.throwing ? view.bodyMeshes : []),
      plane: (_i, hit) => ({ normal: holdAxes(cameraDir()).normal, point: hit }),
    },
  );

  const onKey = (e: KeyboardEvent): void => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    const t = e.target;
    if (t instanceof HTMLElement && (t.closest('dialog[open]') || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || t.isContentEditable)) return;
    const key = e.key;
    if (!hold) {
      if (key !== 'g' && key !== 'G') return;
      if (!model.capabilities.throwable) return;
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
        if (place(next, hold.held.gamma)) say(THROW_STRINGS.placed(fmt(next[2])));
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
