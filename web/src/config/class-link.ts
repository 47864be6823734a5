// The link the teacher's builder makes (controls/class-builder.ts; docs/course-material.md "Customise
// for class"): the start (the page's current state, or a preset), then the teacher's keys. Pure.
// Commas stay readable (`lock=case,tilt`), as the state codec writes them (config/url-codec.ts).

/** What the teacher chose. */
export interface ClassChoice {
  /** A preset's name, or null: the state of `current` (the page as it is now). */
  start: string | null;
  /** Control keys (config/class-options.ts), in the order the builder lists them. */
  lock: readonly string[];
  hide: readonly string[];
  /** The plots shown (app/embed-options.ts PLOT_KEYS); empty: none. */
  plots: readonly string[];
  locale: string;
  theme: 'default' | 'projector';
  autoplay: boolean;
}

/** The keys the builder writes itself (any in the current address are replaced). */
const OWN_KEYS = ['embed', 'lock', 'hide', 'autoplay', 'plots', 'theme', 'locale', 'paused'];

function enc(s: string): string {
  return encodeURIComponent(s).replace(/%2C/gi, ',');
}

function withPairs(link: string, pairs: readonly [string, string][]): string {
  const u = new URL(link);
  u.hash = '';
  u.search = pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')}`;
  return u.toString();
}

/** The page's link for the choice; `current` is the address of the page's current state. */
export function classLink(current: string, c: ClassChoice): string {
  const u = new URL(current);
  const pairs: [string, string][] =
    c.start === null ? [...u.searchParams].filter(([k]) => !OWN_KEYS.includes(k)) : [['case', c.start]];
  if (c.lock.length > 0) pairs.push(['lock', c.lock.join(',')]);
  if (c.hide.length > 0) pairs.push(['hide', c.hide.join(',')]);
  pairs.push(['plots', c.plots.length > 0 ? c.plots.join(',') : 'none']);
  if (c.theme === 'projector') pairs.push(['theme', 'projector']);
  if (!c.autoplay) pairs.push(['autoplay', '0']);
  pairs.push(['locale', c.locale]);
  return withPairs(current, pairs);
}

/** The embed's link (`embed=1` added, the rest as written). */
export function classEmbedLink(link: string): string {
  const u = new URL(link);
  const pairs: [string, string][] = [...u.searchParams].filter(([k]) => k !== 'embed');
  pairs.push(['embed', '1']);
  return withPairs(link, pairs);
}
