// mountApp(root): builds the simulator inside a given element (viewport + HUD + side panel + plots),
// loads the WASM engine, and runs the frame loop (plots redrawn at most 10 times a second). Keyboard shortcuts are bound to the root element (not the
// document) so several apps can be embedded in one page. destroy() deletes the embind objects,
// disposes three.js resources and removes every listener and element it added.
import '../styles/app.css';
import type { CaseName } from '../config/types';
import { LongRunControls, longRunSummary, formatSteps } from '../controls/long-run-controls';
import { ControlPanel } from '../controls/panel';
import { TwinsControls } from '../controls/twins-controls';
import { el, uniquePrefix } from '../util/dom';
import { Hud } from '../controls/hud';
import { loadEngine } from '../engine/loader';
import type { LgvciModule } from '../engine/lgvci_wasm';
import { historyCsvChunks } from '../model/csv';
import { SimulationModel } from '../model/simulation-model';
import { PlotsView } from '../view/plots';
import { SceneView } from '../view/scene-view';
import { Controller } from './controller';
import type { WorkerLike } from './long-run';
import { LongRunClient } from './long-run';

export const FIRST_FRAME_MARK = 'lgvci:first-frame';
export const ENGINE_READY_MARK = 'lgvci:engine-ready';

export interface MountOptions {
  /** Preset to start with (default 'I'). */
  caseName?: CaseName;
  /** Start playing right away (default: yes, unless the user prefers reduced motion). */
  autoplay?: boolean;
  /** Engine module to use instead of loading @lgvci-wasm (tests). */
  engine?: LgvciModule;
  /** Factory of the long-run worker (tests); default: engine/long-run.worker.ts. */
  longRunWorker?: () => WorkerLike;
}

export interface App {
  readonly root: HTMLElement;
  readonly model: SimulationModel;
  readonly controller: Controller;
  /** null when WebGL is unavailable (the simulation and HUD still run). */
  readonly view: SceneView | null;
  readonly panel: ControlPanel;
  readonly hud: Hud;
  readonly plots: PlotsView;
  readonly twinsControls: TwinsControls;
  readonly longRunControls: LongRunControls;
  readonly longRun: LongRunClient;
  /** The current run as CSV text (what "Download CSV" saves). */
  exportCsv(): string;
  readonly playing: boolean;
  /** Frames drawn so far (idle frames while paused are skipped). */
  readonly frames: number;
  play(): void;
  pause(): void;
  togglePlay(): void;
  stepOnce(): void;
  reset(): void;
  destroy(): void;
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function isTextEntry(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement || t.isContentEditable) return true;
  return t instanceof HTMLInputElement && t.type !== 'range' && t.type !== 'checkbox';
}

export async function mountApp(root: HTMLElement, opts: MountOptions = {}): Promise<App> {
  const prefix = uniquePrefix();
  const addedTabindex = !root.hasAttribute('tabindex');
  if (addedTabindex) root.tabIndex = 0;
  root.classList.add('lgvci-app');
  const prevRole = root.getAttribute('role');
  const prevLabel = root.getAttribute('aria-label');
  const prevShortcuts = root.getAttribute('aria-keyshortcuts');
  if (!prevRole) root.setAttribute('role', 'region');
  if (!prevLabel) root.setAttribute('aria-label', 'Rigid body collision simulation');
  root.setAttribute('aria-keyshortcuts', 'Space S ArrowRight R');

  const viewport = el('div', { class: 'lgvci-viewport' });
  const status = el('div', { class: 'lgvci-loading', role: 'status', text: 'Loading the integrator…' });
  viewport.append(status);
  const layout = el('div', { class: 'lgvci-layout' }, viewport);
  root.append(layout);

  let engine: LgvciModule;
  try {
    engine = opts.engine ?? (await loadEngine());
  } catch (e) {
    status.className = 'lgvci-loading lgvci-failed';
    status.textContent = `The integrator (WebAssembly) could not be loaded: ${(e as Error).message}`;
    throw e;
  }
  status.remove();
  if (typeof performance.mark === 'function') performance.mark(ENGINE_READY_MARK);

  const model = new SimulationModel(engine);
  const controller = new Controller(engine, model, opts.caseName ?? 'I');

  let view: SceneView | null = null;
  try {
    view = new SceneView(viewport);
  } catch (e) {
    viewport.append(
      el('p', {
        class: 'lgvci-notice',
        text: `3-D view unavailable (WebGL could not start: ${(e as Error).message}). The simulation still runs; see the numbers below.`,
      }),
    );
  }
  const hud = new Hud();
  viewport.append(hud.element);
  viewport.append(
    el(
      'p',
      { class: 'lgvci-help', 'aria-hidden': 'true' },
      'Drag to orbit · scroll to zoom · right-drag to pan · ',
      el('kbd', { text: 'Space' }),
      ' play/pause · ',
      el('kbd', { text: 'S' }),
      ' / ',
      el('kbd', { text: '→' }),
      ' step · ',
      el('kbd', { text: 'R' }),
      ' reset',
    ),
  );

  let frames = 0;
  let lastNow: number | null = null;
  let raf = 0;
  let destroyed = false;

  const panel = new ControlPanel(
    controller,
    {
      togglePlay: () => app.togglePlay(),
      stepOnce: () => app.stepOnce(),
      reset: () => app.reset(),
      setFollow: (on) => {
        if (view) view.follow = on;
      },
      setPlotsVisible: (on) => plots.setVisible(on),
      configJson: () => model.resolvedJson,
      csvChunks: () => historyCsvChunks(model.history),
    },
    prefix,
  );
  layout.append(panel.element);

  const twinsControls = new TwinsControls(controller, prefix);
  panel.insertSection(twinsControls.element);

  const plots = new PlotsView(model, prefix);
  plots.element.id = `${prefix}-plots-section`;
  root.append(plots.element);

  const longRun = new LongRunClient(
    {
      progress: (p) => {
        longRunControls.showProgress(p.done, p.total, p.impacts);
        plots.longRunProgress(
          p.series,
          `running: ${formatSteps(p.done)} of ${formatSteps(p.total)} steps, ${formatSteps(p.impacts)} impacts`,
        );
      },
      done: (r) => {
        longRunControls.finished(r);
        plots.longRunDone(r, `${formatSteps(r.impacts)} impacts in ${formatSteps(r.steps)} steps · wall time ${r.computeSeconds.toFixed(3)} s`);
        longRunControls.status.textContent = longRunSummary(r);
      },
      cancelled: (done, total) => {
        longRunControls.cancelled(done, total);
        plots.longRunProgress(undefined, 'cancelled');
      },
      error: (message) => {
        longRunControls.failed(message);
        plots.longRunProgress(undefined, 'failed');
      },
    },
    opts.longRunWorker,
  );
  const longRunControls = new LongRunControls(
    {
      start: (steps) => {
        if (longRun.running) return;
        longRunControls.started(steps);
        plots.longRunProgress(undefined, `starting ${formatSteps(steps)} steps…`);
        longRun.start(model.resolvedJson, steps);
      },
      cancel: () => longRun.cancel(),
    },
    prefix,
  );
  panel.insertSection(longRunControls.element);

  const syncGhosts = (alpha: number): void => {
    const twins = model.twins;
    if (!view || !twins) return;
    twins.runs.forEach((r, i) => {
      const g = r.interpolated(alpha);
      view?.setGhostPose(i, g.x, g.q);
    });
  };
  const syncBody = (): void => {
    const s = model.interpolated();
    view?.setBodyPose(s.x, s.q);
    syncGhosts(model.alpha);
    view?.updateTrail(model.trail, s.t, s.x);
    hud.update(model, s.t);
  };
  const offModel = model.on((e) => {
    if (e === 'load') view?.setConfig(model.config);
    if (e === 'load' || e === 'twins') view?.setGhostCount(model.twins ? model.twins.runs.length : 0);
    if (e === 'load' || e === 'reset') view?.clearEffects();
    panel.setPlaying(model.clock.running); // a halt stops the clock; a reset after it restarts it
    plots.invalidate();
    syncBody();
  });
  view?.setConfig(model.config);
  view?.setBodyPose(model.curr.x, model.curr.q);
  view?.recentre();

  const frame = (now: number): void => {
    if (destroyed) return;
    raf = requestAnimationFrame(frame);
    const dt = lastNow === null ? 0 : Math.max(0, (now - lastNow) / 1000);
    lastNow = now;
    if (model.clock.running) model.advance(dt);
    const s = model.interpolated();
    for (const imp of model.takeImpactsUpTo(s.t)) view?.flashImpact(imp.point);
    view?.setBodyPose(s.x, s.q);
    syncGhosts(model.alpha);
    view?.updateTrail(model.trail, s.t, s.x);
    const drawn = view ? view.render(Math.min(dt, 0.1)) : true;
    hud.update(model, s.t);
    plots.tick(now);
    const h = model.history;
    panel.setExportNote(
      h.truncated
        ? `Recording stopped after ${formatSteps(h.length - 1)} steps (t = ${h.get(h.length - 1, 0).toFixed(2)} s): the CSV and the plots end there. Reset to record again.`
        : '',
    );
    if (drawn) {
      frames += 1;
      if (frames === 1 && typeof performance.mark === 'function') performance.mark(FIRST_FRAME_MARK);
    }
  };

  const onKey = (e: KeyboardEvent): void => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    const t = e.target;
    if (isTextEntry(t)) return;
    const onButton = t instanceof HTMLButtonElement;
    const onRange = t instanceof HTMLInputElement && t.type === 'range';
    if (e.key === ' ' || e.code === 'Space') {
      if (onButton) return; // the button's own activation
      app.togglePlay();
    } else if (e.key === 's' || e.key === 'S') {
      app.stepOnce();
    } else if (e.key === 'ArrowRight') {
      if (onRange) return; // moves the slider
      app.stepOnce();
    } else if (e.key === 'r' || e.key === 'R') {
      app.reset();
    } else {
      return;
    }
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent): void => {
    if (e.target === view?.canvas) root.focus({ preventScroll: true });
  };
  root.addEventListener('keydown', onKey);
  root.addEventListener('pointerdown', onPointerDown);

  const app: App = {
    root,
    model,
    controller,
    view,
    panel,
    hud,
    plots,
    twinsControls,
    longRunControls,
    longRun,
    exportCsv() {
      return historyCsvChunks(model.history).join('');
    },
    get playing() {
      return model.clock.running;
    },
    get frames() {
      return frames;
    },
    play() {
      if (model.halted) return;
      model.clock.clear();
      model.clock.running = true;
      panel.setPlaying(true);
    },
    pause() {
      model.clock.running = false;
      model.clock.clear();
      panel.setPlaying(false);
      syncBody();
    },
    togglePlay() {
      if (model.clock.running) app.pause();
      else app.play();
    },
    stepOnce() {
      app.pause();
      model.step(1);
      for (const imp of model.takeImpactsUpTo(model.curr.t)) view?.flashImpact(imp.point);
      plots.invalidate();
      syncBody();
    },
    reset() {
      model.reset();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      cancelAnimationFrame(raf);
      root.removeEventListener('keydown', onKey);
      root.removeEventListener('pointerdown', onPointerDown);
      offModel();
      longRun.dispose();
      longRunControls.destroy();
      twinsControls.destroy();
      plots.destroy();
      panel.destroy();
      view?.dispose();
      model.dispose();
      layout.remove();
      root.classList.remove('lgvci-app');
      if (addedTabindex) root.removeAttribute('tabindex');
      if (!prevRole) root.removeAttribute('role');
      if (!prevLabel) root.removeAttribute('aria-label');
      if (prevShortcuts === null) root.removeAttribute('aria-keyshortcuts');
      else root.setAttribute('aria-keyshortcuts', prevShortcuts);
    },
  };

  if (opts.autoplay ?? !prefersReducedMotion()) app.play();
  raf = requestAnimationFrame(frame);
  return app;
}
