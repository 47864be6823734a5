// A value the user gave (an address value, an attribute of <lgvci-sim>, a typed number, a key of a
// loaded set-up) as the page's messages echo it (docs/page.md "Messages that echo a value"): at most
// ECHO_MAX characters, then an ellipsis, so that a 100,000-character value costs the page nothing to
// lay out; and isolated from the text direction of the sentence around it (Unicode's FSI … PDI, drawn
// as a <bdi> element by echoNodes), so that a right-to-left override inside the value reverses the
// value alone, never the page's own words. Pure: no DOM, no imports (the i18n layer uses it too).

/** The most characters (code points) of a user value a message shows. */
export const ECHO_MAX = 60;

/** FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (Unicode Bidirectional Algorithm, UAX #9). */
export const FSI = '\u2068';
export const PDI = '\u2069';

/**
 * The isolate marks a value could use to end our isolate early (LRI, RLI, FSI, PDI), shown as the
 * replacement character. Embeddings and overrides (LRE … RLO) stay: the isolate's end closes them.
 */
const ISOLATES = /[\u2066-\u2069]/g;

/** `value` cut to ECHO_MAX characters (an ellipsis marks a cut), never inside a surrogate pair. */
export function clip(value: string, max = ECHO_MAX): string {
  // Cheap for huge values: only the first max + 1 code points are looked at.
  let n = 0;
  let i = 0;
  let cut = 0;
  while (i < value.length) {
    if (n === max) cut = i;
    if (n > max) return `${value.slice(0, cut)}…`;
    const c = value.charCodeAt(i);
    const d = i + 1 < value.length ? value.charCodeAt(i + 1) : 0;
    i += c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
    n += 1;
  }
  return n > max ? `${value.slice(0, cut)}…` : value;
}

/** A user value as a message echoes it: clipped to ECHO_MAX characters, between FSI and PDI. */
export function echo(value: string, max = ECHO_MAX): string {
  return `${FSI}${clip(value, max).replace(ISOLATES, '\uFFFD')}${PDI}`;
}

/** A message cut into plain text and echoed values (the text between FSI and PDI), in order. */
export function echoParts(message: string): { text: string; echoed: boolean }[] {
  const out: { text: string; echoed: boolean }[] = [];
  let rest = message;
  for (;;) {
    const a = rest.indexOf(FSI);
    const b = a < 0 ? -1 : rest.indexOf(PDI, a + 1);
    if (b < 0) break;
    if (a > 0) out.push({ text: rest.slice(0, a), echoed: false });
    out.push({ text: rest.slice(a + 1, b), echoed: true });
    rest = rest.slice(b + 1);
  }
  if (rest !== '' || out.length === 0) out.push({ text: rest, echoed: false });
  return out;
}

/** A plain key (ASCII letters, digits, `_ . - [ ]`, at most ECHO_MAX): shown as written, needing no isolate. */
const PLAIN_KEY = /^[A-Za-z0-9_.\-[\]]{1,60}$/;

/**
 * A key the user wrote (an address key, an attribute's name), as a message names it: in its own letter
 * case and characters; a key that is not plain ASCII is echoed (clipped and isolated) like a value.
 */
export function echoKey(key: string): string {
  return PLAIN_KEY.test(key) ? key : echo(key);
}
