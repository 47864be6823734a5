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
