// The app's DOM shell inside the host element: focusability and ARIA of the root, the layout and the
// viewport with a loading notice. restore() gives the root back as it was.
import { el } from '../util/dom';

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
  if (!prevRole) root.setAttribute('role', 'region');
  if (!prevLabel) root.setAttribute('aria-label', 'Collision simulation');
  root.setAttribute('aria-keyshortcuts', 'Space S ArrowRight R ? [ ] + -');

  const viewport = el('div', { class: 'lgvci-viewport' });
  const loading = el('div', { class: 'lgvci-loading', role: 'status', text: 'Loading the integrator…' });
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
    'Drag to orbit · Ctrl + scroll (or click, then scroll) to zoom · right-drag to pan · ',
    el('kbd', { text: 'Space' }),
    ' play/pause · ',
    el('kbd', { text: 'S' }),
    ' / ',
    el('kbd', { text: '→' }),
    ' step · ',
    el('kbd', { text: 'R' }),
    ' reset · ',
    el('kbd', { text: '?' }),
    ' all keys',
  );
}
