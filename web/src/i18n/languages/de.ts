// Deutsch as the page loads it: the page's messages (../messages/de.ts) with every family package's
// words in Deutsch (families/<package>/i18n/de.ts, found by import.meta.glob), one chunk fetched only
// when the language is chosen (docs/languages.md).
import type { MessageTable } from '../compose';
import { composeMessages } from '../compose';
import { de } from '../messages/de';

const FAMILIES = import.meta.glob<MessageTable>('../../../../families/*/i18n/de.ts', { eager: true, import: 'de' });

export const messages = composeMessages(de, Object.values(FAMILIES));
