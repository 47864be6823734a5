// The typed check of a translation (docs/languages.md): `defineMessages({...})` in a language's file
// compiles only when it has every English key, no other key, and each message with English's
// {placeholders} (a template for a template, plural forms for plural forms). The function itself
// returns its argument; the check is all in the type.
import type { en } from './messages/en';
import type { TranslationOf } from './types';

export function defineMessages<const T>(messages: T & TranslationOf<typeof en, T>): T {
  return messages;
}
