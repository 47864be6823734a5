/// <reference path="../../../web/src/types/gifenc.d.ts" />
// The clip tests' frame counters (tests/web/media-frames.ts) on files built here byte by byte from the
// GIF89a and Matroska/EBML layouts, and on GIFs gifenc writes with a known number of frames.
import { applyPalette, GIFEncoder, quantize } from 'gifenc';
import { describe, expect, it } from 'vitest';
import { gifFrames, webmFrames } from '../media-frames';
import { block, CLUSTER, element, head, liveWebm, SEGMENT, timecode } from './support/ebml';

/** A 1 × 1 image's LZW data (minimum code size 2: clear 4, index 0, end 5, 3-bit codes LSB first). */
const LZW_1X1 = [0x02, 0x02, 0x44, 0x01, 0x00];

/** A GIF89a of `frames` 1 × 1 frames: global table of 2 colours, a NETSCAPE loop, per frame a GCE (delay d) and an image (the second with a local table). */
function handGif(frames: number, delay: number): Uint8Array {
  const out = [...'GIF89a'].map((c) => c.charCodeAt(0));
  out.push(1, 0, 1, 0, 0x80, 0, 0); // 1 × 1, global table of 2^(0+1) colours
  out.push(0, 0, 0, 255, 255, 255);
  out.push(0x21, 0xff, 11, ...[...'NETSCAPE2.0'].map((c) => c.charCodeAt(0)), 3, 1, 0, 0, 0);
  for (let k = 0; k < frames; k++) {
    out.push(0x21, 0xf9, 4, 0, delay & 0xff, delay >> 8, 0, 0);
    const local = k === 1;
    out.push(0x2c, 0, 0, 0, 0, 1, 0, 1, 0, local ? 0x80 : 0);
    if (local) out.push(255, 0, 0, 0, 0, 255);
    out.push(...LZW_1X1);
  }
  out.push(0x21, 0xfe, 3, 0x61, 0x62, 0x63, 0); // a comment extension: no frame
  out.push(0x3b);
  return Uint8Array.from(out);
}

describe('gifFrames', () => {
  it('counts the image descriptors and graphic control extensions of a hand-built GIF', () => {
    const f = gifFrames(handGif(3, 4));
    expect(f).toEqual({ width: 1, height: 1, images: 3, controls: 3, delays: [4, 4, 4] });
  });

  it('counts the frames gifenc writes, with their delay in hundredths of a second', () => {
    const w = 16;
    const h = 8;
    const gif = GIFEncoder();
    for (let k = 0; k < 7; k++) {
      const rgba = new Uint8Array(w * h * 4).map((_, i) => (i * (k + 3)) & 0xff);
      const palette = quantize(rgba, 256);
      gif.writeFrame(applyPalette(rgba, palette), w, h, { palette, delay: 40 });
    }
    gif.finish();
    expect(gifFrames(gif.bytes())).toEqual({ width: w, height: h, images: 7, controls: 7, delays: Array(7).fill(4) });
  });

  it('rejects what is not a whole GIF, saying where', () => {
    expect(() => gifFrames(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0]))).toThrow(/^gif: not a GIF/);
    const whole = handGif(2, 4);
    expect(() => gifFrames(whole.subarray(0, whole.length - 1))).toThrow(/^gif: no trailer at byte/);
    expect(() => gifFrames(whole.subarray(0, 40))).toThrow(/^gif: /);
  });
});

describe('webmFrames', () => {
  it('counts SimpleBlocks and Blocks per track, with their times, in clusters of unknown and known size', () => {
    const f = webmFrames(liveWebm([0, 33, 71], [5, 40]));
    expect(f.videoTracks).toEqual([1]);
    expect(Object.fromEntries(f.blocks)).toEqual({ 1: 5 });
    expect(f.times).toEqual([0, 33, 71, 1005, 1040]);
  });

  it('counts each track on its own and reads a negative relative time', () => {
    const c = [...element(CLUSTER, [], true), ...timecode(500), ...block(0xa3, 1, 0), ...block(0xa3, 2, -20), ...block(0xa3, 1, 40)];
    const f = webmFrames(Uint8Array.from([...head(), ...element(SEGMENT, [], true), ...c]));
    expect(Object.fromEntries(f.blocks)).toEqual({ 1: 2, 2: 1 });
    expect(f.times).toEqual([500, 480, 540]);
  });

  it('rejects what is not EBML, and an element that runs past the end', () => {
    expect(() => webmFrames(Uint8Array.from([0x47, 0x49, 0x46, 0x38]))).toThrow(/^webm: not an EBML file/);
    const whole = liveWebm([0, 40], [0, 40]);
    expect(() => webmFrames(whole.subarray(0, whole.length - 2))).toThrow(/^webm: element 0x[0-9a-f]+ runs past the end/);
  });
});
