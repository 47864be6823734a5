// The rigid body's page (Tran & Leok): its reader, view, controls, the words of its presets, its
// sensitivity twins, its plots, its Rapier set-up and its presets' first frames, found by the page through
// import.meta.glob (web/src/app/families.ts; docs/architecture.md "The page's family registry").
import { defineFamily } from '../../../web/src/app/family-parts';
import type { FamilyPackage, FirstFramesFile } from '../../../web/src/app/family-parts';
import { starts as firstFrames } from './first-frames.json';
import { RIGID_CASES, rigidControls } from './controls';
import { rigidFamily } from './reader';
import { rigidView } from './view';
import { rapierOnPage } from './rapier-words';
import { rigidBodyTwins } from './twins';
import { rigidPlots } from './plots';
import { tr } from './words';

export const familyPackage: FamilyPackage = {
  order: 0,
  firstFrames: firstFrames as FirstFramesFile['starts'],
  families: [
    defineFamily({
      name: 'rigid_body',
      model: rigidFamily,
      view: rigidView,
      controls: rigidControls,
      cases: RIGID_CASES,
      rapier: rapierOnPage,
      twins: rigidBodyTwins,
      plots: rigidPlots,
      words: { longRunPaper: () => tr('rigid.longRun.paper'), ensembleSetUp: () => tr('rigid.ensemble.setUp') },
    }),
  ],
};
