// Page entry: mount the simulator into #app. The address holds the state (`?case=IV&tilt=10&eps=0.2`,
// docs/course-material.md "State in the URL"): it is restored on load and kept in step as the user changes settings;
// `embed=1`, `plots=…` and `theme=projector` are read by app/embed-options.ts (docs/course-material.md "Embed, share, fullscreen, accessibility").
// The language is `locale=…`, else the browser's first language the page ships, else English
// (docs/languages.md); <html lang dir> and the page's own words follow it.
//
// Loading order (docs/page.md "First load"): this entry is small and imports the app's chunk (three.js
// and the UI, modulepreloaded by index.html) dynamically. For a preset's own start (an address with no
// key that changes it, app/start-keys.ts) the app draws the first frame from the stored start and only
// then fetches the engine, whose .wasm compiles while it streams in (app/first-frame.ts); for any
// other start the first frame needs the engine, so this entry starts it at once, to compile during the
// download and evaluation of the app's chunk. mountApp awaits the same engine promise.
// A language other than English is one more small chunk, loaded at the same time.
import './styles/page.css';
import { captureOwnFile, readSettings, settingsElement } from './config/offline-file';
import { loadEngine } from './engine/loader';
import { parseEmbedOptions } from './app/embed-options';
import { presetStartOnly } from './app/start-keys';
import type { App } from './app/app';
import type { LocaleCode } from './i18n';

// The single offline file keeps its own markup (to make copies with other settings) and applies the
// settings written into it when its address has none (config/offline-file.ts).
captureOwnFile();
let settingsIssue: string | null = null;
const baked = settingsElement();
if (baked) {
  try {
    const query = readSettings(baked.textContent ?? '');
    if (query !== '' && location.search === '') history.replaceState(history.state, '', `${location.pathname}${query}${location.hash}`);
  } catch (e) {
    settingsIssue = (e as Error).message;
  }
}

const root = document.getElementById('app');
if (root) {
  // A failure is shown by mountApp (it awaits the same promise); this only avoids an unhandled rejection.
  if (!presetStartOnly(location.search)) loadEngine().catch(() => undefined);
  const { options, messages } = parseEmbedOptions(location.search);
  if (settingsIssue) messages.push(settingsIssue);
  // The page around the app: embed mode keeps only the simulator, filling the frame.
  document.documentElement.classList.toggle('lgvci-embed-page', options.embed);
  if (options.theme === 'projector') document.documentElement.dataset['theme'] = 'projector';
  // The messages are imported with the app (the app's chunk imports them too), not by this entry,
  // which stays small so that the engine starts first.
  const i18n = import('./i18n');
  /** The language on the page: its messages loaded, <html lang dir> and the static words set. */
  const useLocale = async (code: LocaleCode): Promise<void> => {
    const [{ setLocale, applyLanguage }, { translatePage }] = await Promise.all([i18n, import('./i18n/dom')]);
    await setLocale(code);
    applyLanguage(document.documentElement);
    translatePage(document);
  };
  // The language menu's place on a wide standalone page: the header (page.css shows the slot only there;
  // elsewhere the menu stays at the bar's end).
  const slot = document.getElementById('page-language');
  const languageSlot = !options.embed && slot && getComputedStyle(slot).display !== 'none' ? slot : null;
  let app: App | null = null;
  // The host API through postMessage (api/frame.ts, docs/host-api.md), only for an embedder that allows
  // origins by `api-origins=`: its code is fetched only then.
  const frameApi = new URLSearchParams(location.search).has('api-origins') ? import('./api/frame') : null;
  let unwireFrame: (() => void) | null = null;
  const wireFrame = async (mounted: App): Promise<void> => {
    if (!frameApi) return;
    const { parseApiOrigins, wireFrameApi } = await frameApi;
    unwireFrame?.();
    unwireFrame = wireFrameApi(mounted, parseApiOrigins(location.search).origins);
  };
  /** The language menu: the same state (the address) mounted again in the chosen language. */
  const chooseLanguage = async (code: LocaleCode): Promise<void> => {
    const q = new URLSearchParams(location.search);
    q.set('locale', code);
    history.replaceState(history.state, '', `${location.pathname}?${q.toString()}${location.hash}`);
    const [{ mountApp }] = await Promise.all([import('./app/app'), useLocale(code)]);
    unwireFrame?.();
    unwireFrame = null;
    app?.destroy();
    app = await mountApp(root, { query: location.search, syncUrl: true, embed: options, messages: [], chooseLanguage, languageSlot });
    await wireFrame(app);
    // The menu the keyboard was on is the new app's (the old one went with its app).
    app.chrome.languageSelect?.focus({ preventScroll: true });
  };
  const start = async (): Promise<void> => {
    const { chooseLocale } = await i18n;
    const choice = chooseLocale(location.search, navigator.languages ?? [navigator.language]);
    if (choice.message) messages.push(choice.message);
    const [{ mountApp }] = await Promise.all([import('./app/app'), useLocale(choice.code)]);
    if (frameApi) messages.push(...(await frameApi).parseApiOrigins(location.search).messages);
    try {
      app = await mountApp(root, { query: location.search, syncUrl: true, embed: options, messages, chooseLanguage, languageSlot });
      await wireFrame(app);
    } catch (e) {
      // mountApp already shows the reason inside the page; keep it in the console for developers.
      console.error(e);
    } finally {
      // The place kept for the app while it loaded (page.css): it has its own size now.
      root.classList.remove('lgvci-reserve');
    }
  };
  start().catch(async (e: unknown) => {
    root.classList.remove('lgvci-reserve');
    const notice = document.createElement('p');
    notice.className = 'lgvci-notice';
    const reason = (e as Error).message;
    // In the page's language if its messages arrived, else in English.
    notice.textContent = await i18n.then(
      ({ t }) => t('page.loadFailed', { reason }),
      () => `The simulator could not be loaded: ${reason}`,
    );
    root.append(notice);
    console.error(e);
  });
}
