// Folds `vite build --mode single` (dist-single/: index.html, one JS chunk with the worker and the
// .wasm inlined, one CSS file) into one self-contained dist-single/lgvci.html that runs from file://.
// Fails if the page would still reference any other file.
import { copyFileSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
// The settings block, empty, right after the charset (which must stay in the first 1024 bytes, however
// long the settings): "Download offline file with this set-up" writes the set-up's query into it
// (web/src/config/offline-file.ts, EMPTY_SETTINGS_BLOCK: the same text).
const SETTINGS_BLOCK = '<script type="application/json" id="lgvci-settings"></script>';
const CHARSET = /<meta charset="utf-8" \/>/;
if (!CHARSET.test(html)) {
  console.error('inline-single: no <meta charset="utf-8" /> to put the settings block after');
  process.exit(1);
}
html = html.replace(CHARSET, (m) => `${m}\n    ${SETTINGS_BLOCK}`);
const out = join(dir, 'lgvci.html');
writeFileSync(out, html);
// The hosted site offers the same file for download with a set-up baked in: a copy beside index.html
// when dist/ is built (npm run build builds both, in that order).
const site = resolve(dir, '..', 'dist');
if (existsSync(join(site, 'index.html'))) copyFileSync(out, join(site, 'lgvci-offline.html'));
// Only the one file stays, so that nothing can load from beside it.
for (const f of readdirSync(dir)) if (f !== 'lgvci.html') rmSync(join(dir, f), { recursive: true, force: true });
if (existsSync(join(site, 'lgvci-offline.html'))) console.log('dist/lgvci-offline.html: the same file, for "Download offline file with this set-up"');
console.log(`dist-single/lgvci.html: ${(statSync(out).size / 1024).toFixed(0)} KiB, self-contained`);
