// The presets the page offers, each with its model family and its label in the selector.
import type { CaseName } from './types';
import { decodeCase, queryEntries } from './url-codec';

export interface CaseInfo {
  name: CaseName;
  /** Family id: which FamilyControls / ModelFamily / FamilyView handle it. */
  family: string;
  label: string;
}

export const CASES: readonly CaseInfo[] = [
  { name: 'I', family: 'rigid', label: 'Case I — ellipsoid, horizontal plane' },
  { name: 'II', family: 'rigid', label: 'Case II — ellipsoid, plane tilted 2°' },
  { name: 'III', family: 'rigid', label: 'Case III — union of two ellipsoids' },
  { name: 'IV', family: 'rigid', label: 'Case IV — ε-rounded cube' },
  { name: 'rest', family: 'rigid', label: 'At rest — ellipsoid on the plane' },
  { name: 'slide', family: 'rigid', label: 'Sliding down a 20° plane — rounded cube' },
  { name: 'rocking', family: 'rigid', label: 'Rocking ellipsoid — lifts off, settles (e = 0.5)' },
  { name: 'particle', family: 'generalized', label: 'Particle — bouncing ball (Fetecau et al. §4.2)' },
  { name: 'star', family: 'generalized', label: 'Star — four-point star (Fetecau et al. §4.3)' },
  { name: 'cradle', family: 'cradle', label: "Cradle — Newton's cradle (Seghete & Murphey)" },
];

export function caseInfo(name: string): CaseInfo | undefined {
  return CASES.find((c) => c.name === name);
}

/** The preset named in a query string (?case=III, ?case=star; any letter case), else Case I (url-codec). */
export function caseFromQuery(search: string): CaseName {
  const { entries } = queryEntries(search);
  return decodeCase(entries, CASES.map((c) => c.name), 'I').caseName as CaseName;
}
