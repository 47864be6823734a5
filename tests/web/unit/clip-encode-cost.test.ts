/// <reference path="../../../web/src/types/gifenc.d.ts" />
// The GIF recorder's slices (web/src/app/media/clip-recorder.ts: one stage of one frame per task) stay short:
// each stage of gifenc on the largest frame a clip makes costs less than 50 ms. Measured in CPU time of
// this process (process.cpuUsage), not wall time, and the least of five frames taken as the cost (the
// work is the same for each; other work on a shared machine can only add to what one frame shows);
// the frame is noise (every pixel its own colour: the most work for the palette and the LZW coder) at
// 480 × 480, the most pixels a GIF frame has (clip-plan.ts MAX_SIDE). The stages as the recorder runs
// them: the palette fitted to a quarter of the pixels, the indices in two bands of rows, the LZW in one.
import { applyPalette, GIFEncoder, quantize } from 'gifenc';
import { describe, expect, it } from 'vitest';
import { clipSize, MAX_SIDE } from '../../../web/src/app/media/clip-plan';
import { quarterSample } from '../../../web/src/app/media/clip-recorder';

/** CPU ms of fn (user + system). */
function cpuMs(fn: () => void): number {
  const t0 = process.cpuUsage();
  fn();
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1000;
}

describe('GIF encoding slices', () => {
  it('quantize, palette and LZW each cost less than 50 ms of CPU on the largest frame', () => {
    const width = MAX_SIDE.gif;
    const height = MAX_SIDE.gif;
    expect(clipSize(4000, 4000, MAX_SIDE.gif)).toEqual({ width, height });
    let seed = 12345;
    const rand = (): number => {
      seed = (seed * 1103515245 + 12345) >>> 0; // a fixed LCG: the same frames every run
      return seed >>> 24;
    };
    const gif = GIFEncoder();
    const cost = { quantize: Infinity, palette: Infinity, lzw: Infinity };
    for (let f = 0; f < 6; f++) {
      const rgba = new Uint8Array(width * height * 4);
      for (let i = 0; i < rgba.length; i += 4) {
        rgba[i] = rand();
        rgba[i + 1] = rand();
        rgba[i + 2] = rand();
        rgba[i + 3] = 255;
      }
      let palette: number[][] = [];
      let index: Uint8Array = new Uint8Array(0);
      const q = cpuMs(() => (palette = quantize(quarterSample(rgba, width, height), 256, { format: 'rgb444' })));
      const half = (height / 2) * width;
      const p = Math.max(
        cpuMs(() => applyPalette(rgba.slice(0, 4 * half), palette)),
        cpuMs(() => applyPalette(rgba.slice(4 * half), palette)),
      );
      index = applyPalette(rgba, palette);
      const l = cpuMs(() => gif.writeFrame(index, width, height, { palette, delay: 40 }));
      cost.quantize = Math.min(cost.quantize, q);
      cost.palette = Math.min(cost.palette, p);
      cost.lzw = Math.min(cost.lzw, l);
    }
    console.info(`GIF slices, CPU ms at ${width}×${height}: ${JSON.stringify(cost)}`);
    expect(cost.quantize).toBeLessThan(50);
    expect(cost.palette).toBeLessThan(50);
    expect(cost.lzw).toBeLessThan(50);
  });
});

describe('quarterSample', () => {
  it('keeps every other pixel of every other row, odd sides included', () => {
    // 3 × 3 pixels, pixel (x, y) = [10y + x, 0, 0, 255]
    const rgba = new Uint8Array(3 * 3 * 4);
    for (let y = 0; y < 3; y++) for (let x = 0; x < 3; x++) rgba.set([10 * y + x, 0, 0, 255], 4 * (3 * y + x));
    const q = quarterSample(rgba, 3, 3);
    expect([...q].filter((_, i) => i % 4 === 0)).toEqual([0, 2, 20, 22]);
    expect(q.length).toBe(4 * 4);
  });
});
