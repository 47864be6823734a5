// The query keys of the course-material features (docs/course-material.md "Embed, share, fullscreen, accessibility"): `embed=1` (only the
// simulator: view, compact bar, controls in a drawer), `plots=energy,error,…` (which plots an embed
// shows) and `theme=projector` (high-contrast theme). Other keys belong to the URL state codec and are
// ignored here. Invalid values give a message ("<key>: <rule>") and fall back to the default.

/** The plots an embed can ask for, in the order the page draws them. */
export const PLOT_KEYS = ['energy', 'error', 'height', 'divergence', 'velocity'] as const;
export type PlotKey = (typeof PLOT_KEYS)[number];

export type Theme = 'default' | 'projector';

export interface EmbedOptions {
  /** Only the simulator (`embed=1`). */
  embed: boolean;
  /** Plots to show (`plots=…`); null when the key is absent (embed: none, page: all). */
  plots: PlotKey[] | null;
  theme: Theme;
}

export interface ParsedEmbedOptions {
  options: EmbedOptions;
  /** One "<key>: <rule>" message per rejected value. */
  messages: string[];
}

export const DEFAULT_EMBED_OPTIONS: EmbedOptions = { embed: false, plots: null, theme: 'default' };

function isPlotKey(s: string): s is PlotKey {
  return (PLOT_KEYS as readonly string[]).includes(s);
}

/** Read `embed`, `plots` and `theme` from a query string (`location.search`). */
export function parseEmbedOptions(search: string): ParsedEmbedOptions {
  const q = new URLSearchParams(search);
  const messages: string[] = [];
  const options: EmbedOptions = { ...DEFAULT_EMBED_OPTIONS };

  const embed = q.get('embed');
  if (embed !== null) {
    const v = embed.trim().toLowerCase();
    if (v === '1' || v === 'true' || v === '') options.embed = true;
    else if (v === '0' || v === 'false') options.embed = false;
    else messages.push(`embed: must be 1 or 0 (got "${embed.slice(0, 40)}")`);
  }

  const plots = q.get('plots');
  if (plots !== null) {
    const asked = plots
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter((s) => s !== '');
    const unknown = asked.filter((s) => s !== 'none' && !isPlotKey(s));
    if (unknown.length > 0) {
      messages.push(`plots: unknown plot "${unknown.join('", "').slice(0, 60)}" (use ${PLOT_KEYS.join(', ')} or none)`);
    }
    const keys = PLOT_KEYS.filter((k) => asked.includes(k));
    options.plots = keys;
  }

  const theme = q.get('theme');
  if (theme !== null) {
    const v = theme.trim().toLowerCase();
    if (v === 'projector') options.theme = 'projector';
    else if (v !== 'default' && v !== '') messages.push(`theme: must be projector or default (got "${theme.slice(0, 40)}")`);
  }
  return { options, messages };
}

/**
 * The pass-through pairs with `plots` as the page shows them: "Show plots" against the mode's default
 * (full page: shown, embed: hidden). A list the address asked for is kept while the plots are shown.
 */
export function plotsPairs(keep: readonly [string, string][], shown: boolean): [string, string][] {
  const search = new URLSearchParams(keep.map(([k, v]) => [k, v])).toString();
  const embed = parseEmbedOptions(search).options.embed;
  const asked = keep.find(([k]) => k === 'plots')?.[1];
  const rest = keep.filter(([k]) => k !== 'plots');
  const value = shown ? (asked && asked !== 'none' ? asked : embed ? PLOT_KEYS.join(',') : null) : embed ? null : 'none';
  return value === null ? rest : [...rest, ['plots', value]];
}
