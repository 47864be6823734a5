// Français as the page loads it: the page's messages (../messages/fr.ts) with every family package's
// words in Français (families/<package>/i18n/fr.ts, found by import.meta.glob), one chunk fetched only
// when the language is chosen (docs/languages.md).
import type { MessageTable } from '../compose';
import { composeMessages } from '../compose';
import { fr } from '../messages/fr';

const FAMILIES = import.meta.glob<MessageTable>('../../../../families/*/i18n/fr.ts', { eager: true, import: 'fr' });

export const messages = composeMessages(fr, Object.values(FAMILIES));
