// The animation-frame loop: advance the model by the wall-clock interval (fixed steps), draw the
// interpolated pose, flash the impacts the drawn time has reached, refresh the HUD, the plots (≤ 10 Hz)
// and the export note. Idle frames while paused cost almost nothing.
import type { Hud } from '../controls/hud';
import type { ControlPanel } from '../controls/panel';
import type { SimulationModel } from '../model/simulation-model';
import type { PlotsView } from '../view/plots';
import type { SceneView } from '../view/scene-view';
import { formatSteps } from '../controls/long-run-controls';
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
  private lastNow: number | null = null;
  private lastGhostCheck = -Infinity;
  private raf = 0;
  private stopped = false;
  private firstMarked: boolean;
  private stepMarked = false;
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
    const { model, view, hud, plots, panel } = this.p;
    const dt = this.lastNow === null ? 0 : Math.max(0, (now - this.lastNow) / 1000);
    this.lastNow = now;
    if (model.fastForward) model.fastReturn();
    else if (model.clock.running) model.advance(dt);
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

  stop(): void {
    this.stopped = true;
    cancelAnimationFrame(this.raf);
  }
}
