// Hand-built Matroska/EBML files for the WebM tests (media-frames.test.ts, webm-retime.test.ts): each
// element its ID bytes (marker bit kept), its size as a variable-length integer (or the 8-byte
// "unknown" size MediaRecorder writes for live Segments and Clusters), its data.

export function element(id: number[], data: number[], unknownSize = false): number[] {
  if (unknownSize) return [...id, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, ...data];
  if (data.length > 0x3ffe) throw new Error('element: data too long for this builder');
  if (data.length > 126) return [...id, 0x40 | (data.length >> 8), data.length & 0xff, ...data];
  return [...id, 0x80 | data.length, ...data];
}

/** A SimpleBlock (0xA3) or Block (0xA1) of `track` at relative time `rel` (signed 16 bits), flags, 3 payload bytes. */
export function block(id: number, track: number, rel: number): number[] {
  return element([id], [0x80 | track, (rel >> 8) & 0xff, rel & 0xff, 0x80, 1, 2, 3]);
}

export const CLUSTER = [0x1f, 0x43, 0xb6, 0x75];
export const SEGMENT = [0x18, 0x53, 0x80, 0x67];

/** A cluster Timecode element (2 bytes, as MediaRecorder writes small ones). */
export const timecode = (ms: number): number[] => element([0xe7], [(ms >> 8) & 0xff, ms & 0xff]);

/** EBML header, Info (with `scaleNs` as TimecodeScale), Tracks: track 1 video, track 2 audio. */
export function head(scaleNs = 1_000_000): number[] {
  const header = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], [...'webm'].map((c) => c.charCodeAt(0))));
  const scale = [(scaleNs >>> 24) & 0xff, (scaleNs >> 16) & 0xff, (scaleNs >> 8) & 0xff, scaleNs & 0xff];
  const info = element([0x15, 0x49, 0xa9, 0x66], element([0x2a, 0xd7, 0xb1], scale));
  const trackEntry = (num: number, type: number): number[] => element([0xae], [...element([0xd7], [num]), ...element([0x83], [type])]);
  const tracks = element([0x16, 0x54, 0xae, 0x6b], [...trackEntry(1, 1), ...trackEntry(2, 2)]);
  return [...header, ...info, ...tracks];
}

/**
 * A recording as MediaRecorder writes one: the Segment and a first Cluster of unknown size (at 0 ms),
 * then a second Cluster of known size (at 1000 ms) holding a BlockGroup with a Block and a Void; the
 * blocks of track 1 at the relative times given.
 */
export function liveWebm(first: number[], second: number[], scaleNs = 1_000_000): Uint8Array {
  const c1 = [...element(CLUSTER, [], true), ...timecode(0), ...first.map((r) => block(0xa3, 1, r)).flat()];
  const [g, ...rest] = second;
  const group = g === undefined ? [] : element([0xa0], [...block(0xa1, 1, g), ...element([0xfb], [0x81])]);
  const c2 = element(CLUSTER, [...timecode(1000), ...group, ...rest.map((r) => block(0xa3, 1, r)).flat(), ...element([0xec], [0, 0, 0])]);
  return Uint8Array.from([...head(scaleNs), ...element(SEGMENT, [], true), ...c1, ...c2]);
}
