// Page entry: mount the simulator into #app. `?case=III`, `?case=particle` or `?case=star` in the
// address starts with that preset.
import './styles/page.css';
import { mountApp } from './app/app';
import { caseFromQuery } from './config/cases';

const root = document.getElementById('app');
if (root) {
  mountApp(root, { caseName: caseFromQuery(location.search) }).catch((e: unknown) => {
    // mountApp already shows the reason inside the page; keep it in the console for developers.
    console.error(e);
  });
}
