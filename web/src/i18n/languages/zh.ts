// 简体中文 as the page loads it: the page's messages (../messages/zh.ts) with every family package's
// words in 简体中文 (families/<package>/i18n/zh.ts, found by import.meta.glob), one chunk fetched only
// when the language is chosen (docs/languages.md).
import type { MessageTable } from '../compose';
import { composeMessages } from '../compose';
import { zh } from '../messages/zh';

const FAMILIES = import.meta.glob<MessageTable>('../../../../families/*/i18n/zh.ts', { eager: true, import: 'zh' });

export const messages = composeMessages(zh, Object.values(FAMILIES));
