// The typed check of a translation (docs/languages.md): `defineMessages({...})` in a language's file
// compiles only when it has every English key, no other key, and each message with English's
// {placeholders} (a template for a template, plural forms for plural forms). A family package's
// translations are checked the same way against the package's own English words
// (families/<package>/i18n/en.ts): `defineFamilyMessages<typeof en>()({...})`. The functions return
// their argument; the check is all in the type.
import type { en } from './messages/en';
import type { TranslationOf } from './types';

export function defineMessages<const T>(messages: T & TranslationOf<typeof en, T>): T {
  return messages;
}

/** The check of a package's translation against its English source S (the package's en). */
export function defineFamilyMessages<S>(): <const T>(messages: T & TranslationOf<S, T>) => T {
  return (messages) => messages;
}
