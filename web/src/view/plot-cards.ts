// The page's plot cards and the core's plot names (Capabilities.plots) they draw: no DOM, no uPlot,
// so the registry test can check that every plot a family declares has a card.
export type CardKey = 'energy' | 'error' | 'height' | 'divergence' | 'velocity' | 'long';

/**
 * The card that draws each of the core's plot names (Capabilities.plots, lgvci/core/family.hpp): a
 * family shows the cards of its plots and no other. A new plot name adds its card and a line here.
 */
export const PLOT_CARDS: Readonly<Record<string, Exclude<CardKey, 'long'>>> = {
  energy: 'energy',
  energy_error: 'error',
  height: 'height',
  // An angle (a pendulum's θ_n) is drawn on the height card: its column is HistoryColumns.height.
  angle: 'height',
  divergence: 'divergence',
  velocities: 'velocity',
};
