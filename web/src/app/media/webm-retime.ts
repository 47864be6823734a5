// A recorded WebM's frame times set to the clip's own rate (docs/course-material.md "Clips for slides").
// MediaRecorder stamps each frame with the wall-clock time it was handed over; a frame that took long to
// draw (a slow GPU, a busy page) would stretch the clip. The frames are the simulation's, one per
// 1/CLIP_FPS s of its clock, so their times are rewritten in place: every Cluster's Timecode (0xE7)
// becomes 0 and the k-th block (SimpleBlock 0xA3, or Block 0xA1 in a BlockGroup) gets the relative
// timecode k · frameMs (a signed 16-bit field, in the segment's default 1-ms timecode scale). No
// element changes size. Matroska/EBML layout: variable-length IDs (marker bit kept) and sizes (all
// size bits set: "unknown", which MediaRecorder writes for the Segment and its Clusters). Chromium also
// writes the Segment's Duration (Info, 0x4489) and, for a finished recording, Cues (0x1C53BB6B) from the
// same wall-clock times: the Duration becomes frames · frameMs (players showed "1 ms" for a clip drawn
// faster than real time) and each CueTime the new time of the first frame of the cluster it points to.

const EBML_HEADER = 0x1a45dfa3;
/** Masters whose children are walked: Segment, Cluster, BlockGroup. */
const ENTERED = new Set([0x18538067, 0x1f43b675, 0xa0]);
const CLUSTER_TIMECODE = 0xe7;
const TIMECODE_SCALE = 0x2ad7b1;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const INFO = 0x1549a966;
const DURATION = 0x4489;
const CUES = 0x1c53bb6b;
/** Masters inside Cues: CuePoint, CueTrackPositions. */
const CUE_MASTERS = new Set([0xbb, 0xb7]);
const CUE_TIME = 0xb3;
const CUE_CLUSTER_POSITION = 0xf1;
const SIMPLE_BLOCK = 0xa3;
const BLOCK = 0xa1;
/** Largest relative block timecode (int16). */
const MAX_RELATIVE = 0x7fff;

function fail(why: string, at: number): never {
  throw new Error(`webm: ${why} at byte ${at}`);
}

/** A variable-length integer at i: its length, and its value with (an ID) or without (a size) the marker bit. */
function vint(bytes: Uint8Array, i: number, keepMarker: boolean): { len: number; value: number; unknown: boolean } {
  const first = bytes[i];
  if (first === undefined) fail('truncated element', i);
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
}

/**
 * Visit every element outside the entered masters, in order, with its ID, where its data starts, its
 * size and where it starts. Throws "webm: …" on what is not EBML, an unknown size outside the entered
 * masters and an element that runs past the end.
 */
function forEachLeaf(
  bytes: Uint8Array,
  visit: (id: number, data: number, size: number, at: number) => void,
  enter: (id: number, data: number, at: number) => void = () => {},
): void {
  if (vint(bytes, 0, true).value !== EBML_HEADER) fail('not an EBML file', 0);
  let i = 0;
  while (i < bytes.length) {
    const id = vint(bytes, i, true);
    const size = vint(bytes, i + id.len, false);
    const data = i + id.len + size.len;
    if (ENTERED.has(id.value)) {
      enter(id.value, data, i);
      i = data;
      continue;
    }
    if (size.unknown) fail(`unknown size of element 0x${id.value.toString(16)}`, i);
    if (data + size.value > bytes.length) fail(`element 0x${id.value.toString(16)} runs past the end`, i);
    visit(id.value, data, size.value, i);
    i = data + size.value;
  }
}

/**
 * The complete blocks in the first bytes of a recording still being written (MediaRecorder's chunks so
 * far): counting stops at an element cut off by the end. 0 for what is not EBML.
 */
export function countBlocks(webm: Uint8Array): number {
  let n = 0;
  try {
    forEachLeaf(webm, (id) => {
      if (id === SIMPLE_BLOCK || id === BLOCK) n += 1;
    });
  } catch {
    // an element cut off by the end: what was counted before it stands
  }
  return n;
}

/** The children of the master whose data is bytes[from, to): ID, data start, size, element start. */
function* children(bytes: Uint8Array, from: number, to: number): Generator<{ id: number; data: number; size: number; at: number }> {
  let j = from;
  while (j < to) {
    const cid = vint(bytes, j, true);
    const csize = vint(bytes, j + cid.len, false);
    const data = j + cid.len + csize.len;
    if (csize.unknown || data + csize.value > to) fail(`element 0x${cid.value.toString(16)} runs past its parent`, j);
    yield { id: cid.value, data, size: csize.value, at: j };
    j = data + csize.value;
  }
}

function readUint(bytes: Uint8Array, data: number, size: number): number {
  let v = 0;
  for (let k = 0; k < size; k++) v = v * 256 + (bytes[data + k] ?? 0);
  return v;
}

/** `value` as a big-endian unsigned integer in the `size` bytes at data (throws when it does not fit). */
function writeUint(bytes: Uint8Array, data: number, size: number, value: number, at: number): void {
  if (value >= 256 ** size) fail(`${value} does not fit ${size} bytes`, at);
  for (let k = size - 1, v = value; k >= 0; k--, v = Math.floor(v / 256)) bytes[data + k] = v % 256;
}

/**
 * A copy of `webm` with its frames frameMs apart from 0, its Duration frames · frameMs and its cue
 * times those of the frames they point to; the number of blocks rewritten is returned with it. Throws
 * "webm: …" on a malformed file, a timecode scale other than 1 ms, or more frames than a cluster's
 * 16-bit relative timecodes can hold.
 */
export function retimeWebm(webm: Uint8Array, frameMs: number): { bytes: Uint8Array; frames: number } {
  if (!(frameMs > 0) || !Number.isInteger(frameMs)) throw new Error(`frameMs: must be a positive whole number of ms, got ${frameMs}`);
  const bytes = webm.slice();
  let frames = 0;
  let segmentData = 0;
  /** The frame count before each cluster, by the cluster's offset from the Segment's data. */
  const firstFrame = new Map<number, number>();
  let duration: { data: number; size: number } | null = null;
  const cueTimes: { data: number; size: number; at: number; cluster: number }[] = [];
  const enter = (id: number, data: number, at: number): void => {
    if (id === SEGMENT) segmentData = data;
    else if (id === CLUSTER) firstFrame.set(at - segmentData, frames);
  };
  forEachLeaf(bytes, (id, data, size, i) => {
    if (id === INFO) {
      // Info: the timecode scale must be the default 1 ms (1 000 000 ns) for k · frameMs to be ms
      for (const c of children(bytes, data, data + size)) {
        if (c.id === TIMECODE_SCALE) {
          const scale = readUint(bytes, c.data, c.size);
          if (scale !== 1_000_000) fail(`timecode scale ${scale} ns, not 1 ms`, c.at);
        } else if (c.id === DURATION) {
          if (c.size !== 4 && c.size !== 8) fail(`a Duration of ${c.size} bytes`, c.at);
          duration = { data: c.data, size: c.size };
        }
      }
    } else if (id === CUES) {
      for (const point of children(bytes, data, data + size)) {
        if (!CUE_MASTERS.has(point.id)) continue;
        let time: { data: number; size: number; at: number } | null = null;
        let cluster = -1;
        for (const c of children(bytes, point.data, point.data + point.size)) {
          if (c.id === CUE_TIME) time = { data: c.data, size: c.size, at: c.at };
          else if (CUE_MASTERS.has(c.id))
            for (const p of children(bytes, c.data, c.data + c.size)) if (p.id === CUE_CLUSTER_POSITION) cluster = readUint(bytes, p.data, p.size);
        }
        if (time) cueTimes.push({ ...time, cluster });
      }
    } else if (id === CLUSTER_TIMECODE) {
      bytes.fill(0, data, data + size);
    } else if (id === SIMPLE_BLOCK || id === BLOCK) {
      const track = vint(bytes, data, false);
      const at = data + track.len;
      if (at + 2 > data + size) fail('block too short for its timecode', i);
      const rel = frames * frameMs;
      if (rel > MAX_RELATIVE) fail(`more frames than ${Math.floor(MAX_RELATIVE / frameMs) + 1} at ${frameMs} ms apart`, i);
      bytes[at] = rel >> 8;
      bytes[at + 1] = rel & 0xff;
      frames += 1;
    }
  }, enter);
  const d = duration as { data: number; size: number } | null;
  if (d) {
    const view = new DataView(bytes.buffer, bytes.byteOffset + d.data, d.size);
    if (d.size === 4) view.setFloat32(0, frames * frameMs);
    else view.setFloat64(0, frames * frameMs);
  }
  for (const c of cueTimes) {
    const k = firstFrame.get(c.cluster);
    if (k === undefined) fail(`a cue points to no cluster (position ${c.cluster})`, c.at);
    writeUint(bytes, c.data, c.size, k * frameMs, c.at);
  }
  return { bytes, frames };
}
