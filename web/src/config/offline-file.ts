// Settings that travel with the single offline file (docs/course-material.md "The offline file with a
// set-up"). A file sent as an attachment or put in a course package loses any query string, so the
// settings a link would carry (the set-up, the teacher's locks and hidden controls, the language, the
// theme, autoplay) are written into the file itself: an inert JSON block in its <head>,
//
//   <script type="application/json" id="lgvci-settings">"?case=IV&lock=h"</script>
//
// which scripts/inline-single.mjs puts there empty and the page reads on start (main.ts): when the
// address has no query of its own, the block's query becomes the address's, so every reader of the
// address (the URL state, the embed and class options, the language) sees it. A JSON string, with `<`
// written \u003c, cannot end the block early; a browser never runs a block of this type, so a strict
// Content-Security-Policy allows it.

/** The id of the settings block in the single file's <head>. */
export const SETTINGS_ID = 'lgvci-settings';

/** The block as scripts/inline-single.mjs writes it (empty: no settings), after the charset in <head>. */
export const EMPTY_SETTINGS_BLOCK = `<script type="application/json" id="${SETTINGS_ID}"></script>`;

/** The hosted site's copy of the single file, beside index.html (scripts/inline-single.mjs). */
export const OFFLINE_FILE_NAME = 'lgvci-offline.html';

/** The settings block holding `query` ("?key=value&…", or "" for none). */
export function settingsBlock(query: string): string {
  if (query !== '' && !query.startsWith('?')) throw new Error(`settings: the query must start with "?" (got ${JSON.stringify(query.slice(0, 20))})`);
  return `<script type="application/json" id="${SETTINGS_ID}">${query === '' ? '' : JSON.stringify(query).replace(/</g, '\\u003c')}</script>`;
}

/**
 * The query a settings block's text holds: "" for an empty block; an Error naming the rule for
 * anything else than a JSON string that starts with "?".
 */
export function readSettings(text: string): string {
  const body = text.trim();
  if (body === '') return '';
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new Error('settings: the file\'s settings block is not JSON');
  }
  if (typeof value !== 'string' || !value.startsWith('?')) throw new Error('settings: the file\'s settings block must be a JSON string starting with "?"');
  return value;
}

/**
 * `html` (a single file, as built or as downloaded before) with its settings block replaced by one
 * holding `query`. Throws when the file has no settings block in its <head>.
 */
export function bakeSettings(html: string, query: string): string {
  const open = `<script type="application/json" id="${SETTINGS_ID}">`;
  const start = html.indexOf(open);
  const head = html.indexOf('</head>');
  if (start < 0 || (head >= 0 && start > head)) throw new Error('offline file: no settings block in its <head> (not a file built by npm run build:single)');
  const end = html.indexOf('</script>', start + open.length);
  if (end < 0) throw new Error('offline file: its settings block is not closed');
  return html.slice(0, start) + settingsBlock(query) + html.slice(end + '</script>'.length);
}

/** This document's settings block, or null when it is not the single file. */
export function settingsElement(doc: Document = document): HTMLScriptElement | null {
  const e = doc.getElementById(SETTINGS_ID);
  return e instanceof HTMLScriptElement && e.type === 'application/json' ? e : null;
}

/** The single file's own markup as it was before the app changed the page (captureOwnFile). */
let ownFile: { htmlAttributes: string; head: readonly Element[]; body: string } | null = null;

/**
 * Remember the single file's markup, before the app changes the page (main.ts calls this first): the
 * <html> element's attributes, the elements of <head> (the page's script and styles, a few MB, are
 * serialised only when a file is made) and the markup of <body>. Nothing on a page that is not the
 * single file.
 */
export function captureOwnFile(doc: Document = document): void {
  if (!settingsElement(doc)) return;
  const attrs = [...doc.documentElement.attributes].map((a) => ` ${a.name}="${a.value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`).join('');
  ownFile = { htmlAttributes: attrs, head: [...doc.head.children], body: doc.body.innerHTML };
}

/** Whether this page is the single offline file (it can make a copy of itself). */
export function isOfflineFile(): boolean {
  return ownFile !== null;
}

/** The single file's own markup, rebuilt from captureOwnFile's record. */
function ownFileText(): string {
  if (!ownFile) throw new Error('offline file: this page is not the single file');
  const head = ownFile.head.map((e) => (e.id === SETTINGS_ID ? EMPTY_SETTINGS_BLOCK : e.outerHTML)).join('\n');
  return `<!doctype html>\n<html${ownFile.htmlAttributes}>\n<head>\n${head}\n</head>\n<body>${ownFile.body}</body>\n</html>\n`;
}

/**
 * The single file with `query` baked in: this page's own markup when it is the single file, else the
 * hosted site's copy (`lgvci-offline.html` beside index.html, at `siteBase`), fetched.
 */
export async function offlineFileWith(query: string, siteBase: string | URL): Promise<string> {
  if (ownFile) return bakeSettings(ownFileText(), query);
  const url = new URL(OFFLINE_FILE_NAME, siteBase);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`offline file: ${url.pathname} answered ${response.status} (the site has no ${OFFLINE_FILE_NAME}: build it with npm run build)`);
  return bakeSettings(await response.text(), query);
}

/** The name of a downloaded file: lgvci-<case>.html ("-class" for a teacher's settings). */
export function offlineFileName(query: string, forClass: boolean): string {
  const c = new URLSearchParams(query).get('case') ?? 'setup';
  const safe = c.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40) || 'setup';
  return `lgvci-${forClass ? 'class-' : ''}${safe}.html`;
}
