// How the view shares the wheel and the fingers with the page around it (the pattern of embedded maps,
// docs: the page): the mouse wheel scrolls the page (an embed's host lesson too) unless the user has
// clicked into the view or holds Ctrl/⌘ — then it zooms the camera; a brief hint says so. On a touch
// screen one finger scrolls the page (the canvas's touch-action lets the browser pan, view/scene-view.ts)
// and two fingers orbit and zoom (pan-x pan-y does not let the browser pinch, so it leaves them to the
// camera). A finger on a drag target drags it (view/pointer-drag.ts). Keyboard zoom (+ −) is not
// affected.
import { TOUCH } from 'three';
import type { SceneView } from '../view/scene-view';
import { el } from '../util/dom';
import { t as tr } from '../i18n';

/** How long the hint stays up after the last wheel or one-finger swipe it answers (ms). */
export const HINT_MS = 1600;

export interface ViewGestures {
  /** The wheel zooms now (the user clicked into the view and has not left it). */
  readonly active: boolean;
  readonly hint: HTMLElement;
  dispose(): void;
}

function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

export function wireViewGestures(view: SceneView, viewport: HTMLElement): ViewGestures {
  let active = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const hint = el('div', { class: 'lgvci-gesture-hint', 'aria-hidden': 'true', hidden: true });
  viewport.append(hint);
  const show = (text: string): void => {
    hint.textContent = text;
    hint.hidden = false;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      hint.hidden = true;
      timer = null;
    }, HINT_MS);
  };
  const dropHint = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    hint.hidden = true;
  };

  // Two fingers orbit and zoom; one finger is the page's (VIEW_TOUCH_ACTION, view/scene-view.ts).
  view.controls.touches = { ONE: null as unknown as TOUCH, TWO: TOUCH.DOLLY_ROTATE };

  const onWheel = (e: WheelEvent): void => {
    if (e.target !== view.canvas) return;
    if (active || e.ctrlKey || e.metaKey) {
      dropHint();
      return; // OrbitControls zooms (and prevents the page's scroll and the browser's zoom)
    }
    // The page scrolls: the camera's listener on the canvas does not see this event.
    e.stopPropagation();
    show(tr('app.gesture.wheel', { ctrl: isMac() ? '⌘' : 'Ctrl' }));
  };
  const onDown = (e: PointerEvent): void => {
    if (e.pointerType === 'touch') return;
    active = true;
    dropHint();
  };
  const onLeave = (e: PointerEvent): void => {
    if (e.pointerType !== 'touch') active = false;
  };
  let touches = 0;
  let swipeStart: { x: number; y: number } | null = null;
  const onTouchStart = (e: TouchEvent): void => {
    touches = e.touches.length;
    const t = e.touches[0];
    swipeStart = touches === 1 && t ? { x: t.clientX, y: t.clientY } : null;
    if (touches >= 2) dropHint();
  };
  const onTouchMove = (e: TouchEvent): void => {
    const t = e.touches[0];
    // a drag of a target (its touch cancelled by the drag) is no swipe
    if (touches !== 1 || !swipeStart || !t || e.defaultPrevented) return;
    if (Math.hypot(t.clientX - swipeStart.x, t.clientY - swipeStart.y) > 24) {
      show(tr('app.gesture.touch'));
      swipeStart = null;
    }
  };
  const onBlur = (): void => {
    active = false;
  };
  viewport.addEventListener('wheel', onWheel, { capture: true });
  viewport.addEventListener('pointerdown', onDown, { capture: true });
  viewport.addEventListener('pointerleave', onLeave);
  viewport.addEventListener('touchstart', onTouchStart, { passive: true });
  viewport.addEventListener('touchmove', onTouchMove, { passive: true });
  window.addEventListener('blur', onBlur);

  return {
    get active() {
      return active;
    },
    hint,
    dispose() {
      dropHint();
      viewport.removeEventListener('wheel', onWheel, { capture: true });
      viewport.removeEventListener('pointerdown', onDown, { capture: true });
      viewport.removeEventListener('pointerleave', onLeave);
      viewport.removeEventListener('touchstart', onTouchStart);
      viewport.removeEventListener('touchmove', onTouchMove);
      window.removeEventListener('blur', onBlur);
      hint.remove();
    },
  };
}
