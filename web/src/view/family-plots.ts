// What a family package declares of its plots (FamilyParts.plots, docs/architecture.md "The page's
// family registry"): for each of the core's plot names in its capabilities (Capabilities.plots,
// lgvci/core/family.hpp), either a live plot of the page's (view/live-plots.ts: energy, energy error,
// a coordinate, the twins' divergence, velocities) with the family's own words, or a card it draws
// itself (not a plot over time: one point per impact, say). No DOM, no uPlot, so the registry test can
// check that every plot a family's capabilities list is declared.
import type { SimulationModel } from '../model/simulation-model';
import type { LivePlot } from './live-plots';

/**
 * A card a family's package draws itself for one of its plot names, kept up to date by the page's
 * PlotsView with the other cards.
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

/** A card the package draws itself, made once per page with the page's id prefix. */
export interface OwnPlot {
  readonly own: (idPrefix: string) => FamilyPlotCard;
}

/** One declared plot: one of the page's live plots with the family's words, or a card of its own. */
export type FamilyPlot = LivePlot | OwnPlot;

/** A family's plots by the core's plot name (every name of its Capabilities.plots). */
export type FamilyPlots = Readonly<Record<string, FamilyPlot>>;

/** The declaration is a card the package draws. */
export function isOwnPlot(p: FamilyPlot): p is OwnPlot {
  return 'own' in p;
}

/** The plots' view's source of declarations (app/families.ts familyPlots): a family's, and every package's own cards. */
export interface PlotRegistry {
  /** The plots a family declares, by the core's plot name ({} for a family the page has no parts for). */
  of(familyName: string): FamilyPlots;
  /** The cards the packages draw themselves, by plot name (the first package's for a name two declare). */
  readonly own: Readonly<Record<string, (idPrefix: string) => FamilyPlotCard>>;
}
