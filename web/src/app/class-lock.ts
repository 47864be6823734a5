// The teacher's locks and hidden controls on the page (docs/course-material.md "Customise for class";
// the keys: config/class-options.ts). A control key is `case` (the preset menu) or the address key of a
// family's fields, so the lockable controls are read from the families' field specs. A locked control
// is shown disabled with a note; the Controller asks this rule before every restart or edit (LockRule),
// so no path changes a locked value: typing, sliding, arrow keys, the HUD's "halve h", a dragged ball,
// a thrown body and a loaded set-up are refused with the note's words, and another preset (when the
// preset menu is not locked) starts with the locked values written over it. A locked value is the one
// the address opened with; for a family the page opens later, the one it first shows.
import type { AnyFamilyControls } from '../config/family';
import type { FieldId, FieldSpec } from '../config/fields';
import type { AppParams } from '../controls/controller-port';
import type { ControlPanel } from '../controls/panel';
import { el } from '../util/dom';
import { t } from '../i18n';
import type { Controller, LockRule } from './controller';
import type { ClassNames } from './class-keys';

const sameParams = (a: AppParams, b: AppParams): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * What the locks need from the app's chunk, handed in rather than imported: a lazily loaded chunk that
 * imports from the app's makes the bundler split the app's chunk in two (a larger first load).
 */
export interface ControlNaming {
  /** The preset menu's control key (class-keys.ts PRESET_CONTROL). */
  preset: string;
  /** A field's control key (config/url-codec.ts urlKey). */
  keyOf(spec: FieldSpec<AppParams>): string;
  /** A control key's name in a family (class-keys.ts controlLabel). */
  label(family: AnyFamilyControls, key: string): string;
}

export class ClassLock implements LockRule {
  readonly locked: ReadonlySet<string>;
  readonly hidden: ReadonlySet<string>;
  /** The preset the page opened with (what a locked preset menu keeps). */
  readonly caseName: string;
  /** The locked value of each locked field, in display units, by field id. */
  private readonly values = new Map<FieldId, number>();

  private readonly naming: ControlNaming;

  constructor(lock: readonly string[], hide: readonly string[], family: AnyFamilyControls, params: AppParams, naming: ControlNaming) {
    this.naming = naming;
    this.locked = new Set(lock);
    this.hidden = new Set(hide);
    this.caseName = params.caseName;
    this.settled(family, params);
  }

  private lockedSpecs(family: AnyFamilyControls): FieldSpec<AppParams>[] {
    return (family.fields as readonly FieldSpec<AppParams>[]).filter((f) => this.locked.has(this.naming.keyOf(f)));
  }

  /** Whether p holds the locked value v of spec (read back exactly, or writing v changes nothing). */
  private holds(spec: FieldSpec<AppParams>, p: AppParams, v: number): boolean {
    const now = spec.read(p);
    return now === null || Object.is(now, v) || sameParams(spec.write(p, v), p);
  }

  pin(family: AnyFamilyControls, params: AppParams): AppParams {
    let p = params;
    for (const spec of this.lockedSpecs(family)) {
      const v = this.values.get(spec.id);
      if (v !== undefined && !this.holds(spec, p, v)) p = spec.write(p, v);
    }
    return p;
  }

  refusal(family: AnyFamilyControls, candidate: AppParams): string {
    const keys: string[] = [];
    if (this.locked.has(this.naming.preset) && candidate.caseName !== this.caseName) keys.push(this.naming.preset);
    for (const spec of this.lockedSpecs(family)) {
      const v = this.values.get(spec.id);
      const key = this.naming.keyOf(spec);
      if (v !== undefined && !this.holds(spec, candidate, v) && !keys.includes(key)) keys.push(key);
    }
    if (keys.length === 0) return '';
    return t('class.lockedRefusal', { controls: keys.map((k) => this.naming.label(family, k)).join('; ') });
  }

  settled(family: AnyFamilyControls, params: AppParams): void {
    for (const spec of this.lockedSpecs(family)) {
      const v = spec.read(params);
      if (v !== null && !this.values.has(spec.id)) this.values.set(spec.id, v);
    }
  }

  /** Disable the locked controls (with the note) and hide the hidden ones; groups left empty are hidden. */
  apply(panel: ControlPanel): void {
    const rows: [string, HTMLElement, HTMLElement[]][] = [];
    for (const f of panel.fields.values()) rows.push([this.naming.keyOf(f.spec), f.row, [f.range, f.number]]);
    for (const c of panel.choices.values()) rows.push([this.naming.keyOf(c.spec), c.row, [c.select]]);
    const caseRow = panel.caseSelect.closest<HTMLElement>('.field');
    if (caseRow) rows.push([this.naming.preset, caseRow, [panel.caseSelect]]);
    const groups = new Set<HTMLElement>();
    // The rows of one key: a vector's components are one row each under one address key (Pi0), and
    // share one note, under the last of them.
    const byKey = new Map<string, { rows: HTMLElement[]; inputs: HTMLElement[] }>();
    for (const [key, row, inputs] of rows) {
      const k = byKey.get(key) ?? { rows: [], inputs: [] };
      k.rows.push(row);
      k.inputs.push(...inputs);
      byKey.set(key, k);
    }
    for (const [key, { rows: keyRows, inputs }] of byKey) {
      if (this.hidden.has(key)) {
        for (const row of keyRows) {
          row.hidden = true;
          const g = row.closest<HTMLElement>('fieldset.panel-group');
          if (g) groups.add(g);
        }
      }
      if (!this.locked.has(key)) continue;
      for (const row of keyRows) row.classList.add('class-locked');
      const last = keyRows[keyRows.length - 1]!;
      if (!keyRows.some((r) => r.querySelector('.class-lock-note'))) {
        const note = el('p', { class: 'field-note class-lock-note', id: `${inputs[0]!.id}-lock`, text: t('class.lockedNote') });
        last.append(note);
        for (const i of inputs) i.setAttribute('aria-describedby', `${i.getAttribute('aria-describedby') ?? ''} ${note.id}`.trim());
      }
      for (const i of inputs) (i as HTMLInputElement).disabled = true;
    }
    for (const g of groups) g.hidden = [...g.querySelectorAll<HTMLElement>('.field')].every((r) => r.hidden);
  }
}

/**
 * The page's side of `lock=` and `hide=`: the rule given to the controller (once the address's state
 * is restored: its values are the locked ones) and applied to the panel after every change. Null when
 * the address locks and hides nothing.
 */
export function wireClassLock(
  controller: Controller,
  panel: ControlPanel,
  keys: ClassNames,
  naming: ControlNaming,
): { lock: ClassLock; dispose(): void } | null {
  if (keys.lock.length === 0 && keys.hide.length === 0) return null;
  const lock = new ClassLock(keys.lock, keys.hide, controller.family, controller.params, naming);
  controller.lock = lock;
  lock.apply(panel);
  // After the panel's own listener (registered first), which rebuilds and re-enables its controls.
  const off = controller.onChange(() => lock.apply(panel));
  return {
    lock,
    dispose() {
      off();
      if (controller.lock === lock) controller.lock = null;
    },
  };
}
