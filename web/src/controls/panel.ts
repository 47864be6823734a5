// The side panel: grouped, labelled controls. Every numeric control is a slider with a text field
// beside it; messages appear next to the control (aria-live) and the input is marked aria-invalid.
// The groups and fields come from the running model family (FamilyControls) and are rebuilt when the
// preset selector switches family. The panel only talks to the Controller (for parameters) and to run
// callbacks (play/step/reset).
import type { AppParams, ControllerPort } from './controller-port';
import type { AnyFamilyControls } from '../config/family';
import type { FieldId, FieldSpec } from '../config/fields';
import { commonFields, fromSlider, sliderRange, toSlider } from '../config/fields';
import { parseNumber } from '../config/validation';
import { el, icon, listen, setMessage } from '../util/dom';
import type { MessageKey } from '../i18n';
import { delocalizeNumberText, localizeNumberText, t } from '../i18n';
import { tNodes } from '../i18n/dom';

export interface RunActions {
  togglePlay(): void;
  stepOnce(): void;
  reset(): void;
  setFollow(on: boolean): void;
  /** Show or hide the plots. */
  setPlotsVisible(on: boolean): void;
  /** The resolved config JSON of the running simulation. */
  configJson(): string;
  /** The current run as CSV (the native CLI's --csv format), in pieces. */
  csvChunks(): string[];
}

/** Save text as a file through a temporary object URL (the browser's download). */
export function downloadText(parts: BlobPart[], type: string, fileName: string): void {
  const blob = new Blob(parts, { type });
  const url = URL.createObjectURL(blob);
  const a = el('a', { href: url, download: fileName });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The units a screen reader reads out in words (the others are read as written). */
const UNIT_WORDS: Record<string, MessageKey> = {
  '°': 'unit.°',
  s: 'unit.s',
  '×': 'unit.×',
  'm/s': 'unit.m/s',
  'rad/s': 'unit.rad/s',
  m: 'unit.m',
  'kg·m/s': 'unit.kg·m/s',
  'kg·m²/s': 'unit.kg·m²/s',
};

/** What a screen reader announces for a slider (log sliders' positions are exponents, not values). */
function valueText(spec: FieldSpec<AppParams>, v: number): string {
  const value = localizeNumberText(spec.format(v));
  const key = UNIT_WORDS[spec.unit];
  return key ? t(key as 'unit.m', { value }) : value;
}

export interface FieldControl {
  spec: FieldSpec<AppParams>;
  row: HTMLElement;
  range: HTMLInputElement;
  number: HTMLInputElement;
  message: HTMLElement;
  note: HTMLElement | null;
}

/** A field with named choices (FieldSpec.choices): a labelled <select>, its message beside it. */
export interface ChoiceControl {
  spec: FieldSpec<AppParams>;
  row: HTMLElement;
  select: HTMLSelectElement;
  message: HTMLElement;
}

export class ControlPanel {
  readonly element: HTMLElement;
  readonly fields = new Map<FieldId, FieldControl>();
  readonly choices = new Map<FieldId, ChoiceControl>();
  readonly caseSelect: HTMLSelectElement;
  readonly caseMessage: HTMLElement;
  readonly playButton: HTMLButtonElement;
  readonly stepButton: HTMLButtonElement;
  readonly resetButton: HTMLButtonElement;
  readonly followBox: HTMLInputElement;
  /** Why the camera cannot follow the running family's body (hidden when it can). */
  readonly followNote: HTMLElement;
  private readonly followRow: HTMLElement;
  readonly plotsBox: HTMLInputElement;
  readonly setUpButton: HTMLButtonElement;
  readonly setUpMessage: HTMLElement;
  readonly configText: HTMLTextAreaElement;
  readonly downloadButton: HTMLButtonElement;
  readonly csvButton: HTMLButtonElement;
  readonly exportGroup: HTMLElement;
  /** Shown when the run outgrew the recorded history (the CSV then ends early). */
  readonly exportNote: HTMLElement;
  private readonly actions: RunActions;
  private readonly controller: ControllerPort;
  private readonly cleanups: (() => void)[] = [];
  /** Listeners of the current family's fields (removed when the family changes). */
  private familyCleanups: (() => void)[] = [];
  private familySections: HTMLElement[] = [];
  private familyId = '';
  private readonly modelGroup: HTMLElement;
  private readonly setUpRow: HTMLElement;
  private readonly setUpHint: HTMLElement;
  private readonly id: (s: string) => string;
  private shownPlaying: boolean | null = null;

  constructor(controller: ControllerPort, actions: RunActions, idPrefix: string) {
    this.controller = controller;
    this.actions = actions;
    const id = (s: string): string => `${idPrefix}-${s}`;
    this.id = id;

    this.playButton = el('button', {
      type: 'button',
      class: 'btn btn-primary',
      'aria-keyshortcuts': 'Space',
      title: t('panel.playTitle'),
    });
    this.stepButton = el(
      'button',
      { type: 'button', class: 'btn', 'aria-keyshortcuts': 'S ArrowRight', title: t('panel.stepTitle') },
      icon('step'),
      t('bar.step'),
    );
    this.resetButton = el(
      'button',
      { type: 'button', class: 'btn', 'aria-keyshortcuts': 'R', title: t('panel.resetTitle') },
      icon('reset'),
      t('bar.reset'),
    );
    listen(this.cleanups, this.playButton, 'click', () => actions.togglePlay());
    listen(this.cleanups, this.stepButton, 'click', () => actions.stepOnce());
    listen(this.cleanups, this.resetButton, 'click', () => actions.reset());
    this.setPlaying(false);

    this.followBox = el('input', { type: 'checkbox', id: id('follow'), checked: true, 'aria-describedby': id('follow-note') });
    this.followNote = el('p', { class: 'field-note', id: id('follow-note'), hidden: true });
    listen(this.cleanups, this.followBox, 'change', () => actions.setFollow(this.followBox.checked));
    this.plotsBox = el('input', { type: 'checkbox', id: id('plots'), checked: true, 'aria-controls': id('plots-section') });
    listen(this.cleanups, this.plotsBox, 'change', () => actions.setPlotsVisible(this.plotsBox.checked));

    this.caseSelect = el('select', { id: id('case'), 'aria-describedby': id('case-msg') });
    // Grouped by the paper each preset comes from (the group names it; the option stays short enough
    // for the panel's width).
    for (const c of controller.cases) {
      let group = [...this.caseSelect.querySelectorAll('optgroup')].find((g) => g.label === c.group);
      if (!group) {
        group = el('optgroup', { label: c.group });
        this.caseSelect.append(group);
      }
      group.append(el('option', { value: c.name, text: c.label }));
    }
    this.caseMessage = el('div', { class: 'field-msg', id: id('case-msg'), 'aria-live': 'polite' });
    listen(this.cleanups, this.caseSelect, 'change', () => {
      const r = controller.selectCase(this.caseSelect.value);
      if (!r.ok) {
        setMessage(this.caseMessage, r.message, r.detail);
        this.caseSelect.setAttribute('aria-invalid', 'true');
        this.caseSelect.value = controller.params.caseName;
      }
    });

    const run = el(
      'section',
      { class: 'panel-group run-group', 'aria-labelledby': id('g-run') },
      el('h2', { id: id('g-run'), text: t('panel.run') }),
      el('div', { class: 'btn-row' }, this.playButton, this.stepButton, this.resetButton),
    );

    this.setUpButton = el(
      'button',
      {
        type: 'button',
        class: 'btn btn-small',
        'aria-describedby': `${id('setup-hint')} ${id('setup-msg')}`,
      },
      '',
    );
    this.setUpMessage = el('div', { class: 'field-msg', id: id('setup-msg'), 'aria-live': 'polite' });
    listen(this.cleanups, this.setUpButton, 'click', () => {
      const r = controller.applySetUp();
      if (!r.ok) setMessage(this.setUpMessage, r.message, r.detail);
    });
    this.setUpRow = el(
      'div',
      { class: 'field field-action' },
      this.setUpButton,
      (this.setUpHint = el('span', { class: 'field-note', id: id('setup-hint') })),
      this.setUpMessage,
    );
    this.modelGroup = el(
      'fieldset',
      { class: 'panel-group model-group' },
      el('legend', { text: t('panel.model') }),
      el(
        'div',
        { class: 'field field-select' },
        el('label', { for: id('case'), class: 'field-label', text: t('panel.preset') }),
        this.caseSelect,
        this.caseMessage,
      ),
      this.setUpRow,
    );

    // The speed is the same for every family: built once, in the Run group.
    const speed = commonFields<AppParams>().find((f) => f.id === 'speed');
    if (speed) {
      const ctl = this.buildField(speed, id, this.cleanups);
      this.fields.set(speed.id, ctl);
      run.append(ctl.row);
    }
    this.followRow = el(
      'div',
      { class: 'field field-check', 'data-field': 'follow' },
      this.followBox,
      el('label', { for: id('follow'), text: t('panel.follow') }),
      this.followNote,
    );
    run.append(
      this.followRow,
      el('div', { class: 'field field-check' }, this.plotsBox, el('label', { for: id('plots'), text: t('panel.showPlots') })),
    );

    this.configText = el('textarea', {
      id: id('config'),
      class: 'config-json',
      readonly: true,
      rows: 10,
      spellcheck: 'false',
    });
    this.csvButton = el(
      'button',
      { type: 'button', class: 'btn', 'aria-describedby': id('export-hint') },
      t('panel.downloadCsv'),
    );
    this.downloadButton = el(
      'button',
      { type: 'button', class: 'btn', 'aria-describedby': id('export-hint') },
      t('panel.downloadJson'),
    );
    listen(this.cleanups, this.downloadButton, 'click', () => this.download());
    listen(this.cleanups, this.csvButton, 'click', () => this.downloadCsv());
    const exportGroup = el(
      'section',
      { class: 'panel-group export-group', 'aria-labelledby': id('g-export') },
      el('h2', { id: id('g-export'), text: t('panel.export') }),
      el(
        'p',
        { class: 'group-hint', id: id('export-hint') },
        ...tNodes('panel.exportHint', {
          csvFlag: el('code', { text: '--csv' }),
          command: el('code', { text: 'lgvci --config run.json --csv out.csv' }),
        }),
      ),
      el('div', { class: 'btn-row' }, this.csvButton, this.downloadButton),
      el(
        'details',
        { class: 'config-details' },
        el('summary', { text: t('panel.showConfig') }),
        el('label', { for: id('config'), class: 'sr-only', text: t('panel.configLabel') }),
        this.configText,
      ),
    );
    this.exportGroup = exportGroup;
    this.exportNote = el('p', { class: 'field-note export-note', 'aria-live': 'polite', hidden: true });
    exportGroup.insertBefore(this.exportNote, exportGroup.querySelector('details'));

    this.element = el(
      'aside',
      { class: 'lgvci-panel', 'aria-label': t('panel.label') },
      run,
      this.modelGroup,
      exportGroup,
    );

    this.cleanups.push(controller.onChange(() => this.sync()));
    this.sync();
  }


  /** Replace the family's groups and fields by those of another family. */
  private buildFamily(family: AnyFamilyControls): void {
    for (const c of this.familyCleanups.splice(0)) c();
    for (const sec of this.familySections.splice(0)) sec.remove();
    for (const [fid, f] of [...this.fields]) if (f.spec.id !== 'speed') this.fields.delete(fid);
    this.choices.clear();
    const fields = (family.fields as readonly FieldSpec<AppParams>[]).filter((f) => f.id !== 'speed');
    for (const g of family.groups) {
      const mine = fields.filter((f) => f.group === g.id);
      if (mine.length === 0) continue;
      const fs = el(
        'fieldset',
        { class: 'panel-group', 'data-group': g.id },
        el('legend', { text: g.title }),
        g.hint ? el('p', { class: 'group-hint', text: g.hint }) : null,
      );
      for (const spec of mine) {
        if (spec.choices) {
          const ctl = this.buildChoice(spec, this.id, this.familyCleanups);
          this.choices.set(spec.id, ctl);
          fs.append(ctl.row);
          continue;
        }
        const ctl = this.buildField(spec, this.id, this.familyCleanups);
        this.fields.set(spec.id, ctl);
        fs.append(ctl.row);
      }
      this.familySections.push(fs);
    }
    this.modelGroup.after(...this.familySections);
    // The family's set-up button (FamilyControls.setUp), if it declares one.
    this.setUpRow.hidden = family.setUp === undefined;
    if (family.setUp) {
      this.setUpButton.textContent = family.setUp.label;
      this.setUpHint.textContent = family.setUp.hint;
    }
    this.familyId = family.id;
  }

  private buildChoice(spec: FieldSpec<AppParams>, id: (s: string) => string, cleanups: (() => void)[]): ChoiceControl {
    const selectId = id(`${spec.id}-choice`);
    const msgId = id(`${spec.id}-msg`);
    const select = el('select', { id: selectId, 'aria-describedby': msgId });
    (spec.choices ?? []).forEach((c, i) => select.append(el('option', { value: String(i), text: c.label })));
    const message = el('div', { class: 'field-msg', id: msgId, 'aria-live': 'polite' });
    const row = el(
      'div',
      { class: 'field field-select', 'data-field': spec.id },
      el('label', { for: selectId, class: 'field-label', text: spec.label }),
      select,
      message,
    );
    listen(cleanups, select, 'change', () => {
      const res = this.controller.setField(spec.id, Number(select.value));
      if (res.ok) return;
      setMessage(message, res.message, res.detail);
      row.classList.add('invalid');
      select.setAttribute('aria-invalid', 'true');
    });
    return { spec, row, select, message };
  }

  private buildField(spec: FieldSpec<AppParams>, id: (s: string) => string, cleanups: (() => void)[]): FieldControl {
    const rangeId = id(`${spec.id}-range`);
    const numberId = id(`${spec.id}-value`);
    const msgId = id(`${spec.id}-msg`);
    const noteId = id(`${spec.id}-note`);
    const r = sliderRange(spec);
    const range = el('input', {
      type: 'range',
      id: rangeId,
      min: r.min,
      max: r.max,
      step: r.step,
      'aria-describedby': `${msgId}${spec.disabledNote ? ` ${noteId}` : ''}`,
    });
    const number = el('input', {
      type: 'text',
      id: numberId,
      // Mobile decimal keypads lack "-" and "e": offer them only where neither is needed.
      inputmode: spec.min >= 0 && spec.scale === 'linear' ? 'decimal' : undefined,
      autocomplete: 'off',
      spellcheck: 'false',
      class: 'num',
      'aria-describedby': msgId,
    });
    const message = el('div', { class: 'field-msg', id: msgId, 'aria-live': 'polite' });
    const note = spec.disabledNote ? el('p', { class: 'field-note', id: noteId, text: spec.disabledNote }) : null;
    const row = el(
      'div',
      { class: 'field', 'data-field': spec.id },
      el(
        'label',
        { for: rangeId, class: 'field-label' },
        el('span', { 'aria-hidden': 'true', text: spec.short }),
        el('span', { class: 'sr-only', text: spec.label }),
      ),
      range,
      el(
        'span',
        { class: 'num-wrap' },
        el('label', { for: numberId, class: 'sr-only', text: t('panel.typedValue', { label: spec.label }) }),
        number,
        spec.unit
          ? el('span', { class: spec.unit.length > 1 ? 'unit unit-long' : 'unit', 'aria-hidden': 'true', text: spec.unit })
          : null,
      ),
      message,
      note,
    );

    const apply = (raw: string | number, source: HTMLInputElement): void => {
      const res = this.controller.setField(spec.id, raw);
      if (res.ok) return; // sync() (via onChange) clears messages and shows the new values
      // The slider stays where the user left it, next to the message; the model keeps the last valid run.
      this.showMessage(spec.id, res.message, source, res.detail);
    };
    listen(cleanups, range, 'input', () => {
      const v = fromSlider(spec, Number(range.value));
      number.value = localizeNumberText(spec.format(v));
      range.setAttribute('aria-valuetext', valueText(spec, v));
      apply(v, range);
    });
    listen(cleanups, number, 'change', () => apply(delocalizeNumberText(number.value), number));
    listen(cleanups, number, 'keydown', (e) => {
      if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
      const cur = parseNumber(delocalizeNumberText(number.value)) ?? spec.read(this.controller.params) ?? spec.min;
      const dir = e.key === 'ArrowUp' ? 1 : -1;
      const s = toSlider(spec, cur) + dir * spec.step * (e.shiftKey ? 10 : 1);
      const v = fromSlider(spec, Math.min(Number(range.max), Math.max(Number(range.min), s)));
      number.value = localizeNumberText(spec.format(v));
      apply(v, number);
      e.preventDefault();
    });
    return { spec, row, range, number, message, note };
  }

  showMessage(id: FieldId, message: string, source?: HTMLInputElement, detail = ''): void {
    const f = this.fields.get(id);
    if (!f) return;
    setMessage(f.message, message, detail);
    f.row.classList.add('invalid');
    (source ?? f.number).setAttribute('aria-invalid', 'true');
    // Keep the message in sight inside the scrolling panel only: scrollIntoView would also scroll the
    // page and, in an embed, the host page around the iframe.
    const box = this.element.getBoundingClientRect();
    const m = f.message.getBoundingClientRect();
    if (m.bottom > box.bottom) this.element.scrollTop += m.bottom - box.bottom + 8;
    else if (m.top < box.top) this.element.scrollTop -= box.top - m.top + 8;
  }

  private clearMessages(): void {
    for (const f of this.fields.values()) {
      f.message.textContent = '';
      f.row.classList.remove('invalid');
      f.range.removeAttribute('aria-invalid');
      f.number.removeAttribute('aria-invalid');
    }
    for (const c of this.choices.values()) {
      c.message.textContent = '';
      c.row.classList.remove('invalid');
      c.select.removeAttribute('aria-invalid');
    }
    this.caseMessage.textContent = '';
    this.caseSelect.removeAttribute('aria-invalid');
    this.setUpMessage.textContent = '';
  }

  private prettyConfig(): string {
    const raw = this.actions.configJson();
    try {
      return JSON.stringify(JSON.parse(raw), null, 2);
    } catch {
      return raw;
    }
  }

  /** Insert a group of controls (e.g. twins, long run) before the Export group. */
  insertSection(section: HTMLElement): void {
    this.element.insertBefore(section, this.exportGroup);
  }

  private download(): void {
    downloadText([`${this.prettyConfig()}\n`], 'application/json', `lgvci-${this.fileStem()}.json`);
  }

  /** "case-<preset>" */
  private fileStem(): string {
    return `case-${this.controller.params.caseName}`;
  }

  private downloadCsv(): void {
    downloadText(this.actions.csvChunks(), 'text/csv', `lgvci-${this.fileStem()}.csv`);
  }

  /** Show the controller's current parameters and clear every message. */
  sync(): void {
    if (this.controller.family.id !== this.familyId) this.buildFamily(this.controller.family);
    this.clearMessages();
    this.configText.value = this.prettyConfig();
    const p = this.controller.params;
    this.caseSelect.value = p.caseName;
    for (const f of this.fields.values()) {
      const v = f.spec.read(p);
      const enabled = v !== null;
      f.range.disabled = !enabled;
      f.number.disabled = !enabled;
      f.row.classList.toggle('disabled', !enabled);
      if (f.note) f.note.hidden = enabled;
      if (v === null) {
        f.range.value = String(toSlider(f.spec, f.spec.min));
        f.range.setAttribute('aria-valuetext', t('panel.notApplicable'));
        f.number.value = '—';
      } else {
        f.range.value = String(toSlider(f.spec, v));
        f.range.setAttribute('aria-valuetext', valueText(f.spec, v));
        f.number.value = localizeNumberText(f.spec.format(v));
      }
    }
    for (const c of this.choices.values()) c.select.value = String(c.spec.read(p) ?? 0);
  }

  /**
   * Whether the camera can follow the running family's body: null, it can; otherwise why not (the
   * family view's fixedCamera), shown under the disabled box the way a field that does not apply
   * shows its note. The box keeps the user's choice for the next family that can follow.
   */
  setFollowNote(note: string | null): void {
    this.followBox.disabled = note !== null;
    this.followRow.classList.toggle('disabled', note !== null);
    this.followNote.textContent = note ?? '';
    this.followNote.hidden = note === null;
  }

  /** Show or clear (with '') the note under the export buttons. */
  setExportNote(text: string): void {
    if (this.exportNote.textContent === text) return;
    this.exportNote.textContent = text;
    this.exportNote.hidden = text === '';
  }

  setPlaying(playing: boolean): void {
    if (this.shownPlaying === playing) return;
    this.shownPlaying = playing;
    this.playButton.replaceChildren(icon(playing ? 'pause' : 'play'), playing ? t('bar.pause') : t('bar.play'));
  }

  destroy(): void {
    for (const c of this.familyCleanups.splice(0)) c();
    for (const c of this.cleanups.splice(0)) c();
    this.element.remove();
  }
}
