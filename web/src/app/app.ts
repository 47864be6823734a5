// mountApp(root): builds the simulator inside a given element (viewport + HUD + side panel + plots),
// loads the WASM engine and starts the frame loop. A preset's scene is drawn before the engine is
// loaded (first-frame.ts, docs/page.md "First load"): the view first, then the engine, then the rest.
// It only composes the parts: the DOM shell (shell.ts), the model and its family registry (families.ts), the controls ↔ model wiring
// (controller.ts), the view, the frame loop (frame-loop.ts), the shortcuts (keyboard.ts) and the long
// run (long-run-wiring.ts). destroy() deletes the embind objects, disposes three.js resources and
// removes every listener and element it added.
import '../styles/app.css';
import type { CaseName } from '../config/types';
import type { LongRunControls } from '../controls/long-run-controls';
import { ControlPanel } from '../controls/panel';
import { TwinsControls } from '../controls/twins-controls';
import { Hud } from '../controls/hud';
import { loadEngine, prefetchEngine } from '../engine/loader';
import type { LgvciModule } from '../engine/lgvci_wasm';
import { historyCsvChunks } from '../model/csv';
import { SimulationModel } from '../model/simulation-model';
import { PlotsView } from '../view/plots';
import { loadUplot } from '../view/uplot-lib';
import { SceneView } from '../view/scene-view';
import { el, uniquePrefix } from '../util/dom';
import type { LocaleCode } from '../i18n';
import { setLocale, t } from '../i18n';
import { Controller } from './controller';
import { caseFromQuery, ensembleHint, ensembleKinds, familyParts, familyPlots, familyTable, longRunHint, pageCases } from './families';
import { FIRST_FRAME_MARK, FIRST_STEP_MARK, FrameLoop } from './frame-loop';
import type { FirstFrameStart } from './first-frame';
import { firstFrameScene, startBeforeEngine } from './first-frame';
import { orbitCamera, ORBIT_STEP_DEG, ZOOM_STEP, zoomCamera } from './camera-keys';
import { AppChrome } from './chrome';
import type { EmbedOptions } from './embed-options';
import { parseEmbedOptions } from './embed-options';
import { bindShortcuts } from './keyboard';
import type { LongRunClient, WorkerLike } from './workers/long-run';
import { wireLongRun } from './long-run-wiring';
import type { ComparisonWiring, JobWorker } from './comparison-wiring';
import { comparisonJobs, wireComparison } from './comparison-wiring';
import { ComparisonResults } from '../view/comparison-results';
import type { Rapier } from '../engine/rapier';
import type { EnsembleParts } from './ensemble-wiring';
import { wireEnsemble } from './ensemble-wiring';
import { createShell, helpLine } from './shell';
import { UrlState, replaceSearch } from './url-state';
import { wireDrag } from './drag-wiring';
import type { LoadWiring } from './load-wiring';
import { wireLoad } from './load-wiring';
import type { ThrowWiring } from './throw-wiring';
import { wireThrow } from './throw-wiring';
import type { ViewGestures } from './view-gestures';
import { wireViewGestures } from './view-gestures';
import type { WhyWiring, WhyWorkerLike } from './why-wiring';
import { wireWhy } from './why-wiring';
import type { ClipButton } from './media/clip-button';
import { wireClipButton } from './media/clip-button';
import { PrintSheet, setupLine } from './media/print-sheet';
import type { FieldSpec } from '../config/fields';
import type { AppParams } from '../controls/controller-port';
import { parseClassOptions } from '../config/class-options';
import { classNames, controlLabel, PRESET_CONTROL } from './class-keys';
import { urlKey } from '../config/url-codec';
import type { ClassBuilderWiring } from './class-wiring';
import { loadClassLock, wireClassBuilder } from './class-wiring';

export { FIRST_FRAME_MARK, FIRST_STEP_MARK };
export const ENGINE_READY_MARK = 'lgvci:engine-ready';
/**
 * The app is mounted: every control, the HUD and the plots' places are there and the frame loop runs
 * (after ENGINE_READY_MARK; the first frame, FIRST_FRAME_MARK, may come before the engine).
 */
export const APP_READY_MARK = 'lgvci:app-ready';

export interface MountOptions {
  /** Preset to start with (default: the core's first). */
  caseName?: CaseName;
  /** Start playing right away (default: yes, unless the user prefers reduced motion). */
  autoplay?: boolean;
  /** Engine module to use instead of loading @lgvci-wasm (tests). */
  engine?: LgvciModule;
  /** Factory of the long-run worker (tests); default: app/workers/long-run.worker.ts. */
  longRunWorker?: () => WorkerLike;
  /** Restore the state from this query string (e.g. location.search; url-state.ts); its case wins over caseName. */
  query?: string;
  /** Keep the address in step with the state (history.replaceState, throttled). Default: no. */
  syncUrl?: boolean;
  /** Loader of the Rapier module for the comparison (tests); default: engine/rapier.ts (lazy import). */
  rapierLoader?: () => Promise<Rapier>;
  /** Factory of the comparison's worker (tests); default: another instance of app/workers/long-run.worker.ts. */
  comparisonWorker?: () => JobWorker;
  /** Embed mode, plots shown and theme (embed-options.ts; default: the full page). */
  embed?: EmbedOptions;
  /** Messages about rejected query values, shown over the view. */
  messages?: string[];
  /** Factory of the "Why variational?" view's worker (tests); default: another instance of app/workers/long-run.worker.ts. */
  whyWorker?: () => WhyWorkerLike;
  /**
   * The language (docs/languages.md): loaded and made the page's before anything is built. Default:
   * the one already set (i18n/index.ts setLocale; English unless the page chose another).
   */
  locale?: LocaleCode;
  /** The language menu's action (the page mounts the app again in that language); without it the bar has no menu. */
  chooseLanguage?: (code: LocaleCode) => void | Promise<void>;
  /** Where the language menu goes instead of the bar's end: the page's header on a wide standalone page (main.ts). */
  languageSlot?: HTMLElement | null;
  /**
   * The address the state belongs to, instead of the page's own `location`: its search gives the
   * pass-through keys kept in the share link, its origin and path the link's page. The custom element
   * (element/mount.ts) passes its attributes' query and the simulator page beside its script.
   */
  location?: () => { search: string; origin: string; pathname: string; hash: string };
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
  /** The state in the address (url-state.ts). */
  readonly urlState: UrlState;
  /** The comparison with RK4 and Rapier, and the Reverse button. */
  readonly comparison: ComparisonWiring;
  /** The comparison's worker results: long-run table and return-error sweep. */
  readonly comparisonResults: ComparisonResults;
  /** Control bar, drawer, share and help dialogs, screen-reader summary (chrome.ts). */
  readonly chrome: AppChrome;
  /** The ensemble: its worker pool, controls, plots and last outcome. */
  readonly ensemble: EnsembleParts;
  /** The wheel and touch gestures shared with the page (view-gestures.ts); null without WebGL. */
  readonly gestures: ViewGestures | null;
  /** The "Why variational?" view: the four claims measured for the current set-up (why-wiring.ts). */
  readonly why: WhyWiring;
  /** "Load a set-up": a JSON file, pasted text or a dropped file (load-wiring.ts). */
  readonly load: LoadWiring;
  /** Grabbing and throwing the body, for a throwable family (throw-wiring.ts); null without WebGL. */
  readonly throwing: ThrowWiring | null;
  /** The bar's "Record clip" button and, once pressed, its dialog (clip-button.ts). */
  readonly clips: ClipButton;
  /** "Customise for class": the teacher's link builder, loaded on first use (class-wiring.ts). */
  readonly classBuilder: ClassBuilderWiring;
  /** The current run as CSV text (what "Download CSV" saves). */
  exportCsv(): string;
  readonly playing: boolean;
  /** Frames drawn so far (idle frames while paused are skipped). */
  readonly frames: number;
  play(): void;
  pause(): void;
  togglePlay(): void;
  stepOnce(): void;
  /** Pause and take n steps at once (stops early at a halt), then draw (the host API's step(n)). */
  step(n: number): void;
  reset(): void;
  destroy(): void;
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function createView(viewport: HTMLElement): SceneView | null {
  try {
    return new SceneView(viewport);
  } catch (e) {
    viewport.append(
      el('p', {
        class: 'lgvci-notice',
        text: t('app.noWebgl', { reason: (e as Error).message }),
      }),
    );
    return null;
  }
}

export async function mountApp(root: HTMLElement, opts: MountOptions = {}): Promise<App> {
  const prefix = uniquePrefix();
  if (opts.locale !== undefined) await setLocale(opts.locale);
  const shell = createShell(root);

  // A preset's start is known without the engine: draw it, then fetch the engine (its bytes do not
  // hold the first frame back); any other start waits for the engine (first-frame.ts).
  const early = opts.engine ? null : startBeforeEngine(opts.query, opts.caseName);
  const earlyView = early ? drawBeforeEngine(shell.viewport, early) : null;
  /** Play asked for (Space) while the engine loads: the run starts when it is ready. */
  let playQueued = false;
  const queuePlay = (e: KeyboardEvent): void => {
    if (e.key !== ' ' || e.ctrlKey || e.metaKey || e.altKey || (e.target as HTMLElement | null)?.closest?.('input, select, textarea, button')) return;
    e.preventDefault();
    playQueued = !playQueued;
    shell.loading.textContent = t(playQueued ? 'page.loadingPlayQueued' : 'app.loading');
  };
  if (early) {
    shell.loading.classList.add('lgvci-loading-badge');
    root.addEventListener('keydown', queuePlay);
    if (earlyView) await earlyView.drawn;
  }

  let engine: LgvciModule;
  try {
    engine = opts.engine ?? (await loadEngine());
  } catch (e) {
    root.removeEventListener('keydown', queuePlay);
    earlyView?.view?.dispose();
    shell.loading.className = 'lgvci-loading lgvci-failed';
    shell.loading.textContent = t('app.engineFailed', { reason: (e as Error).message });
    throw e;
  }
  root.removeEventListener('keydown', queuePlay);
  shell.loading.remove();
  if (typeof performance.mark === 'function') performance.mark(ENGINE_READY_MARK);

  const model = new SimulationModel(engine, familyTable());
  const controller = new Controller(engine, model, opts.query !== undefined ? caseFromQuery(opts.query, pageCases(engine.families())) : opts.caseName);
  const view = earlyView ? earlyView.view : createView(shell.viewport);
  // The teacher's lock=, hide= and autoplay= (config/class-options.ts); the locks' code (class-lock.ts)
  // only when the address has some: checked now, applied once the state is restored.
  const cls = parseClassOptions(opts.query ?? '');
  const names = classNames(cls.options, controller.family);
  const locking = names.lock.length + names.hide.length > 0 ? await loadClassLock() : null;
  const hud = new Hud();
  shell.viewport.append(hud.element, helpLine());
  // The warning's ways out: Reset, or the same set-up with half the time step.
  hud.setActionHandler(
    (action) => {
      if (action === 'reset') app.reset();
      else if (action === 'lower-h') controller.setField('h', model.clock.h / 2);
    },
    // "Halve h" is not offered when the teacher locked h (setField would refuse it).
    (action) => action !== 'lower-h' || controller.lockRefusal('h', model.clock.h / 2) === '',
  );

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
  shell.layout.append(panel.element);
  const twinsControls = new TwinsControls(controller, prefix);
  panel.insertSection(twinsControls.element);
  const plots = new PlotsView(model, prefix, familyPlots());
  plots.element.id = `${prefix}-plots-section`;
  root.append(plots.element);
  const longRun = wireLongRun(plots, () => model.resolvedJson, prefix, longRunHint(), opts.longRunWorker);
  panel.insertSection(longRun.controls.element);
  const comparisonResults = new ComparisonResults(prefix);
  plots.element.append(comparisonResults.element);
  const jobs = comparisonJobs(() => model.resolvedJson, comparisonResults, opts.comparisonWorker);
  const comparison = wireComparison(model, prefix, jobs, opts.rapierLoader);
  panel.insertSection(comparison.controls.element);
  shell.viewport.append(comparison.controls.overlay);

  // Printing gives a worksheet: the view as it is, the set-up, the plots and space for answers.
  const printSheet = new PrintSheet({
    view: () => view,
    title: () => controller.caseInfo(controller.params.caseName)?.label ?? controller.params.caseName,
    setup: () =>
      (controller.family.fields as readonly FieldSpec<AppParams>[])
        .filter((f) => controller.fieldEnabled(f.id))
        .map((f) => setupLine(f, f.read(controller.params)))
        .filter((s): s is string => s !== null),
    state: () => root.querySelector('.hud-summary')?.textContent ?? '',
  });
  plots.element.before(printSheet.element);

  const chrome = new AppChrome(
    {
      root,
      shell,
      panel,
      plots,
      view,
      model,
      caseName: () => controller.params.caseName,
      caseInfo: (name) => controller.caseInfo(name),
      playing: () => model.clock.running,
      togglePlay: () => app.togglePlay(),
      stepOnce: () => app.stepOnce(),
      reset: () => app.reset(),
      shareLink: () => urlState.shareUrl(),
      chooseLanguage: opts.chooseLanguage,
      languageSlot: opts.languageSlot ?? null,
      barred: new Set([...names.lock, ...names.hide]),
    },
    prefix,
    {
      embed: opts.embed,
      messages: [...(opts.messages ?? []), ...cls.messages, ...names.messages],
      pausedForReducedMotion: opts.autoplay === undefined && prefersReducedMotion(),
      setByTeacher: locking !== null,
    },
  );
  /** The panel's and the bar's Play buttons follow the clock. */
  const setPlaying = (on: boolean): void => {
    panel.setPlaying(on);
    chrome.setPlaying(on);
  };
  const ensemble = wireEnsemble(() => model.resolvedJson, prefix, ensembleHint(model.family.id), undefined, undefined, () => model.family.poseSpace(model.family.layout).distanceName);
  const why = wireWhy(
    prefix,
    { configJson: () => model.resolvedJson, capabilities: () => model.capabilities, label: () => controller.caseInfo(controller.params.caseName)?.label ?? controller.params.caseName },
    { syncUrl: opts.syncUrl, ...(opts.whyWorker ? { makeWorker: opts.whyWorker } : {}) },
  );
  chrome.bar.insertBefore(why.controls.openButton, chrome.shareButton);
  root.append(why.controls.dialog.element);
  panel.insertSection(ensemble.controls.element);
  root.append(ensemble.plots.element);
  const load = wireLoad(root, panel, controller, prefix);

  const loop = new FrameLoop({
    model,
    view,
    hud,
    plots,
    panel,
    // the view reports which ghosts are inside the frame; the legend marks the ones that are not
    ghostsInView: (inView) => comparison.controls.setOutOfView(inView.map((inside) => !inside)),
    firstFrameMarked: earlyView?.marked() ?? false,
  });
  /** The view already shows this config (drawn before the engine): not built twice. */
  let shownJson = earlyView?.view ? early?.resolvedJson : undefined;
  // "Record clip" beside "Save image"; the dialog and the recorder load on its first press.
  const clips = wireClipButton(
    chrome.bar,
    chrome.imageButton.nextSibling,
    {
      root,
      view,
      model,
      loop,
      caseName: () => controller.params.caseName,
      playing: () => app.playing,
      play: () => app.play(),
      pause: () => app.pause(),
      reset: () => app.reset(),
    },
    prefix,
  );
  /**
   * The family's plots (its Capabilities.plots), and the twins' divergence: where the family declares
   * it, beside their controls; for another family, while its twins run.
   */
  const showPlots = (): void => {
    const names = model.capabilities.plots;
    if (model.perturbations.length === 0) plots.showPlots(names.filter((p) => p !== 'divergence'));
    else plots.showPlots(model.twins && !names.includes('divergence') ? [...names, 'divergence'] : names);
  };
  /** The body and ground of the running family, and which panel groups apply to it. */
  const showFamily = (): void => {
    const familyView = familyParts(model.family.id).view;
    if (model.resolvedJson !== shownJson) view?.show(familyView, model.config);
    shownJson = undefined;
    panel.setFollowNote(familyView.fixedCamera ?? null);
    chrome.refreshIntro();
    // Features by what the running set-up can do (the core's capabilities and its perturbations), not by
    // the family's name: twins and ensembles for any set-up with perturbations (docs/page.md "Sensitivity twins").
    const perturbed = model.perturbations.length > 0;
    twinsControls.element.hidden = !perturbed;
    showPlots();
    ensemble.controls.element.hidden = !perturbed;
    ensemble.controls.setKinds(ensembleKinds(model.family.id, model.perturbations), ensembleHint(model.family.id));
    if (!perturbed) ensemble.plots.hide();
  };
  const offModel = model.on((e) => {
    if (e === 'load') showFamily();
    if (e === 'twins') showPlots();
    if (e === 'load' || e === 'twins' || e === 'comparison') view?.setGhosts(model.companions.map((r) => r.color));
    if (e === 'load' || e === 'reset') view?.clearEffects();
    setPlaying(model.clock.running); // a halt stops the clock; a reset after it restarts it
    plots.invalidate();
    loop.sync();
  });
  showFamily();
  view?.setBodyPose(model.curr.x, model.curr.q, model.curr.coords);
  view?.recentre();

  const defaultAutoplay = cls.options.autoplay !== false && !prefersReducedMotion();
  const urlState = new UrlState({
    engine,
    controller,
    view,
    panel,
    playing: () => model.clock.running,
    defaultAutoplay,
    setFollow: (on) => {
      panel.followBox.checked = on;
      if (view) view.follow = on;
    },
    write: opts.syncUrl ? replaceSearch : undefined,
    ...(opts.location ? { location: opts.location } : {}),
  });
  const restored = opts.query !== undefined ? urlState.restore(opts.query) : null;
  const classLock = locking ? locking.wireClassLock(controller, panel, names, { preset: PRESET_CONTROL, keyOf: urlKey, label: controlLabel }) : null;
  // A teacher's page offers no builder: from it, a student could make a link without the locks.
  const classBuilder = wireClassBuilder(root, prefix, { controller, urlState, panel, plots, chrome }, locking !== null);
  // Pointer drags in the view (SceneContent.drag) set controls like typing does.
  const runPort = {
    get playing() {
      return app.playing;
    },
    play: () => app.play(),
    pause: () => app.pause(),
  };
  const drag = view ? wireDrag(view, controller, runPort) : null;
  const throwing = view ? wireThrow(view, shell.viewport, root, model, controller, runPort) : null;
  const gestures = view ? wireViewGestures(view, shell.viewport) : null;

  const unbindKeys = bindShortcuts(
    root,
    {
      togglePlay: () => app.togglePlay(),
      stepOnce: () => app.stepOnce(),
      reset: () => app.reset(),
      help: () => chrome.help.open(),
      orbit: (dir) => {
        if (view) orbitCamera(view, dir * ORBIT_STEP_DEG);
      },
      zoom: (dir) => {
        if (view) zoomCamera(view, dir > 0 ? ZOOM_STEP : 1 / ZOOM_STEP);
      },
    },
    () => view?.canvas ?? null,
  );

  let destroyed = false;
  const app: App = {
    root,
    model,
    controller,
    view,
    panel,
    hud,
    plots,
    twinsControls,
    longRunControls: longRun.controls,
    longRun: longRun.client,
    urlState,
    comparison,
    comparisonResults,
    chrome,
    ensemble,
    gestures,
    why,
    load,
    throwing,
    clips,
    classBuilder,
    exportCsv() {
      return historyCsvChunks(model.history).join('');
    },
    get playing() {
      return model.clock.running;
    },
    get frames() {
      return loop.frames;
    },
    play() {
      if (model.halted) return;
      model.clock.clear();
      model.clock.running = true;
      setPlaying(true);
      urlState.schedule();
    },
    pause() {
      model.fastForward = false;
      model.clock.running = false;
      model.clock.clear();
      setPlaying(false);
      loop.sync();
      urlState.schedule();
    },
    togglePlay() {
      if (model.clock.running) app.pause();
      else app.play();
    },
    stepOnce() {
      app.step(1);
    },
    step(n: number) {
      app.pause();
      model.step(n);
      loop.flashUpTo(model.curr.t);
      plots.invalidate();
      loop.sync();
    },
    reset() {
      model.reset();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      loop.stop();
      unbindKeys();
      classLock?.dispose();
      classBuilder.destroy();
      printSheet.destroy();
      drag?.dispose();
      throwing?.dispose();
      load.destroy();
      clips.destroy();
      gestures?.dispose();
      urlState.destroy();
      offModel();
      comparison.destroy();
      jobs.dispose();
      comparisonResults.destroy();
      chrome.destroy();
      longRun.client.dispose();
      longRun.controls.destroy();
      ensemble.destroy();
      why.destroy();
      twinsControls.destroy();
      plots.destroy();
      panel.destroy();
      view?.dispose();
      model.dispose();
      shell.restore();
    },
  };

  if (playQueued || (opts.autoplay ?? (restored?.paused ? false : defaultAutoplay))) app.play();
  // The view and the HUD show the state now, not at the first animation frame (a model loaded before
  // the model's listener above had no 'load' event to draw it).
  loop.sync();
  loop.start();
  if (typeof performance.mark === 'function') performance.mark(APP_READY_MARK);
  await plotLibraryAfterFirstFrame();
  // `view=why` in the address opens the "Why variational?" view on the restored set-up.
  if (opts.query !== undefined && parseEmbedOptions(opts.query).options.view === 'why') why.open();
  return app;
}

/**
 * The view of a preset's start, drawn in the next animation frame and marked (FIRST_FRAME_MARK) before
 * the engine is loaded; `view` is null without WebGL (the notice says why, and the first frame is the
 * frame loop's). The state is the engine's first record (first-frame.ts), so the run goes on from it.
 */
function drawBeforeEngine(viewport: HTMLElement, start: FirstFrameStart): { view: SceneView | null; drawn: Promise<void>; marked(): boolean } {
  const view = createView(viewport);
  let marked = false;
  if (!view) return { view, drawn: Promise.resolve(), marked: () => marked };
  const { config, snapshot } = firstFrameScene(start);
  view.show(familyParts(start.family).view, config);
  view.setBodyPose(snapshot.x, snapshot.q, snapshot.coords);
  view.recentre();
  // A hidden tab draws no animation frame: the engine is then fetched at once.
  const drawn = new Promise<void>((resolve) => {
    requestAnimationFrame(() => {
      if (view.render(0)) {
        marked = true;
        if (typeof performance.mark === 'function') performance.mark(FIRST_FRAME_MARK);
      }
      // The .wasm downloads and compiles off the main thread while it finishes this frame.
      prefetchEngine();
      resolve();
    });
    if (document.visibilityState === 'hidden') {
      prefetchEngine();
      resolve();
    }
  });
  return { view, drawn, marked: () => marked };
}

/**
 * uPlot is fetched after the first frame (view/uplot-lib.ts): the first animation frame (or
 * 100 ms, in a hidden tab), then the import. The app is returned with it loaded, so its plots draw at
 * their next update. A failed import is reported here, and each plot shows the reason in its place.
 */
async function plotLibraryAfterFirstFrame(): Promise<void> {
  await new Promise<void>((resolve) => {
    requestAnimationFrame(() => resolve());
    setTimeout(resolve, 100);
  });
  await loadUplot().catch((e: unknown) => console.error(e));
}
