// The rigid body's plots (FamilyParts.plots, keyed by the core's plot names in its capabilities):
// the page's live plots with Tran & Leok's figures — the energy exchange of Fig. 7, the energy error of
// Fig. 8 (and its long-term counterpart), the centre of mass's height of Fig. 9, the twins' divergence
// Err(t) = ‖Δx‖₂ + ‖ΔR‖₂ of Fig. 10.
import type { FamilyPlots } from '../../../web/src/view/family-plots';
import { coordinatePlot, divergencePlot, energyErrorPlot, energyPlot } from '../../../web/src/view/live-plots';
import { tr } from './words';

export const rigidPlots: FamilyPlots = {
  energy: energyPlot({ figure: () => tr('plot.fig', { n: '7' }), partsCaption: (E) => tr('rigid.energy.exchangeCaption', { E }) }),
  energy_error: energyErrorPlot({ figure: () => tr('plot.fig', { n: '8' }), longFigure: () => tr('plot.fig.long8') }),
  height: coordinatePlot({
    label: () => tr('history.height', { q: 'x₃' }),
    title: () => tr('plot.height.title'),
    figure: () => tr('plot.fig', { n: '9' }),
    caption: (twins) => (twins ? tr('plot.height.twinsCaption') : tr('plot.height.caption')),
    series: 'x₃',
    fromZero: true,
  }),
  divergence: divergencePlot({ figure: () => tr('plot.fig', { n: '10' }), caption: () => tr('rigid.divergence.caption') }),
};
