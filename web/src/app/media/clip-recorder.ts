// Recording a clip of the view (docs/course-material.md "Clips for slides"), loaded on first use. The
// frames come from the fixed-step simulation, not from the wall clock: frame k is drawn after the clock
// has been advanced by k / CLIP_FPS s (FrameLoop.drawStep, every step taken), so the same set-up and
// camera give the same frames on any machine speed. Each frame is the 3-D canvas copied onto a 2-D
// canvas in the task that drew it (no preserveDrawingBuffer needed) with the HUD's line burnt in.
//   WebM: MediaRecorder on the 2-D canvas's captureStream(0), one track.requestFrame() per frame, handed
//         over no faster than the clip's own rate; the file's frame times are then set to k / CLIP_FPS s
//         (webm-retime.ts), so a frame that was slow to draw does not stretch the clip.
//   GIF:  gifenc (quantize → palette indices → LZW) in slices, one stage of one frame per task, with a
//         yield between, so no task is long; gifenc itself is its own chunk, fetched on the first GIF.
import type { ClipAspect } from './clip-plan';
import { CLIP_FPS, clipCrop, clipFrameCount, clipSize, frameDueMs, MAX_SIDE } from './clip-plan';
import type { ClipFormat } from './clip-plan';
import { yieldToEvents } from '../../util/yield-to-events';
import { countBlocks, retimeWebm } from './webm-retime';

/** What the recorder draws from: the view's canvas, one simulation frame at a time, the HUD's line. */
export interface ClipSource {
  /** The 3-D view's canvas (WebGL). */
  readonly canvas: HTMLCanvasElement;
  /** Advance the simulation by dt seconds of its clock (0: the current state), draw it; the drawn time. */
  drawFrame(dt: number): number;
  /** The HUD's line for the frame just drawn. */
  line(drawnTime: number): string;
}

export interface ClipRequest {
  format: ClipFormat;
  seconds: number;
  /** The WebM type (clip-plan.ts webmSupport); required for WebM. */
  webmType?: string | null;
  /** The clip's shape (default: the view's): a slide's is cut from the middle of the view (clipCrop). */
  aspect?: ClipAspect;
}

export interface ClipProgress {
  /** 'frames': frames drawn (and, for a GIF, encoded) so far; 'finishing': the file is being closed. */
  phase: 'frames' | 'finishing';
  done: number;
  total: number;
}

export interface ClipControl {
  /** Stop early: the frames so far make the clip. */
  stopRequested(): boolean;
  /** Cancel: no clip. */
  readonly signal?: AbortSignal;
  onProgress?(p: ClipProgress): void;
}

export interface ClipResult {
  blob: Blob;
  format: ClipFormat;
  frames: number;
  width: number;
  height: number;
  /** Simulated time of the first and the last frame. */
  t0: number;
  t1: number;
  /**
   * Longest main-thread task of each stage, ms: 'draw' (a frame drawn, the 3-D view read back and
   * composed; as long as the page's own frames), and a GIF's encoding slices 'quantize', 'palette',
   * 'lzw'.
   */
  longestTaskMs: Record<string, number>;
}

export class ClipCancelled extends Error {
  constructor() {
    super('the clip was cancelled');
    this.name = 'ClipCancelled';
  }
}

/** The 2-D canvas a frame is composed on: the 3-D view scaled to the clip's size, and the HUD's line. */
export class FrameComposer {
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  private readonly font: number;

  /** The part of the view drawn into the frame (clipCrop), in the view canvas's pixels. */
  private readonly crop: { sx: number; sy: number; sw: number; sh: number } | null;

  constructor(width: number, height: number, crop: { sx: number; sy: number; sw: number; sh: number } | null = null) {
    this.crop = crop;
    this.canvas = document.createElement('canvas');
    this.canvas.width = width;
    this.canvas.height = height;
    const ctx = this.canvas.getContext('2d', { willReadFrequently: true, alpha: false });
    if (!ctx) throw new Error('canvas: the browser gave no 2-D context to compose the frames on');
    this.ctx = ctx;
    // the line's size follows the frame, as the HUD's follows the view (at least 11 px)
    this.font = Math.max(11, Math.round(Math.min(width / 34, height / 16)));
  }

  draw(view: HTMLCanvasElement, line: string): void {
    const { ctx, canvas, font } = this;
    const { width: w, height: h } = canvas;
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    const c = this.crop;
    if (c) ctx.drawImage(view, c.sx, c.sy, c.sw, c.sh, 0, 0, w, h);
    else ctx.drawImage(view, 0, 0, w, h);
    const pad = Math.round(font * 0.45);
    const band = font + 2 * pad;
    ctx.fillStyle = 'rgba(16, 24, 36, 0.72)';
    ctx.fillRect(0, h - band, w, band);
    ctx.fillStyle = '#ffffff';
    ctx.font = `${font}px system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif`;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'start';
    ctx.fillText(line, pad, h - band / 2, w - 2 * pad);
  }
}

/** The longest stretch of main-thread work between yields, per stage (the yield that ended it names it). */
class TaskClock {
  readonly longest: Record<string, number> = {};
  private start = performance.now();

  /** Main-thread work starts now (after a wait that was no task: an import, an event). */
  restart(): void {
    this.start = performance.now();
  }

  private lap(stage: string): void {
    const ms = performance.now() - this.start;
    this.longest[stage] = Math.max(this.longest[stage] ?? 0, ms);
  }

  async yield(signal: AbortSignal | undefined, stage: string): Promise<void> {
    this.lap(stage);
    await yieldToEvents();
    this.start = performance.now();
    if (signal?.aborted) throw new ClipCancelled();
  }

  /** Wait `ms` and for the page to have painted (the canvas's frame is captured when it paints). */
  async sleep(ms: number, signal: AbortSignal | undefined, stage: string): Promise<void> {
    this.lap(stage);
    await Promise.all([new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))), painted()]);
    this.start = performance.now();
    if (signal?.aborted) throw new ClipCancelled();
  }
}

/**
 * Every other pixel of every other row: the palette is fitted to a quarter of the pixels (a frame's
 * colours are in large smooth areas; the quarter has them all but for single-pixel details), binned to
 * 4 bits a channel (4096 bins, not rgb565's 65536): a fraction of the cost of fitting it to every pixel.
 */
export function quarterSample(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Uint8Array {
  const w = Math.ceil(width / 2);
  const h = Math.ceil(height / 2);
  const out = new Uint8Array(4 * w * h);
  const src = new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
  const dst = new Uint32Array(out.buffer);
  let k = 0;
  for (let y = 0; y < height; y += 2) {
    const row = y * width;
    for (let x = 0; x < width; x += 2) dst[k++] = src[row + x] ?? 0;
  }
  return out;
}

/** Longest wait for the WebM encoder to catch up after the last frame, ms. */
const ENCODER_WAIT_MS = 5000;

/** After the next paint: the second animation frame from now runs after the first one's frame was painted. */
function painted(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

function composerFor(src: ClipSource, format: ClipFormat, aspect: ClipAspect = 'view'): FrameComposer {
  const crop = clipCrop(src.canvas.width, src.canvas.height, aspect);
  const { width, height } = clipSize(crop.sw, crop.sh, MAX_SIDE[format]);
  return new FrameComposer(width, height, aspect === 'view' ? null : crop);
}

/** Record a clip; rejects with ClipCancelled when the control's signal aborts. */
export function recordClip(src: ClipSource, req: ClipRequest, control: ClipControl): Promise<ClipResult> {
  return req.format === 'gif' ? recordGif(src, req.seconds, control, req.aspect) : recordWebm(src, req, control);
}

async function recordGif(src: ClipSource, seconds: number, control: ClipControl, aspect: ClipAspect = 'view'): Promise<ClipResult> {
  const total = clipFrameCount(seconds);
  const signal = control.signal;
  const tasks = new TaskClock();
  const { GIFEncoder, quantize, applyPalette } = await import('gifenc');
  if (signal?.aborted) throw new ClipCancelled();
  tasks.restart();
  const comp = composerFor(src, 'gif', aspect);
  const { width, height } = comp.canvas;
  const gif = GIFEncoder({ initialCapacity: width * height });
  const delay = 1000 / CLIP_FPS;
  let t0 = NaN;
  let t1 = NaN;
  let frames = 0;
  await tasks.yield(signal, 'draw');
  for (let k = 0; k < total; k++) {
    if (k > 0 && control.stopRequested()) break;
    const t = src.drawFrame(k === 0 ? 0 : 1 / CLIP_FPS);
    comp.draw(src.canvas, src.line(t));
    const rgba = comp.ctx.getImageData(0, 0, width, height).data;
    if (k === 0) t0 = t;
    t1 = t;
    await tasks.yield(signal, 'draw');
    const palette = quantize(quarterSample(rgba, width, height), 256, { format: 'rgb444' });
    await tasks.yield(signal, 'quantize');
    // each pixel's palette index, in two bands of rows (two slices; copies, as gifenc reads a whole buffer)
    const index = new Uint8Array(width * height);
    const half = Math.ceil(height / 2) * width;
    index.set(applyPalette(rgba.slice(0, 4 * half), palette), 0);
    await tasks.yield(signal, 'palette');
    index.set(applyPalette(rgba.slice(4 * half), palette), half);
    await tasks.yield(signal, 'palette');
    gif.writeFrame(index, width, height, { palette, delay, repeat: 0 });
    frames += 1;
    control.onProgress?.({ phase: 'frames', done: frames, total });
    await tasks.yield(signal, 'lzw');
  }
  control.onProgress?.({ phase: 'finishing', done: frames, total });
  gif.finish();
  const blob = new Blob([gif.bytes().slice().buffer as ArrayBuffer], { type: 'image/gif' });
  return { blob, format: 'gif', frames, width, height, t0, t1, longestTaskMs: tasks.longest };
}

async function recordWebm(src: ClipSource, req: ClipRequest, control: ClipControl): Promise<ClipResult> {
  const type = req.webmType;
  if (!type) throw new Error('format: this browser cannot record WebM video (MediaRecorder with WebM is missing)');
  const total = clipFrameCount(req.seconds);
  const signal = control.signal;
  const tasks = new TaskClock();
  const comp = composerFor(src, 'webm', req.aspect);
  const { width, height } = comp.canvas;
  // the first frame is on the canvas before the stream starts
  const first = src.drawFrame(0);
  comp.draw(src.canvas, src.line(first));
  const stream = comp.canvas.captureStream(0);
  const track = stream.getVideoTracks()[0] as CanvasCaptureMediaStreamTrack | undefined;
  if (!track || typeof track.requestFrame !== 'function') {
    throw new Error('format: this browser cannot hand canvas frames to a recorder one at a time (requestFrame)');
  }
  const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 5_000_000 });
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  });
  const stopped = new Promise<void>((resolve, reject) => {
    recorder.addEventListener('stop', () => resolve());
    recorder.addEventListener('error', (e) => reject(new Error(`recorder: ${(e as ErrorEvent).message || 'the recording failed'}`)));
  });
  stopped.catch(() => undefined); // awaited below; a failure before then is not unhandled
  const started = new Promise<void>((resolve) => recorder.addEventListener('start', () => resolve(), { once: true }));
  recorder.start();
  await started;
  tasks.restart();
  const end = (): void => {
    if (recorder.state !== 'inactive') recorder.stop();
    track.stop();
  };
  let t0 = first;
  let t1 = first;
  let frames = 0;
  try {
    const begin = performance.now();
    for (let k = 0; k < total; k++) {
      if (k > 0) {
        if (control.stopRequested()) break;
        await tasks.sleep(begin + frameDueMs(k) - performance.now(), signal, 'draw');
        t1 = src.drawFrame(1 / CLIP_FPS);
        comp.draw(src.canvas, src.line(t1));
      } else t0 = first;
      track.requestFrame();
      frames += 1;
      control.onProgress?.({ phase: 'frames', done: frames, total });
    }
    // the last frame is captured, and shown for its own 1/CLIP_FPS s, before the recording ends
    await tasks.sleep(frameDueMs(1), signal, 'draw');
    // and the encoder, which may lag behind on a busy machine, has written every frame (stopping
    // drops what it has not)
    const deadline = performance.now() + ENCODER_WAIT_MS;
    for (;;) {
      const flushed = new Promise((resolve) => recorder.addEventListener('dataavailable', resolve, { once: true }));
      recorder.requestData();
      await flushed;
      if (countBlocks(new Uint8Array(await new Blob(chunks).arrayBuffer())) >= frames || performance.now() > deadline) break;
      await tasks.sleep(frameDueMs(1), signal, 'draw');
    }
    tasks.restart();
  } catch (e) {
    end();
    throw e;
  }
  control.onProgress?.({ phase: 'finishing', done: frames, total });
  end();
  await stopped;
  if (signal?.aborted) throw new ClipCancelled();
  // the frames' times as the simulation's, whatever time each took to draw
  const recorded = new Uint8Array(await new Blob(chunks).arrayBuffer());
  const { bytes, frames: written } = retimeWebm(recorded, 1000 / CLIP_FPS);
  if (written !== frames) {
    throw new Error(`recorder: ${written} of the ${frames} frames reached the file (the page was too busy); record again, or choose GIF`);
  }
  const blob = new Blob([bytes.buffer as ArrayBuffer], { type: 'video/webm' });
  return { blob, format: 'webm', frames, width, height, t0, t1, longestTaskMs: tasks.longest };
}
