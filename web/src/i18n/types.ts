// The types of the message files (docs/languages.md): English (messages/en.ts) is the source of the
// keys; every other language is checked against it by defineMessages, so that a missing key, an extra
// key or a placeholder set that differs from the English one is a compile error.

/** A message that depends on a count: one form per CLDR plural category the language uses ('other' always). */
export type PluralForms = { readonly other: string } & Partial<Record<'zero' | 'one' | 'two' | 'few' | 'many', string>>;

/** A message: a template with {placeholders}, or plural forms chosen by Intl.PluralRules. */
export type Message = string | PluralForms;

/** The names of the {placeholders} of one template. */
type TemplateParams<S extends string> = S extends `${string}{${infer P}}${infer R}` ? P | TemplateParams<R> : never;

/** The names of the {placeholders} of a message (every form of a plural message). */
export type ParamsOf<M> = M extends string ? TemplateParams<M> : M extends PluralForms ? TemplateParams<M[keyof M] & string> : never;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The check of one translation against the English source: `T` itself when the placeholders match,
 * otherwise a type naming the expected set (which no string is assignable to).
 */
type Checked<Src, T> =
  Same<ParamsOf<Src>, ParamsOf<T>> extends true
    ? (Src extends string ? (T extends string ? T : { error: 'English has a template here, not plural forms' }) : T extends PluralForms ? T : { error: 'English has plural forms here' })
    : { error: 'placeholders differ from English'; expected: ParamsOf<Src>; got: ParamsOf<T> };

/** A translation of the source S: every key of S, no other key, each with S's placeholders. */
export type TranslationOf<S, T> = { [K in keyof S]: K extends keyof T ? Checked<S[K], T[K]> : Message } & {
  [K in Exclude<keyof T, keyof S>]: never;
};

/** A language the page ships: its BCP 47 code, its own name (the menu shows it) and its direction. */
export interface LocaleInfo {
  readonly code: string;
  /** The language's name in itself ("Deutsch"): the menu lists each language so that its readers find it. */
  readonly name: string;
  readonly dir: 'ltr' | 'rtl';
}
