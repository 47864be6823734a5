// The query keys of the course-material features (docs/course-material.md "Embed, share, fullscreen, accessibility"): `embed=1` (only the
// simulator: view, compact bar, controls in a drawer), `plots=energy,error,…` (which plots an embed
// shows), `theme=projector` (high-contrast theme) and `view=why` (the page opens on "Why variational?",
// docs/page.md). Other keys belong to the URL state codec and are ignored here. Invalid values give a
// message ("<key>: <rule>", the value echoed: util/echo.ts) and fall back to the default; the share
// link keeps only the valid ones (app/passthrough.ts). This module is in the page's small entry: it
// imports no messages.
import { echo } from '../util/echo';

/** The plots an embed can ask for, in the order the page draws them. */
export const PLOT_KEYS = ['energy', 'error', 'height', 'divergence', 'velocity'] as const;
export type PlotKey = (typeof PLOT_KEYS)[number];

export type Theme = 'default' | 'projector';

/** The views an address can open on (`view=`): "Why variational?" (docs/page.md "Why variational?"). */
export type OpenView = 'why';

export interface EmbedOptions {
  /** Only the simulator (`embed=1`). */
  embed: boolean;
  /** Plots to show (`plots=…`); null when the key is absent (embed: none, page: all). */
  plots: PlotKey[] | null;
  theme: Theme;
  /** The view the page opens on (`view=why`); absent: the simulator. */
  view?: OpenView;
}

export interface ParsedEmbedOptions {
  options: EmbedOptions;
  /** One "<key>: <rule>" message per rejected value. */
  messages: string[];
}

export const DEFAULT_EMBED_OPTIONS: EmbedOptions = { embed: false, plots: null, theme: 'default' };

export function isPlotKey(s: string): s is PlotKey {
  return (PLOT_KEYS as readonly string[]).includes(s);
}

/** Read `embed`, `plots`, `theme` and `view` from a query string (`location.search`). */
export function parseEmbedOptions(search: string): ParsedEmbedOptions {
  const q = new URLSearchParams(search);
  const messages: string[] = [];
  const options: EmbedOptions = { ...DEFAULT_EMBED_OPTIONS };

  const embed = q.get('embed');
  if (embed !== null) {
    const v = embed.trim().toLowerCase();
    if (v === '1' || v === 'true' || v === '') options.embed = true;
    else if (v === '0' || v === 'false') options.embed = false;
    else messages.push(`embed: must be 1 or 0 (got "${echo(embed)}")`);
  }

  const plots = q.get('plots');
  if (plots !== null) {
    const asked = plots
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter((s) => s !== '');
    const unknown = asked.filter((s) => s !== 'none' && !isPlotKey(s));
    if (unknown.length > 0) {
      messages.push(`plots: unknown plot "${echo(unknown.join(', '))}" (use ${PLOT_KEYS.join(', ')} or none)`);
    }
    const keys = PLOT_KEYS.filter((k) => asked.includes(k));
    options.plots = keys;
  }

  const theme = q.get('theme');
  if (theme !== null) {
    const v = theme.trim().toLowerCase();
    if (v === 'projector') options.theme = 'projector';
    else if (v !== 'default' && v !== '') messages.push(`theme: must be projector or default (got "${echo(theme)}")`);
  }

  const view = q.get('view');
  if (view !== null) {
    const v = view.trim().toLowerCase();
    if (v === 'why') options.view = 'why';
    else if (v !== '') messages.push(`view: must be why (got "${echo(view)}")`);
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

