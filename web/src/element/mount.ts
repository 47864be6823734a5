// The lazily loaded part of <lgvci-sim> (element/lgvci-element.ts is the small entry): mounts one app
// (app/app.ts mountApp) inside the element's shadow root, from the element's attributes read as the
// address (element/attributes.ts), and never touches the host page's address, <html> or styles.
//
// Measured and chosen (docs/custom-element.md "Several on one page"): every element uses the page's
// one engine module (engine/loader.ts loads it once; each app builds its own simulations in it), its own
// keyboard shortcuts on its own root, its own styles in its own shadow root. The language is the one
// thing the app keeps per page (i18n/index.ts holds the active language and looks every string up when
// it is drawn), so the elements on a page share one: that of the first element in the document that
// names a locale, else the reader's browser language; an element asking for another says so inside
// itself, as "locale: <rule>", and in the console.
import appCss from '../styles/app.css?inline';
import chromeCss from '../styles/chrome.css?inline';
import comparisonCss from '../styles/comparison.css?inline';
import printCss from '../styles/print.css?inline';
import uplotCss from 'uplot/dist/uPlot.min.css?inline';
import elementCss from './element.css?inline';
import type { App } from '../app/app';
import { mountApp } from '../app/app';
import { parseEmbedOptions } from '../app/embed-options';
import type { LocaleCode } from '../i18n';
import { chooseLocale, formatNumber, t } from '../i18n';
import { addressKeys } from './address-keys';
import { attributesToQuery } from './attributes';
import { hostBoxSheet } from './host-box';
import { scopeCss } from './scope-css';
import type { HostEmit } from '../api/host';
import { HostApi } from '../api/host';

let sheet: CSSStyleSheet | null = null;
/** One parsed stylesheet shared by every element's shadow root. */
function elementSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync([appCss, chromeCss, comparisonCss, uplotCss, printCss].map(scopeCss).join('\n') + '\n' + elementCss);
  }
  return sheet;
}

/** The language the page's elements show, and how many mounted elements hold it. */
let shared: { code: LocaleCode; holders: number } | null = null;

/** The language the first <lgvci-sim> of the document with a valid locale asks for, else `fallback` (the browser's choice). */
function pageLocale(languages: readonly string[], fallback: LocaleCode): LocaleCode {
  for (const e of document.querySelectorAll('lgvci-sim[locale]')) {
    const c = chooseLocale(`?locale=${encodeURIComponent(e.getAttribute('locale') ?? '')}`, languages);
    if (c.source === 'url') return c.code;
  }
  return fallback;
}

/** What mountElement needs from the element: its attributes, its shadow root and the simulator page beside its script. */
export interface ElementHost {
  readonly attributes: Iterable<{ name: string; value: string }>;
  readonly shadow: ShadowRoot;
  /** The full page the share link opens (index.html beside lgvci-element.js). */
  readonly pageUrl: URL;
  /** Send one of the host API's events (docs/host-api.md) from the element. */
  readonly emit?: HostEmit;
}

export interface MountedElement {
  readonly app: App;
  /** The query the attributes gave ("?case=…&tilt=…&embed=1"). */
  readonly query: string;
  /** The host API on the app (api/host.ts): the element's methods call it, its events come from it. */
  readonly host: HostApi;
  destroy(): void;
}

/** Mount an app in the element's shadow root; destroy() deletes it and releases the shared language. */
export async function mountElement(host: ElementHost, languages: readonly string[]): Promise<MountedElement> {
  const { shadow } = host;
  shadow.adoptedStyleSheets = [hostBoxSheet(), elementSheet()];
  const root = document.createElement('div');
  root.className = 'lgvci-element-root';
  shadow.replaceChildren(root);

  const query = attributesToQuery(host.attributes, addressKeys());
  const { options, messages } = parseEmbedOptions(query);
  const choice = chooseLocale(query, languages);
  if (choice.message) messages.push(choice.message);
  // The page's language: taken once, by whichever element mounts first, from the first element in
  // the document that names a locale (so not from the order in which their chunks arrive).
  shared ??= { code: pageLocale(languages, choice.code), holders: 0 };
  shared.holders += 1;
  const code = shared.code;
  if (choice.source === 'url' && choice.code !== code) {
    const message = `locale: every <lgvci-sim> on a page shows one language, here "${code}", the first element's (asked "${choice.code}")`;
    messages.push(message);
    console.warn(message);
  }
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    if (shared && --shared.holders === 0) shared = null;
  };

  const page = host.pageUrl;
  let app: App;
  try {
    app = await mountApp(root, {
      query,
      syncUrl: false,
      embed: options,
      messages,
      locale: code,
      location: () => ({ search: query, origin: page.origin, pathname: page.pathname, hash: '' }),
    });
  } catch (e) {
    release();
    throw e;
  }
  // Several elements are several landmarks: each gets a name of its own ("Simulation 2"), by its
  // place among the page's elements (axe-core's landmark-unique).
  const all: Element[] = [...document.querySelectorAll('lgvci-sim')];
  const place = all.indexOf(shadow.host);
  if (all.length > 1 && place >= 0) app.root.setAttribute('aria-label', `${t('app.region')} ${formatNumber(place + 1)}`);
  // The keys the app answered (Space, S, →, …) stay inside: a slide deck or a book listening on the
  // document does not also turn the page.
  const keepHandledKeys = (e: Event): void => {
    if (e.defaultPrevented) e.stopPropagation();
  };
  shadow.addEventListener('keydown', keepHandledKeys);
  const api = new HostApi(app, host.emit ?? (() => undefined));
  return {
    app,
    query,
    host: api,
    destroy() {
      api.destroy();
      shadow.removeEventListener('keydown', keepHandledKeys);
      app.destroy();
      root.remove();
      release();
    },
  };
}
