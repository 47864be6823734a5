// The animation-frame loop: advance the model by the wall-clock interval (fixed steps), draw the
// interpolated pose, flash the impacts the drawn time has reached, refresh the HUD, the plots (≤ 10 Hz)
// and the export note, and "slow motion" when the frames cannot keep real time (model/slow-motion.ts).
// Idle frames while paused cost almost nothing.
import type { Hud } from '../controls/hud';
import type { ControlPanel } from '../controls/panel';
import type { SimulationModel } from '../model/simulation-model';
import type { PlotsView } from '../view/plots';
import type { SceneView } from '../view/scene-view';
import { formatSteps } from '../controls/long-run-controls';
import { SlowMotionTracker } from '../model/slow-motion';
import { fixed, t } from '../i18n';

export const FIRST_FRAME_MARK = 'lgvci:first-frame';
/** Performance mark of the first simulation step done (web/scripts/measure.mjs reads it). */
export const FIRST_STEP_MARK = 'lgvci:first-step';

export interface FrameParts {
  model: SimulationModel;
  view: SceneView | null;
  hud: Hud;
  plots: PlotsView;
  panel: ControlPanel;
  /** Which companion ghosts are inside the drawn frame (a few times a second while there are any). */
  ghostsInView?(inView: boolean[]): void;
  /** The first frame was already drawn (before the engine, app/first-frame.ts) and marked. */
  firstFrameMarked?: boolean;
}

/** How often the ghosts' visibility is checked (ms). */
const GHOST_CHECK_MS = 250;

export class FrameLoop {
  /** Frames drawn so far (idle frames while paused are skipped). */
  frames = 0;
  /**
   * While true the animation frames draw nothing and leave the model alone: a clip is being recorded
   * and its recorder draws each frame itself with drawStep (clip-recorder.ts).
   */
  held = false;
  private lastNow: number | null = null;
  private lastGhostCheck = -Infinity;
  private raf = 0;
  private stopped = false;
  private firstMarked: boolean;
  private stepMarked = false;
  /** Whether the HUD says "slow motion". */
  readonly slowMotion = new SlowMotionTracker();
  private readonly p: FrameParts;

  constructor(parts: FrameParts) {
    this.p = parts;
    this.firstMarked = parts.firstFrameMarked ?? false;
  }

  start(): void {
    this.raf = requestAnimationFrame(this.frame);
  }

  /** Draw the current state now (after a step, a pause or a restart). */
  sync(): void {
    const { model, view, hud } = this.p;
    const s = model.interpolated();
    view?.setBodyPose(s.x, s.q, s.coords);
    this.syncGhosts(model.alpha, s.t);
    view?.updateTrail(model.trail, s.t, s.x);
    hud.update(model, s.t);
  }

  /** Flash the impacts up to the current time (after a single step). */
  flashUpTo(t: number): void {
    const view = this.p.view;
    for (const imp of this.p.model.takeImpactsUpTo(t)) view?.flashImpact(view.impactWorldPoint(imp));
  }

  private syncGhosts(alpha: number, t: number): void {
    const { model, view } = this.p;
    if (!view || (!model.twins && !model.baselines)) return;
    model.companions.forEach((r, i) => {
      const g = r.interpolated(alpha);
      view.setGhostPose(i, g.x, g.q, g.coords);
      view.updateGhostTrail(i, r.trail, t, g.x);
    });
  }

  private readonly frame = (now: number): void => {
    if (this.stopped) return;
    this.raf = requestAnimationFrame(this.frame);
    if (this.held) {
      this.lastNow = null; // the held time is not made up afterwards
      return;
    }
    const { model, view, hud, plots, panel } = this.p;
    const dt = this.lastNow === null ? 0 : Math.max(0, (now - this.lastNow) / 1000);
    this.lastNow = now;
    if (model.fastForward) model.fastReturn();
    else if (model.clock.running) model.advance(dt);
    const playing = model.clock.running && !model.fastForward && !model.halted;
    hud.setSlowMotion(this.slowMotion.update(model.slowed, playing, dt), playing);
    if (!this.stepMarked && model.curr.steps > 0) {
      this.stepMarked = true;
      if (typeof performance.mark === 'function') performance.mark(FIRST_STEP_MARK);
    }
    const s = model.interpolated();
    this.flashUpTo(s.t);
    view?.setBodyPose(s.x, s.q, s.coords);
    this.syncGhosts(model.alpha, s.t);
    view?.updateTrail(model.trail, s.t, s.x);
    const drawn = view ? view.render(Math.min(dt, 0.1)) : true;
    if (view && drawn) hud.avoid(view.projectBody());
    if (view && this.p.ghostsInView && now - this.lastGhostCheck >= GHOST_CHECK_MS && view.ghostObjects.length > 0) {
      this.lastGhostCheck = now;
      this.p.ghostsInView(view.ghostsInView());
    }
    hud.update(model, s.t);
    plots.tick(now);
    const h = model.history;
    panel.setExportNote(
      h.truncated
        ? t('app.recordingStopped', { steps: formatSteps(h.length - 1), t: fixed(h.get(h.length - 1, 0), 2) })
        : '',
    );
    if (drawn) {
      this.frames += 1;
      if (!this.firstMarked && typeof performance.mark === 'function') performance.mark(FIRST_FRAME_MARK);
      this.firstMarked = true;
    }
  };

  /**
   * One frame of a clip: the clock advanced by dt seconds (not the wall clock's interval) and every step
   * it asks for taken, with no step budget (model.advance drops steps to keep a frame short; a clip's
   * frames must not depend on the machine's speed), then the view drawn with dt as its animation
   * interval and the HUD refreshed. Returns the drawn time.
   */
  drawStep(dt: number): number {
    const { model, view, hud } = this.p;
    const n = model.clock.tick(dt);
    if (n > 0) model.step(n);
    const s = model.interpolated();
    this.flashUpTo(s.t);
    view?.setBodyPose(s.x, s.q, s.coords);
    this.syncGhosts(model.alpha, s.t);
    view?.updateTrail(model.trail, s.t, s.x);
    // Drawn even when nothing moved: the recorder copies the canvas right after, in this task.
    if (view && !view.render(dt)) view.renderer.render(view.scene, view.camera);
    hud.update(model, s.t);
    return s.t;
  }

  stop(): void {
    this.stopped = true;
    cancelAnimationFrame(this.raf);
  }
}
