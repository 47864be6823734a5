// Page entry: mount the simulator into #app. The address holds the state (`?case=IV&tilt=10&eps=0.2`,
// docs/course-material.md "State in the URL"): it is restored on load and kept in step as the user changes settings;
// `embed=1`, `plots=…` and `theme=projector` are read by app/embed-options.ts (docs/course-material.md "Embed, share, fullscreen, accessibility").
//
// Loading order (docs/page.md "First load"): this entry is small and starts the engine first, so
// that the WebAssembly module compiles (off the main thread, while it streams in) during the download,
// parse and evaluation of the app's chunk (three.js and the UI), which it imports dynamically;
// index.html preloads both, so neither waits for the other. mountApp awaits the same engine promise.
import './styles/page.css';
import { loadEngine } from './engine/loader';
import { parseEmbedOptions } from './app/embed-options';

const root = document.getElementById('app');
if (root) {
  // A failure is shown by mountApp (it awaits the same promise); this only avoids an unhandled rejection.
  loadEngine().catch(() => undefined);
  const { options, messages } = parseEmbedOptions(location.search);
  // The page around the app: embed mode keeps only the simulator, filling the frame.
  document.documentElement.classList.toggle('lgvci-embed-page', options.embed);
  if (options.theme === 'projector') document.documentElement.dataset['theme'] = 'projector';
  import('./app/app').then(
    ({ mountApp }) =>
      mountApp(root, { query: location.search, syncUrl: true, embed: options, messages }).catch((e: unknown) => {
        // mountApp already shows the reason inside the page; keep it in the console for developers.
        console.error(e);
      }),
    (e: unknown) => {
      const notice = document.createElement('p');
      notice.className = 'lgvci-notice';
      notice.textContent = `The simulator could not be loaded: ${(e as Error).message}`;
      root.append(notice);
      console.error(e);
    },
  );
}
