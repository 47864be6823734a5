// Setting a recorded WebM's frame times to the clip's rate (web/src/app/media/webm-retime.ts), on files built
// byte by byte (support/ebml.ts) and read back by the tests' own reader (tests/web/media-frames.ts).
import { describe, expect, it } from 'vitest';
import { countBlocks, retimeWebm } from '../../../web/src/app/media/webm-retime';
import { webmFrames } from '../media-frames';
import { block, CLUSTER, element, liveWebm, SEGMENT, timecode } from './support/ebml';

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

  it("sets Chromium's Duration and cue times from the frames, not from the wall clock", () => {
    // EBML header, Info with TimecodeScale 1 ms and Duration 1.0 (float32, the wall-clock 1 ms Chromium
    // wrote for a clip drawn faster than real time), Tracks; then two clusters and the Cues pointing to them.
    const header = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], [...'webm'].map((c) => c.charCodeAt(0))));
    const info = element([0x15, 0x49, 0xa9, 0x66], [...element([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]), ...element([0x44, 0x89], [0x3f, 0x80, 0, 0])]);
    const tracks = element([0x16, 0x54, 0xae, 0x6b], element([0xae], [...element([0xd7], [1]), ...element([0x83], [1])]));
    const c1 = element(CLUSTER, [...timecode(0), ...[0, 1, 1].map((r) => block(0xa3, 1, r)).flat()]);
    const c2 = element(CLUSTER, [...timecode(1), ...[0, 1].map((r) => block(0xa3, 1, r)).flat()]);
    const cue = (time: number, position: number): number[] =>
      element([0xbb], [...element([0xb3], [0, time]), ...element([0xb7], [...element([0xf7], [1]), ...element([0xf1], [0, position])])]);
    const c1At = info.length + tracks.length; // cluster positions count from the Segment's data
    const cues = element([0x1c, 0x53, 0xbb, 0x6b], [...cue(0, c1At), ...cue(1, c1At + c1.length)]);
    const file = Uint8Array.from([...header, ...element(SEGMENT, [], true), ...info, ...tracks, ...c1, ...c2, ...cues]);
    const { bytes, frames } = retimeWebm(file, 40);
    expect(frames).toBe(5);
    expect(webmFrames(bytes).times).toEqual([0, 40, 80, 120, 160]);
    const at = (ids: number[]): number => bytes.findIndex((_, i) => ids.every((b, k) => bytes[i + k] === b));
    const d = at([0x44, 0x89, 0x84]) + 3;
    expect(new DataView(bytes.buffer, bytes.byteOffset + d, 4).getFloat32(0)).toBe(200);
    // the second cue (cluster 2, whose first frame is the 4th) says 120 ms; the first stays 0
    const cueTimes = [...bytes.keys()].filter((i) => bytes[i] === 0xb3 && bytes[i + 1] === 0x82).map((i) => (bytes[i + 2]! << 8) | bytes[i + 3]!);
    expect(cueTimes).toEqual([0, 120]);
    expect(bytes.length).toBe(file.length);
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
