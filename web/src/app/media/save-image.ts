// "Save image": PNGs of the 3-D view (drawn afresh and read in the same task, so the WebGL drawing
// buffer needs no preserveDrawingBuffer) and of a plot (uPlot's canvas), with file names that say what
// they show.
import { downloadText } from '../../controls/panel';
import type { SceneView } from '../../view/scene-view';

function canvasPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the canvas could not be encoded as PNG'))), 'image/png');
  });
}

/** The 3-D view as a PNG, at the canvas's pixel size. */
export function viewPng(view: SceneView): Promise<Blob> {
  view.renderer.render(view.scene, view.camera);
  return canvasPng(view.canvas);
}

/** A plot's canvas as a PNG; null when the plot has nothing drawn (a placeholder is shown instead). */
export function plotPng(plotRoot: HTMLElement | null): Promise<Blob> | null {
  const c = plotRoot?.querySelector('canvas');
  return c && c.width > 0 && c.height > 0 ? canvasPng(c) : null;
}

/** "lgvci-3d-view-case-IV-t3.20s.png". */
export function imageFileName(what: string, caseName: string, t: number): string {
  const time = Number.isFinite(t) ? `-t${t.toFixed(2)}s` : '';
  return `lgvci-${what}-case-${caseName}${time}.png`;
}

export function saveBlob(blob: Blob, fileName: string): void {
  downloadText([blob], 'image/png', fileName);
}
