// The presets the page offers, each with its model family and its label in the selector.
import type { CaseName } from './types';
import { decodeCase, queryEntries } from './url-codec';

export interface CaseInfo {
  name: CaseName;
  /** Family id: which FamilyControls / ModelFamily / FamilyView handle it. */
  family: string;
  label: string;
  /** The selector's group (the paper it comes from). */
  group: string;
  /** One line for a newcomer: what to change and what to watch. */
  tryThis: string;
}

const RIGID = 'Rigid body (Tran & Leok §7)';
const POINTS = 'Particle and star (Fetecau et al. §4)';
const CRADLE = "Newton's cradle (Seghete & Murphey)";

export const CASES: readonly CaseInfo[] = [
  { name: 'I', family: 'rigid', group: RIGID, label: 'Case I — ellipsoid, level plane', tryThis: 'Raise the height z to 20 and watch the energy error plot: through every bounce it stays at rounding-error level (about 10⁻¹²).' },
  { name: 'II', family: 'rigid', group: RIGID, label: 'Case II — ellipsoid, 2° slope', tryThis: 'Set the tilt to 10° and watch the ellipsoid bounce down the slope while the energy error stays tiny.' },
  { name: 'III', family: 'rigid', group: RIGID, label: 'Case III — two joined ellipsoids', tryThis: 'Switch on the sensitivity twins and watch two almost equal starts part after a few impacts.' },
  { name: 'IV', family: 'rigid', group: RIGID, label: 'Case IV — rounded cube', tryThis: 'Press Drop flat: the cube lands on a face with four corners at once and bounces in place.' },
  { name: 'rest', family: 'rigid', group: RIGID, label: 'At rest — ellipsoid on the plane', tryThis: 'Watch the HUD: time runs while the body rests in contact, held up by the normal force N = m g = 9.81 N. Raise z to drop it.' },
  { name: 'slide', family: 'rigid', group: RIGID, label: 'Sliding — cube on a 20° slope', tryThis: 'Change the tilt and watch the cube speed up as g sin θ · t; the camera keeps up.' },
  { name: 'rocking', family: 'rigid', group: RIGID, label: 'Rocking — ellipsoid, e = 0.5', tryThis: 'Watch the HUD’s phase: it lifts off (in flight), lands and rocks on in contact, the normal force N changing as it rocks.' },
  { name: 'particle', family: 'generalized', group: POINTS, label: 'Particle — bouncing ball', tryThis: 'Halve the time step h and watch the energy error’s jumps at the bounces shrink four times.' },
  { name: 'star', family: 'generalized', group: POINTS, label: 'Star — four-point star', tryThis: 'Spin it faster (ω₀) and watch which points hit the floor; dashed lines on the plots mark the impacts.' },
  { name: 'cradle', family: 'cradle', group: CRADLE, label: "Newton's cradle", tryThis: 'Pull back 3 balls (or drag a ball in the view) and count how many leave at the far end.' },
];

export function caseInfo(name: string): CaseInfo | undefined {
  return CASES.find((c) => c.name === name);
}

/** The preset named in a query string (?case=III, ?case=star; any letter case), else Case I (url-codec). */
export function caseFromQuery(search: string): CaseName {
  const { entries } = queryEntries(search);
  return decodeCase(entries, CASES.map((c) => c.name), 'I').caseName as CaseName;
}
