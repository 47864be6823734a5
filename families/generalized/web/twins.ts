// The words of the generalized model's perturbations (docs/ensembles.md "Perturbations"), for the
// sensitivity twins and the ensemble's kind menu (web/src/model/twins.ts FamilyTwins): the particle's and
// the star's start height y, position x and angle θ and their momenta; the cradle's balls' angles θᵢ and
// angular momenta. The core names them (y, x, theta, p_y, …; theta1, p_theta1, …); a name this package
// does not know keeps the page's words. No DOM.
import type { Perturbation } from '../../../web/src/engine/lgvci_wasm';
import type { FamilyTwins, PerturbationWords } from '../../../web/src/model/twins';
import { tr } from './words';

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';
/** A whole number written in subscript digits (θ₁₂). */
const subscript = (digits: string): string => digits.replace(/\d/g, (d) => SUBSCRIPTS[Number(d)] ?? d);

/** An angle's words: its symbol in radians, δθ in the legend and in messages. */
const angle = (q: string, label: () => string): PerturbationWords => ({ symbol: `δ${q} (rad)`, short: `δ${q}`, legend: `δ${q}`, label });

/** The particle's and the star's perturbations. */
function planarWords(p: Perturbation): PerturbationWords | undefined {
  if (p.field === 'q') {
    if (p.name === 'y') return { label: () => tr('gen.twins.y') };
    if (p.name === 'x') return { label: () => tr('gen.twins.x') };
    if (p.name === 'theta') return angle('θ', () => tr('gen.twins.theta'));
    return undefined;
  }
  const m = /^p_(x|y|theta)$/.exec(p.name);
  if (p.field !== 'p' || !m) return undefined;
  const sym = m[1] === 'theta' ? 'p_θ' : p.name;
  return { symbol: `δ${sym}`, legend: `δ${sym}`, label: () => tr('gen.twins.p', { p: sym }) };
}

/** The cradle's: ball i's angle θᵢ and its angular momentum pᵢ. */
function cradleWords(p: Perturbation): PerturbationWords | undefined {
  const m = /^(p_)?theta(\d+)$/.exec(p.name);
  if (!m) return undefined;
  const i = m[2] ?? '';
  if (!m[1]) return angle(`θ${subscript(i)}`, () => tr('cradle.twins.theta', { q: `θ${subscript(i)}`, i }));
  const sym = `p${subscript(i)}`;
  return { symbol: `δ${sym}`, legend: `δ${sym}`, label: () => tr('cradle.twins.p', { p: sym, i }) };
}

/** The particle's and the star's twins (FamilyParts.twins): their words; the page's sizes and keys. */
export const generalizedTwins: FamilyTwins = { words: planarWords };

/** The cradle's twins (FamilyParts.twins): their words; the page's sizes and keys. */
export const cradleTwins: FamilyTwins = { words: cradleWords };
