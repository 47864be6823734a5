// Page entry: mount the simulator into #app. `?case=III`, `?case=particle` or `?case=star` in the
// address starts with that preset; `embed=1`, `plots=…` and `theme=projector` are read by
// app/embed-options.ts (README "In course material").
import './styles/page.css';
import { mountApp } from './app/app';
import { parseEmbedOptions } from './app/embed-options';
import { caseFromQuery } from './config/cases';

const root = document.getElementById('app');
if (root) {
  const { options, messages } = parseEmbedOptions(location.search);
  // The page around the app: embed mode keeps only the simulator, filling the frame.
  document.documentElement.classList.toggle('lgvci-embed-page', options.embed);
  if (options.theme === 'projector') document.documentElement.dataset['theme'] = 'projector';
  mountApp(root, { caseName: caseFromQuery(location.search), embed: options, messages }).catch((e: unknown) => {
    // mountApp already shows the reason inside the page; keep it in the console for developers.
    console.error(e);
  });
}
