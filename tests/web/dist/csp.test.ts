// The BUILT site under a strict Content-Security-Policy, as a university's web server sends it: no
// 'unsafe-eval' (only 'wasm-unsafe-eval', which compiling WebAssembly needs), no inline script or
// style, every fetch, worker and image from the site itself. The engine loads and steps (the page's
// performance marks), the plots draw, and the browser reports no violation of the policy and no error
// (docs/course-material.md "Strict sites"). The glue is built without code from strings
// (-sDYNAMIC_EXECUTION=0, cpp/wasm/CMakeLists.txt); before that the engine failed here. Needs
// `npm run build` first.
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, launchChromium, sendDistFile, serveDistUnder } from './support';

/** The policy docs/course-material.md gives hosts ("Strict sites"). */
export const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

let server: Server;
let origin = '';
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/index.html missing: run `npm run build` first');
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const send = res.writeHead.bind(res);
    // Every response carries the policy (a worker's script is governed by its own response's).
    res.writeHead = ((status: number, headers?: Record<string, string>) =>
      send(status, { ...(headers ?? {}), 'content-security-policy': STRICT_CSP })) as typeof res.writeHead;
    if (path === '/') sendDistFile(res, 'index.html');
    else serveDistUnder(res, path, '/');
  });
  await new Promise<void>((r) => server.listen(0, r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
});

describe('the built page under a strict Content-Security-Policy', () => {
  it("loads the engine, steps and plots with only 'wasm-unsafe-eval', and nothing is blocked", async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const response = await page.goto(`${origin}/?case=billiard-stadium`);
    expect(response?.headers()['content-security-policy']).toBe(STRICT_CSP);
    await page.waitForFunction(() => performance.getEntriesByName('lgvci:engine-ready').length > 0, undefined, { timeout: 60_000 });
    await page.waitForFunction(() => performance.getEntriesByName('lgvci:first-step').length > 0, undefined, { timeout: 60_000 });
    await page.waitForSelector('[data-plot="energy"] .plot-host canvas', { timeout: 30_000 });
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
