// Page entry: mount the simulator into #app. `?case=III` in the address starts with that experiment.
import './styles/page.css';
import { mountApp } from './app/app';
import type { CaseName } from './config/types';
import { CASE_NAMES } from './config/types';

const root = document.getElementById('app');
const requested = new URLSearchParams(location.search).get('case')?.toUpperCase() ?? '';
const caseName = (CASE_NAMES as readonly string[]).includes(requested) ? (requested as CaseName) : 'I';

if (root) {
  mountApp(root, { caseName }).catch((e: unknown) => {
    // mountApp already shows the reason inside the page; keep it in the console for developers.
    console.error(e);
  });
}
