// Keyboard shortcuts on the app's root element (not the document, so several apps can be embedded):
// Space play/pause, S or → single step, R reset, ? the shortcut help, [ ] turn and + − zoom the camera.
// Text entry keeps its keys, and
// an open dialog (help, share) keeps all of them.
export interface ShortcutActions {
  togglePlay(): void;
  stepOnce(): void;
  reset(): void;
  /** Open the keyboard-shortcut help. */
  help?(): void;
  /** Turn the camera by ±1 step ([ and ]). */
  orbit?(dir: -1 | 1): void;
  /** Move the camera closer (+1: + or =) or farther (−1: −). */
  zoom?(dir: -1 | 1): void;
}

function isTextEntry(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement || t.isContentEditable) return true;
  return t instanceof HTMLInputElement && t.type !== 'range' && t.type !== 'checkbox';
}

/** Bind the shortcuts; a pointer-down on `canvas()` focuses the root. Returns the unbinding function. */
export function bindShortcuts(root: HTMLElement, actions: ShortcutActions, canvas: () => Element | null): () => void {
  const onKey = (e: KeyboardEvent): void => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    const t = e.target;
    if (isTextEntry(t)) return;
    if (t instanceof Element && t.closest('dialog[open]')) return;
    // Space activates a focused button or toggles a focused checkbox (the comparison's switch, the
    // twins'), as the keyboard user expects; only elsewhere is it play/pause.
    const onButton = t instanceof HTMLButtonElement || (t instanceof HTMLInputElement && t.type === 'checkbox');
    const onRange = t instanceof HTMLInputElement && t.type === 'range';
    if (e.key === ' ' || e.code === 'Space') {
      if (onButton) return; // the button's or checkbox's own activation
      actions.togglePlay();
    } else if (e.key === 's' || e.key === 'S') {
      actions.stepOnce();
    } else if (e.key === 'ArrowRight') {
      if (onRange) return; // moves the slider
      actions.stepOnce();
    } else if (e.key === 'r' || e.key === 'R') {
      actions.reset();
    } else if (e.key === '?' && actions.help) {
      actions.help();
    } else if ((e.key === '[' || e.key === ']') && actions.orbit) {
      actions.orbit(e.key === '[' ? -1 : 1);
    } else if ((e.key === '+' || e.key === '=' || e.key === '-') && actions.zoom) {
      actions.zoom(e.key === '-' ? -1 : 1);
    } else {
      return;
    }
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent): void => {
    const c = canvas();
    if (c && e.target === c) root.focus({ preventScroll: true });
  };
  root.addEventListener('keydown', onKey);
  root.addEventListener('pointerdown', onPointerDown);
  return () => {
    root.removeEventListener('keydown', onKey);
    root.removeEventListener('pointerdown', onPointerDown);
  };
}
