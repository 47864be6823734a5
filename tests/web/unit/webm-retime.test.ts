// Setting a recorded WebM's frame times to the clip's rate (web/src/app/media/webm-retime.ts), on files built
// byte by byte (support/ebml.ts) and read back by the tests' own reader (tests/web/media-frames.ts).
import { describe, expect, it } from 'vitest';
import { countBlocks, retimeWebm } from '../../../web/src/app/media/webm-retime';
import { webmFrames } from '../media-frames';
import { liveWebm } from './support/ebml';

describe('retimeWebm', () => {
  it('the k-th frame gets k × 40 ms, across clusters, whatever the recorder stamped; nothing else moves', () => {
    const recorded = liveWebm([0, 57, 301, 333], [12, 480, 2000]);
    const { bytes, frames } = retimeWebm(recorded, 40);
    expect(frames).toBe(7);
    expect(bytes.length).toBe(recorded.length);
    expect(webmFrames(bytes).times).toEqual([0, 40, 80, 120, 160, 200, 240]);
    expect(Object.fromEntries(webmFrames(bytes).blocks)).toEqual({ 1: 7 });
    // only the timecode bytes differ: every other byte is the recorder's
    const before = webmFrames(recorded);
    expect(before.times).toEqual([0, 57, 301, 333, 1012, 1480, 3000]);
    const changed = [...bytes].filter((b, i) => b !== recorded[i]).length;
    expect(changed).toBeLessThanOrEqual(2 * 7 + 2 * 2);
    expect(changed).toBeGreaterThan(0);
    // the input is left as it was
    expect(webmFrames(recorded).times).toEqual(before.times);
  });

  it('500 frames (a 20-s clip at 25 per second) fit the 16-bit offsets; more than 32767 ms does not', () => {
    const many = Array.from({ length: 500 }, (_, k) => k);
    expect(retimeWebm(liveWebm(many, []), 40).frames).toBe(500);
    expect(() => retimeWebm(liveWebm(Array.from({ length: 821 }, () => 0), []), 40)).toThrow(/^webm: more frames than 820 at 40 ms apart/);
  });

  it('refuses a timecode scale other than 1 ms, a frame interval that is not whole ms, and what is not EBML', () => {
    expect(() => retimeWebm(liveWebm([0], [], 500_000), 40)).toThrow(/^webm: timecode scale 500000 ns, not 1 ms/);
    expect(() => retimeWebm(liveWebm([0], []), 33.3)).toThrow(/^frameMs: must be a positive whole number of ms/);
    expect(() => retimeWebm(Uint8Array.from([0x47, 0x49, 0x46]), 40)).toThrow(/^webm: not an EBML file/);
  });
});

describe('countBlocks', () => {
  it('counts the complete blocks of a recording cut off anywhere', () => {
    const whole = liveWebm([0, 40, 80], [0, 40]);
    expect(countBlocks(whole)).toBe(5);
    // cut inside the last Void, the last block, a header: the blocks before the cut
    const sizes = [whole.length - 1, whole.length - 6, whole.length - 12];
    const counts = sizes.map((n) => countBlocks(whole.subarray(0, n)));
    expect(counts[0]).toBe(5);
    expect(counts[1]).toBe(4);
    expect(counts[2]).toBeLessThanOrEqual(4);
    expect(countBlocks(whole.subarray(0, 3))).toBe(0);
    expect(countBlocks(Uint8Array.from([0x47, 0x49, 0x46]))).toBe(0);
    // every prefix counts no more than the whole, and never goes down as it grows
    let last = 0;
    for (let n = 0; n <= whole.length; n++) {
      const c = countBlocks(whole.subarray(0, n));
      expect(c).toBeGreaterThanOrEqual(last);
      last = c;
    }
    expect(last).toBe(5);
  });
});
