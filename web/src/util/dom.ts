import { t } from '../i18n';
// Minimal DOM construction helpers, shared by controls/ and view/ (neither imports the other).

type Attrs = Record<string, string | number | boolean | undefined>;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string | null | undefined)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k === 'class') e.className = String(v);
    else if (k === 'text') e.textContent = String(v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

let counter = 0;
/** A document-unique id prefix, so several apps can live on one page. */
export function uniquePrefix(): string {
  counter += 1;
  return `lgvci${counter}`;
}

const ICONS: Record<string, string> = {
  play: 'M4 2.5v11l9.5-5.5z',
  pause: 'M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z',
  step: 'M2.5 2.5v11l8-5.5zM11.5 2.5h2.5v11h-2.5z',
  reset:
    'M8 2.5a5.5 5.5 0 1 1-5.2 7.3l1.9-.6A3.5 3.5 0 1 0 8 4.5c-1 0-1.9.4-2.5 1.1L7.5 7.5H2v-5.5l2.1 2.1A5.5 5.5 0 0 1 8 2.5z',
  controls: 'M2 3.5h12V5H2zM2 7.25h12v1.5H2zM2 11h12v1.5H2zM4 2h2.5v4.5H4zM9.5 5.75H12v4.5H9.5zM5.5 9.5H8V14H5.5z',
  share:
    'M12 1.5a2.5 2.5 0 1 1-1.9 4.1L6.4 7.5a2.5 2.5 0 0 1 0 1l3.7 1.9A2.5 2.5 0 1 1 9.5 12l-3.8-1.9a2.5 2.5 0 1 1 0-4.2L9.5 4A2.5 2.5 0 0 1 12 1.5z',
  image: 'M5.5 2.5 4.5 4H1.5v9.5h13V4h-3l-1-1.5zM8 5.5a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM8 7a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z',
  fullscreen: 'M2 2h5v2H4v3H2zM9 2h5v5h-2V4H9zM2 9h2v3h3v2H2zM12 9h2v5H9v-2h3z',
  keys: 'M1 4h14v8.5H1zM2.5 5.5v5.5h11V5.5zM3.5 6.5h2V8h-2zM6.5 6.5h2V8h-2zM9.5 6.5h2V8h-2zM4.5 9h7v1.2h-7z',
  // a globe: the language menu
  language:
    'M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1zm0 1.5c-.6 0-1.5 1.3-1.9 3.5h3.8C9.5 3.8 8.6 2.5 8 2.5zM5.1 6c-.1.6-.1 1.3-.1 2s0 1.4.1 2h5.8c.1-.6.1-1.3.1-2s0-1.4-.1-2zM2.7 6a5.5 5.5 0 0 0 0 4h.9C3.5 9.4 3.5 8.7 3.5 8s0-1.4.1-2zm9.7 0c.1.6.1 1.3.1 2s0 1.4-.1 2h.9a5.5 5.5 0 0 0 0-4zM6.1 11.5c.4 2.2 1.3 3.5 1.9 3.5s1.5-1.3 1.9-3.5z',
  why: 'M1.5 1.5H3v11h11.5V14h-13zM4 11.2l3.2-3.6 2.2 1.6 4.1-5.4 1.2.9-5 6.5-2.2-1.6-2.4 2.6z',
  // a ring round a dot: "Record clip"
  record: 'M8 1.5a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zM8 3a5 5 0 1 0 0 10A5 5 0 0 0 8 3zm0 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6z',
};

/** A small decorative SVG icon (aria-hidden). */
export function icon(name: keyof typeof ICONS | string): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('class', 'btn-icon');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', ICONS[name] ?? '');
  path.setAttribute('fill-rule', 'evenodd');
  svg.append(path);
  return svg;
}

/** addEventListener whose removal is pushed onto `cleanups`, run when the control is destroyed. */
export function listen<K extends keyof HTMLElementEventMap>(
  cleanups: (() => void)[],
  target: HTMLElement,
  type: K,
  fn: (e: HTMLElementEventMap[K]) => void,
): void {
  target.addEventListener(type, fn as EventListener);
  cleanups.push(() => target.removeEventListener(type, fn as EventListener));
}

/**
 * Write a message into its element: the sentence, and when there is one the technical detail (the
 * core's own text) in a closed "Technical detail" disclosure. '' clears it.
 */
export function setMessage(target: HTMLElement, text: string, detail = ''): void {
  if (text === '') {
    target.replaceChildren();
    return;
  }
  const parts: Node[] = [el('span', { class: 'field-msg-text', text })];
  if (detail) parts.push(el('details', { class: 'msg-detail' }, el('summary', { text: t('hud.technicalDetail') }), el('code', { text: detail })));
  target.replaceChildren(...parts);
}

/**
 * A bar button: an icon and a label; narrow stages show the icon only (chrome.css), so the accessible
 * name is always in aria-label (default: the label).
 */
export function barButton(label: string, cls: string, iconName: string, ariaLabel?: string): HTMLButtonElement {
  return el(
    'button',
    { type: 'button', class: `btn btn-small ${cls}`, 'aria-label': ariaLabel ?? label, title: ariaLabel ?? label },
    icon(iconName),
    el('span', { class: 'bar-label', text: label }),
  );
}
