// The keyboard-shortcut help (the `?` key or the "Keys" button): what each key and pointer gesture does.
import { el } from '../util/dom';
import { ModalDialog } from './dialog';
import { THROW_HELP_STRINGS } from './throw-help';

const KEYS: readonly (readonly [readonly string[], string])[] = [
  [['Space'], 'Play or pause'],
  [['S', '→'], 'One time step (pauses first)'],
  [['R'], 'Reset to the initial state'],
  [['['], 'Turn the camera left (15°)'],
  [[']'], 'Turn the camera right (15°)'],
  [['+', '−'], 'Camera closer or farther'],
  [['?'], 'Open this help'],
  [['Tab', 'Shift+Tab'], 'Move between the controls'],
  [['↑', '↓'], 'In a number field: one slider step (with Shift: ten)'],
  [['Esc'], 'Close a dialog or the controls drawer'],
  ...THROW_HELP_STRINGS.keys,
];

const POINTER: readonly (readonly [string, string])[] = [
  ['Drag', 'Orbit the camera (keys: [ and ])'],
  ['Ctrl (⌘) + scroll, or click into the view and scroll', 'Zoom (a plain scroll scrolls the page)'],
  ['Right-drag', 'Pan'],
  ['Two fingers', 'Orbit and zoom (one finger scrolls the page)'],
  ...THROW_HELP_STRINGS.pointer,
];

export class HelpDialog {
  readonly dialog: ModalDialog;

  constructor(idPrefix: string) {
    this.dialog = new ModalDialog(`${idPrefix}-help`, 'Keyboard shortcuts', 'help-dialog');
    const keyRows = KEYS.map(([keys, what]) =>
      el(
        'tr',
        {},
        el('th', { scope: 'row' }, ...keys.flatMap((k, i) => (i === 0 ? [el('kbd', { text: k })] : [' or ', el('kbd', { text: k })]))),
        el('td', { text: what }),
      ),
    );
    const pointerRows = POINTER.map(([g, what]) => el('tr', {}, el('th', { scope: 'row', text: g }), el('td', { text: what })));
    this.dialog.body.append(
      el(
        'p',
        { class: 'dialog-note' },
        'The keys act while the simulator has the keyboard focus (click the 3-D view or Tab into it).',
      ),
      el('table', { class: 'keys-table' }, el('caption', { text: 'Keys' }), el('tbody', {}, ...keyRows)),
      el('table', { class: 'keys-table' }, el('caption', { text: 'Mouse and touch on the 3-D view' }), el('tbody', {}, ...pointerRows)),
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
