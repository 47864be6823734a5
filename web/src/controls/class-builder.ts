// "Customise for class" (docs/course-material.md "Customise for class"): a teacher chooses the start
// (the page as it is now, or a preset), which controls are shown and which locked, the plots, the
// language, the theme and whether it plays when it opens, and gets the link, the iframe snippet and a
// live preview of that embed. Loaded on first use (app/class-wiring.ts), not with the page. The
// controls offered are the start's family's control keys (app/class-lock.ts familyControlKeys, read
// from its field specs); the link is config/class-link.ts's.
// Its stylesheet comes with it (the page's one stylesheet, vite.config.ts cssCodeSplit, does not carry it).
import formCss from '../styles/dialog-form.css?inline';
import css from '../styles/class-builder.css?inline';
import type { AnyFamilyControls } from '../config/family';
import type { ClassChoice } from '../config/class-link';
import { classEmbedLink, classLink } from '../config/class-link';
import { iframeSnippet, SNIPPET_HEIGHT, SNIPPET_WIDTH } from '../config/share-link';
import type { PageCase } from './controller-port';
import { copyField, downloadOfflineFile, linksAreLocal } from './share-dialog';
import { ModalDialog } from './dialog';
import { el, listen } from '../util/dom';
import type { LocaleCode } from '../i18n';
import { LOCALES, t } from '../i18n';

/** The preview follows the choices this long after the last change. */
export const PREVIEW_DELAY_MS = 400;

export interface ClassBuilderSource {
  /** The address of the page's current state (the share link). */
  link(): string;
  readonly cases: readonly PageCase[];
  /** The running preset and family (the start "as it is now"). */
  caseName(): string;
  family(): AnyFamilyControls;
  /** The family of a preset. */
  familyOf(caseName: string): AnyFamilyControls;
  /** A family's control keys and their names (app/class-lock.ts). */
  controlKeys(family: AnyFamilyControls): string[];
  controlLabel(family: AnyFamilyControls, key: string): string;
  /** The plots the page can show, with their titles, and those it shows now. */
  plots(): readonly { key: string; title: string }[];
  shownPlots(): readonly string[];
  locale(): LocaleCode;
  theme(): 'default' | 'projector';
}

interface ControlRow {
  key: string;
  row: HTMLTableRowElement;
  shown: HTMLInputElement;
  locked: HTMLInputElement;
}

export class ClassBuilder {
  readonly dialog: ModalDialog;
  readonly startSelect: HTMLSelectElement;
  readonly controlsBody: HTMLTableSectionElement;
  readonly rows = new Map<string, ControlRow>();
  readonly plotBoxes = new Map<string, HTMLInputElement>();
  readonly localeSelect: HTMLSelectElement;
  readonly themeSelect: HTMLSelectElement;
  readonly autoplayBox: HTMLInputElement;
  readonly linkInput: HTMLInputElement;
  readonly snippetText: HTMLTextAreaElement;
  readonly status: HTMLElement;
  readonly previewBox: HTMLElement;
  /** "Download offline file with these settings" (config/offline-file.ts). */
  readonly offlineButton: HTMLButtonElement;
  /** On a page that is a file: why there is no link (it would point to this computer only). */
  readonly localNote: HTMLElement;
  /** The preview frame while the dialog is open (removed on close, so that it stops running). */
  preview: HTMLIFrameElement | null = null;
  private readonly source: ClassBuilderSource;
  private readonly id: (s: string) => string;
  private readonly cleanups: (() => void)[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The choices per control key, kept when the start changes family. */
  private readonly chosen = new Map<string, { shown: boolean; locked: boolean }>();
  private current = '';

  constructor(idPrefix: string, source: ClassBuilderSource) {
    this.source = source;
    const id = (s: string): string => `${idPrefix}-class-${s}`;
    this.id = id;
    this.dialog = new ModalDialog(`${idPrefix}-class`, t('class.title'), 'class-dialog', () => this.dropPreview());
    this.dialog.element.prepend(el('style', { text: formCss + css }));
    this.startSelect = el('select', { id: id('start') });
    this.controlsBody = el('tbody');
    const lockAll = el('button', { type: 'button', class: 'btn btn-small' }, t('class.lockAll'));
    const unlockAll = el('button', { type: 'button', class: 'btn btn-small' }, t('class.unlockAll'));
    const plotList = el('div', { class: 'class-checks' });
    for (const p of source.plots()) {
      const box = el('input', { type: 'checkbox', id: id(`plot-${p.key}`), value: p.key });
      this.plotBoxes.set(p.key, box);
      plotList.append(el('span', { class: 'class-check' }, box, el('label', { for: box.id, text: p.title })));
    }
    this.localeSelect = el(
      'select',
      { id: id('locale') },
      ...LOCALES.map((l) => el('option', { value: l.code, lang: l.tag, text: l.name })),
    );
    this.themeSelect = el(
      'select',
      { id: id('theme') },
      el('option', { value: 'default', text: t('class.themeDefault') }),
      el('option', { value: 'projector', text: t('class.themeProjector') }),
    );
    this.autoplayBox = el('input', { type: 'checkbox', id: id('autoplay') });
    this.linkInput = el('input', { type: 'text', id: id('link'), class: 'share-text', readonly: true, spellcheck: 'false' });
    this.snippetText = el('textarea', { id: id('snippet'), class: 'share-text', readonly: true, rows: 4, spellcheck: 'false' });
    const copyLink = el('button', { type: 'button', class: 'btn btn-small' }, t('share.copyLink'));
    const copySnippet = el('button', { type: 'button', class: 'btn btn-small' }, t('share.copySnippet'));
    this.status = el('p', { class: 'share-status', role: 'status' });
    this.previewBox = el('div', { class: 'share-preview', id: id('preview') });
    this.offlineButton = el('button', { type: 'button', class: 'btn btn-small', 'aria-describedby': id('offline-note') }, t('class.offlineDownload'));
    this.localNote = el('p', { class: 'dialog-note share-local-note', id: id('local-note'), hidden: true, text: t('share.fileNoLinks') });
    const copyButtons = [copyLink, copySnippet];
    this.setLocal = (local: boolean): void => {
      this.localNote.hidden = !local;
      for (const c of [this.linkInput, this.snippetText, ...copyButtons]) c.disabled = local;
      for (const c of [this.linkInput, this.snippetText]) {
        if (local) c.setAttribute('aria-describedby', this.localNote.id);
        else c.removeAttribute('aria-describedby');
      }
    };

    const section = (title: string, ...children: (Node | null)[]): HTMLElement =>
      el('fieldset', { class: 'dialog-group' }, el('legend', { text: title }), ...children);
    this.dialog.body.append(
      el('p', { class: 'dialog-note', text: t('class.note') }),
      section(
        t('class.start'),
        el('div', { class: 'dialog-row' }, el('label', { for: id('start'), text: t('class.startFrom') }), this.startSelect),
      ),
      section(
        t('class.controls'),
        el('p', { class: 'dialog-note', id: id('controls-hint'), text: t('class.controlsHint') }),
        el(
          'table',
          { class: 'keys-table class-table', 'aria-describedby': id('controls-hint') },
          el(
            'thead',
            {},
            el(
              'tr',
              {},
              el('th', { scope: 'col', text: t('class.control') }),
              el('th', { scope: 'col', text: t('class.shown') }),
              el('th', { scope: 'col', text: t('class.locked') }),
            ),
          ),
          this.controlsBody,
        ),
        el('div', { class: 'btn-row' }, lockAll, unlockAll),
      ),
      section(t('class.plots'), plotList),
      section(
        t('class.page'),
        el('div', { class: 'dialog-row' }, el('label', { for: id('locale'), text: t('class.language') }), this.localeSelect),
        el('div', { class: 'dialog-row' }, el('label', { for: id('theme'), text: t('class.theme') }), this.themeSelect),
        el('span', { class: 'class-check' }, this.autoplayBox, el('label', { for: id('autoplay'), text: t('class.autoplay') })),
      ),
      el('label', { for: id('link'), class: 'share-label', text: t('class.linkLabel') }),
      el('div', { class: 'share-row' }, this.linkInput, copyLink),
      el('label', { for: id('snippet'), class: 'share-label', text: t('class.snippetLabel') }),
      el('div', { class: 'share-row' }, this.snippetText, copySnippet),
      this.localNote,
      el('div', { class: 'btn-row' }, this.offlineButton),
      el('p', { class: 'dialog-note', id: id('offline-note'), text: t('share.offlineNote') }),
      this.status,
      el('h3', { class: 'share-label', text: t('class.preview', { width: String(SNIPPET_WIDTH), height: String(SNIPPET_HEIGHT) }) }),
      this.previewBox,
    );
    const c = this.cleanups;
    listen(c, this.startSelect, 'change', () => {
      this.buildRows();
      this.changed();
    });
    // Every choice is a change event from inside the dialog (the rows are rebuilt, the listener stays).
    listen(c, this.dialog.body, 'change', (e) => {
      if (e.target !== this.startSelect) this.changed();
    });
    listen(c, lockAll, 'click', () => this.setAllLocked(true));
    listen(c, unlockAll, 'click', () => this.setAllLocked(false));
    listen(c, copyLink, 'click', () => void this.copy(this.linkInput, 'link'));
    listen(c, copySnippet, 'click', () => void this.copy(this.snippetText, 'snippet'));
    listen(c, this.offlineButton, 'click', () => void downloadOfflineFile(this.link, true, this.offlineButton, this.status));
  }

  /** Links and snippet off (with the reason) on a page that is a file, on elsewhere. */
  private readonly setLocal: (local: boolean) => void;

  get element(): HTMLDialogElement {
    return this.dialog.element;
  }

  /** Open with the page's current choices: its state as the start, its plots, language and theme. */
  open(): void {
    const s = this.source;
    this.current = s.link();
    this.startSelect.replaceChildren(el('option', { value: '', text: t('class.startCurrent') }));
    for (const k of s.cases) {
      let group = [...this.startSelect.querySelectorAll('optgroup')].find((g) => g.label === k.group);
      if (!group) {
        group = el('optgroup', { label: k.group });
        this.startSelect.append(group);
      }
      group.append(el('option', { value: k.name, text: k.label }));
    }
    this.startSelect.value = '';
    const shown = new Set(s.shownPlots());
    for (const [k, b] of this.plotBoxes) b.checked = shown.has(k);
    this.localeSelect.value = s.locale();
    this.themeSelect.value = s.theme();
    this.autoplayBox.checked = true;
    this.status.textContent = '';
    this.buildRows();
    this.update();
    this.dialog.open();
    this.loadPreview();
  }

  /** The family of the chosen start. */
  private family(): AnyFamilyControls {
    const start = this.startSelect.value;
    return start === '' ? this.source.family() : this.source.familyOf(start);
  }

  /** One row per control key of the start's family: Shown and Locked checkboxes. */
  private buildRows(): void {
    this.remember();
    this.rows.clear();
    const family = this.family();
    const rows = this.source.controlKeys(family).map((key) => {
      const label = this.source.controlLabel(family, key);
      const was = this.chosen.get(key) ?? { shown: true, locked: false };
      const shown = el('input', { type: 'checkbox', 'aria-label': t('class.showControl', { control: label }), 'data-key': key });
      const locked = el('input', { type: 'checkbox', 'aria-label': t('class.lockControl', { control: label }), 'data-key': key });
      shown.checked = was.shown;
      locked.checked = was.locked;
      const row = el(
        'tr',
        { 'data-key': key },
        el('th', { scope: 'row' }, label, ' ', el('code', { text: key })),
        el('td', {}, shown),
        el('td', {}, locked),
      );
      this.rows.set(key, { key, row, shown, locked });
      return row;
    });
    this.controlsBody.replaceChildren(...rows);
  }

  private setAllLocked(on: boolean): void {
    for (const r of this.rows.values()) r.locked.checked = on;
    this.changed();
  }

  /** Keep each control's choice for a start of another family that has it too. */
  private remember(): void {
    for (const r of this.rows.values()) this.chosen.set(r.key, { shown: r.shown.checked, locked: r.locked.checked });
  }

  /** What the dialog shows now. */
  choice(): ClassChoice {
    const rows = [...this.rows.values()];
    return {
      start: this.startSelect.value === '' ? null : this.startSelect.value,
      lock: rows.filter((r) => r.locked.checked).map((r) => r.key),
      hide: rows.filter((r) => !r.shown.checked).map((r) => r.key),
      plots: [...this.plotBoxes].filter(([, b]) => b.checked).map(([k]) => k),
      locale: this.localeSelect.value,
      theme: this.themeSelect.value === 'projector' ? 'projector' : 'default',
      autoplay: this.autoplayBox.checked,
    };
  }

  /** The students' link (the full page). */
  get link(): string {
    return classLink(this.current, this.choice());
  }

  /** The embed's link (the snippet's and the preview's). */
  get embedSrc(): string {
    return classEmbedLink(this.link);
  }

  /** The iframe's title: the start's preset, in the words of the page. */
  private title(): string {
    const name = this.startSelect.value || this.source.caseName();
    const c = this.source.cases.find((k) => k.name === name);
    return t('app.iframeTitle', { shown: c ? c.label : name });
  }

  private update(): void {
    // A page that is a file makes no link or embed: they would open this computer's file, or nothing,
    // elsewhere; the offline file with the settings is what is shared.
    const local = linksAreLocal();
    this.setLocal(local);
    this.linkInput.value = local ? '' : this.link;
    this.snippetText.value = local ? '' : iframeSnippet(this.embedSrc, this.title());
  }

  /** A choice changed: the link and snippet now, the preview after PREVIEW_DELAY_MS without changes. */
  private changed(): void {
    this.update();
    this.status.textContent = '';
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.loadPreview();
    }, PREVIEW_DELAY_MS);
  }

  /** A fresh frame of the embed (its own address and history: it never writes the page's). */
  private loadPreview(): void {
    if (!this.dialog.isOpen || linksAreLocal()) return;
    const src = this.embedSrc;
    if (this.preview?.src === src) return;
    this.preview?.remove();
    this.preview = el('iframe', {
      src,
      title: t('class.previewTitle'),
      width: SNIPPET_WIDTH,
      height: SNIPPET_HEIGHT,
      allow: 'fullscreen',
      tabindex: -1,
    });
    this.previewBox.append(this.preview);
  }

  private dropPreview(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.preview?.remove();
    this.preview = null;
  }

  private async copy(field: HTMLInputElement | HTMLTextAreaElement, what: 'link' | 'snippet'): Promise<void> {
    await copyField(field, what, this.status);
  }

  destroy(): void {
    for (const f of this.cleanups.splice(0)) f();
    this.dropPreview();
    this.dialog.destroy();
  }
}
