// The arithmetic of a clip (web/src/app/media/clip-plan.ts): frames per length, the frames' size, the WebM
// type chosen, the file's name and the pacing of a WebM's frames.
import { CLIP_ASPECTS, clipCrop } from '../../../web/src/app/media/clip-plan';
import { describe, expect, it } from 'vitest';
import {
  CLIP_FPS,
  CLIP_LENGTHS,
  clipFileName,
  clipFrameCount,
  clipSize,
  frameDueMs,
  MAX_CLIP_SECONDS,
  MAX_SIDE,
  pickWebmType,
} from '../../../web/src/app/media/clip-plan';

describe('clip plan', () => {
  it('a length of s seconds is s × 25 frames; every offered length is within the cap', () => {
    expect(CLIP_FPS).toBe(25);
    expect(clipFrameCount(1)).toBe(25);
    expect(clipFrameCount(20)).toBe(500);
    expect(clipFrameCount(0.02)).toBe(1); // less than a frame still gives one
    for (const s of CLIP_LENGTHS) expect(s).toBeLessThanOrEqual(MAX_CLIP_SECONDS);
    expect(CLIP_LENGTHS).toContain(MAX_CLIP_SECONDS);
  });

  it('a length outside (0, 20] s is refused with the field and the rule', () => {
    for (const bad of [0, -1, 20.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => clipFrameCount(bad)).toThrow(/^seconds: must be in \(0, 20\]/);
    }
  });

  it('frames are scaled down (never up) to fit the square of the longest side, aspect kept, sides even', () => {
    expect(clipSize(1600, 900, 480)).toEqual({ width: 480, height: 270 });
    expect(clipSize(780, 1001, 480)).toEqual({ width: 374, height: 480 }); // 780 · 480/1001 = 374.03
    expect(clipSize(2560, 1440, MAX_SIDE.webm)).toEqual({ width: 1280, height: 720 });
    expect(clipSize(1080, 1920, MAX_SIDE.gif)).toEqual({ width: 270, height: 480 });
    expect(clipSize(301, 201, 480)).toEqual({ width: 300, height: 200 }); // odd sides made even, not scaled up
    expect(clipSize(1, 1, 480)).toEqual({ width: 2, height: 2 });
    expect(() => clipSize(0, 100, 480)).toThrow(/^canvas: must have a positive size/);
  });

  it('the WebM type is VP9, else VP8, else the default codec, else none', () => {
    expect(pickWebmType(() => true)).toBe('video/webm;codecs=vp9');
    expect(pickWebmType((t) => !t.includes('vp9'))).toBe('video/webm;codecs=vp8');
    expect(pickWebmType((t) => t === 'video/webm')).toBe('video/webm');
    expect(pickWebmType((t) => t === 'video/mp4')).toBeNull();
  });

  it('the file name says the preset and the simulated times of the first and the last frame', () => {
    expect(clipFileName('cradle', 0, 9.96, 'webm')).toBe('lgvci-clip-case-cradle-t0.00-9.96s.webm');
    expect(clipFileName('IV', 1.5, 3.46, 'gif')).toBe('lgvci-clip-case-IV-t1.50-3.46s.gif');
    expect(clipFileName('a b/c', 0, 1, 'gif')).toBe('lgvci-clip-case-a-b-c-t0.00-1.00s.gif');
    expect(clipFileName('IV', Number.NaN, 1, 'gif')).toBe('lgvci-clip-case-IV.gif');
  });

  it("a slide's shape is the largest centred rectangle of that aspect in the view: cut, never stretched", () => {
    // a 16:10 view: 16:9 loses strips at the top and bottom, 4:3 and 1:1 the sides
    expect(clipCrop(1600, 1000, 'view')).toEqual({ sx: 0, sy: 0, sw: 1600, sh: 1000 });
    expect(clipCrop(1600, 1000, '16:9')).toEqual({ sx: 0, sy: 50, sw: 1600, sh: 900 });
    expect(clipCrop(1600, 1000, '4:3')).toEqual({ sx: (1600 - 4000 / 3) / 2, sy: 0, sw: 4000 / 3, sh: 1000 });
    expect(clipCrop(1600, 1000, '1:1')).toEqual({ sx: 300, sy: 0, sw: 1000, sh: 1000 });
    for (const aspect of CLIP_ASPECTS)
      for (const [w, h] of [[390, 844], [846, 502], [2, 2]] as const) {
        const c = clipCrop(w, h, aspect);
        expect(c.sx >= 0 && c.sy >= 0 && c.sx + c.sw <= w + 1e-9 && c.sy + c.sh <= h + 1e-9).toBe(true);
        if (aspect !== 'view') {
          const [a, b] = aspect.split(':').map(Number) as [number, number];
          expect(c.sw / c.sh).toBeCloseTo(a / b, 12);
          expect(Math.max(c.sw / w, c.sh / h)).toBeCloseTo(1, 12); // as large as fits
        }
      }
    expect(() => clipCrop(0, 10, '16:9')).toThrow(/^canvas: must have a positive size/);
  });

  it('frame k of a WebM is due k/25 s after the first', () => {
    expect(frameDueMs(0)).toBe(0);
    expect(frameDueMs(1)).toBe(40);
    expect(frameDueMs(25)).toBe(1000);
  });
});
