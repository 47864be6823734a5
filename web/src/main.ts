// Page entry: mount the simulator into #app. The address holds the state (`?case=IV&tilt=10&eps=0.2`,
// README "State in the URL"): it is restored on load and kept in step as the user changes settings.
import './styles/page.css';
import { mountApp } from './app/app';

const root = document.getElementById('app');
if (root) {
  mountApp(root, { query: location.search, syncUrl: true }).catch((e: unknown) => {
    // mountApp already shows the reason inside the page; keep it in the console for developers.
    console.error(e);
  });
}
