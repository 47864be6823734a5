// What a clip needs from the app (docs/course-material.md "Clips for slides"): the app fills it in
// (app/app.ts), the bar's button (clip-button.ts) and the dialog it loads (clip-dialog.ts) read it. Its
// own module, so that the button and the lazy dialog do not import each other, and typed by what the
// clip uses of the frame loop, so that the media folder imports nothing of the app's other modules.
import type { SimulationModel } from '../../model/simulation-model';
import type { SceneView } from '../../view/scene-view';

/** What a clip needs from the app. */
export interface ClipHost {
  /** Where the dialog goes (the app's root, so that it works in an embed and in fullscreen). */
  root: HTMLElement;
  view: SceneView;
  model: SimulationModel;
  /**
   * The app's frame loop (app/frame-loop.ts): held while a clip is recorded, when the recorder draws
   * each frame itself with drawStep(dt) (the steps taken).
   */
  loop: { held: boolean; drawStep(dt: number): number };
  caseName(): string;
  playing(): boolean;
  play(): void;
  pause(): void;
  reset(): void;
}
