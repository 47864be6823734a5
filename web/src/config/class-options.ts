// The teacher's keys (docs/course-material.md "Customise for class"): `lock=…` and `hide=…`, comma
// lists of control keys, and `autoplay=0|1`. A control key is `case` (the preset menu) or the address
// key of a family's field (config/url-codec.ts urlKey: `tilt`, `gamma0` for its three components,
// `restitution`, `balls`, …), so the keys come from the families' field specs, not from a list here.
// Pure: this module checks the syntax (it is in the page's first chunk); the names are checked against
// the families' keys by app/class-lock.ts, loaded only when the address locks or hides something. A bad value gives "<key>: <rule>", as the other embed keys (app/embed-options.ts).

export interface ClassOptions {
  /** Controls shown but read-only (`lock=`), as written in the address. */
  lock: string[];
  /** Controls not shown (`hide=`). */
  hide: string[];
  /** `autoplay=1|0`; null when absent (the page's default: play unless the user prefers reduced motion). */
  autoplay: boolean | null;
}

export interface ParsedClassOptions {
  options: ClassOptions;
  /** One "<key>: <rule>" message per rejected value. */
  messages: string[];
}

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

function cut(s: string, n = 40): string {
  return s.length > n ? `${s.slice(0, n)}…` : s;
}

function names(key: string, raw: string | null, messages: string[]): string[] {
  if (raw === null) return [];
  const out: string[] = [];
  for (const part of raw.split(',')) {
    const s = part.trim();
    if (s === '') continue;
    if (!NAME.test(s)) messages.push(`${key}: "${cut(s)}" is not a control key (letters and digits, e.g. case,tilt)`);
    else if (!out.some((o) => o.toLowerCase() === s.toLowerCase())) out.push(s);
  }
  return out;
}

/** Read `lock`, `hide` and `autoplay` from a query string (`location.search`). */
export function parseClassOptions(search: string): ParsedClassOptions {
  const q = new URLSearchParams(search);
  const messages: string[] = [];
  const lock = names('lock', q.get('lock'), messages);
  const hide = names('hide', q.get('hide'), messages);
  let autoplay: boolean | null = null;
  const a = q.get('autoplay');
  if (a !== null) {
    const v = a.trim().toLowerCase();
    if (v === '1' || v === 'true') autoplay = true;
    else if (v === '0' || v === 'false') autoplay = false;
    else messages.push(`autoplay: must be 1 or 0 (got "${cut(a)}")`);
  }
  return { options: { lock, hide, autoplay }, messages };
}
