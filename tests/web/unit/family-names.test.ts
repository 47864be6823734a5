// The guard of the family packages (docs/architecture.md "The page's family registry"): outside
// families/, no file of the page's code (web/src, its comments and its own words included) and no
// generic test support file names a model family or one of its cases. A family's page code, words
// and tests live in its package (families/<package>/), which the page finds by import.meta.glob, so
// the generic page knows a family only by what it declares and by the core's capabilities.
//
// A finding is any of: a family or case word, in any capitalisation, as a whole word or as a part of
// an identifier (camelCase and snake_case are split into words: rigidControls, RIGID_CASES and
// rigid_body all name the rigid body); a quoted preset name ('I' … 'IV', 'rest', 'slide', 'rocking',
// 'billiard-…'); or "Case I" … "Case IV". Each is reported as file:line with the line, so a failure
// says where to look. The allowances below are the only exceptions, each with its reason.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The family and case words (the core's family names and the words of its cases). */
const NAMES: readonly string[] = ['rigid_body', 'rigid', 'particle', 'star', 'cradle', 'billiard', 'ellipse', 'stadium', 'rocking'];
/** A preset's name in quotes (the core's preset names). */
const QUOTED_PRESET = /(['"`])(I|II|III|IV|rest|slide|rocking|billiard-[\w-]*)\1/;
/** Tran & Leok's cases by their numbers. */
const CASE_NUMBER = /\b[Cc]ase (I|II|III|IV)\b/;

/** What may name a family anyway, and why. */
interface Allowance {
  readonly why: string;
  /** Files it applies to (a path relative to the repository, or a prefix ending in '/'). */
  readonly files: readonly string[];
  /** The text it lets through (removed from the line before it is searched). */
  readonly text?: RegExp;
  /** The messages it lets through, by key (their value, on the key's line and the lines after it). */
  readonly messageKeys?: readonly string[];
}

const ALLOWED: readonly Allowance[] = [
  {
    // (the Rapier set-up is the rigid body's package's today, so no file of web/src uses them)
    why: "Rapier's own rigid-body types (@dimforge/rapier3d-compat's RigidBody, RigidBodyDesc, RigidBodyType), not a family of ours",
    files: ['web/src/'],
    text: /\bRigidBody(?:Desc|Type)?\b/g,
  },
  {
    why:
      "web/index.html's own text, the site around the simulator: its title, description, about paragraph and " +
      'references name the models this distribution ships (its static English is in web/index.html itself)',
    files: ['web/src/i18n/messages/'],
    messageKeys: ['page.title', 'page.description', 'page.aboutLede', 'page.references'],
  },
];

/** The words of a text: identifiers split at camelCase humps, underscores and digits, lower case. */
export function wordsOf(text: string): string[] {
  const out: string[] = [];
  for (const token of text.match(/[A-Za-z0-9_]+/g) ?? []) {
    for (const part of token.split(/_+/)) {
      for (const w of part.match(/[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+/g) ?? []) out.push(w.toLowerCase());
    }
  }
  return out;
}

const FAMILY_WORDS = new Set(NAMES.flatMap((n) => n.split('_')).filter((w) => w !== 'body'));

/** Whether a line names a family or a case (after the allowances have taken their text out). */
export function namesAFamily(line: string): boolean {
  return wordsOf(line).some((w) => FAMILY_WORDS.has(w)) || QUOTED_PRESET.test(line) || CASE_NUMBER.test(line);
}

function applies(a: Allowance, file: string): boolean {
  return a.files.some((f) => (f.endsWith('/') ? file.startsWith(f) : file === f));
}

/** "file:line: text" for every line of `text` (the file `file`, relative to the repository) that names a family. */
export function findings(file: string, text: string, allowed: readonly Allowance[] = ALLOWED): string[] {
  const rules = allowed.filter((a) => applies(a, file));
  const keys = new Set(rules.flatMap((a) => a.messageKeys ?? []));
  const out: string[] = [];
  let inAllowedMessage = false;
  text.split('\n').forEach((raw, i) => {
    // A message entry starts at its key; its value may go on over the next lines, up to the next key.
    const key = /^\s*'([^']+)':/.exec(raw)?.[1];
    if (key !== undefined || /^\s*(\/\/|\}|$)/.test(raw)) inAllowedMessage = key !== undefined && keys.has(key);
    if (inAllowedMessage) return;
    let line = raw;
    for (const a of rules) if (a.text) line = line.replace(a.text, '');
    if (namesAFamily(line)) out.push(`${file}:${i + 1}: ${raw.trim()}`);
  });
  return out;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return tsFiles(p);
    return /\.(ts|mts)$/.test(e.name) ? [p] : [];
  });
}

function scan(files: readonly string[]): string[] {
  return files.flatMap((p) => findings(relative(ROOT, p).split('\\').join('/'), readFileSync(p, 'utf8')));
}

/** The generic tests' shared files (a family's test support lives in its package's tests). */
const SUPPORT_FILES: readonly string[] = [
  ...tsFiles(join(ROOT, 'tests/web/unit/support')),
  join(ROOT, 'tests/web/unit/setup.ts'),
  join(ROOT, 'tests/web/unit/engine-options.node.ts'),
  join(ROOT, 'tests/web/browser/support.ts'),
  join(ROOT, 'tests/web/dist/support.ts'),
  join(ROOT, 'tests/web/media-frames.ts'),
];

describe('no family or case is named outside the family packages', () => {
  it('the search sees names in code and comments, in identifiers, quoted presets and case numbers, and keeps to its allowances', () => {
    const seen = (line: string): boolean => findings('web/src/x.ts', line).length > 0;
    for (const line of [
      'const cradle = 1;',
      '// the Cradle swings',
      'import { rigidControls } from "./x";',
      'export const RIGID_CASES = {};',
      "if (name === 'rigid_body') return;",
      'class BilliardTable {}',
      'a particle bounces',
      "selectCase('IV')",
      'const c = "rest";',
      'open(`billiard-stadium`)',
      '// as in Case III',
      'the rigid-body set-up',
    ]) {
      expect(seen(line), line).toBe(true);
    }
    for (const line of [
      'const restart = start + 1;',
      "const flags = new RegExp(x, 'i');",
      '// in case it is needed',
      'type R = RigidBody;',
      'const desc = R.RigidBodyDesc.dynamic();',
      'the bodies rest on the ground',
      'a starting value',
      'an ellipsoid',
    ]) {
      expect(seen(line), line).toBe(false);
    }
    // the site's own text is allowed in the page's message files only, value lines included
    const messages = "export const en = {\n  'page.title': 'a rigid body',\n  'page.description':\n    'a billiard',\n  'other': 'a cradle',\n};";
    expect(findings('web/src/i18n/messages/en.ts', messages)).toEqual(["web/src/i18n/messages/en.ts:5: 'other': 'a cradle',"]);
    expect(findings('web/src/app/x.ts', messages)).toHaveLength(3);
    expect(findings('web/src/app/x.ts', 'const a = 1;\n// the star\n')).toEqual(['web/src/app/x.ts:2: // the star']);
  });

  it('web/src names none (its code, its comments and the page\'s own words)', () => {
    const files = tsFiles(join(ROOT, 'web/src'));
    expect(files.length).toBeGreaterThan(100);
    expect(scan(files)).toEqual([]);
  });

  it('the generic tests\' support files name none', () => {
    expect(scan(SUPPORT_FILES)).toEqual([]);
  });
});
