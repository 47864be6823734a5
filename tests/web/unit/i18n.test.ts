// The message files (docs/languages.md "The completeness test"): every language has exactly English's
// keys, each message with English's {placeholders} and shape (template or plural forms, the forms
// being plural categories of that language), the page's own and each family package's
// (families/<package>/i18n/<lang>.ts, one file per language, keys of their own); every page key is used
// somewhere in web/src, web/index.html or a package (a word the page offers every family, as a group's
// title) and every package key in its package's web/; and the language
// choice (?locale=, the browser's languages) and the number formats behave as documented.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { LocaleCode } from '../../../web/src/i18n';
import {
  chooseLocale,
  delocalizeNumberText,
  fixed,
  loadMessages,
  localeInfo,
  LOCALES,
  localizeNumberText,
  matchLocale,
  setLocale,
  t,
} from '../../../web/src/i18n';
import { en } from '../../../web/src/i18n/messages/en';
import { FAMILIES } from '../../../web/src/app/families';

const WEB = fileURLToPath(new URL('../../../web/', import.meta.url));
const PACKAGES = fileURLToPath(new URL('../../../families/', import.meta.url));

type Msg = string | Readonly<Record<string, string>>;

function placeholders(m: Msg): string[] {
  const texts = typeof m === 'string' ? [m] : Object.values(m);
  return [...new Set(texts.flatMap((s) => [...s.matchAll(/\{(\w+)\}/g)].map((x) => x[1] ?? '')))].sort();
}

/** Every .ts file under a folder (the page's message files excepted), as text. */
function tsText(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (p !== join(WEB, 'src', 'i18n', 'messages')) out.push(...tsText(p));
    } else if (e.name.endsWith('.ts')) out.push(readFileSync(p, 'utf8'));
  }
  return out;
}

/** web/src and web/index.html, as text: where the page's own keys are used. */
function pageSources(): string {
  return [readFileSync(join(WEB, 'index.html'), 'utf8'), ...tsText(join(WEB, 'src'))].join('\n');
}

/** Each family package's words, by package and language (families/<package>/i18n/<lang>.ts). */
const PACKAGE_WORDS = new Map<string, Map<string, Readonly<Record<string, Msg>>>>();
for (const [path, mod] of Object.entries(import.meta.glob<Record<string, Readonly<Record<string, Msg>>>>('../../../families/*/i18n/*.ts', { eager: true }))) {
  const m = /families\/([^/]+)\/i18n\/([^/]+)\.ts$/.exec(path);
  if (!m) continue;
  const [, pkg = '', lang = ''] = m;
  const words = mod[lang];
  if (!words) throw new Error(`${path} exports no \`${lang}\``);
  const byLang = PACKAGE_WORDS.get(pkg) ?? new Map<string, Readonly<Record<string, Msg>>>();
  byLang.set(lang, words);
  PACKAGE_WORDS.set(pkg, byLang);
}

afterAll(() => setLocale('en'));

/** Texts that are English's on purpose (a formula with one word that the language spells alike). */
const SAME_AS_ENGLISH = new Set(['es:rigid.group.plane.hint']);

describe('message files', () => {
  it.each(LOCALES.map((l) => l.code))('%s has every English key, no other, the same placeholders and shapes', async (code) => {
    // the page's words and every package's, as the page loads them
    const source = (await loadMessages('en')) as Readonly<Record<string, Msg>>;
    const keys = Object.keys(source).sort();
    const m = (await loadMessages(code)) as Readonly<Record<string, Msg>>;
    expect(Object.keys(m).sort()).toEqual(keys);
    const categories = new Intl.PluralRules(localeInfo(code).tag).resolvedOptions().pluralCategories;
    for (const k of keys) {
      const mine = m[k] as Msg;
      const theirs = source[k] as Msg;
      expect(typeof mine, k).toBe(typeof theirs);
      expect(placeholders(mine), k).toEqual(placeholders(theirs));
      if (typeof mine !== 'string') {
        expect(Object.keys(mine), k).toContain('other');
        for (const form of Object.keys(mine)) expect(categories, `${k}: ${form}`).toContain(form);
      }
      // nothing left untranslated by accident: a long English sentence copied unchanged
      if (code !== 'en' && typeof mine === 'string' && mine.length > 40 && !SAME_AS_ENGLISH.has(`${code}:${k}`)) expect(mine, k).not.toBe(theirs);
    }
  });

  it('each family package has a file per language, keys of its own (none of the page\'s or another package\'s)', () => {
    expect(PACKAGE_WORDS.size).toBeGreaterThan(0);
    const owner = new Map<string, string>(Object.keys(en).map((k) => [k, 'the page']));
    for (const [pkg, byLang] of PACKAGE_WORDS) {
      expect([...byLang.keys()].sort(), pkg).toEqual(LOCALES.map((l) => l.code).sort());
      const mine = Object.keys(byLang.get('en') ?? {});
      for (const [lang, words] of byLang) expect(Object.keys(words).sort(), `${pkg}/${lang}`).toEqual([...mine].sort());
      for (const k of mine) {
        expect(owner.get(k), `${pkg}: ${k}`).toBeUndefined();
        owner.set(k, pkg);
      }
    }
  });

  it('every page key is used in web/src, web/index.html or a package, every package key in its package\'s web/ (quoted, as t() and data-i18n take it)', () => {
    const used = (text: string, k: string): boolean => text.includes(`'${k}'`) || text.includes(`"${k}"`);
    const page = [pageSources(), ...[...PACKAGE_WORDS.keys()].flatMap((pkg) => tsText(join(PACKAGES, pkg, 'web')))].join('\n');
    expect(Object.keys(en).filter((k) => !used(page, k))).toEqual([]);
    for (const [pkg, byLang] of PACKAGE_WORDS) {
      const text = tsText(join(PACKAGES, pkg, 'web')).join('\n');
      expect(Object.keys(byLang.get('en') ?? {}).filter((k) => !used(text, k)), pkg).toEqual([]);
    }
  });
});

describe("the controls' words", () => {
  // A visible label with a word in it (three or more letters in a row: not a symbol such as h, x, θ₀ or
  // ε) is looked up in the language shown: it is a value of that language's message files. The
  // billiard's "direction" and "speed |v₀|" were written into its field specs, English in every language.
  const word = /\p{L}{3,}/u;
  it.each(LOCALES.map((l) => l.code))("%s: every family's field labels come from the message files", async (code) => {
    await setLocale(code);
    const values = new Set(Object.values((await loadMessages(code)) as Readonly<Record<string, Msg>>).filter((v): v is string => typeof v === 'string'));
    const strays: string[] = [];
    for (const f of FAMILIES)
      for (const spec of f.controls.fields) if (word.test(spec.short) && !values.has(spec.short)) strays.push(`${f.name}/${spec.id}: ${spec.short}`);
    expect(strays).toEqual([]);
  });
});

describe('choosing the language', () => {
  it('?locale= wins; then the first of the browser languages the page ships; then English', () => {
    expect(chooseLocale('?locale=de', ['fr-FR'])).toEqual({ code: 'de', source: 'url', message: null });
    expect(chooseLocale('?case=IV', ['pt-BR', 'es-MX', 'de'])).toEqual({ code: 'es', source: 'browser', message: null });
    expect(chooseLocale('', ['pt-BR', 'ja'])).toEqual({ code: 'en', source: 'default', message: null });
    const bad = chooseLocale('?locale=xx', ['fr']);
    expect(bad.code).toBe('fr');
    expect(bad.message).toBe('locale: must be one of en, de, fr, es, zh (got "\u2068xx\u2069")');
  });

  it('regional tags fall back to their language; Traditional Chinese is not Simplified', () => {
    expect(matchLocale('de-AT')).toBe('de');
    expect(matchLocale('zh-CN')).toBe('zh');
    expect(matchLocale('zh-Hans-SG')).toBe('zh');
    expect(matchLocale('zh-TW')).toBeNull();
    expect(matchLocale('zh-Hant')).toBeNull();
    expect(matchLocale('EN_gb')).toBe('en');
  });
});

describe('numbers and plurals in each language', () => {
  const cases: [LocaleCode, string, string][] = [
    ['en', '1.50', 'in contact: 1 point, N = 9.8'],
    ['de', '1,50', 'im Kontakt: 1 Punkt, N = 9.8'],
    ['fr', '1,50', 'en contact : 1 point, N = 9.8'],
    ['es', '1,50', 'en contacto: 1 punto, N = 9.8'],
    ['zh', '1.50', '接触中：1 个点，N = 9.8'],
  ];
  it.each(cases)('%s: fixed(1.5, 2) is %s; a plural message takes the form of its count', async (code, num, contact) => {
    await setLocale(code);
    expect(fixed(1.5, 2)).toBe(num);
    // no grouping separators: a long run's 1000 s reads as toFixed writes it
    expect(fixed(1000, 2)).toBe(`1000${num.charAt(1)}00`);
    expect(t('hud.inContact', { n: 1, force: '9.8' })).toBe(contact);
    expect(localizeNumberText('3.20 × 10⁻¹³')).toBe(`3${num.charAt(1)}20 × 10⁻¹³`);
    // what a person types in their notation is read back
    expect(Number(delocalizeNumberText(num))).toBe(1.5);
  });

  it('a template fills numbers for the language and leaves physics symbols alone', async () => {
    await setLocale('de');
    expect(t('hud.energy', { symbol: 'E' })).toBe('Energie E');
    expect(t('hud.summary', { time: '1,00', n: 3, error: '0' })).toBe('t 1,00 s · 3 Stöße · Fehler 0');
    await setLocale('en');
    expect(t('hud.summary', { time: '1.00', n: 1, error: '0' })).toBe('t 1.00 s · 1 impact · error 0');
  });
});
