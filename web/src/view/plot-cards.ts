// The page's plot cards and the core's plot names (Capabilities.plots) they draw: no DOM, no uPlot,
// so the registry test can check that every plot a family declares has a card.
export type CardKey = 'energy' | 'error' | 'height' | 'divergence' | 'velocity' | 'long';
/** Cards that are not plots over time, each drawn by its own module: the bounce map (view/bounce-map.ts). */
export type OwnCardKey = 'bounceMap';

/**
 * The card that draws each of the core's plot names (Capabilities.plots, lgvci/core/family.hpp): a
 * family shows the cards of its plots and no other. A new plot name adds its card and a line here.
 */
export const PLOT_CARDS: Readonly<Record<string, Exclude<CardKey, 'long'> | OwnCardKey>> = {
  energy: 'energy',
  energy_error: 'error',
  height: 'height',
  // An angle (a pendulum's θ_n) is drawn on the height card: its column is HistoryColumns.height.
  angle: 'height',
  divergence: 'divergence',
  velocities: 'velocity',
  // One point (s, p_t) per impact: Birkhoff's coordinates of a bounce on a table's wall.
  bounce_map: 'bounceMap',
};
