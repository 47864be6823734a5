// scripts/size-check.mjs (the size ceilings of the built site and the offline file, docs/page.md
// "Size ceilings") run as scripts/test.sh runs it, on a fake dist/ in a temporary folder: what counts
// as the first load (index.html, what it links except prefetches, the static imports of those chunks,
// transitively, a preloaded .wasm; not dynamic imports or workers), the gzip -9 sums, the exit code 1 and
// message on a size over its ceiling, 2 on bad input; and the repository's ceilings file itself.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCRIPT = join(ROOT, 'scripts/size-check.mjs');
const MEASURES = ['first-load.gzip', 'wasm.gzip', 'single-file.raw', 'site.raw'];

interface Row {
  name: string;
  bytes: number;
  ceiling: number;
  over: boolean;
  files: string[];
}

let dir = '';
let dist = '';
let single = '';
let ceilingsPath = '';

/** Manifest of the fake build: the entry imports shared.js; the app chunk (modulepreloaded) imports
 * three.js statically and lazy.js dynamically; the worker and later.js (prefetched) are not first-load. */
const manifest = (): Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean }> => ({
  'main.ts': { file: 'assets/entry.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['app.ts'], css: ['assets/style.css'] },
  '_shared.js': { file: 'assets/shared.js' },
  'app.ts': { file: 'assets/app.js', imports: ['three.js'], dynamicImports: ['lazy.ts'] },
  'three.js': { file: 'assets/three.js' },
  'lazy.ts': { file: 'assets/lazy.js' },
  'later.ts': { file: 'assets/later.js' },
});

const INDEX = `<!doctype html><html><head>
<link rel="icon" href="data:image/svg+xml,%3Csvg%3E%3C/svg%3E" />
<script type="module" crossorigin src="./assets/entry.js"></script>
<link rel="stylesheet" crossorigin href="./assets/style.css">
<link rel="modulepreload" crossorigin="" href="./assets/app.js">
<link rel="preload" as="fetch" type="application/wasm" crossorigin="anonymous" href="./assets/engine-x1.wasm">
<link rel="prefetch" href="./assets/later.js">
</head><body></body></html>`;

function put(rel: string, content: string | Buffer): void {
  const p = join(dist, rel);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, content);
}

const gz = (rel: string): number => gzipSync(readFileSync(join(dist, rel)), { level: 9 }).length;

function writeCeilings(bytes: Partial<Record<string, number>>, reason = 'test'): void {
  const ceilings = Object.fromEntries(MEASURES.map((m) => [m, { bytes: bytes[m] ?? 1e9, reason }]));
  writeFileSync(ceilingsPath, JSON.stringify({ ceilings }));
}

function run(...extra: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [SCRIPT, '--dist', dist, '--single', single, '--ceilings', ceilingsPath, ...extra], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const rows = (): Row[] => {
  const r = run('--json');
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as Row[];
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lgvci-size-'));
  dist = join(dir, 'dist');
  single = join(dir, 'lgvci.html');
  ceilingsPath = join(dir, 'ceilings.json');
  put('index.html', INDEX);
  put('.vite/manifest.json', JSON.stringify(manifest()));
  put('assets/entry.js', 'import "./shared.js"; import("./app.js");\n'.repeat(20));
  put('assets/shared.js', 'export const x = 1;\n'.repeat(50));
  put('assets/style.css', 'body { margin: 0 }\n'.repeat(40));
  put('assets/app.js', randomBytes(3000)); // incompressible: gzip makes it a little larger
  put('assets/three.js', 'export class Mesh {}\n'.repeat(500));
  put('assets/lazy.js', randomBytes(5000));
  put('assets/later.js', randomBytes(700));
  put('assets/long-run.worker-ab.js', randomBytes(900));
  put('assets/engine-x1.wasm', randomBytes(4000));
  writeFileSync(single, randomBytes(12_345));
  writeCeilings({});
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('scripts/size-check.mjs', () => {
  it('first load: index.html, its links (not the prefetch; the preloaded .wasm), their static imports, gzip -9 summed', () => {
    const first = rows().find((r) => r.name === 'first-load.gzip')!;
    const expected = ['assets/app.js', 'assets/engine-x1.wasm', 'assets/entry.js', 'assets/shared.js', 'assets/style.css', 'assets/three.js', 'index.html'];
    expect(first.files).toEqual(expected);
    expect(first.bytes).toBe(expected.reduce((s, f) => s + gz(f), 0));
    expect(first.files).not.toContain('assets/lazy.js');
    expect(first.files).not.toContain('assets/long-run.worker-ab.js');
  });

  it('a .wasm that index.html does not preload is fetched after the first frame: not in the first load', () => {
    put('index.html', INDEX.replace(/^<link rel="preload" as="fetch".*\n/m, ''));
    const first = rows().find((r) => r.name === 'first-load.gzip')!;
    expect(first.files).toEqual(['assets/app.js', 'assets/entry.js', 'assets/shared.js', 'assets/style.css', 'assets/three.js', 'index.html']);
    // It is still measured on its own.
    expect(rows().find((r) => r.name === 'wasm.gzip')?.files).toEqual(['assets/engine-x1.wasm']);
  });

  it('the .wasm gzipped, the single file and the whole site as stored', () => {
    const r = rows();
    expect(r.find((x) => x.name === 'wasm.gzip')).toMatchObject({ bytes: gz('assets/engine-x1.wasm'), files: ['assets/engine-x1.wasm'] });
    expect(r.find((x) => x.name === 'single-file.raw')!.bytes).toBe(12_345);
    const site = r.find((x) => x.name === 'site.raw')!;
    expect(site.files).toHaveLength(11); // index.html, the manifest and nine assets
    expect(site.bytes).toBe(site.files.reduce((s, f) => s + statSync(join(dist, f)).size, 0));
  });

  it('passes at the ceiling, fails one byte over it with both numbers and what to do', () => {
    const w = gz('assets/engine-x1.wasm');
    writeCeilings({ 'wasm.gzip': w });
    const ok = run();
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/wasm\.gzip +[\d,]+ B {2}ceiling +[\d,]+ B +100\.0 % {2}ok/);

    writeCeilings({ 'wasm.gzip': w - 1 });
    const bad = run();
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/wasm\.gzip .* OVER/);
    expect(bad.stderr).toContain(`wasm.gzip is ${w} B, over its ceiling of ${w - 1} B by 1 B`);
    expect(bad.stderr).toContain('tests/size/ceilings.json');
  });

  it('a chunk made a static import joins the first load and can push it over', () => {
    const before = rows().find((r) => r.name === 'first-load.gzip')!.bytes;
    writeCeilings({ 'first-load.gzip': before });
    expect(run().status).toBe(0);
    const m = manifest();
    m['app.ts']!.imports = ['three.js', 'lazy.ts'];
    m['app.ts']!.dynamicImports = [];
    put('.vite/manifest.json', JSON.stringify(m));
    const r = run();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`first-load.gzip is ${before + gz('assets/lazy.js')} B`);
  });

  it('an oversized offline file or site fails', () => {
    writeCeilings({ 'single-file.raw': 12_344 });
    expect(run().stderr).toContain('single-file.raw is 12345 B, over its ceiling of 12344 B');
    writeCeilings({});
    put('assets/rapier-copy.js', randomBytes(10_000)); // a second copy of something large
    const site = rows().find((r) => r.name === 'site.raw')!.bytes;
    writeCeilings({ 'site.raw': site - 10_000 });
    expect(run().status).toBe(1);
  });

  it('bad input: exit 2 with the file and the rule', () => {
    writeFileSync(ceilingsPath, JSON.stringify({ ceilings: { 'wasm.gzip': { bytes: 10, reason: 'x' } } }));
    let r = run();
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/ceilings\.first-load\.gzip: required/);

    writeCeilings({});
    const doc = JSON.parse(readFileSync(ceilingsPath, 'utf8'));
    doc.ceilings['site.raw'].reason = ' ';
    writeFileSync(ceilingsPath, JSON.stringify(doc));
    r = run();
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/ceilings\.site\.raw\.reason: must say why/);

    doc.ceilings['site.raw'] = { bytes: 1.5, reason: 'x' };
    writeFileSync(ceilingsPath, JSON.stringify(doc));
    expect(run().stderr).toMatch(/ceilings\.site\.raw\.bytes: must be a positive integer/);

    writeCeilings({});
    rmSync(join(dist, '.vite'), { recursive: true });
    r = run();
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/manifest\.json is missing: vite\.config\.ts must set build\.manifest/);

    rmSync(single);
    expect(run().stderr).toMatch(/lgvci\.html is missing: run `npm run build:single` first/);
    expect(run('--bogus').stderr).toMatch(/--bogus: unknown option/);
  });

  it("the repository's ceilings: every measure has a positive byte count and a reason", () => {
    const doc = JSON.parse(readFileSync(join(ROOT, 'tests/size/ceilings.json'), 'utf8')) as { ceilings: Record<string, { bytes: number; reason: string }> };
    expect(Object.keys(doc.ceilings).sort()).toEqual([...MEASURES].sort());
    for (const m of MEASURES) {
      expect(Number.isSafeInteger(doc.ceilings[m]!.bytes) && doc.ceilings[m]!.bytes > 0).toBe(true);
      expect(doc.ceilings[m]!.reason.length).toBeGreaterThan(20);
    }
  });
});
