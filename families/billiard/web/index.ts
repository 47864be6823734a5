// The billiard's page (docs/billiard.md): its reader, view, controls, the words of its presets and of
// its perturbations, its bounce map's card and its presets' first frames, found by the page through import.meta.glob
// (web/src/app/families.ts; docs/architecture.md "The page's family registry").
import { defineFamily } from '../../../web/src/app/family-parts';
import type { FamilyPackage, FirstFramesFile } from '../../../web/src/app/family-parts';
import { starts as firstFrames } from './first-frames.json';
import { BILLIARD_CASES, billiardControls } from './controls';
import { billiardFamily } from './reader';
import { billiardView } from './view';
import { BounceMapCard } from './bounce-map';
import { billiardTwins } from './twins';
import { energyErrorPlot, energyPlot } from '../../../web/src/view/live-plots';

export const familyPackage: FamilyPackage = {
  order: 2,
  firstFrames: firstFrames as FirstFramesFile['starts'],
  families: [
    defineFamily({
      name: 'billiard',
      model: billiardFamily,
      view: billiardView,
      controls: billiardControls,
      cases: BILLIARD_CASES,
      twins: billiardTwins,
      plots: {
        energy: energyPlot(),
        energy_error: energyErrorPlot(),
        // Birkhoff's coordinates of each bounce, one point per impact (docs/billiard.md "On the page").
        bounce_map: { own: (idPrefix) => new BounceMapCard(idPrefix) },
      },
    }),
  ],
};
