// The share dialog: the link to the current set-up, the iframe snippet that embeds it (embed mode,
// titled, fullscreen allowed) and a live preview of that embed. Copying goes through
// navigator.clipboard; when the browser refuses, the text is selected and the dialog says to press
// Ctrl+C, so nothing is lost.
import { embedUrl, iframeSnippet, pageUrl, SHARE_LINK_MAX, shareLinkTooLong, SNIPPET_HEIGHT, SNIPPET_WIDTH } from '../config/share-link';
import { el, listen } from '../util/dom';
import { ModalDialog } from './dialog';
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
    this.dialog.body.append(
      el('p', { class: 'dialog-note', text: t('share.note') }),
      el('label', { for: id('link'), class: 'share-label', text: t('share.linkLabel') }),
      el('div', { class: 'share-row' }, this.linkInput, this.copyLinkButton),
      el('label', { for: id('snippet'), class: 'share-label', text: t('share.snippetLabel') }),
      el('div', { class: 'share-row' }, this.snippetText, this.copySnippetButton),
      el('div', { class: 'btn-row' }, this.customiseButton),
      this.status,
      el('h3', { class: 'share-label', text: t('share.preview', { width: String(SNIPPET_WIDTH), height: String(SNIPPET_HEIGHT) }) }),
      this.previewBox,
    );
    listen(this.cleanups, this.copyLinkButton, 'click', () => void this.copy(this.linkInput, 'link'));
    listen(this.cleanups, this.copySnippetButton, 'click', () => void this.copy(this.snippetText, 'snippet'));
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
    // A link longer than servers accept is refused with the reason, not made (config/share-link.ts).
    const tooLong = shareLinkTooLong(link);
    for (const c of [this.linkInput, this.snippetText, this.copyLinkButton, this.copySnippetButton]) c.disabled = tooLong !== null;
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
