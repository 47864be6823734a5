// The <lgvci-sim> element's attributes as the page's query string (docs/custom-element.md): every
// attribute that is not one of HTML's own (id, class, style, aria-*, data-*, …) is a query key of
// the same name with the same value, so the element takes exactly what the address takes — the state
// codec's keys (config/url-codec.ts: case, the families' field keys, the extra keys), the pass-through
// keys (embed, plots, theme, view, locale) and any key added later — without a second list. A key the
// codec does not know is reported by it, inside the element, as the address would be ("<key>: <rule>").
// Pure: no DOM beyond reading names and values, so it is unit-tested in Node.

/** HTML's global attributes and the element's own: never query keys (a course page may set them for styling or accessibility). */
export const HOST_ATTRIBUTES: ReadonlySet<string> = new Set([
  'id',
  'class',
  'style',
  'hidden',
  'title',
  'lang',
  'dir',
  'slot',
  'part',
  'exportparts',
  'is',
  'role',
  'tabindex',
  'accesskey',
  'autofocus',
  'inert',
  'nonce',
  'draggable',
  'contenteditable',
  'spellcheck',
  'translate',
  'enterkeyhint',
  'inputmode',
  'autocapitalize',
  'popover',
  'itemscope',
  'itemtype',
  'itemprop',
  'itemid',
  'itemref',
]);

/** HTML's own values of `dir` (text direction), told apart from an address key of the same name. */
const HTML_DIR = /^\s*(ltr|rtl|auto)\s*$/i;

/**
 * Whether an attribute is the host page's (HTML's global ones, aria-*, data-*, on* handlers) rather
 * than a setting. A name that is also an address key (`keys`, lowercased) is the setting's — a
 * family's launch direction is `dir` — unless its value is one HTML's attribute takes (`dir="rtl"`).
 */
export function isHostAttribute(name: string, value = '', keys: ReadonlySet<string> = new Set()): boolean {
  const n = name.toLowerCase();
  if (n === 'dir' && HTML_DIR.test(value)) return true;
  if (keys.has(n)) return false;
  return HOST_ATTRIBUTES.has(n) || n.startsWith('aria-') || n.startsWith('data-') || n.startsWith('on');
}

export interface AttributeLike {
  readonly name: string;
  readonly value: string;
}

/**
 * The query string (with its leading "?") of an element's attributes, in attribute order. HTML
 * lowercases attribute names, so an attribute takes the spelling of the address key it matches without
 * regard to case (`pi0` → `Pi0`); `keys` are the address's keys (element/address-keys.ts, from the
 * codec), and a name matching none is passed on as written, for the codec to report. The element is an
 * embed unless it says otherwise: `embed=1` is added when the attributes do not name `embed` (a guest
 * shows the simulator only, its controls in the drawer).
 */
export function attributesToQuery(attrs: Iterable<AttributeLike>, keys: Iterable<string> = []): string {
  const spelling = new Map<string, string>();
  for (const k of keys) spelling.set(k.toLowerCase(), k);
  const known = new Set(spelling.keys());
  const q = new URLSearchParams();
  for (const a of attrs) {
    if (isHostAttribute(a.name, a.value, known)) continue;
    const n = a.name.toLowerCase();
    q.append(spelling.get(n) ?? n, a.value);
  }
  if (!q.has('embed')) q.set('embed', '1');
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
}
