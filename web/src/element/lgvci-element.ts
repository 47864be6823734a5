// <lgvci-sim case="…" plots="energy" locale="de"></lgvci-sim>: the simulator as a custom element
// for course sites (Jupyter Book, Quarto, MkDocs, reveal.js; docs/custom-element.md), from one
// <script type="module" src=".../lgvci-element.js">. Built as dist/lgvci-element.js (vite.config.ts,
// mode "element"); this entry is small and defines the element at once, the app comes with the first
// element that connects (element/mount.ts, a dynamic import, relative to this script's own URL like
// every chunk and the .wasm, so the script works from any path of any host).
//
// The attributes are the address's keys (element/attributes.ts), watched all (the keys depend on the
// family, so no fixed observedAttributes list): a change re-mounts the app with the new settings;
// removing the element destroys its app and every engine object it made.
import type { App } from '../app/app';
import type { ApiMethods, ApiResult, EventName, MethodName } from '../api/protocol';
import { METHODS } from '../api/protocol';
import type { MountedElement } from './mount';
import { hostBoxSheet } from './host-box';

/** The full simulator page beside this script: what the element's share link opens. */
const PAGE_URL = new URL('./index.html', import.meta.url);

export class LgvciSimElement extends HTMLElement {
  private readonly shadow: ShadowRoot;
  private mounted: MountedElement | null = null;
  /** Bumped by every mount and every disconnect: a mount that finishes after either is thrown away. */
  private generation = 0;
  private scheduled = false;
  private readonly observer = new MutationObserver(() => this.schedule());

  constructor() {
    super();
    this.shadow = this.attachShadow({ mode: 'open' });
    this.shadow.adoptedStyleSheets = [hostBoxSheet()];
  }

  /**
   * Call a method of the host API (docs/host-api.md; each is also a method of the element of its own
   * name): its arguments are checked against the protocol, and an error is an answer, never thrown.
   */
  call(method: MethodName, args: readonly unknown[]): ApiResult {
    const host = this.mounted?.host;
    if (!host) return { ok: false, error: { field: String(method), message: 'the simulator is not mounted yet: wait for its lgvci-ready event' } };
    return host.call(method, [...args]);
  }

  /** The host API's events as DOM events "lgvci-<name>" (bubbling out of the element, not composed beyond it). */
  private readonly emit = (name: EventName, detail: Record<string, unknown>): void => {
    this.dispatchEvent(new CustomEvent(`lgvci-${name}`, { detail, bubbles: true }));
  };

  /** The app inside (null until it is mounted, and after the element is removed). */
  get app(): App | null {
    return this.mounted?.app ?? null;
  }

  connectedCallback(): void {
    this.observer.observe(this, { attributes: true });
    this.schedule();
  }

  disconnectedCallback(): void {
    this.observer.disconnect();
    this.generation += 1;
    this.unmount();
  }

  /** Mount once after the current task's attribute changes (several set in a row re-mount once). */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      if (this.isConnected) void this.mount();
    });
  }

  private unmount(): void {
    const m = this.mounted;
    this.mounted = null;
    m?.destroy();
  }

  private async mount(): Promise<void> {
    const generation = ++this.generation;
    this.unmount();
    try {
      const { mountElement } = await import('./mount');
      if (generation !== this.generation) return;
      const m = await mountElement({ attributes: this.attributes, shadow: this.shadow, pageUrl: PAGE_URL, emit: this.emit }, navigator.languages ?? [navigator.language]);
      if (generation !== this.generation) {
        m.destroy();
        return;
      }
      this.mounted = m;
      this.dispatchEvent(new CustomEvent('lgvci-ready', { detail: { app: m.app, ...m.host.readyDetail() }, bubbles: true }));
    } catch (e) {
      // mountApp shows its own failure inside the element; a chunk that did not load is said here.
      if (generation === this.generation && this.shadow.childElementCount === 0) {
        const notice = document.createElement('p');
        notice.setAttribute('role', 'alert');
        notice.textContent = `The simulator could not be loaded: ${(e as Error).message}`;
        this.shadow.append(notice);
      }
      console.error(e);
    }
  }
}

/** The host API's methods on the element, one per method of the protocol (api/protocol.ts METHODS). */
for (const name of Object.keys(METHODS) as MethodName[]) {
  Object.defineProperty(LgvciSimElement.prototype, name, {
    value(this: LgvciSimElement, ...args: unknown[]): ApiResult {
      return this.call(name, args);
    },
    writable: true,
    configurable: true,
  });
}

/** The methods' types, as the protocol declares their arguments (defined on the prototype above). */
export interface LgvciSimElement extends ApiMethods {}

if (!customElements.get('lgvci-sim')) customElements.define('lgvci-sim', LgvciSimElement);

declare global {
  interface HTMLElementTagNameMap {
    'lgvci-sim': LgvciSimElement;
  }
}
