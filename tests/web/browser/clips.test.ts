// Clips (docs/course-material.md "Clips for slides"): the bar's "Record clip" opens its dialog from the
// keyboard, and a 1-s clip of case IV recorded from t = 0 is a GIF and a WebM of 25 frames each (the
// frames counted in the files' own structure: tests/web/media-frames.ts), named after the preset and
// the first and last frame's times; the GIF's frames are 1/25 s apart in simulated time and recording
// the same set-up again gives the same GIF, byte for byte. The dialog is axe clean.
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { App } from '../../../web/src/app/app';
import { CLIP_FPS } from '../../../web/src/app/media/clip-plan';
import type { ClipDialog } from '../../../web/src/app/media/clip-dialog';
import { gifFrames, webmFrames } from '../media-frames';
import { axeViolations, captureDownloads, useAppFixture } from './support';

const fx = useAppFixture('900px');
const restore: (() => void)[] = [];
afterEach(() => {
  for (const r of restore.splice(0)) r();
});

// the accessible name starts with the visible label (axe: label-content-name-mismatch)
const BUTTON = 'Record clip of the 3-D view (WebM video or GIF)';

async function openDialog(app: App): Promise<ClipDialog> {
  await page.getByRole('button', { name: BUTTON }).click();
  await expect.poll(() => app.clips.dialog?.dialog.isOpen ?? false, { timeout: 20_000 }).toBe(true);
  return app.clips.dialog!;
}

/** A <video> of the blob, once the browser has read its metadata (size, duration). */
async function loadedVideo(blob: Blob): Promise<HTMLVideoElement> {
  const video = document.createElement('video');
  video.muted = true;
  video.src = URL.createObjectURL(blob);
  await new Promise<void>((resolve, reject) => {
    video.onloadedmetadata = () => resolve();
    video.onerror = () => reject(new Error(`the WebM does not load: ${video.error?.message ?? ''}`));
  });
  return video;
}

async function bytesOf(b: Blob): Promise<Uint8Array> {
  return new Uint8Array(await b.arrayBuffer());
}

describe('clips', () => {
  it('the button is in the bar beside "Save image", opens the dialog from the keyboard, and the bar and the dialog are axe clean', async () => {
    const app = await fx.mount({ caseName: 'IV', autoplay: false });
    const button = app.clips.button;
    expect(button.getAttribute('aria-label')?.startsWith(button.textContent ?? '-')).toBe(true);
    expect(button.closest('[role="toolbar"]')).toBe(app.chrome.bar);
    expect(button.previousElementSibling).toBe(app.chrome.imageButton);
    expect(await axeViolations(app.chrome.bar)).toEqual([]);
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => app.clips.dialog?.dialog.isOpen ?? false, { timeout: 20_000 }).toBe(true);
    const d = app.clips.dialog!;
    await expect.element(page.getByRole('dialog', { name: 'Record a clip' })).toBeVisible();
    expect([...d.lengthSelect.options].map((o) => o.value)).toEqual(['1', '2', '5', '10', '20']);
    expect(await axeViolations(d.element)).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => d.dialog.isOpen).toBe(false);
  });

  it('a 1-s GIF from t = 0 has 25 frames 4/100 s apart, 1/25 s of simulated time apart, and the same bytes when recorded again', async () => {
    const dl = captureDownloads(restore);
    const app = await fx.mount({ caseName: 'IV', autoplay: false });
    const d = await openDialog(app);
    await userEvent.click(d.gifRadio);
    await userEvent.selectOptions(d.lengthSelect, '1');
    expect(d.fromStartBox.checked).toBe(true);
    const first = await d.record();
    expect(first, d.status.textContent ?? '').not.toBeNull();
    const clip = first!;
    expect(dl.blobs).toHaveLength(1);
    const gif = await bytesOf(dl.blobs[0]!);
    expect(gif.length).toBeGreaterThan(1000);
    const f = gifFrames(gif);
    expect(f.images).toBe(CLIP_FPS);
    expect(f.controls).toBe(CLIP_FPS);
    expect(new Set(f.delays)).toEqual(new Set([100 / CLIP_FPS]));
    expect({ width: f.width, height: f.height }).toEqual({ width: clip.width, height: clip.height });
    expect(f.width).toBeLessThanOrEqual(480);
    // frame k shows t = k/25 s × speed: the last one (24/25 s) to within a step (the clock's remainder)
    const speed = app.model.clock.speed;
    const h = app.model.clock.h;
    expect(clip.t0).toBe(0);
    expect(Math.abs(clip.t1 - ((CLIP_FPS - 1) / CLIP_FPS) * speed)).toBeLessThanOrEqual(h + 1e-12);
    expect(dl.names[0]).toBe(`lgvci-clip-case-IV-t0.00-${clip.t1.toFixed(2)}s.gif`);
    expect(d.status.textContent).toContain(dl.names[0]!);
    // the run stays where the clip ended, paused as before (a frame is drawn up to a step behind the
    // state: it interpolates between the last two steps)
    expect(app.playing).toBe(false);
    expect(app.model.curr.t - clip.t1).toBeGreaterThanOrEqual(0);
    expect(app.model.curr.t - clip.t1).toBeLessThanOrEqual(h + 1e-12);
    // the GIF is encoded in slices, a stage of a frame each (their length: tests/web/unit/clip-encode-cost.test.ts)
    expect(Object.keys(clip.longestTaskMs).sort()).toEqual(['draw', 'lzw', 'palette', 'quantize']);

    // again from t = 0 (the camera as it was): the same frames, the same file
    const second = await d.record();
    expect(second, d.status.textContent ?? '').not.toBeNull();
    expect(dl.blobs).toHaveLength(2);
    expect(await bytesOf(dl.blobs[1]!)).toEqual(gif);
  });

  it('a 1-s WebM from t = 0 has 25 frames in its video track', async () => {
    const dl = captureDownloads(restore);
    const app = await fx.mount({ caseName: 'IV', autoplay: false });
    const d = await openDialog(app);
    expect(d.webmType).not.toBeNull(); // Chromium records WebM
    expect(d.webmRadio.checked).toBe(true);
    await userEvent.selectOptions(d.lengthSelect, '1');
    const clip = await d.record();
    expect(clip, d.status.textContent ?? '').not.toBeNull();
    expect(dl.blobs).toHaveLength(1);
    const webm = await bytesOf(dl.blobs[0]!);
    expect(webm.length).toBeGreaterThan(1000);
    const f = webmFrames(webm);
    expect(f.videoTracks).toHaveLength(1);
    expect(f.blocks.get(f.videoTracks[0]!)).toBe(CLIP_FPS);
    // the frames are 1/25 s apart in the file, however long each took to draw
    expect(f.times).toEqual(Array.from({ length: CLIP_FPS }, (_, k) => (k * 1000) / CLIP_FPS));
    // and the browser reads it as a video of the clip's size
    const video = await loadedVideo(dl.blobs[0]!);
    expect({ width: video.videoWidth, height: video.videoHeight }).toEqual({ width: clip!.width, height: clip!.height });
    // and as long as the clip: the header's Duration is the frames' (Chromium writes the wall-clock
    // time the recording took, which players showed: "1 ms" for a clip drawn faster than real time)
    expect(video.duration).toBeCloseTo(1, 3);
    URL.revokeObjectURL(video.src);
    expect(dl.names[0]).toMatch(/^lgvci-clip-case-IV-t0\.00-\d+\.\d\ds\.webm$/);
  });

  it('a clip for a widescreen slide is 16:9, cut from the middle of the view', async () => {
    const dl = captureDownloads(restore);
    const app = await fx.mount({ caseName: 'IV', autoplay: false });
    const d = await openDialog(app);
    await userEvent.selectOptions(d.lengthSelect, '1');
    await userEvent.selectOptions(d.aspectSelect, '16:9');
    const clip = await d.record();
    expect(clip, d.status.textContent ?? '').not.toBeNull();
    // even sides within 2 px of 16:9 (the encoders want even sides)
    expect(Math.abs(clip!.width - (clip!.height * 16) / 9)).toBeLessThanOrEqual(2);
    const video = await loadedVideo(dl.blobs[0]!);
    expect({ width: video.videoWidth, height: video.videoHeight }).toEqual({ width: clip!.width, height: clip!.height });
    URL.revokeObjectURL(video.src);
  });

  it('Cancel saves nothing and gives the run back', async () => {
    const dl = captureDownloads(restore);
    const app = await fx.mount({ caseName: 'IV', autoplay: false });
    const d = await openDialog(app);
    await userEvent.click(d.gifRadio);
    await userEvent.selectOptions(d.lengthSelect, '5');
    const pending = d.record();
    await expect.poll(() => d.progress.value, { timeout: 20_000 }).toBeGreaterThan(2);
    expect(d.progress.hidden).toBe(false);
    expect(d.progress.getAttribute('aria-label')).toBe('Progress of the clip');
    await userEvent.click(d.cancelButton);
    expect(await pending).toBeNull();
    expect(d.status.textContent).toBe('Cancelled: no clip was saved.');
    expect(dl.blobs).toHaveLength(0);
    expect(d.progress.hidden).toBe(true);
    expect(d.recordButton.disabled).toBe(false);
  });
});
