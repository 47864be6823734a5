// A recorded WebM's frame times set to the clip's own rate (docs/course-material.md "Clips for slides").
// MediaRecorder stamps each frame with the wall-clock time it was handed over; a frame that took long to
// draw (a slow GPU, a busy page) would stretch the clip. The frames are the simulation's, one per
// 1/CLIP_FPS s of its clock, so their times are rewritten in place: every Cluster's Timecode (0xE7)
// becomes 0 and the k-th block (SimpleBlock 0xA3, or Block 0xA1 in a BlockGroup) gets the relative
// timecode k · frameMs (a signed 16-bit field, in the segment's default 1-ms timecode scale). No
// element changes size. Matroska/EBML layout: variable-length IDs (marker bit kept) and sizes (all
// size bits set: "unknown", which MediaRecorder writes for the Segment and its Clusters).

const EBML_HEADER = 0x1a45dfa3;
/** Masters whose children are walked: Segment, Cluster, BlockGroup. */
const ENTERED = new Set([0x18538067, 0x1f43b675, 0xa0]);
const CLUSTER_TIMECODE = 0xe7;
const TIMECODE_SCALE = 0x2ad7b1;
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
function forEachLeaf(bytes: Uint8Array, visit: (id: number, data: number, size: number, at: number) => void): void {
  if (vint(bytes, 0, true).value !== EBML_HEADER) fail('not an EBML file', 0);
  let i = 0;
  while (i < bytes.length) {
    const id = vint(bytes, i, true);
    const size = vint(bytes, i + id.len, false);
    const data = i + id.len + size.len;
    if (ENTERED.has(id.value)) {
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

/**
 * A copy of `webm` with its frames frameMs apart from 0; the number of blocks rewritten is returned
 * with it. Throws "webm: …" on a malformed file, a timecode scale other than 1 ms, or more frames
 * than a cluster's 16-bit relative timecodes can hold.
 */
export function retimeWebm(webm: Uint8Array, frameMs: number): { bytes: Uint8Array; frames: number } {
  if (!(frameMs > 0) || !Number.isInteger(frameMs)) throw new Error(`frameMs: must be a positive whole number of ms, got ${frameMs}`);
  const bytes = webm.slice();
  let frames = 0;
  forEachLeaf(bytes, (id, data, size, i) => {
    if (id === 0x1549a966) {
      // Info: the timecode scale must be the default 1 ms (1 000 000 ns) for k · frameMs to be ms
      let j = data;
      while (j < data + size) {
        const cid = vint(bytes, j, true);
        const csize = vint(bytes, j + cid.len, false);
        const cdata = j + cid.len + csize.len;
        if (cid.value === TIMECODE_SCALE) {
          let scale = 0;
          for (let k = 0; k < csize.value; k++) scale = scale * 256 + (bytes[cdata + k] ?? 0);
          if (scale !== 1_000_000) fail(`timecode scale ${scale} ns, not 1 ms`, j);
        }
        j = cdata + csize.value;
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
  });
  return { bytes, frames };
}
