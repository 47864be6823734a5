// One language's messages as the page uses them: the page's own (messages/<lang>.ts) and every family
// package's words in that language (families/<package>/i18n/<lang>.ts, found by import.meta.glob in
// index.ts for English and in languages/<lang>.ts for the others). Keys are unique across them
// (tests/web/unit/i18n.test.ts): a package's words never replace the page's.
import type { Message } from './types';

export type MessageTable = Readonly<Record<string, Message>>;

export function composeMessages(page: MessageTable, families: readonly MessageTable[]): MessageTable {
  return Object.assign({}, page, ...families) as MessageTable;
}
