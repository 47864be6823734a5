// The page's layers (docs/architecture.md "The page's family registry"): the engine wrapper
// (web/src/engine) at the bottom, the config (web/src/config) and the model (web/src/model) above it,
// the view and the controls above them, the app on top. A lower layer imports nothing from a higher one: the
// model gets the family table from the app (SimulationModel's constructor, model/family.ts's
// FamilyTable) instead of importing the registry. The family packages (families/<package>/web and
// i18n) sit beside the app, above the generic layers: a package imports the generic app, model,
// view, config, util, i18n and engine modules and its own files, never another package; web/src
// imports no package but through import.meta.glob in its discovery files. Every import of every
// source file is read from its tokens (static, type-only, re-exports, side effects, dynamic import(),
// worker URLs and import.meta.glob patterns), so that comments and strings that merely look like
// imports do not count.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../../web/src/', import.meta.url));
const PACKAGES = fileURLToPath(new URL('../../../families/', import.meta.url));

/** The files of web/src that find the family packages (import.meta.glob over families/*), and nothing else does. */
const DISCOVERY: readonly string[] = [
  'app/families.ts',
  'app/workers/comparison-worker-tasks.ts',
  'i18n/index.ts',
  'i18n/languages/de.ts',
  'i18n/languages/fr.ts',
  'i18n/languages/es.ts',
  'i18n/languages/zh.ts',
];

/** What a family package may import of web/src (docs/architecture.md "The page's family registry"). */
const PACKAGE_MAY_IMPORT: readonly string[] = ['app', 'model', 'view', 'config', 'util', 'i18n', 'engine'];

/** Layer → the layers it must not import. */
const FORBIDDEN: Readonly<Record<string, readonly string[]>> = {
  // the messages and their formatting (docs/languages.md): below everything that shows words
  i18n: ['app', 'view', 'controls', 'model', 'config', 'engine'],
  engine: ['app', 'view', 'controls', 'model'],
  config: ['app', 'view', 'controls', 'model'],
  model: ['app', 'view', 'controls'],
  controls: ['app'],
};

/**
 * Sub-folders of web/src/app that hold one subsystem each (docs/page.md "Front-end layout"): they import
 * the generic layers and their own files, and of the rest of the app only what is listed (the
 * workers: the packages' contract, whose worker parts they find).
 */
const APP_SUBSYSTEMS: Readonly<Record<string, readonly string[]>> = {
  'app/media': [],
  'app/workers': ['app/family-parts.ts'],
};

type Token = { kind: 'word' | 'string' | 'punct'; text: string };

/**
 * The tokens of a TypeScript source that matter for its imports: words, string literals and
 * punctuation, with comments, template literals and regular-expression literals skipped (a quote
 * inside them is no string).
 */
function tokens(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = src.length;
  /** A slash starts a regular expression where an operand is expected. */
  const operandExpected = (): boolean => {
    const last = out[out.length - 1];
    if (!last) return true;
    if (last.kind === 'punct') return !/[)\]}]/.test(last.text);
    return last.kind === 'word' && /^(return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/.test(last.text);
  };
  while (i < n) {
    const c = src[i] ?? '';
    const d = src[i + 1] ?? '';
    if (/\s/.test(c)) {
      i++;
    } else if (c === '/' && d === '/') {
      while (i < n && src[i] !== '\n') i++;
    } else if (c === '/' && d === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      let text = '';
      while (j < n && src[j] !== c) {
        if (src[j] === '\\') j++;
        text += src[j] ?? '';
        j++;
      }
      out.push({ kind: 'string', text });
      i = j + 1;
    } else if (c === '`') {
      let j = i + 1;
      while (j < n && src[j] !== '`') j += src[j] === '\\' ? 2 : 1;
      out.push({ kind: 'punct', text: '`' });
      i = j + 1;
    } else if (c === '/' && operandExpected()) {
      let j = i + 1;
      let inClass = false;
      while (j < n && (inClass || src[j] !== '/') && src[j] !== '\n') {
        if (src[j] === '\\') j++;
        else if (src[j] === '[') inClass = true;
        else if (src[j] === ']') inClass = false;
        j++;
      }
      out.push({ kind: 'punct', text: 'regexp' });
      i = j + 1;
    } else if (/[A-Za-z_$0-9]/.test(c)) {
      let j = i;
      while (j < n && /[A-Za-z_$0-9]/.test(src[j] ?? '')) j++;
      out.push({ kind: 'word', text: src.slice(i, j) });
      i = j;
    } else {
      out.push({ kind: 'punct', text: c });
      i++;
    }
  }
  return out;
}

/**
 * The module specifiers a TypeScript source imports: import … from, export … from, import '…',
 * import('…') and the worker URLs new URL('…', import.meta.url), in the order they appear.
 */
function importsOf(src: string): string[] {
  const t = tokens(src);
  const out: string[] = [];
  const is = (k: number, text: string): boolean => t[k]?.text === text && t[k]?.kind !== 'string';
  const str = (k: number): string | null => (t[k]?.kind === 'string' ? (t[k]?.text ?? null) : null);
  for (let k = 0; k < t.length; k++) {
    let spec: string | null = null;
    if (is(k, 'from') || (is(k, 'import') && !is(k - 1, '.'))) spec = str(k + 1);
    if (spec === null && is(k, 'import') && is(k + 1, '(')) spec = str(k + 2);
    if (spec === null && is(k, 'new') && is(k + 1, 'URL') && is(k + 2, '(') && is(k + 4, ',') && is(k + 5, 'import') && is(k + 6, '.') && is(k + 7, 'meta')) {
      spec = str(k + 3);
    }
    if (spec !== null) out.push(spec);
  }
  return out;
}

/** The patterns of a source's import.meta.glob calls (type arguments skipped), in the order they appear. */
function globsOf(src: string): string[] {
  const t = tokens(src);
  const out: string[] = [];
  const is = (k: number, text: string): boolean => t[k]?.text === text && t[k]?.kind !== 'string';
  for (let k = 0; k < t.length; k++) {
    if (!(is(k, 'import') && is(k + 1, '.') && is(k + 2, 'meta') && is(k + 3, '.') && is(k + 4, 'glob'))) continue;
    let j = k + 5;
    if (is(j, '<')) {
      let depth = 0;
      for (; j < t.length; j++) {
        if (is(j, '<')) depth++;
        else if (is(j, '>') && --depth === 0) break;
      }
      j++;
    }
    if (is(j, '(') && t[j + 1]?.kind === 'string') out.push(t[j + 1]?.text ?? '');
  }
  return out;
}

/** The package folder (families/<name>) a relative specifier or pattern of `file` lands in, else null. */
function packageOf(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const rel = relative(PACKAGES, resolve(dirname(file), spec));
  if (rel.startsWith('..') || rel === '') return null;
  return rel.split(sep)[0] ?? null;
}

/**
 * The layer a relative specifier of `file` lands in: its top-level folder of web/src (a folder named
 * by itself, for its index.ts, too), 'app' for the entry files directly in web/src (index.ts,
 * main.ts), null outside web/src or when not relative.
 */
function layerOf(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const rel = relative(SRC, resolve(dirname(file), spec));
  if (rel.startsWith('..') || rel === '') return null;
  const parts = rel.split(sep);
  if (parts.length === 1 && existsSync(join(SRC, rel)) && statSync(join(SRC, rel)).isDirectory()) return rel;
  return parts.length > 1 ? (parts[0] ?? null) : 'app';
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|mts|tsx)$/.test(e.name) ? [p] : [];
  });
}

/** "model/simulation-model.ts imports ../app/families (app)", one per import across a forbidden boundary. */
function violations(layer: string, forbidden: readonly string[]): string[] {
  const out: string[] = [];
  for (const file of sources(join(SRC, layer))) {
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      const to = layerOf(file, spec);
      if (to !== null && forbidden.includes(to)) out.push(`${relative(SRC, file)} imports ${spec} (${to})`);
    }
  }
  return out;
}

/** Every source file of every package's page code and words (families/<name>/web, families/<name>/i18n). */
function packageSources(): { pkg: string; file: string }[] {
  return readdirSync(PACKAGES, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) =>
      ['web', 'i18n']
        .map((part) => join(PACKAGES, e.name, part))
        .filter((dir) => existsSync(dir))
        .flatMap((dir) => sources(dir).map((file) => ({ pkg: e.name, file }))),
    );
}

describe('the layers of web/src', () => {
  it('the scanner finds every kind of import and resolves it to its layer', () => {
    const file = join(SRC, 'model', 'families', 'x.ts');
    const text = [
      '// import { no } from "../../app/comment";',
      "import { a } from '../../app/families';",
      "import type {\n  B,\n} from '../../view/family-view';",
      "export { c } from '../../controls/panel';",
      "import '../../app/side-effect';",
      "const d = await import('../../view/scene-view');",
      "const w = new Worker(new URL('../../app/long-run.worker.ts', import.meta.url));",
      "const s = 'import x from \"../../app/string\"';",
      "const r = /from '..\\/..\\/app\\/regexp'/.test(s) && a / 2 > 1 ? `import '../../app/template'` : '';",
      "/* import { g } from '../../view/block-comment'; */",
      "const m = import.meta.url;",
      "import { e } from '../family';",
      "import { f } from 'three';",
    ].join('\n');
    const specs = importsOf(text);
    expect(specs).toEqual([
      '../../app/families',
      '../../view/family-view',
      '../../controls/panel',
      '../../app/side-effect',
      '../../view/scene-view',
      '../../app/long-run.worker.ts',
      '../family',
      'three',
    ]);
    expect(specs.map((s) => layerOf(file, s))).toEqual(['app', 'view', 'controls', 'app', 'view', 'app', 'model', null]);
    expect(layerOf(join(SRC, 'model', 'x.ts'), '../index')).toBe('app');
    expect(layerOf(join(SRC, 'engine', 'x.ts'), '../../cpp/wasm/lgvci_wasm')).toBeNull();
    const globbing = "const a = import.meta.glob<{ x: Array<string> }>('../../../families/*/web/index.ts', { eager: true });\n// import.meta.glob('../../../families/*/i18n/en.ts')\nconst b = import.meta.glob('./local/*.ts');";
    expect(globsOf(globbing)).toEqual(['../../../families/*/web/index.ts', './local/*.ts']);
    expect(packageOf(join(SRC, 'app', 'x.ts'), '../../../families/*/web/index.ts')).toBe('*');
    expect(packageOf(join(SRC, 'app', 'x.ts'), '../../../families/billiard/web/view')).toBe('billiard');
    expect(packageOf(join(SRC, 'app', 'x.ts'), '../model/family')).toBeNull();
    expect(packageOf(join(PACKAGES, 'a', 'web', 'x.ts'), '../../b/web/y')).toBe('b');
    expect(layerOf(join(PACKAGES, 'a', 'web', 'x.ts'), '../../../web/src/model/family')).toBe('model');
  });

  it('web/src imports no family package; only its discovery files find them, by import.meta.glob', () => {
    const out: string[] = [];
    for (const file of sources(SRC)) {
      const name = relative(SRC, file).split(sep).join('/');
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        if (packageOf(file, spec) !== null) out.push(`${name} imports ${spec}`);
      }
      for (const pattern of globsOf(readFileSync(file, 'utf8'))) {
        if (packageOf(file, pattern) !== null && !DISCOVERY.includes(name)) out.push(`${name} globs ${pattern} (not a discovery file)`);
        if (packageOf(file, pattern) !== null && packageOf(file, pattern) !== '*') out.push(`${name} globs one package: ${pattern}`);
      }
    }
    expect(out).toEqual([]);
    for (const d of DISCOVERY) expect(globsOf(readFileSync(join(SRC, d), 'utf8')).some((p) => packageOf(join(SRC, d), p) === '*'), d).toBe(true);
  });

  it(`a family package imports its own files and web/src's ${PACKAGE_MAY_IMPORT.join(', ')} only`, () => {
    const files = packageSources();
    expect(files.length).toBeGreaterThan(0);
    const out: string[] = [];
    for (const { pkg, file } of files) {
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const other = packageOf(file, spec);
        const layer = layerOf(file, spec);
        const where = relative(PACKAGES, file);
        if (other !== null && other !== pkg) out.push(`${where} imports ${spec} (package ${other})`);
        else if (other === null && layer === null) out.push(`${where} imports ${spec} (outside web/src and its package)`);
        else if (other === null && layer !== null && !PACKAGE_MAY_IMPORT.includes(layer)) out.push(`${where} imports ${spec} (${layer})`);
      }
    }
    expect(out).toEqual([]);
  });

  for (const [folder, allowed] of Object.entries(APP_SUBSYSTEMS)) {
    it(`web/src/${folder} imports of web/src/app only its own files${allowed.length ? ` and ${allowed.join(', ')}` : ''}`, () => {
      const files = sources(join(SRC, folder));
      expect(files.length).toBeGreaterThan(0);
      const out: string[] = [];
      for (const file of files) {
        for (const spec of importsOf(readFileSync(file, 'utf8'))) {
          if (layerOf(file, spec) !== 'app') continue;
          const target = relative(SRC, resolve(dirname(file), spec)).split(sep).join('/');
          const inside = target.startsWith(`${folder}/`);
          if (!inside && !allowed.some((a) => target === a || `${target}.ts` === a)) out.push(`${relative(SRC, file)} imports ${spec}`);
        }
      }
      expect(out).toEqual([]);
    });
  }

  for (const [layer, forbidden] of Object.entries(FORBIDDEN)) {
    it(`web/src/${layer} imports nothing from ${forbidden.map((f) => `web/src/${f}`).join(', ')}`, () => {
      expect(sources(join(SRC, layer)).length).toBeGreaterThan(0);
      expect(violations(layer, forbidden)).toEqual([]);
    });
  }
});
