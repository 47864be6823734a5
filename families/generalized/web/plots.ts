// The plots of the generalized model's families (FamilyParts.plots, keyed by the core's plot names in
// their capabilities): the page's live plots of the Hamiltonian H, its error, and the coordinate each
// plots over time — the particle's and the star's height y; the cradle's far ball's angle, and the
// balls' angular velocities θ̇_i (the record's qdot) of Seghete & Murphey's Fig. 3.
import type { FamilyPlots } from '../../../web/src/view/family-plots';
import { coordinatePlot, energyErrorPlot, energyPlot, velocityPlot } from '../../../web/src/view/live-plots';
import { tr } from './words';

export const generalizedPlots: FamilyPlots = {
  energy: energyPlot(),
  energy_error: energyErrorPlot(),
  height: coordinatePlot({ label: () => tr('history.height', { q: 'y' }) }),
};

export const cradlePlots: FamilyPlots = {
  energy: energyPlot(),
  energy_error: energyErrorPlot(),
  // The far ball's angle (HistoryColumns.height: q_n, θ_n), what swings out when the striker hits.
  angle: coordinatePlot({ label: (cols) => tr('cradle.farBall', { q: (cols.names[cols.height] ?? 'q').replace(/^q/, 'θ') }) }),
  velocities: velocityPlot({
    title: () => tr('cradle.velocity.title'),
    caption: () => tr('cradle.velocity.caption'),
    axis: 'θ̇ (rad/s)',
    figure: () => tr('plot.fig', { n: '3' }),
  }),
};
