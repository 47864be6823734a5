// The fullscreen button of the simulator element: requestFullscreen on the app root, a label that says
// what pressing it does, and a disabled button with the reason when the document may not go fullscreen
// (an iframe without allowfullscreen, or a browser without the API).
import { el, icon, listen } from '../util/dom';
import { t } from '../i18n';

/**
 * Why the button is disabled: a browser with no fullscreen for page elements (Safari on an iPhone has
 * it for videos only) is not the embedding page's doing; a frame whose page did not allow it is.
 */
export function fullscreenRefused(target: HTMLElement): string {
  const api = typeof target.requestFullscreen === 'function';
  return api && window.self !== window.top ? t('bar.fullscreenUnavailable') : t('bar.fullscreenNoApi');
}

export class FullscreenButton {
  readonly button: HTMLButtonElement;
  readonly reason: HTMLElement;
  private readonly target: HTMLElement;
  private readonly cleanups: (() => void)[] = [];
  private readonly onChange = (): void => this.sync();

  constructor(target: HTMLElement, idPrefix: string) {
    this.target = target;
    const reasonId = `${idPrefix}-fs-reason`;
    this.button = el('button', { type: 'button', class: 'btn btn-small bar-fullscreen bar-secondary' });
    this.reason = el('span', { class: 'sr-only', id: reasonId });
    listen(this.cleanups, this.button, 'click', () => void this.toggle());
    document.addEventListener('fullscreenchange', this.onChange);
    this.cleanups.push(() => document.removeEventListener('fullscreenchange', this.onChange));
    if (!document.fullscreenEnabled || typeof target.requestFullscreen !== 'function') {
      this.button.disabled = true;
      this.button.title = fullscreenRefused(target);
      this.reason.textContent = fullscreenRefused(target);
      this.button.setAttribute('aria-describedby', reasonId);
    }
    this.sync();
  }

  get active(): boolean {
    // Inside a shadow root (the custom element) the document names the host; the root names the element.
    const scope = this.target.getRootNode() as Document | ShadowRoot;
    return (scope.fullscreenElement ?? null) === this.target;
  }

  private sync(): void {
    const on = this.active;
    const label = on ? t('bar.exitFullscreen') : t('bar.fullscreen');
    // An icon and a label (narrow bars show the icon only: the name is in aria-label).
    this.button.replaceChildren(icon('fullscreen'), el('span', { class: 'bar-label', text: label }));
    this.button.setAttribute('aria-label', label);
    if (!this.button.disabled) this.button.title = label;
    this.button.setAttribute('aria-pressed', String(on));
    this.target.classList.toggle('lgvci-fullscreen', on);
  }

  async toggle(): Promise<void> {
    if (this.button.disabled) return;
    try {
      if (this.active) await document.exitFullscreen();
      else await this.target.requestFullscreen({ navigationUI: 'hide' });
      this.reason.textContent = '';
    } catch (e) {
      // A refusal (no user gesture, a policy) is shown, not thrown.
      this.reason.textContent = t('bar.fullscreenRefused', { reason: (e as Error).message });
      this.button.title = this.reason.textContent;
      this.button.setAttribute('aria-describedby', this.reason.id);
    }
    this.sync();
  }

  destroy(): void {
    for (const c of this.cleanups.splice(0)) c();
    this.target.classList.remove('lgvci-fullscreen');
  }
}
