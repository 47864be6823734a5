// Size ceilings of the built artefacts (docs/page.md "Size ceilings"): measures the built site
// (dist/, from `npm run build`) and the single offline file (dist-single/lgvci.html, from
// `npm run build:single`), prints each size beside its ceiling from tests/size/ceilings.json, and
// exits 1 when any is over (2 on bad input: a missing build, a malformed ceilings file).
//
// What is measured (gzip: node:zlib at level 9, each file compressed on its own, as a static host that
// serves precompressed files (gzip -9, nginx gzip_static) sends them; on-the-fly compression at a lower
// level sends somewhat more, Brotli less):
//   first-load.gzip  what the page fetches before its first frame: index.html; every local file it
//                    names in a <script src> or <link href> (the entry script, the stylesheet, the
//                    modulepreloads, a preloaded .wasm; not rel="prefetch"); the chunks and CSS those
//                    JS chunks import statically, transitively (dist/.vite/manifest.json's `imports`
//                    and `css`; its `dynamicImports` — the engine, Rapier, uPlot, the workers — are
//                    lazy). The engine's .wasm is fetched after a preset's first frame (docs/page.md
//                    "First load"), so it counts only if index.html preloads it. Summed, gzipped.
//   wasm.gzip        each .wasm in dist/assets (the engine), gzipped.
//   single-file.raw  dist-single/lgvci.html as stored (it is opened from disk: nothing compresses it).
//   site.raw         all of dist/ as stored (what a deployment copies; a second copy of Rapier shows here).
//
// Usage: node scripts/size-check.mjs [--dist DIR] [--single FILE] [--ceilings FILE] [--json]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const GZIP_LEVEL = 9;
export const MEASURES = ['first-load.gzip', 'wasm.gzip', 'single-file.raw', 'site.raw'];

/** Bad input (a missing build, a malformed ceilings file): exit code 2, as the CLI's. */
export class SizeCheckInputError extends Error {}

const gzipBytes = (file) => gzipSync(readFileSync(file), { level: GZIP_LEVEL }).length;

function filesUnder(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else out.push(p);
  }
  return out;
}

/** The local files index.html names in <script src> and <link href> (not rel="prefetch"), relative to dist/. */
export function linkedFiles(html) {
  const out = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attr = (name) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find((v) => v !== undefined);
    if (/^<link/i.test(tag) && /(^|\s)prefetch(\s|$)/i.test(attr('rel') ?? '')) continue;
    const url = attr('src') ?? attr('href');
    if (!url || /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(url)) continue; // data:, https:, protocol-relative
    out.push(url.replace(/^\.\//, '').replace(/^\//, '').split(/[?#]/)[0]);
  }
  return out;
}

/** The files fetched before the first frame, relative to `dist` (see the header). */
export function firstLoadFiles(dist) {
  const indexPath = join(dist, 'index.html');
  if (!existsSync(indexPath)) throw new SizeCheckInputError(`${indexPath} is missing: run \`npm run build\` first`);
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new SizeCheckInputError(`${manifestPath} is missing: vite.config.ts must set build.manifest (the chunk graph)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const byFile = new Map(Object.values(manifest).map((c) => [c.file, c]));
  const files = new Set(['index.html']);
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    const chunk = byFile.get(file);
    if (!chunk) return;
    for (const css of chunk.css ?? []) files.add(css);
    for (const key of chunk.imports ?? []) {
      const dep = manifest[key];
      if (!dep) throw new SizeCheckInputError(`${manifestPath}: ${file} imports ${key}, which the manifest does not list`);
      visit(dep.file);
    }
  };
  for (const f of linkedFiles(readFileSync(indexPath, 'utf8'))) visit(f);
  for (const f of files) {
    if (!existsSync(join(dist, f))) throw new SizeCheckInputError(`${join(dist, f)} is missing (named by index.html or the manifest)`);
  }
  return [...files].sort();
}

/** The .wasm files in dist/assets, relative to dist/. */
export function wasmFiles(dist) {
  const dir = join(dist, 'assets');
  if (!existsSync(dir)) throw new SizeCheckInputError(`${dir} is missing: run \`npm run build\` first`);
  const out = readdirSync(dir).filter((f) => f.endsWith('.wasm')).map((f) => `assets/${f}`);
  if (out.length === 0) throw new SizeCheckInputError(`${dir} holds no .wasm: the engine's module is missing from the build`);
  return out.sort();
}

/** Reads and validates the ceilings file: { ceilings: { <measure>: { bytes, reason } } }. */
export function readCeilings(path) {
  if (!existsSync(path)) throw new SizeCheckInputError(`${path} is missing`);
  let doc;
  try {
    doc = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new SizeCheckInputError(`${path}: not JSON (${e.message})`);
  }
  const out = {};
  for (const m of MEASURES) {
    const c = doc?.ceilings?.[m];
    if (!c) throw new SizeCheckInputError(`${path}: ceilings.${m}: required`);
    if (!Number.isSafeInteger(c.bytes) || c.bytes <= 0) throw new SizeCheckInputError(`${path}: ceilings.${m}.bytes: must be a positive integer`);
    if (typeof c.reason !== 'string' || c.reason.trim() === '') throw new SizeCheckInputError(`${path}: ceilings.${m}.reason: must say why the ceiling is what it is`);
    out[m] = c.bytes;
  }
  for (const m of Object.keys(doc.ceilings)) {
    if (!MEASURES.includes(m)) throw new SizeCheckInputError(`${path}: ceilings.${m}: unknown measure (known: ${MEASURES.join(', ')})`);
  }
  return out;
}

/** Each measure: its bytes, its ceiling, the files it sums (several for wasm.gzip: one row each). */
export function measure({ dist, single, ceilingsPath }) {
  const ceilings = readCeilings(ceilingsPath);
  if (!existsSync(single)) throw new SizeCheckInputError(`${single} is missing: run \`npm run build:single\` first`);
  const first = firstLoadFiles(dist);
  const rows = [
    { name: 'first-load.gzip', bytes: first.reduce((s, f) => s + gzipBytes(join(dist, f)), 0), files: first },
    ...wasmFiles(dist).map((f) => ({ name: 'wasm.gzip', bytes: gzipBytes(join(dist, f)), files: [f] })),
    { name: 'single-file.raw', bytes: statSync(single).size, files: [single] },
  ];
  const site = filesUnder(dist);
  rows.push({ name: 'site.raw', bytes: site.reduce((s, f) => s + statSync(f).size, 0), files: site.map((f) => relative(dist, f)).sort() });
  return rows.map((r) => ({ ...r, ceiling: ceilings[r.name], over: r.bytes > ceilings[r.name] }));
}

function main(argv) {
  const opt = { dist: join(ROOT, 'dist'), single: join(ROOT, 'dist-single', 'lgvci.html'), ceilingsPath: join(ROOT, 'tests', 'size', 'ceilings.json'), json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new SizeCheckInputError(`${a}: needs a value`);
      return resolve(v);
    };
    if (a === '--dist') opt.dist = value();
    else if (a === '--single') opt.single = value();
    else if (a === '--ceilings') opt.ceilingsPath = value();
    else if (a === '--json') opt.json = true;
    else throw new SizeCheckInputError(`${a}: unknown option (--dist DIR, --single FILE, --ceilings FILE, --json)`);
  }
  const rows = measure(opt);
  if (opt.json) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    const fmt = (n) => n.toLocaleString('en-US').padStart(11);
    const shown = (p) => (p.startsWith(ROOT) ? relative(ROOT, p) : p);
    console.log(`size check: gzip = node:zlib level ${GZIP_LEVEL}, each file on its own; ceilings from ${shown(opt.ceilingsPath)}`);
    for (const r of rows) {
      const pct = ((100 * r.bytes) / r.ceiling).toFixed(1).padStart(5);
      const what = r.name === 'wasm.gzip' ? `  ${r.files[0]}` : r.name === 'first-load.gzip' ? `  (${r.files.length} files)` : '';
      console.log(`  ${r.name.padEnd(16)} ${fmt(r.bytes)} B  ceiling ${fmt(r.ceiling)} B  ${pct} %  ${r.over ? 'OVER' : 'ok'}${what}`);
    }
    const first = rows.find((r) => r.name === 'first-load.gzip');
    console.log(`  first load: ${first.files.join(', ')}`);
  }
  const over = rows.filter((r) => r.over);
  for (const r of over) {
    console.error(
      `size check: ${r.name} is ${r.bytes} B, over its ceiling of ${r.ceiling} B by ${r.bytes - r.ceiling} B (${((100 * (r.bytes - r.ceiling)) / r.ceiling).toFixed(1)} %). ` +
        `A deliberate increase raises ceilings["${r.name}"].bytes in tests/size/ceilings.json in the same commit and says why in its "reason" (docs/contributing.md).`,
    );
  }
  return over.length > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof SizeCheckInputError)) throw e;
    console.error(`size check: ${e.message}`);
    process.exitCode = 2;
  }
}
