// The share dialog: the link to the current set-up, the iframe snippet that embeds it (embed mode,
// titled, fullscreen allowed) and a live preview of that embed. Copying goes through
// navigator.clipboard; when the browser refuses, the text is selected and the dialog says to press
// Ctrl+C, so nothing is lost.
import { embedUrl, iframeSnippet, pageUrl, SHARE_LINK_MAX, shareLinkTooLong, SNIPPET_HEIGHT, SNIPPET_WIDTH } from '../config/share-link';
import { isOfflineFile, offlineFileName, offlineFileWith } from '../config/offline-file';
import { el, listen } from '../util/dom';
import { ModalDialog } from './dialog';
import { downloadText } from './panel';
import { formatNumber, t } from '../i18n';

export interface ShareSource {
  /** The address of the current state (UrlState.shareUrl, through chrome.ts). */
  link(): string;
  /** What the embed shows, for the iframe's title. */
  title(): string;
}

/** Put text on the clipboard; false when the browser refuses or has no clipboard API. */
/**
 * Copy a link or snippet field and say so in status; where the clipboard refuses, the field is
 * selected for a manual copy and the status says that instead.
 */
export async function copyField(field: HTMLInputElement | HTMLTextAreaElement, what: 'link' | 'snippet', status: HTMLElement): Promise<void> {
  if (await copyText(field.value)) {
    status.textContent = what === 'link' ? t('share.linkCopied') : t('share.snippetCopied');
    return;
  }
  field.focus({ preventScroll: true });
  field.select();
  status.textContent = what === 'link' ? t('share.linkNotCopied') : t('share.snippetNotCopied');
}

/**
 * Whether links made here would point to this computer only: the page is a file (the single offline
 * file, or a built page opened from disk).
 */
export function linksAreLocal(): boolean {
  return isOfflineFile() || location.protocol === 'file:';
}

/**
 * Download the single offline file with `link`'s query baked in (config/offline-file.ts), saying in
 * `status` that it is being made, then its name or why it failed.
 */
export async function downloadOfflineFile(link: string, forClass: boolean, button: HTMLButtonElement, status: HTMLElement): Promise<void> {
  const query = new URL(link).search;
  button.disabled = true;
  status.textContent = t('share.offlineMaking');
  try {
    const html = await offlineFileWith(query, link);
    const name = offlineFileName(query, forClass);
    downloadText([html], 'text/html', name);
    status.textContent = t('share.offlineSaved', { name });
  } catch (e) {
    status.textContent = t('share.offlineFailed', { reason: e instanceof Error ? e.message : String(e) });
  } finally {
    button.disabled = false;
  }
}

export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export class ShareDialog {
  readonly dialog: ModalDialog;
  readonly linkInput: HTMLInputElement;
  readonly snippetText: HTMLTextAreaElement;
  readonly copyLinkButton: HTMLButtonElement;
  readonly copySnippetButton: HTMLButtonElement;
  readonly status: HTMLElement;
  readonly previewBox: HTMLElement;
  /** The preview iframe while the dialog is open (removed on close, so that it stops running). */
  preview: HTMLIFrameElement | null = null;
  /** "Customise for class…": the teacher's link builder (hidden until setCustomise gives it an action). */
  readonly customiseButton: HTMLButtonElement;
  /** "Download offline file with this set-up" (config/offline-file.ts). */
  readonly offlineButton: HTMLButtonElement;
  /** On a page that is a file: why there is no link (it would point to this computer only). */
  readonly localNote: HTMLElement;
  private readonly source: ShareSource;
  private readonly cleanups: (() => void)[] = [];

  constructor(idPrefix: string, source: ShareSource) {
    this.source = source;
    const id = (s: string): string => `${idPrefix}-share-${s}`;
    this.dialog = new ModalDialog(`${idPrefix}-share`, t('share.title'), 'share-dialog', () => this.dropPreview());
    this.linkInput = el('input', { type: 'text', id: id('link'), class: 'share-text', readonly: true, spellcheck: 'false' });
    this.snippetText = el('textarea', { id: id('snippet'), class: 'share-text', readonly: true, rows: 4, spellcheck: 'false' });
    this.copyLinkButton = el('button', { type: 'button', class: 'btn btn-small' }, t('share.copyLink'));
    this.copySnippetButton = el('button', { type: 'button', class: 'btn btn-small' }, t('share.copySnippet'));
    this.status = el('p', { class: 'share-status', role: 'status' });
    this.previewBox = el('div', { class: 'share-preview', id: id('preview') });
    this.customiseButton = el('button', { type: 'button', class: 'btn btn-small', hidden: true }, t('class.open'));
    this.offlineButton = el('button', { type: 'button', class: 'btn btn-small', 'aria-describedby': id('offline-note') }, t('share.offlineDownload'));
    this.localNote = el('p', { class: 'dialog-note share-local-note', id: id('local-note'), hidden: true, text: t('share.fileNoLinks') });
    this.dialog.body.append(
      el('p', { class: 'dialog-note', text: t('share.note') }),
      this.localNote,
      el('label', { for: id('link'), class: 'share-label', text: t('share.linkLabel') }),
      el('div', { class: 'share-row' }, this.linkInput, this.copyLinkButton),
      el('label', { for: id('snippet'), class: 'share-label', text: t('share.snippetLabel') }),
      el('div', { class: 'share-row' }, this.snippetText, this.copySnippetButton),
      el('div', { class: 'btn-row' }, this.customiseButton),
      el('div', { class: 'btn-row' }, this.offlineButton),
      el('p', { class: 'dialog-note', id: id('offline-note'), text: t('share.offlineNote') }),
      this.status,
      el('h3', { class: 'share-label', text: t('share.preview', { width: String(SNIPPET_WIDTH), height: String(SNIPPET_HEIGHT) }) }),
      this.previewBox,
    );
    listen(this.cleanups, this.copyLinkButton, 'click', () => void this.copy(this.linkInput, 'link'));
    listen(this.cleanups, this.copySnippetButton, 'click', () => void this.copy(this.snippetText, 'snippet'));
    listen(this.cleanups, this.offlineButton, 'click', () => void downloadOfflineFile(this.source.link(), false, this.offlineButton, this.status));
  }

  /**
   * A teacher's page: no "Customise for class…", and a note where its button would be (the locks stay
   * with the page; a teacher makes another link from a page without them).
   */
  setCustomiseBarred(): void {
    this.customiseButton.hidden = true;
    this.customiseButton.before(el('p', { class: 'dialog-note class-barred-note', text: t('class.barred') }));
  }

  /** Show "Customise for class…" with its action (app/class-wiring.ts). */
  setCustomise(action: () => void): void {
    this.customiseButton.hidden = false;
    listen(this.cleanups, this.customiseButton, 'click', action);
  }

  get element(): HTMLDialogElement {
    return this.dialog.element;
  }

  /** The embed's address (what the snippet and the preview load). */
  get embedSrc(): string {
    return embedUrl(this.source.link());
  }

  open(): void {
    const link = this.source.link();
    const src = embedUrl(link);
    this.dropPreview();
    // A page that is a file makes no link or embed (they would open this computer's file, or nothing,
    // elsewhere): it says so, and the offline file with the set-up is what is shared.
    const local = linksAreLocal();
    this.localNote.hidden = !local;
    // A link longer than servers accept is refused with the reason, not made (config/share-link.ts).
    const tooLong = shareLinkTooLong(link);
    for (const c of [this.linkInput, this.snippetText, this.copyLinkButton, this.copySnippetButton]) c.disabled = local || tooLong !== null;
    for (const c of [this.linkInput, this.snippetText]) {
      if (local) c.setAttribute('aria-describedby', this.localNote.id);
      else c.removeAttribute('aria-describedby');
    }
    if (local) {
      this.linkInput.value = '';
      this.snippetText.value = '';
      this.status.textContent = '';
      this.dialog.open();
      return;
    }
    if (tooLong !== null) {
      this.linkInput.value = '';
      this.snippetText.value = '';
      this.status.textContent = t('share.tooLong', { length: formatNumber(tooLong), max: formatNumber(SHARE_LINK_MAX) });
      this.dialog.open();
      return;
    }
    this.linkInput.value = pageUrl(link);
    this.snippetText.value = iframeSnippet(src, this.source.title());
    this.status.textContent = '';
    this.preview = el('iframe', {
      src,
      title: t('share.previewTitle'),
      width: SNIPPET_WIDTH,
      height: SNIPPET_HEIGHT,
      allow: 'fullscreen',
      tabindex: -1,
    });
    this.previewBox.append(this.preview);
    this.dialog.open();
  }

  private dropPreview(): void {
    this.preview?.remove();
    this.preview = null;
  }

  private async copy(field: HTMLInputElement | HTMLTextAreaElement, what: 'link' | 'snippet'): Promise<void> {
    await copyField(field, what, this.status);
  }

  destroy(): void {
    for (const c of this.cleanups.splice(0)) c();
    this.dropPreview();
    this.dialog.destroy();
  }
}
