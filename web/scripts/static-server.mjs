// What the measuring scripts (measure*.mjs) share: a static server over a built directory, with the
// MIME type streaming compilation needs for .wasm (serves `/` as index.html; 404 otherwise), and how
// they launch headless Chromium.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.png': 'image/png' };

/**
 * Listens on a free port of 127.0.0.1; resolves to the server and its base URL (ending in '/'). With
 * `gzip`, a request that accepts gzip gets each file compressed (level 9, once per file), as static
 * hosts serve the built site (docs/page.md "Serving it": uncompressed, a phone's scores fall).
 */
export async function serveDir(dir, { gzip = false } = {}) {
  const packed = new Map();
  const server = createServer((req, res) => {
    const rel = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^\/+/, '') || 'index.html';
    try {
      let body = readFileSync(join(dir, rel));
      const headers = { 'content-type': TYPES[extname(rel)] ?? 'application/octet-stream' };
      if (gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        if (!packed.has(rel)) packed.set(rel, gzipSync(body, { level: 9 }));
        body = packed.get(rel);
        headers['content-encoding'] = 'gzip';
        headers['vary'] = 'accept-encoding';
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${server.address().port}/` };
}

/** The page to measure: `url` when one is given (server null), else `dir` served, with `query` appended. */
export async function pageToMeasure(url, dir, query = '') {
  if (url) return { server: null, url };
  const { server, base } = await serveDir(dir);
  return { server, url: `${base}${query}` };
}

/** Chromium's launch options: Debian's (or CHROMIUM_PATH), no GPU (software GL), no background traffic. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
};
