// The hand-written declarations (cpp/wasm/lgvci_wasm.d.ts) against the module itself (Emscripten
// 3.1.6 has no --emit-tsd): every class method and module function that bindings.cpp registers is
// declared, and every declared one exists in the built module. A binding added or removed on one side
// only fails here, not at some later call in the page.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { repoRoot } from './support/cli';

const dts = readFileSync(`${repoRoot}cpp/wasm/lgvci_wasm.d.ts`, 'utf8');
const bindings = readFileSync(`${repoRoot}cpp/wasm/bindings.cpp`, 'utf8');

/** Member names of `export interface Name { … }` in the .d.ts (methods and properties at its top level). */
function declaredMembers(name: string): string[] {
  const start = dts.search(new RegExp(`export interface ${name}\\b[^{]*\\{`));
  if (start < 0) throw new Error(`lgvci_wasm.d.ts declares no interface ${name}`);
  // Comments go first (they may hold braces); then keep the text at the interface's own brace depth
  // and outside parentheses (a parameter list may span lines).
  const text = dts.slice(start).replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  let depth = 0;
  let parens = 0;
  let body = '';
  for (let i = text.indexOf('{'); i < text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    if (c === '}' && --depth === 0) break;
    if (c === '(') parens++;
    if (depth === 1 && parens === 0 && c !== '{') body += c;
    if (c === ')') parens--;
  }
  const names = new Set<string>();
  for (const m of body.matchAll(/^\s*(?:readonly\s+)?([A-Za-z_]\w*)\s*[(:]/gm)) names.add(m[1]!);
  return [...names].sort();
}

/** Names registered in bindings.cpp: `.function("x"` inside `class_<Name>(…)` up to its `;`. */
function registeredMethods(className: string): string[] {
  const start = bindings.indexOf(`class_<${className}>(`);
  if (start < 0) throw new Error(`bindings.cpp registers no class ${className}`);
  const block = bindings.slice(start, bindings.indexOf(';', start));
  return [...block.matchAll(/\.function\("(\w+)"/g)].map((m) => m[1]!).sort();
}

function registeredFunctions(): string[] {
  return [...bindings.matchAll(/emscripten::function\("(\w+)"/g)].map((m) => m[1]!).sort();
}

// What embind gives every class on top of its registered methods.
const EMBIND_CLASS_BUILTINS = new Set(['constructor', 'clone', 'delete', 'deleteLater', 'isAliasOf', 'isDeleted']);

let engine: LgvciModule;
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

describe('lgvci_wasm.d.ts agrees with the module', () => {
  for (const cls of ['HybridSimulation', 'EnsembleRunner', 'OrderStudyRunner']) {
    it(`${cls}: declared methods = registered methods = the built class's prototype`, () => {
      const declared = declaredMembers(cls).filter((n) => n !== 'delete');
      expect(declared).toEqual(registeredMethods(cls));
      const ctor = (engine as unknown as Record<string, { prototype: object } | undefined>)[cls];
      expect(ctor, `the module has no class ${cls}`).toBeDefined();
      const proto = Object.getOwnPropertyNames(ctor!.prototype).filter((n) => !EMBIND_CLASS_BUILTINS.has(n));
      expect(proto.sort()).toEqual(declared);
    });
  }

  it('LgvciModule: declared functions = registered functions, each a function of the built module', () => {
    const declared = declaredMembers('LgvciModule');
    expect(declared).toEqual(registeredFunctions());
    const mod = engine as unknown as Record<string, unknown>;
    for (const name of declared) expect(typeof mod[name], name).toBe('function');
  });

  it('the parser reads members, not comments or nested types', () => {
    // Guards the check itself: a known method, a known property-typed member and no words from comments.
    expect(declaredMembers('HybridSimulation')).toContain('returnDistances');
    expect(declaredMembers('ReverseCheck')).toEqual(
      ['distances', 'energyError', 'impactsBack', 'impactsForward', 'status', 'steps'],
    );
  });
});
