// Folds `vite build --mode single` (dist-single/: index.html, one JS chunk with the worker and the
// .wasm inlined, one CSS file) into one self-contained dist-single/lgvci.html that runs from file://.
// Fails if the page would still reference any other file.
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = resolve(fileURLToPath(new URL('..', import.meta.url)), 'dist-single');
let html = readFileSync(join(dir, 'index.html'), 'utf8');
const read = (href) => readFileSync(join(dir, href.replace(/^\.\//, '')), 'utf8');
const used = new Set();

// An inline script ends at the first "</script" whatever the quotes: escape it (valid JS either way).
html = html.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_m, src) => {
  used.add(src);
  return `<script type="module">${read(src).replace(/<\/(script)/gi, '<\\/$1')}</script>`;
});
html = html.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_m, href) => {
  used.add(href);
  return `<style>${read(href).replace(/<\/(style)/gi, '<\\/$1')}</style>`;
});
html = html.replace(/<link rel="modulepreload"[^>]*>\s*/g, '');

const leftover = html.match(/(?:src|href)="\.?\/?assets\/[^"]+"/g);
if (used.size === 0 || leftover) {
  console.error(`inline-single: could not inline everything (inlined ${[...used].join(', ') || 'nothing'}; left: ${leftover ?? 'none'})`);
  process.exit(1);
}
const out = join(dir, 'lgvci.html');
writeFileSync(out, html);
// Only the one file stays, so that nothing can load from beside it.
for (const f of readdirSync(dir)) if (f !== 'lgvci.html') rmSync(join(dir, f), { recursive: true, force: true });
console.log(`dist-single/lgvci.html: ${(statSync(out).size / 1024).toFixed(0)} KiB, self-contained`);
