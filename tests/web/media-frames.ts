// Frame counts of recorded clips, read from the files' own structure (the clip tests; unit-tested in
// tests/web/unit/media-frames.test.ts on hand-built files):
//   GIF (GIF89a specification): the blocks after the logical screen descriptor and its global colour
//       table: 0x21 extensions (0xF9 graphic control: a frame's delay), 0x2C image descriptors (one per
//       frame, each followed by its LZW data sub-blocks), 0x3B the trailer.
//   WebM (Matroska/EBML): elements of variable-length ID and size; a frame is a SimpleBlock (0xA3) or a
//       Block (0xA1, inside a BlockGroup) of a cluster. MediaRecorder writes the Segment and its
//       Clusters with "unknown" size (all size bits set), so the master elements are entered, not skipped.

export interface GifFrames {
  width: number;
  height: number;
  /** Image descriptors (frames). */
  images: number;
  /** Graphic control extensions. */
  controls: number;
  /** Each graphic control extension's delay, hundredths of a second. */
  delays: number[];
}

/** Read a GIF's frames; throws "gif: …" on a malformed file. */
export function gifFrames(bytes: Uint8Array): GifFrames {
  const fail = (why: string, at: number): never => {
    throw new Error(`gif: ${why} at byte ${at}`);
  };
  const sig = String.fromCharCode(...bytes.subarray(0, 6));
  if (sig !== 'GIF89a' && sig !== 'GIF87a') fail(`not a GIF (signature ${JSON.stringify(sig)})`, 0);
  if (bytes.length < 13) fail('truncated logical screen descriptor', bytes.length);
  const u16 = (i: number): number => (bytes[i] ?? 0) | ((bytes[i + 1] ?? 0) << 8);
  const width = u16(6);
  const height = u16(8);
  const packed = bytes[10] ?? 0;
  let i = 13;
  if (packed & 0x80) i += 3 * (1 << ((packed & 7) + 1));
  /** Skip data sub-blocks (length byte, data) up to the zero-length terminator. */
  const skipSubBlocks = (): void => {
    for (;;) {
      if (i >= bytes.length) fail('unterminated data sub-blocks', i);
      const n = bytes[i] ?? 0;
      i += 1;
      if (n === 0) return;
      i += n;
    }
  };
  let images = 0;
  let controls = 0;
  const delays: number[] = [];
  for (;;) {
    if (i >= bytes.length) fail('no trailer', i);
    const b = bytes[i];
    if (b === 0x3b) break;
    if (b === 0x21) {
      const label = bytes[i + 1];
      if (label === 0xf9) {
        if (bytes[i + 2] !== 4) fail('graphic control extension of a size other than 4', i);
        controls += 1;
        delays.push(u16(i + 4));
      }
      i += 2;
      skipSubBlocks();
    } else if (b === 0x2c) {
      if (i + 10 > bytes.length) fail('truncated image descriptor', i);
      const local = bytes[i + 9] ?? 0;
      i += 10;
      if (local & 0x80) i += 3 * (1 << ((local & 7) + 1));
      i += 1; // LZW minimum code size
      skipSubBlocks();
      images += 1;
    } else fail(`unknown block 0x${(b ?? 0).toString(16)}`, i);
  }
  return { width, height, images, controls, delays };
}

export interface WebmFrames {
  /** SimpleBlocks and Blocks per track number. */
  blocks: Map<number, number>;
  /** Each block's time, in timecode units (ms by default): its cluster's Timecode plus its own signed 16-bit offset. */
  times: number[];
  /** The track numbers whose TrackType is 1 (video). */
  videoTracks: number[];
}

const EBML_HEADER = 0x1a45dfa3;
/** Masters entered rather than skipped: Segment, Cluster, BlockGroup, Tracks, TrackEntry. */
const ENTERED = new Set([0x18538067, 0x1f43b675, 0xa0, 0x1654ae6b, 0xae]);
const SIMPLE_BLOCK = 0xa3;
const BLOCK = 0xa1;
const TRACK_ENTRY = 0xae;
const TRACK_NUMBER = 0xd7;
const TRACK_TYPE = 0x83;
const CLUSTER_TIMECODE = 0xe7;

/** Read a WebM's blocks per track; throws "webm: …" on a malformed file. */
export function webmFrames(bytes: Uint8Array): WebmFrames {
  const fail = (why: string, at: number): never => {
    throw new Error(`webm: ${why} at byte ${at}`);
  };
  /** A variable-length integer at i: its length, its value with (size) or without (ID) the marker bit. */
  const vint = (i: number, keepMarker: boolean): { len: number; value: number; unknown: boolean } => {
    const first = bytes[i];
    if (first === undefined) return fail('truncated element', i);
    let len = 1;
    while (len <= 8 && !(first & (0x80 >> (len - 1)))) len++;
    if (len > 8) fail('invalid variable-length integer', i);
    if (i + len > bytes.length) fail('truncated element', i);
    let value = keepMarker ? first : first & (0xff >> len);
    let allOnes = value === 0xff >> len;
    for (let k = 1; k < len; k++) {
      const b = bytes[i + k] ?? 0;
      value = value * 256 + b;
      allOnes &&= b === 0xff;
    }
    return { len, value, unknown: !keepMarker && allOnes };
  };
  if (vint(0, true).value !== EBML_HEADER) fail('not an EBML file', 0);
  const blocks = new Map<number, number>();
  const times: number[] = [];
  let clusterTime = 0;
  const tracks: { number?: number; type?: number }[] = [];
  let i = 0;
  while (i < bytes.length) {
    const id = vint(i, true);
    const size = vint(i + id.len, false);
    const data = i + id.len + size.len;
    if (ENTERED.has(id.value)) {
      if (id.value === TRACK_ENTRY) tracks.push({});
      i = data; // its children follow, whatever its size says (unknown for live recordings)
      continue;
    }
    if (size.unknown) fail(`unknown size of element 0x${id.value.toString(16)}`, i);
    if (data + size.value > bytes.length) fail(`element 0x${id.value.toString(16)} runs past the end`, i);
    const uint = (): number => {
      let v = 0;
      for (let k = 0; k < size.value; k++) v = v * 256 + (bytes[data + k] ?? 0);
      return v;
    };
    if (id.value === SIMPLE_BLOCK || id.value === BLOCK) {
      const track = vint(data, false);
      blocks.set(track.value, (blocks.get(track.value) ?? 0) + 1);
      const at = data + track.len;
      const rel = (((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0)) << 16 >> 16; // signed 16 bits
      times.push(clusterTime + rel);
    } else if (id.value === CLUSTER_TIMECODE) {
      clusterTime = uint();
    } else if (id.value === TRACK_NUMBER || id.value === TRACK_TYPE) {
      const entry = tracks[tracks.length - 1];
      if (entry) entry[id.value === TRACK_NUMBER ? 'number' : 'type'] = uint();
    }
    i = data + size.value;
  }
  const videoTracks = tracks.filter((t) => t.type === 1 && t.number !== undefined).map((t) => t.number as number);
  return { blocks, times, videoTracks };
}
