// The "Record clip" dialog (docs/course-material.md "Clips for slides"): the format (WebM video, or a
// GIF; WebM only where the browser's MediaRecorder records it, else the reason next to it), the length
// (at most MAX_CLIP_SECONDS), whether to start from t = 0, Record / Stop / Cancel, a progress bar while
// the frames are drawn and encoded, and the saved file's name. While a clip is recorded the app's frame
// loop is held and the recorder draws each frame from the fixed-step simulation (clip-recorder.ts);
// afterwards the run goes on (or stays paused) as it was. Closing the dialog cancels a recording.
// Its stylesheets come with it, inside the dialog: the page's one stylesheet does not carry them, and a
// shadow root (the custom element) would not see it.
import formCss from '../../styles/dialog-form.css?inline';
import css from '../../styles/clips.css?inline';
import type { ClipHost } from './clip-host';
import type { ClipAspect } from './clip-plan';
import { CLIP_ASPECTS, CLIP_FPS, CLIP_LENGTHS, clipFileName, clipFrameCount, MAX_CLIP_SECONDS, webmSupport } from './clip-plan';
import type { ClipFormat } from './clip-plan';
import type { ClipProgress, ClipResult, ClipSource } from './clip-recorder';
import { ClipCancelled, recordClip } from './clip-recorder';
import { summaryLine } from '../../controls/hud';
import { downloadText } from '../../controls/panel';
import { ModalDialog } from '../../controls/dialog';
import { el, listen } from '../../util/dom';
import { t } from '../../i18n';

/** The default length, seconds. */
const DEFAULT_SECONDS = 5;

export class ClipDialog {
  readonly dialog: ModalDialog;
  readonly webmRadio: HTMLInputElement;
  readonly gifRadio: HTMLInputElement;
  /** The reason WebM cannot be chosen, next to its radio ('' where it can). */
  readonly webmNote: HTMLElement;
  readonly lengthSelect: HTMLSelectElement;
  /** The clip's shape: the view's, or a slide's (16:9, 4:3) or a square, cut from the middle of the view. */
  readonly aspectSelect: HTMLSelectElement;
  readonly fromStartBox: HTMLInputElement;
  readonly recordButton: HTMLButtonElement;
  readonly stopButton: HTMLButtonElement;
  readonly cancelButton: HTMLButtonElement;
  readonly progress: HTMLProgressElement;
  readonly status: HTMLElement;
  /** The WebM type recorded here (null: none). */
  readonly webmType: string | null;
  /** The last clip recorded (tests read its frames and bytes). */
  last: ClipResult | null = null;
  /** The clip being recorded, or null. */
  busy: Promise<ClipResult | null> | null = null;
  private abort: AbortController | null = null;
  private stopWanted = false;
  private readonly host: ClipHost;
  private readonly cleanups: (() => void)[] = [];

  constructor(host: ClipHost, idPrefix: string) {
    this.host = host;
    const id = (s: string): string => `${idPrefix}-clip-${s}`;
    // closing the dialog (Close, Escape, the backdrop) cancels a recording
    this.dialog = new ModalDialog(`${idPrefix}-clip`, t('clips.title'), 'clip-dialog', () => this.cancel());
    this.dialog.element.prepend(el('style', { text: formCss + css }));
    this.webmType = webmSupport();
    this.webmRadio = el('input', { type: 'radio', name: id('format'), id: id('webm'), value: 'webm', disabled: this.webmType === null });
    this.gifRadio = el('input', { type: 'radio', name: id('format'), id: id('gif'), value: 'gif' });
    (this.webmType ? this.webmRadio : this.gifRadio).checked = true;
    this.webmNote = el('span', { class: 'clip-note', id: id('webm-note'), text: this.webmType ? '' : t('clips.noWebm') });
    if (!this.webmType) this.webmRadio.setAttribute('aria-describedby', this.webmNote.id);
    this.lengthSelect = el(
      'select',
      { id: id('length') },
      ...CLIP_LENGTHS.map((s) => el('option', { value: String(s), text: t('clips.seconds', { n: s }), selected: s === DEFAULT_SECONDS })),
    );
    const aspectWords: Record<ClipAspect, string> = {
      view: t('clips.aspectView'),
      '16:9': t('clips.aspectWide'),
      '4:3': t('clips.aspectClassic'),
      '1:1': t('clips.aspectSquare'),
    };
    this.aspectSelect = el('select', { id: id('aspect') }, ...CLIP_ASPECTS.map((a) => el('option', { value: a, text: aspectWords[a] })));
    this.fromStartBox = el('input', { type: 'checkbox', id: id('start'), checked: true });
    this.recordButton = el('button', { type: 'button', class: 'btn btn-primary' }, t('clips.record'));
    this.stopButton = el('button', { type: 'button', class: 'btn', disabled: true }, t('clips.stop'));
    this.cancelButton = el('button', { type: 'button', class: 'btn', disabled: true }, t('clips.cancel'));
    this.progress = el('progress', { id: id('progress'), class: 'clip-progress', max: 1, value: 0, 'aria-label': t('clips.progress'), hidden: true });
    this.status = el('p', { class: 'clip-status', role: 'status', id: id('status') });
    this.progress.setAttribute('aria-describedby', this.status.id);
    this.dialog.body.append(
      el('p', { class: 'dialog-note', text: t('clips.note', { fps: CLIP_FPS }) }),
      el(
        'fieldset',
        { class: 'dialog-group' },
        el('legend', { text: t('clips.format') }),
        el('div', { class: 'clip-choice' }, this.webmRadio, el('label', { for: this.webmRadio.id, text: t('clips.webm') }), this.webmNote),
        el('div', { class: 'clip-choice' }, this.gifRadio, el('label', { for: this.gifRadio.id, text: t('clips.gif') })),
      ),
      el('div', { class: 'dialog-row' }, el('label', { for: this.lengthSelect.id, text: t('clips.length', { max: MAX_CLIP_SECONDS }) }), this.lengthSelect),
      el('div', { class: 'dialog-row' }, el('label', { for: this.aspectSelect.id, text: t('clips.aspect') }), this.aspectSelect),
      el('div', { class: 'dialog-row clip-choice' }, this.fromStartBox, el('label', { for: this.fromStartBox.id, text: t('clips.fromStart') })),
      el('div', { class: 'clip-actions' }, this.recordButton, this.stopButton, this.cancelButton),
      this.progress,
      this.status,
    );
    listen(this.cleanups, this.recordButton, 'click', () => void this.record());
    listen(this.cleanups, this.stopButton, 'click', () => {
      this.stopWanted = true;
      this.stopButton.disabled = true;
    });
    listen(this.cleanups, this.cancelButton, 'click', () => this.cancel());
  }

  get element(): HTMLDialogElement {
    return this.dialog.element;
  }

  get format(): ClipFormat {
    return this.gifRadio.checked ? 'gif' : 'webm';
  }

  open(): void {
    this.dialog.open();
  }

  close(): void {
    this.dialog.close();
  }

  /** Cancel the clip being recorded (nothing is saved). */
  cancel(): void {
    this.abort?.abort();
  }

  /** Record a clip with the dialog's choices and save it; null when cancelled or failed (the status says which). */
  record(): Promise<ClipResult | null> {
    if (this.busy) return this.busy;
    this.busy = this.run().finally(() => {
      this.busy = null;
    });
    return this.busy;
  }

  private async run(): Promise<ClipResult | null> {
    const { host } = this;
    const format = this.format;
    const seconds = Number(this.lengthSelect.value);
    const abort = new AbortController();
    this.abort = abort;
    this.stopWanted = false;
    this.setBusy(true);
    this.showProgress({ phase: 'frames', done: 0, total: clipFrameCount(seconds) }, format);
    const wasPlaying = host.playing();
    host.pause();
    if (this.fromStartBox.checked) {
      host.reset();
      // the camera keeps its angle and distance, and starts on the body as after a restart
      host.view.recentre();
    }
    host.loop.held = true;
    const model = host.model;
    const src: ClipSource = {
      canvas: host.view.canvas,
      drawFrame: (dt) => {
        model.clock.running = true;
        return host.loop.drawStep(dt);
      },
      line: (time) => summaryLine(model, time),
    };
    try {
      const aspect = (CLIP_ASPECTS as readonly string[]).includes(this.aspectSelect.value) ? (this.aspectSelect.value as ClipAspect) : 'view';
      const clip = await recordClip(src, { format, seconds, webmType: this.webmType, aspect }, {
        stopRequested: () => this.stopWanted,
        signal: abort.signal,
        onProgress: (p) => this.showProgress(p, format),
      });
      const name = clipFileName(host.caseName(), clip.t0, clip.t1, format);
      downloadText([clip.blob], clip.blob.type, name);
      this.last = clip;
      this.status.textContent = t('clips.saved', { name, size: kilobytes(clip.blob.size), n: clip.frames });
      return clip;
    } catch (e) {
      this.status.textContent = e instanceof ClipCancelled ? t('clips.cancelled') : t('clips.failed', { reason: (e as Error).message });
      return null;
    } finally {
      host.loop.held = false;
      model.clock.running = false;
      if (wasPlaying) host.play();
      else host.pause();
      this.abort = null;
      this.setBusy(false);
    }
  }

  private setBusy(on: boolean): void {
    this.recordButton.disabled = on;
    this.stopButton.disabled = !on;
    this.cancelButton.disabled = !on;
    this.webmRadio.disabled = on || this.webmType === null;
    this.gifRadio.disabled = on;
    this.lengthSelect.disabled = on;
    this.aspectSelect.disabled = on;
    this.fromStartBox.disabled = on;
    this.progress.hidden = !on;
    // the focus stays on a control that can still be pressed
    if (on && this.element.contains(document.activeElement) && (document.activeElement as HTMLElement).matches(':disabled')) {
      this.stopButton.focus({ preventScroll: true });
    } else if (!on && this.element.contains(document.activeElement) && (document.activeElement as HTMLElement).matches(':disabled')) {
      this.recordButton.focus({ preventScroll: true });
    }
  }

  private showProgress(p: ClipProgress, format: ClipFormat): void {
    if (p.phase === 'finishing') {
      this.progress.removeAttribute('value'); // indeterminate while the file is closed
      this.status.textContent = t('clips.finishing');
      return;
    }
    this.progress.max = p.total;
    this.progress.value = p.done;
    // the words (a live region) once per second of the clip, the bar every frame
    if (p.done > 0 && p.done % CLIP_FPS !== 0 && p.done !== p.total) return;
    this.status.textContent = t(format === 'gif' ? 'clips.encoding' : 'clips.recording', { done: p.done, total: p.total });
  }

  destroy(): void {
    this.cancel();
    for (const c of this.cleanups.splice(0)) c();
    this.dialog.destroy();
  }
}

/** The file's size in kilobytes, in the page's language. */
function kilobytes(bytes: number): string {
  return t('clips.kilobytes', { n: Math.max(1, Math.round(bytes / 1024)) });
}
