// Español as the page loads it: the page's messages (../messages/es.ts) with every family package's
// words in Español (families/<package>/i18n/es.ts, found by import.meta.glob), one chunk fetched only
// when the language is chosen (docs/languages.md).
import type { MessageTable } from '../compose';
import { composeMessages } from '../compose';
import { es } from '../messages/es';

const FAMILIES = import.meta.glob<MessageTable>('../../../../families/*/i18n/es.ts', { eager: true, import: 'es' });

export const messages = composeMessages(es, Object.values(FAMILIES));
