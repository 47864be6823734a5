// The rigid body's sensitivity twins (Tran & Leok §7.4; docs/page.md "Sensitivity twins"): the page's
// twins (web/src/model/twins.ts) along the core's perturbations, of which the rigid body's first two are
// the paper's — "position", (x₀ + δx e₃, R₀), and "attitude", (x₀, R₀ δR) with δR = R_y(δθ) (right
// multiplication, as in the paper). This package gives them their words, the paper's sizes and the
// address keys dx and dtheta of the links written before every family had twins. No DOM.
import { tr as t } from './words';
import type { FamilyTwins, PerturbationWords } from '../../../web/src/model/twins';

/** The paper's perturbations: δx = (0, 0, 10⁻⁸), δR = R_y(10⁻⁸ π), by the core's perturbation names. */
export const PAPER_TWIN_SIZES: Readonly<Record<'position' | 'attitude', number>> = { position: 1e-8, attitude: 1e-8 * Math.PI };

/** The words of the paper's two perturbations (the others, x1 … Pi3, get the page's). */
const PAPER_WORDS: Readonly<Record<string, PerturbationWords>> = {
  position: {
    symbol: 'δx',
    legend: 'δx',
    label: () => t('rigid.twins.dx'),
    member: () => t('rigid.ensemble.position'),
    invalid: (message) => t('model.twinInvalid.position', { message }),
  },
  attitude: {
    symbol: 'δθ (rad)',
    short: 'δθ',
    legend: 'δR',
    label: () => t('rigid.twins.dtheta'),
    member: () => t('rigid.ensemble.attitude'),
    invalid: (message) => t('model.twinInvalid.attitude', { message }),
  },
};

/** The rigid body's twins as its package declares them (app/family-parts.ts FamilyParts.twins). */
export const rigidBodyTwins: FamilyTwins = {
  sizes: PAPER_TWIN_SIZES,
  urlKeys: { position: 'dx', attitude: 'dtheta' },
  words: (p) => (Object.prototype.hasOwnProperty.call(PAPER_WORDS, p.name) ? PAPER_WORDS[p.name] : undefined),
  hint: () => t('rigid.twins.hint'),
};
