// Shared by the tests of the built artefacts: the dist/ folder served file by file (a tiny static
// server's response) and Debian's Chromium launched through Playwright.
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll } from 'vitest';

export const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Answer with dist/`rel` (a normalised relative path), or 404 when it is outside dist/ or missing. */
export function sendDistFile(res: ServerResponse, rel: string): void {
  sendFileUnder(res, DIST, rel);
}

/** Answer with `root`/`rel` (root ending in a separator), or 404 when it is outside root, missing or a folder. */
export function sendFileUnder(res: ServerResponse, root: string, rel: string): void {
  const file = join(root, normalize(rel));
  if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) {
    res.writeHead(404).end('not found');
    return;
  }
  res.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
}

/**
 * dist/ as a static host serves it at `prefix` ('/' or '/course/sim/'): a folder is its index.html,
 * a path outside the prefix is 404. `path` is the request's decoded path.
 */
export function serveDistUnder(res: ServerResponse, path: string, prefix: string): void {
  if (!path.startsWith(prefix)) {
    res.writeHead(404).end('not found');
    return;
  }
  let rel = normalize(path.slice(prefix.length));
  if (rel === '.' || rel === '' || rel.endsWith('/')) rel = join(rel, 'index.html');
  sendDistFile(res, rel);
}

/**
 * /usr/bin/chromium (or $CHROMIUM_PATH), headless, without the sandbox, GPU or background traffic, in
 * English: the page follows the browser's languages when the address names none (docs/languages.md),
 * and these tests read its English words on any machine.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--lang=en-US'],
  });
}

/** The built site served at the root for one test file, with Chromium (useDistSite). */
export interface DistSite {
  /** http://127.0.0.1:<port>, set before the tests run. */
  origin: string;
  browser: Browser;
  /** Every path asked for, decoded, in order. */
  readonly requested: string[];
}

/** dist/ served at '/' by a static server and a Chromium, started in beforeAll and closed in afterAll. */
export function useDistSite(): DistSite {
  let server: Server | undefined;
  const site: DistSite = { origin: '', browser: undefined as unknown as Browser, requested: [] };
  beforeAll(async () => {
    if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/index.html missing: run `npm run build` first');
    const s = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      site.requested.push(path);
      serveDistUnder(res, path, '/');
    });
    server = s;
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    site.origin = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    site.browser = await launchChromium();
  });
  afterAll(async () => {
    await (site.browser as Browser | undefined)?.close();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  });
  return site;
}
