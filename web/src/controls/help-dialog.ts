// The keyboard-shortcut help (the `?` key or the "Keys" button): what each key and pointer gesture does.
import { el } from '../util/dom';
import { ModalDialog } from './dialog';
import type { PlainKey } from '../i18n';
import { t } from '../i18n';

const KEYS: readonly [string[], PlainKey][] = [
  [['Space'], 'help.key.play'],
  [['S', '→'], 'help.key.step'],
  [['R'], 'help.key.reset'],
  [['['], 'help.key.left'],
  [[']'], 'help.key.right'],
  [['+', '−'], 'help.key.zoom'],
  [['?'], 'help.key.help'],
  [['Tab', 'Shift+Tab'], 'help.key.tab'],
  [['↑', '↓'], 'help.key.arrows'],
  [['Esc'], 'help.key.escape'],
  [['G'], 'help.key.grab'],
  [['←', '→', '↑', '↓'], 'help.key.hold'],
];

const POINTER: readonly [PlainKey, PlainKey][] = [
  ['help.pointer.drag', 'help.pointer.dragWhat'],
  ['help.pointer.zoom', 'help.pointer.zoomWhat'],
  ['help.pointer.pan', 'help.pointer.panWhat'],
  ['help.pointer.touch', 'help.pointer.touchWhat'],
  ['help.pointer.throw', 'help.pointer.throwWhat'],
];

export class HelpDialog {
  readonly dialog: ModalDialog;

  constructor(idPrefix: string) {
    this.dialog = new ModalDialog(`${idPrefix}-help`, t('help.title'), 'help-dialog');
    const keyRows = KEYS.map(([keys, what]) =>
      el(
        'tr',
        {},
        el('th', { scope: 'row' }, ...keys.flatMap((k, i) => (i === 0 ? [el('kbd', { text: k })] : [t('help.or'), el('kbd', { text: k })]))),
        el('td', { text: t(what) }),
      ),
    );
    const pointerRows = POINTER.map(([g, what]) => el('tr', {}, el('th', { scope: 'row', text: t(g) }), el('td', { text: t(what) })));
    this.dialog.body.append(
      el(
        'p',
        { class: 'dialog-note' },
        t('help.note'),
      ),
      el('table', { class: 'keys-table' }, el('caption', { text: t('help.keysCaption') }), el('tbody', {}, ...keyRows)),
      el('table', { class: 'keys-table' }, el('caption', { text: t('help.pointerCaption') }), el('tbody', {}, ...pointerRows)),
    );
  }

  get element(): HTMLDialogElement {
    return this.dialog.element;
  }

  open(): void {
    this.dialog.open();
  }

  destroy(): void {
    this.dialog.destroy();
  }
}
