// Page entry: mount the simulator into #app. The address holds the state (`?case=IV&tilt=10&eps=0.2`,
// README "State in the URL"): it is restored on load and kept in step as the user changes settings;
// `embed=1`, `plots=…` and `theme=projector` are read by app/embed-options.ts (README "In course material").
import './styles/page.css';
import { mountApp } from './app/app';
import { parseEmbedOptions } from './app/embed-options';

const root = document.getElementById('app');
if (root) {
  const { options, messages } = parseEmbedOptions(location.search);
  // The page around the app: embed mode keeps only the simulator, filling the frame.
  document.documentElement.classList.toggle('lgvci-embed-page', options.embed);
  if (options.theme === 'projector') document.documentElement.dataset['theme'] = 'projector';
  mountApp(root, { query: location.search, syncUrl: true, embed: options, messages }).catch((e: unknown) => {
    // mountApp already shows the reason inside the page; keep it in the console for developers.
    console.error(e);
  });
}
