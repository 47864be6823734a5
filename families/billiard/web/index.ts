// The billiard's page (docs/billiard.md): its reader, view, controls, the words of its presets and its
// bounce map's card, found by the page through import.meta.glob (web/src/app/families.ts; docs/architecture.md "The
// page's family registry").
import { defineFamily } from '../../../web/src/app/family-parts';
import type { FamilyPackage } from '../../../web/src/app/family-parts';
import { BILLIARD_CASES, billiardControls } from './controls';
import { billiardFamily } from './reader';
import { billiardView } from './view';
import { BounceMapCard } from './bounce-map';

export const familyPackage: FamilyPackage = {
  order: 2,
  families: [
    defineFamily({
      name: 'billiard',
      model: billiardFamily,
      view: billiardView,
      controls: billiardControls,
      cases: BILLIARD_CASES,
      // Birkhoff's coordinates of each bounce, one point per impact (docs/billiard.md "On the page").
      plotCards: { bounce_map: (idPrefix) => new BounceMapCard(idPrefix) },
    }),
  ],
};
