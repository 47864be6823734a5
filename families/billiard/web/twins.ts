// The words of the billiard's perturbations (docs/ensembles.md "Perturbations": shifts of the start's x,
// y, p_x, p_y), for the sensitivity twins and the ensemble's kind menu (web/src/model/twins.ts
// FamilyTwins); the page's sizes and address keys. No DOM.
import type { FamilyTwins } from '../../../web/src/model/twins';
import { tr } from './words';

export const billiardTwins: FamilyTwins = {
  words: (p) => {
    const axis = p.component === 0 ? 'x' : 'y';
    if (p.field === 'q') return { label: () => tr('billiard.twins.q', { axis }) };
    if (p.field === 'p') return { label: () => tr('billiard.twins.p', { axis }) };
    return undefined;
  },
};
