// The app's DOM shell inside the host element: focusability and ARIA of the root, the layout and the
// viewport with a loading notice. restore() gives the root back as it was.
import { el } from '../util/dom';
import { applyLanguage, t } from '../i18n';

export interface Shell {
  readonly layout: HTMLElement;
  /** The viewport and the control bar under it (first column of the layout). */
  readonly stage: HTMLElement;
  readonly viewport: HTMLElement;
  /** The loading notice (removed once the engine is ready, or turned into the failure message). */
  readonly loading: HTMLElement;
  restore(): void;
}

export function createShell(root: HTMLElement): Shell {
  const addedTabindex = !root.hasAttribute('tabindex');
  if (addedTabindex) root.tabIndex = 0;
  root.classList.add('lgvci-app');
  const prevRole = root.getAttribute('role');
  const prevLabel = root.getAttribute('aria-label');
  const prevShortcuts = root.getAttribute('aria-keyshortcuts');
  const prevLang = root.getAttribute('lang');
  const prevDir = root.getAttribute('dir');
  // The app's words are in the page's language (docs/languages.md), whatever the host page's is.
  applyLanguage(root);
  if (!prevRole) root.setAttribute('role', 'region');
  if (!prevLabel) root.setAttribute('aria-label', t('app.region'));
  root.setAttribute('aria-keyshortcuts', 'Space S ArrowRight R ? [ ] + -');

  const viewport = el('div', { class: 'lgvci-viewport' });
  const loading = el('div', { class: 'lgvci-loading', role: 'status', text: t('app.loading') });
  viewport.append(loading);
  const stage = el('div', { class: 'lgvci-stage' }, viewport);
  const layout = el('div', { class: 'lgvci-layout' }, stage);
  root.append(layout);

  return {
    layout,
    stage,
    viewport,
    loading,
    restore() {
      layout.remove();
      root.classList.remove('lgvci-app');
      if (addedTabindex) root.removeAttribute('tabindex');
      if (!prevRole) root.removeAttribute('role');
      if (!prevLabel) root.removeAttribute('aria-label');
      for (const [name, prev] of [['lang', prevLang], ['dir', prevDir]] as const) {
        if (prev === null) root.removeAttribute(name);
        else root.setAttribute(name, prev);
      }
      if (prevShortcuts === null) root.removeAttribute('aria-keyshortcuts');
      else root.setAttribute('aria-keyshortcuts', prevShortcuts);
    },
  };
}

/** The help line under the viewport (mouse and keys). */
export function helpLine(): HTMLElement {
  return el(
    'p',
    { class: 'lgvci-help', 'aria-hidden': 'true' },
    t('app.helpLine.drag'),
    el('kbd', { text: 'Space' }),
    t('app.helpLine.play'),
    el('kbd', { text: 'S' }),
    ' / ',
    el('kbd', { text: '→' }),
    t('app.helpLine.step'),
    el('kbd', { text: 'R' }),
    t('app.helpLine.reset'),
    el('kbd', { text: '?' }),
    t('app.helpLine.keys'),
  );
}
