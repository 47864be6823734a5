// The words this package's page code shows: the rigid body's own (../i18n/<lang>.ts, typed by
// its English file) and the page's (docs/languages.md "A family's words").
import type { FamilyTranslate, PlainKeyOf } from '../../../web/src/i18n';
import { familyTranslator } from '../../../web/src/i18n';
import type { en } from '../i18n/en';

/** t over this package's keys and the page's. */
export const tr: FamilyTranslate<typeof en> = familyTranslator<typeof en>();

/** A key of this package's words without placeholders. */
export type PlainKey = PlainKeyOf<typeof en>;
