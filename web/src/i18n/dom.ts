// Messages with elements inside (a <strong>, a <code>, a <kbd>): the template's {placeholders} become
// the given nodes, the text between them text nodes, so no translation is ever parsed as HTML.
import type { MessageKey } from './index';
import { t } from './index';

/** The text of `key` split at its {placeholders}, each replaced by its node (or text). */
export function tNodes(key: MessageKey, slots: Record<string, Node | string>): (Node | string)[] {
  // t() without parameters leaves the {placeholders} in place; they are split out here.
  const text = (t as (k: MessageKey) => string)(key);
  const out: (Node | string)[] = [];
  let last = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    const slot = slots[m[1] ?? ''];
    if (slot === undefined) continue;
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(slot);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * The static page's words (web/index.html): every element with data-i18n="key" gets that message; its
 * children marked data-slot="name" stay as they are and take the place of {name}.
 */
export function translatePage(doc: Document): void {
  for (const e of doc.querySelectorAll<HTMLElement>('[data-i18n]')) {
    const key = e.dataset['i18n'] as MessageKey;
    const slots: Record<string, Node> = {};
    for (const c of e.querySelectorAll<HTMLElement>(':scope > [data-slot]')) slots[c.dataset['slot'] ?? ''] = c;
    e.replaceChildren(...tNodes(key, slots));
  }
  doc.title = t('page.title');
  doc.querySelector('meta[name="description"]')?.setAttribute('content', t('page.description'));
}
