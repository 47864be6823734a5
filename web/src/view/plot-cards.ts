// The page's plot cards and the core's plot names (Capabilities.plots) they draw: no DOM, no uPlot,
// so the registry test can check that every plot a family declares has a card. A plot no card here
// draws is drawn by a card its family's package makes (FamilyParts.plotCards).
import type { SimulationModel } from '../model/simulation-model';

export type CardKey = 'energy' | 'error' | 'height' | 'divergence' | 'velocity' | 'long';

/**
 * The card that draws each of the core's plot names (Capabilities.plots, lgvci/core/family.hpp): a
 * family shows the cards of its plots and no other. A new plot name adds its card and a line here,
 * or its family's package draws it (FamilyPlotCard).
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

/**
 * A card a family's package draws itself for one of its plot names (not a plot over time: one point
 * per impact, say), kept up to date by the page's PlotsView with the other cards.
 */
export interface FamilyPlotCard {
  /** The card's figure (hidden while the running family does not declare its plot). */
  readonly element: HTMLElement;
  readonly shown: boolean;
  /** The model has something the card has not drawn yet (a new impact, a restart). */
  stale(model: SimulationModel): boolean;
  /** Read the model's news and draw it (force: redraw even without news). */
  update(model: SimulationModel, force: boolean): void;
  resize(): void;
  destroyPlot(): void;
}

/** A package's cards by the core's plot name, each made once per page with the page's id prefix. */
export type FamilyPlotCards = Readonly<Record<string, (idPrefix: string) => FamilyPlotCard>>;
