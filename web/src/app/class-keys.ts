// The control keys a teacher can lock or hide (docs/course-material.md "Customise for class"): `case`,
// the preset menu, and the address keys of a family's fields (config/url-codec.ts urlKey), read from
// the families' field specs; their names as the panel shows them; and the check of the names an address
// gives. Small, in the app's chunk; the locks (class-lock.ts) and the builder (class-open.ts) are loaded
// on first use.
import type { ClassOptions } from '../config/class-options';
import type { AnyFamilyControls } from '../config/family';
import type { FieldSpec } from '../config/fields';
import { keyGroups, urlKey } from '../config/url-codec';
import type { AppParams } from '../controls/controller-port';
import { t } from '../i18n';
import { echo } from '../util/echo';
import { FAMILIES } from './families';

/** The control key of the preset menu (the address's own key for the preset). */
export const PRESET_CONTROL = 'case';

/** A family's control keys: the preset menu, then its fields' address keys in field order. */
export function familyControlKeys(family: AnyFamilyControls): string[] {
  return [PRESET_CONTROL, ...keyGroups(family.fields as readonly FieldSpec<AppParams>[]).keys()];
}

/** Every control key of every family of the registry. */
export function allControlKeys(): string[] {
  return [...new Set(FAMILIES.flatMap((f) => familyControlKeys(f.controls)))];
}

/** A control key's name in a family (the preset menu's label, a field's label or its group's title). */
export function controlLabel(family: AnyFamilyControls, key: string): string {
  if (key === PRESET_CONTROL) return t('panel.preset');
  const specs = (family.fields as readonly FieldSpec<AppParams>[]).filter((f) => urlKey(f) === key);
  if (specs.length === 1) return specs[0]!.label;
  const group = family.groups.find((g) => specs.every((s) => s.group === g.id));
  return group ? group.title : specs.map((s) => s.label).join(', ');
}

/**
 * The lists with each name replaced by the control key it names (any letter case), and a message for
 * each name no control has: `known` holds every family's keys, `here` the running family's (listed in
 * the message).
 */
export function checkControlNames(
  options: Pick<ClassOptions, 'lock' | 'hide'>,
  known: readonly string[],
  here: readonly string[],
): { lock: string[]; hide: string[]; messages: string[] } {
  const messages: string[] = [];
  const resolve = (key: string, list: readonly string[]): string[] => {
    const out: string[] = [];
    for (const n of list) {
      const hit = known.find((k) => k.toLowerCase() === n.toLowerCase());
      if (hit === undefined) messages.push(`${key}: no control "${echo(n)}" (this model's are ${here.join(', ')})`);
      else if (!out.includes(hit)) out.push(hit);
    }
    return out;
  };
  return { lock: resolve('lock', options.lock), hide: resolve('hide', options.hide), messages };
}

/** The names of `lock` and `hide` checked against the families' control keys, for the family the page opens with. */
export function classNames(options: Pick<ClassOptions, 'lock' | 'hide'>, family: AnyFamilyControls): ClassNames {
  return checkControlNames(options, allControlKeys(), familyControlKeys(family));
}

export interface ClassNames {
  lock: string[];
  hide: string[];
  /** "<key>: <rule>" for each unknown name. */
  messages: string[];
}
