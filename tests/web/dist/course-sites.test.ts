// The course-site recipes of docs/custom-element.md, built with the static-site generators Debian 12
// ships (MkDocs 1.4.2, Sphinx 5.3) and opened in Debian's Chromium. The site files are the blocks the
// docs page marks `<!-- site: NAME file: PATH -->`, so the docs show exactly what is tested: each site
// is built from them with the BUILT dist/ copied where the page says, served, and every page holding
// an element is opened; every element must start its simulator (frames drawn) with no console error.
// The form the docs gave before (MkDocs 1.5's `path:`/`type: module`) stopped 1.4.2's build. Needs
// `npm run build` first, and `mkdocs` and `sphinx-build` (scripts/setup.sh installs them).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, launchChromium, sendFileUnder } from './support';

const DOC = fileURLToPath(new URL('../../../docs/custom-element.md', import.meta.url));

/** site name → { file path → text }, from the docs' marked blocks. */
function sitesOfDoc(text: string): Map<string, Map<string, string>> {
  const sites = new Map<string, Map<string, string>>();
  const block = /<!-- site: (\S+) file: (\S+) -->\n```[^\n]*\n([\s\S]*?)```/g;
  for (const m of text.matchAll(block)) {
    const [, site, file, body] = m as unknown as [string, string, string, string];
    if (!sites.has(site)) sites.set(site, new Map());
    sites.get(site)!.set(file, body);
  }
  return sites;
}

/** How each generator builds a site, and where the docs put dist/ in it. */
const GENERATORS: Record<string, { dist: string; build: (src: string, out: string) => void }> = {
  mkdocs: { dist: 'docs/lgvci', build: (src, out) => void execFileSync('mkdocs', ['build', '-q', '-f', join(src, 'mkdocs.yml'), '-d', out]) },
  sphinx: { dist: '_static/lgvci', build: (src, out) => void execFileSync('sphinx-build', ['-q', '-b', 'html', src, out]) },
};

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'lgvci' || name === '_static' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

const work = mkdtempSync(join(tmpdir(), 'lgvci-course-sites-'));
/** site name → the built pages (paths relative to its output folder) that hold an element. */
const built = new Map<string, string[]>();
let server: Server;
let origin = '';
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(DIST, 'lgvci-element.js'))) throw new Error('dist/lgvci-element.js missing: run `npm run build` first');
  const sites = sitesOfDoc(readFileSync(DOC, 'utf8'));
  for (const [site, files] of sites) {
    const generator = GENERATORS[site.split('-')[0]!];
    if (!generator) throw new Error(`docs/custom-element.md: site '${site}' names no known generator (${Object.keys(GENERATORS).join(', ')})`);
    const src = join(work, 'src', site);
    for (const [file, body] of files) {
      mkdirSync(dirname(join(src, file)), { recursive: true });
      writeFileSync(join(src, file), body);
    }
    cpSync(DIST, join(src, generator.dist), { recursive: true });
    const out = join(work, 'out', site);
    generator.build(src, out);
    built.set(
      site,
      htmlFiles(out)
        .filter((f) => readFileSync(f, 'utf8').includes('<lgvci-sim'))
        .map((f) => relative(out, f)),
    );
  }
  server = createServer((req, res) => sendFileUnder(res, join(work, 'out', sep), decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  rmSync(work, { recursive: true, force: true });
});

describe('docs/custom-element.md: the course-site recipes, built with Debian’s MkDocs and Sphinx', () => {
  it('the docs mark the MkDocs (site-wide and one-page) and Sphinx sites, each with an element', () => {
    expect([...built.keys()].sort()).toEqual(['mkdocs-page', 'mkdocs-theme', 'sphinx']);
    // Pages in a sub-folder too: the script's address must be made relative to each page.
    expect(built.get('mkdocs-theme')!.some((p) => p.includes('/'))).toBe(true);
    expect(built.get('sphinx')!.some((p) => p.includes('/'))).toBe(true);
    for (const pages of built.values()) expect(pages.length).toBeGreaterThan(0);
  });

  it('every element on every built page starts its simulator, with no console error', async () => {
    for (const [site, pages] of built) {
      for (const rel of pages) {
        const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
        // The simulator's errors: the themes' own (MkDocs' loads highlight.js from a CDN, unreachable
        // here, and then calls it) are not the recipe's.
        const errors: string[] = [];
        const ours = (url: string): boolean => url.startsWith(origin) && url.includes('lgvci/');
        page.on('console', (m) => m.type() === 'error' && ours(m.location().url) && errors.push(m.text()));
        page.on('pageerror', (e) => (e.stack ?? '').includes(`${origin}/${site}/`) && /lgvci\//.test(e.stack ?? '') && errors.push(String(e)));
        await page.goto(`${origin}/${site}/${rel.split('\\').join('/')}`);
        const count = await page.evaluate(() => document.querySelectorAll('lgvci-sim').length);
        expect(count, `${site}/${rel}`).toBeGreaterThan(0);
        await page.waitForFunction(
          () =>
            [...document.querySelectorAll('lgvci-sim')].every((el) => {
              const app = (el as unknown as { app?: { frames: number } | null }).app;
              return !!app && app.frames > 2;
            }),
          undefined,
          { timeout: 180_000 },
        );
        expect(errors, `${site}/${rel}`).toEqual([]);
        await page.close();
      }
    }
  }, 600_000);
});
