// The generalized model's page (Fetecau, Marsden, Ortiz & West): the particle and the star (family
// "generalized") and Newton's cradle (Seghete & Murphey), a case of the same model that the core
// registers as a family of its own; with the words of their perturbations and their presets' first frames. Found by the page through
// import.meta.glob (web/src/app/families.ts; docs/architecture.md "The page's family registry").
import { defineFamily } from '../../../web/src/app/family-parts';
import type { FamilyPackage, FirstFramesFile } from '../../../web/src/app/family-parts';
import { starts as firstFrames } from './first-frames.json';
import { CRADLE_CASES, cradleControls } from './cradle/controls';
import { cradleFamily } from './cradle/reader';
import { cradleView } from './cradle/view';
import { GENERALIZED_CASES, generalizedControls } from './generalized/controls';
import { generalizedFamily } from './generalized/reader';
import { generalizedView } from './generalized/view';
import { cradlePlots, generalizedPlots } from './plots';
import { cradleTwins, generalizedTwins } from './twins';

export const familyPackage: FamilyPackage = {
  order: 1,
  firstFrames: firstFrames as FirstFramesFile['starts'],
  families: [
    defineFamily({ name: 'generalized', model: generalizedFamily, view: generalizedView, controls: generalizedControls, cases: GENERALIZED_CASES, twins: generalizedTwins, plots: generalizedPlots }),
    defineFamily({ name: 'cradle', model: cradleFamily, view: cradleView, controls: cradleControls, cases: CRADLE_CASES, twins: cradleTwins, plots: cradlePlots }),
  ],
};
