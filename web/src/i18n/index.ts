// The page's languages (docs/languages.md): one message file per language, English the source of the
// keys (messages/en.ts, bundled with the page); the others are separate chunks, loaded by dynamic
// import when chosen, so the first load does not carry four languages it does not show. Each family
// package brings its own words in each language (families/<package>/i18n/<lang>.ts, found by
// import.meta.glob: English here, the others in languages/<lang>.ts, each language's one chunk); its
// code reads them through familyTranslator, typed by its own English file.
//
// t('key', { name: value }) fills a template's {placeholders}; a plural message (PluralForms) takes its
// form from Intl.PluralRules for the placeholder `n`. Numbers are formatted for the language with
// Intl.NumberFormat (formatNumber, fixed, localizeNumberText). The active language is one per page
// (setLocale, before the app is mounted): every string is looked up when it is drawn, never when a
// module is evaluated, so a later language applies to whatever is built after it.
import { en } from './messages/en';
import type { MessageTable } from './compose';
import { composeMessages } from './compose';
import type { LocaleInfo, Message, ParamsOf, PluralForms } from './types';

export type { LocaleInfo } from './types';

/** The page's own messages (English, the source of the keys); each family package's are typed by its own. */
export type Messages = typeof en;
export type MessageKey = keyof Messages;
/** The values of a message's placeholders: text, or a number (formatted for the language). */
export type MessageParams<K extends MessageKey> = Record<ParamsOf<Messages[K]>, string | number>;
/** The keys of messages without placeholders in a table M (a table of keys can hold these and pass them to t). */
export type PlainKeyOf<M> = { [K in keyof M]: [ParamsOf<M[K]>] extends [never] ? K : never }[keyof M];
export type PlainKey = PlainKeyOf<Messages>;
/** A message's arguments after its key: none, or the values of its placeholders. */
type ArgsOf<M> = [ParamsOf<M>] extends [never] ? [] : [params: Record<ParamsOf<M>, string | number>];

/** The languages the page ships, in the menu's order. `code` is what `?locale=` takes; `tag` is the BCP 47 tag of <html lang> and Intl. */
export const LOCALES = [
  { code: 'en', tag: 'en', name: 'English', dir: 'ltr' },
  { code: 'de', tag: 'de', name: 'Deutsch', dir: 'ltr' },
  { code: 'fr', tag: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'es', tag: 'es', name: 'Español', dir: 'ltr' },
  { code: 'zh', tag: 'zh-Hans', name: '简体中文', dir: 'ltr' },
] as const satisfies readonly (LocaleInfo & { tag: string })[];

export type LocaleCode = (typeof LOCALES)[number]['code'];
export const DEFAULT_LOCALE: LocaleCode = 'en';

type Loaded = MessageTable;

/** English: the page's messages and every family package's English words (bundled with the page). */
const FAMILIES_EN = import.meta.glob<MessageTable>('../../../families/*/i18n/en.ts', { eager: true, import: 'en' });
let englishTable: Loaded | null = null;
/** Composed on first use, so that a bundle that never calls t (a worker's) leaves the messages out. */
function english(): Loaded {
  return (englishTable ??= composeMessages(en, Object.values(FAMILIES_EN)));
}

/** The other languages, each its own chunk with the packages' words in it (docs/languages.md "Adding a language"). */
const LOADERS: Record<Exclude<LocaleCode, 'en'>, () => Promise<Loaded>> = {
  de: () => import('./languages/de').then((m) => m.messages),
  fr: () => import('./languages/fr').then((m) => m.messages),
  es: () => import('./languages/es').then((m) => m.messages),
  zh: () => import('./languages/zh').then((m) => m.messages),
};

/** The other languages loaded so far (English is english()). */
const loaded = new Map<LocaleCode, Loaded>();
let active: LocaleCode = DEFAULT_LOCALE;
/** The active language's messages; null: English. */
let activeMessages: Loaded | null = null;
const numberFormats = new Map<string, Intl.NumberFormat>();
let plural: Intl.PluralRules | null = null;

export function isLocaleCode(s: string): s is LocaleCode {
  return LOCALES.some((l) => l.code === s);
}

export function localeInfo(code: LocaleCode = active): (typeof LOCALES)[number] {
  return LOCALES.find((l) => l.code === code) ?? LOCALES[0];
}

/**
 * The shipped language a BCP 47 tag asks for, or null: 'de-AT' → de, 'zh-CN' / 'zh-Hans' → zh;
 * Traditional Chinese (zh-TW, zh-HK, zh-Hant) is not Simplified, so null.
 */
export function matchLocale(tag: string): LocaleCode | null {
  const t = tag.trim().toLowerCase().replace(/_/g, '-');
  if (t === '') return null;
  const [lang, ...rest] = t.split('-');
  if (lang === 'zh') return rest.some((p) => p === 'hant' || p === 'tw' || p === 'hk' || p === 'mo') ? null : 'zh';
  return lang !== undefined && isLocaleCode(lang) ? lang : null;
}

export interface LocaleChoice {
  code: LocaleCode;
  /** Where it came from: the address, the browser's languages, or neither. */
  source: 'url' | 'browser' | 'default';
  /** A "locale: rule" message when the address asked for a language the page does not ship. */
  message: string | null;
}

/** The language to show: `?locale=` if it names a shipped one, else the first of the browser's languages that does, else English. */
export function chooseLocale(search: string, languages: readonly string[]): LocaleChoice {
  const asked = new URLSearchParams(search).get('locale');
  let message: string | null = null;
  if (asked !== null && asked.trim() !== '') {
    const code = matchLocale(asked);
    if (code) return { code, source: 'url', message: null };
    message = `locale: must be one of ${LOCALES.map((l) => l.code).join(', ')} (got "${asked.slice(0, 40)}")`;
  }
  for (const l of languages) {
    const code = matchLocale(l);
    if (code) return { code, source: 'browser', message };
  }
  return { code: DEFAULT_LOCALE, source: 'default', message };
}

/** Load a language's messages (a dynamic import, once) and make it the active one. */
export async function setLocale(code: LocaleCode): Promise<void> {
  let m = code === 'en' ? english() : loaded.get(code);
  if (!m) {
    m = await LOADERS[code as Exclude<LocaleCode, 'en'>]();
    loaded.set(code, m);
  }
  active = code;
  activeMessages = code === 'en' ? null : m;
  numberFormats.clear();
  plural = null;
}

/** The messages of a language (loaded on demand): the completeness test reads every file through this. */
export async function loadMessages(code: LocaleCode): Promise<Loaded> {
  const m = code === 'en' ? english() : loaded.get(code);
  if (m) return m;
  const fresh = await LOADERS[code as Exclude<LocaleCode, 'en'>]();
  loaded.set(code, fresh);
  return fresh;
}

export function currentLocale(): LocaleCode {
  return active;
}

/** The BCP 47 tag of the active language (for lang attributes and Intl). */
export function currentTag(): string {
  return localeInfo(active).tag;
}

function fill(template: string, params: Record<string, string | number> | undefined): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => {
    const v = params[name];
    return v === undefined ? m : typeof v === 'number' ? formatNumber(v) : v;
  });
}

/** The active language's text of any key of the composed messages (the page's or a package's). */
function translate(key: string, params: Record<string, string | number> | undefined): string {
  const msg: Message | undefined = activeMessages?.[key] ?? english()[key];
  if (msg === undefined) throw new Error(`no message "${key}" in the page's or a family package's words`);
  if (typeof msg === 'string') return fill(msg, params);
  const n = Number(params?.['n']);
  plural ??= new Intl.PluralRules(currentTag());
  const form = plural.select(Number.isFinite(n) ? n : 0) as keyof PluralForms;
  return fill(msg[form] ?? msg.other, params);
}

/** The active language's text of `key`, its {placeholders} filled (numbers formatted for the language). */
export function t<K extends MessageKey>(key: K, ...args: ArgsOf<Messages[K]>): string {
  return translate(key, args[0] as Record<string, string | number> | undefined);
}

/** t over the page's keys and a family package's own (S: its English words, families/<package>/i18n/en.ts). */
export type FamilyTranslate<S> = <K extends MessageKey | (keyof S & string)>(key: K, ...args: ArgsOf<(Messages & S)[K]>) => string;

/**
 * A family package's t: its own keys and the page's, typed by its English words (a key the package
 * does not have, or a missing placeholder, is a compile error as with t).
 */
export function familyTranslator<S>(): FamilyTranslate<S> {
  return (key, ...args) => translate(key, args[0] as Record<string, string | number> | undefined);
}

/** A number for the active language (Intl.NumberFormat; formatters are cached per options). */
export function formatNumber(v: number, options: Intl.NumberFormatOptions = { maximumFractionDigits: 3 }): string {
  const key = JSON.stringify(options);
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(currentTag(), options);
    numberFormats.set(key, f);
  }
  return f.format(v);
}

/**
 * v with exactly `digits` decimals, in the active language (1.23 → "1,23" in German), without grouping
 * separators (a time of 1000.00 s reads as toFixed writes it, with the language's decimal separator).
 */
export function fixed(v: number, digits: number): string {
  return formatNumber(v, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
}

/** The active language's decimal separator ("." or ","). */
export function decimalSeparator(): string {
  return formatNumber(1.5, { minimumFractionDigits: 1 }).replace(/\d/g, '') || '.';
}

/**
 * A number already written with "." as its decimal point (toExponential, the fields' own formats,
 * "3.20 × 10⁻¹³") with the active language's decimal separator instead; nothing else changes.
 */
export function localizeNumberText(s: string): string {
  const sep = decimalSeparator();
  return sep === '.' ? s : s.replace(/(\d)\.(\d)/g, `$1${sep}$2`);
}

/** A typed number in the active language's notation back in JavaScript's ("0,5" → "0.5" where "," is the decimal separator). */
export function delocalizeNumberText(s: string): string {
  return decimalSeparator() === ',' ? s.replace(/(^|[\d\s+\-\u2212]),(\d)/g, '$1.$2') : s;
}

/** A list in the active language ("a, b and c"; "a、b 和 c"). */
export function formatList(items: readonly string[]): string {
  return new Intl.ListFormat(currentTag(), { type: 'conjunction' }).format(items);
}

/** Set lang and dir on an element (the app's root, or <html> when the app owns the page). */
export function applyLanguage(e: HTMLElement): void {
  const info = localeInfo();
  e.lang = info.tag;
  e.dir = info.dir;
}
