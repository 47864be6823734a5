// The pass-through keys of the address (config/url-codec.ts PASSTHROUGH_KEYS: embed, plots, theme, view,
// locale, lock, hide, autoplay) as the share link and the address sync keep them (docs/course-material.md
// "State in the URL"): each checked by the parser that reads it, so a value the page refused (and named
// over the view) is not handed on to whoever opens the link.
import { parseClassOptions } from '../config/class-options';
import { PASSTHROUGH_KEYS } from '../config/url-codec';
import { matchLocale } from '../i18n';
import { isPlotKey, parseEmbedOptions } from './embed-options';

/**
 * The pass-through pairs a share link keeps (docs/course-material.md "State in the URL"): the first of
 * each key, with a valid value; a bad one (named over the view when the page opened) is left out, a
 * list keeps its valid names (`plots=energy,x` → `plots=energy`).
 */
export function validPassthroughPairs(pairs: readonly [string, string][]): [string, string][] {
  const out: [string, string][] = [];
  const seen = new Set<string>();
  for (const [k, v] of pairs) {
    if (seen.has(k) || !PASSTHROUGH_KEYS.includes(k)) continue;
    seen.add(k);
    const kept = validValue(k, v);
    if (kept !== null) out.push([k, kept]);
  }
  return out;
}

/** A pass-through key's value as a share link keeps it, or null when the page refused it. */
function validValue(key: string, value: string): string | null {
  const one = `?${new URLSearchParams([[key, value]]).toString()}`;
  switch (key) {
    case 'embed':
    case 'theme':
    case 'view':
      return parseEmbedOptions(one).messages.length === 0 ? value : null;
    case 'plots': {
      const asked = value.split(',').map((s) => s.trim().toLowerCase());
      const keys: string[] = asked.filter((s) => s === 'none' || isPlotKey(s));
      return keys.length > 0 ? keys.join(',') : null;
    }
    case 'locale':
      return matchLocale(value) !== null ? value : null;
    case 'lock':
    case 'hide': {
      const o = parseClassOptions(one).options;
      const names = key === 'lock' ? o.lock : o.hide;
      return names.length > 0 ? names.join(',') : null;
    }
    case 'autoplay':
      return parseClassOptions(one).messages.length === 0 ? value : null;
    case 'api-origins':
      // Whom an embedded page answers is its embedder's choice (its iframe's src), not a link's.
      return null;
    default:
      return value;
  }
}
