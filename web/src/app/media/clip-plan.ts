// The arithmetic of a clip (docs/course-material.md "Clips for slides"), apart from any DOM: how many
// frames a length gives, how large the frames are, which WebM type the browser records, and the file's
// name. The clip samples the fixed-step simulation at CLIP_FPS frames per second of the clip, each frame
// advancing the clock by 1/CLIP_FPS s of wall time (times the speed setting, as the page plays it).

/** Frames per second of every clip, WebM and GIF: 25, so that a GIF frame's delay is a whole 4/100 s. */
export const CLIP_FPS = 25;
/** The longest clip, seconds (the control's cap: a 20-s GIF is 500 frames). */
export const MAX_CLIP_SECONDS = 20;
/** The lengths the control offers, seconds. */
export const CLIP_LENGTHS = [1, 2, 5, 10, 20] as const;
/**
 * Longest side of a frame, pixels: the view's canvas is scaled down to fit a square of this side (a GIF
 * frame's encoding slices grow with its pixels: tests/web/unit/clip-encode-cost.test.ts).
 */
export const MAX_SIDE = { webm: 1280, gif: 480 } as const;

export type ClipFormat = keyof typeof MAX_SIDE;

/** Frames of a clip of `seconds` (at most MAX_CLIP_SECONDS); "seconds: …" for a length out of range. */
export function clipFrameCount(seconds: number, fps = CLIP_FPS): number {
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_CLIP_SECONDS) {
    throw new Error(`seconds: must be in (0, ${MAX_CLIP_SECONDS}], got ${seconds}`);
  }
  return Math.max(1, Math.round(seconds * fps));
}

/**
 * The frame's size for a canvas of w × h pixels: scaled down (never up) to fit a maxSide square, the
 * aspect kept, both sides even (VP8/VP9 encoders want even sides) and at least 2.
 */
export function clipSize(w: number, h: number, maxSide: number): { width: number; height: number } {
  if (!(w > 0) || !(h > 0)) throw new Error(`canvas: must have a positive size, got ${w} × ${h}`);
  const scale = Math.min(1, maxSide / w, maxSide / h);
  // (the 1e-9: a side scaled to exactly maxSide stays maxSide despite rounding)
  const even = (v: number): number => Math.max(2, 2 * Math.floor((v * scale) / 2 + 1e-9));
  return { width: even(w), height: even(h) };
}

/** A clip's shape: the view's own, or a slide's (widescreen 16:9, classic 4:3) or a square. */
export const CLIP_ASPECTS = ['view', '16:9', '4:3', '1:1'] as const;
export type ClipAspect = (typeof CLIP_ASPECTS)[number];

/**
 * The part of a w × h view a clip of that aspect shows: the view itself, or the largest centred
 * rectangle of the aspect inside it (the view is cut, never stretched: a 16:10 view loses a strip at the
 * top and bottom for 16:9, the sides for 4:3).
 */
export function clipCrop(w: number, h: number, aspect: ClipAspect): { sx: number; sy: number; sw: number; sh: number } {
  if (!(w > 0) || !(h > 0)) throw new Error(`canvas: must have a positive size, got ${w} × ${h}`);
  if (aspect === 'view') return { sx: 0, sy: 0, sw: w, sh: h };
  const [a, b] = aspect.split(':').map(Number) as [number, number];
  const sw = Math.min(w, (h * a) / b);
  const sh = Math.min(h, (w * b) / a);
  return { sx: (w - sw) / 2, sy: (h - sh) / 2, sw, sh };
}

/** WebM types in the order tried: VP9 (smaller for the same quality), VP8, the browser's default codec. */
export const WEBM_TYPES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'] as const;

/** The first WebM type `supported` accepts, or null when it accepts none. */
export function pickWebmType(supported: (type: string) => boolean): string | null {
  return WEBM_TYPES.find((type) => supported(type)) ?? null;
}

/** The WebM type this browser records a canvas in, or null (no MediaRecorder, no captureStream, or no WebM). */
export function webmSupport(): string | null {
  if (typeof MediaRecorder === 'undefined' || typeof HTMLCanvasElement === 'undefined') return null;
  if (typeof HTMLCanvasElement.prototype.captureStream !== 'function') return null;
  return pickWebmType((type) => MediaRecorder.isTypeSupported(type));
}

/** "lgvci-clip-case-<preset>-t0.00-10.00s.gif": the preset and the simulated times of the first and last frame. */
export function clipFileName(caseName: string, t0: number, t1: number, format: ClipFormat): string {
  const name = caseName.replace(/[^A-Za-z0-9._-]+/g, '-') || 'custom';
  const time = Number.isFinite(t0) && Number.isFinite(t1) ? `-t${t0.toFixed(2)}-${t1.toFixed(2)}s` : '';
  return `lgvci-clip-case-${name}${time}.${format}`;
}

/** When frame k of a paced (WebM) recording is due, ms after the first: k / fps seconds. */
export function frameDueMs(k: number, fps = CLIP_FPS): number {
  return (k * 1000) / fps;
}
