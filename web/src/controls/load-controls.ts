// "Load a set-up" in the side panel: a labelled file input (a JSON file the page saved with Download
// JSON, or a config of the command-line program) and a box to paste the same text, with one message
// beside them (aria-live): the core's refusal in words with its "field: rule" as the detail, or what
// was loaded. What loading does is the caller's (app/load-wiring.ts); this module is only the DOM.
import { formatNumber, t } from '../i18n';
import { el, listen, setMessage } from '../util/dom';

/** Every visible string of the load controls, in the page's language (docs/languages.md). */
export const LOAD_STRINGS = {
  get title() { return t('setup.title'); },
  get hint() { return t('setup.hint'); },
  get fileLabel() { return t('setup.fileLabel'); },
  get pasteSummary() { return t('setup.pasteSummary'); },
  get pasteLabel() { return t('setup.pasteLabel'); },
  get pasteButton() { return t('setup.pasteButton'); },
  get emptyPaste() { return t('setup.emptyPaste'); },
  get notText() { return t('setup.notText'); },
  tooLarge: (bytes: number) => t('setup.tooLarge', { bytes: formatNumber(bytes, { maximumFractionDigits: 0 }) }),
  loaded: (what: string) => t('setup.loaded', { what }),
  get pastedText() { return t('setup.pastedText'); },
  get dropNotJson() { return t('setup.dropNotJson'); },
  /** The core's field "config" (the whole text) in a refusal's words. */
  get configWord() { return t('setup.configWord'); },
  noFamily: (name: string) => t('setup.noFamily', { name }),
  /** The address's `setup=` value is not one the page writes. */
  get urlNotSetup() { return t('setup.urlNotSetup'); },
};

/** The largest set-up file read (bytes): a config is a few kB; anything far larger is not one. */
export const MAX_SETUP_BYTES = 1 << 20;

export interface LoadActions {
  /** Load a set-up's text; what to say beside the controls (ok: what was loaded). */
  load(text: string, what: string): { ok: true } | { ok: false; message: string; detail?: string };
}

export class LoadControls {
  readonly element: HTMLElement;
  readonly fileInput: HTMLInputElement;
  readonly pasteText: HTMLTextAreaElement;
  readonly pasteButton: HTMLButtonElement;
  /** The one message of the group: a refusal (class `invalid` on the group) or what was loaded. */
  readonly message: HTMLElement;
  private readonly actions: LoadActions;
  private readonly cleanups: (() => void)[] = [];

  constructor(actions: LoadActions, idPrefix: string) {
    this.actions = actions;
    const id = (s: string): string => `${idPrefix}-${s}`;
    this.message = el('div', { class: 'field-msg load-msg', id: id('load-msg'), 'aria-live': 'polite' });
    this.fileInput = el('input', {
      type: 'file',
      id: id('load-file'),
      accept: '.json,application/json',
      'aria-describedby': `${id('load-hint')} ${id('load-msg')}`,
    });
    this.pasteText = el('textarea', {
      id: id('load-text'),
      class: 'load-json',
      rows: 8,
      spellcheck: 'false',
      'aria-describedby': id('load-msg'),
    });
    this.pasteButton = el('button', { type: 'button', class: 'btn', 'aria-describedby': id('load-msg') }, LOAD_STRINGS.pasteButton);
    this.element = el(
      'section',
      { class: 'panel-group load-group', 'aria-labelledby': id('g-load') },
      el('h2', { id: id('g-load'), text: LOAD_STRINGS.title }),
      el('p', { class: 'group-hint', id: id('load-hint'), text: LOAD_STRINGS.hint }),
      el('div', { class: 'field load-file' }, el('label', { for: id('load-file'), text: LOAD_STRINGS.fileLabel }), this.fileInput),
      el(
        'details',
        { class: 'config-details' },
        el('summary', { text: LOAD_STRINGS.pasteSummary }),
        el('label', { for: id('load-text'), text: LOAD_STRINGS.pasteLabel }),
        this.pasteText,
        el('div', { class: 'btn-row' }, this.pasteButton),
      ),
      this.message,
    );
    listen(this.cleanups, this.fileInput, 'change', () => {
      const file = this.fileInput.files?.[0];
      if (file) void this.loadFile(file);
    });
    listen(this.cleanups, this.pasteButton, 'click', () => {
      const text = this.pasteText.value;
      if (text.trim() === '') this.show({ ok: false, message: LOAD_STRINGS.emptyPaste }, this.pasteText);
      else this.show(this.actions.load(text, LOAD_STRINGS.pastedText), this.pasteText, LOAD_STRINGS.pastedText);
    });
  }

  /** Read a file (the input's, or one dropped on the simulator) and load it. */
  async loadFile(file: File): Promise<void> {
    if (file.size > MAX_SETUP_BYTES) {
      this.show({ ok: false, message: LOAD_STRINGS.tooLarge(file.size) }, this.fileInput);
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      this.show({ ok: false, message: LOAD_STRINGS.notText }, this.fileInput);
      return;
    }
    this.show(this.actions.load(text, file.name), this.fileInput, file.name);
    // The same file chosen again is a change again (a student fixes the file and loads it once more).
    this.fileInput.value = '';
  }

  /** Say a refusal or a load beside the controls. */
  show(r: { ok: true } | { ok: false; message: string; detail?: string }, source: HTMLElement, what = ''): void {
    this.element.classList.toggle('invalid', !r.ok);
    for (const c of [this.fileInput, this.pasteText]) c.removeAttribute('aria-invalid');
    if (r.ok) {
      setMessage(this.message, LOAD_STRINGS.loaded(what));
      return;
    }
    source.setAttribute('aria-invalid', 'true');
    setMessage(this.message, r.message, r.detail ?? '');
  }

  /** Clear the message (another control changed the set-up). */
  clear(): void {
    this.element.classList.remove('invalid');
    for (const c of [this.fileInput, this.pasteText]) c.removeAttribute('aria-invalid');
    setMessage(this.message, '');
  }

  destroy(): void {
    for (const c of this.cleanups.splice(0)) c();
    this.element.remove();
  }
}
