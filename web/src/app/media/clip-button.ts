// The bar's "Record clip" button (docs/course-material.md "Clips for slides"). Only the button is in the
// page's first chunk: its first press imports the dialog and the recorder (app/media/clip-dialog.ts,
// clip-recorder.ts), and a GIF's first recording imports the encoder.
import type { SceneView } from '../../view/scene-view';
import type { ClipDialog } from './clip-dialog';
import type { ClipHost } from './clip-host';
import { barButton, listen } from '../../util/dom';
import { t } from '../../i18n';

export type { ClipHost } from './clip-host';

export interface ClipButton {
  readonly button: HTMLButtonElement;
  /** The dialog once the button was pressed (null before). */
  readonly dialog: ClipDialog | null;
  /** Import the dialog (if not yet) and open it. */
  open(): Promise<ClipDialog>;
  destroy(): void;
}

/** The button, put into `bar` before `before`; null `host.view` (no WebGL) leaves it disabled. */
export function wireClipButton(bar: HTMLElement, before: Node | null, host: Omit<ClipHost, 'view'> & { view: SceneView | null }, prefix: string): ClipButton {
  const button = barButton(t('clips.button'), 'bar-clip bar-secondary', 'record', t('clips.buttonLong'));
  button.setAttribute('aria-haspopup', 'dialog');
  const reason = document.createElement('span');
  reason.className = 'sr-only';
  reason.id = `${prefix}-clip-reason`;
  bar.insertBefore(button, before);
  bar.insertBefore(reason, before);
  const view = host.view;
  button.disabled = view === null;
  const cleanups: (() => void)[] = [];
  let dialog: ClipDialog | null = null;
  let pending: Promise<ClipDialog> | null = null;
  const load = (): Promise<ClipDialog> => {
    if (!view) return Promise.reject(new Error('view: no 3-D view to record (WebGL is unavailable)'));
    pending ??= import('./clip-dialog').then(({ ClipDialog }) => {
      dialog = new ClipDialog({ ...host, view }, prefix);
      host.root.append(dialog.element);
      return dialog;
    });
    return pending;
  };
  const api: ClipButton = {
    button,
    get dialog() {
      return dialog;
    },
    async open() {
      const d = await load();
      d.open();
      return d;
    },
    destroy() {
      for (const c of cleanups.splice(0)) c();
      dialog?.destroy();
      button.remove();
      reason.remove();
    },
  };
  listen(cleanups, button, 'click', () => {
    api.open().then(
      () => {
        reason.textContent = '';
        button.removeAttribute('aria-describedby');
      },
      (e: unknown) => {
        // a failed import (offline, a stale deployment) may succeed on the next press
        pending = null;
        reason.textContent = t('clips.loadFailed', { reason: (e as Error).message });
        button.title = reason.textContent;
        button.setAttribute('aria-describedby', reason.id);
      },
    );
  });
  return api;
}
