// The model families of the page, each as its three parts: how the model reads its state record
// (model/families, registered there by the core's model name), how it is drawn (view/families) and
// which controls it has (config/families), registered here by family id. Adding a family = adding its
// three modules, one entry here and one in model/families/index.ts (and its presets in config/cases).
import type { AnyFamilyControls } from '../config/family';
import { rigidControls } from '../config/families/rigid';
import { cradleControls } from '../config/families/cradle';
import { generalizedControls } from '../config/families/generalized';
import type { FamilyView } from '../view/family-view';
import { cradleView } from '../view/families/cradle';
import { generalizedView } from '../view/families/generalized';
import { rigidView } from '../view/families/rigid';

/** A family's view and controls, by the id of its ModelFamily (model/families). */
export interface FamilyParts {
  readonly id: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly view: FamilyView<any>;
  readonly controls: AnyFamilyControls;
}

export const FAMILIES: readonly FamilyParts[] = [
  { id: 'rigid', view: rigidView, controls: rigidControls },
  { id: 'generalized', view: generalizedView, controls: generalizedControls },
  { id: 'cradle', view: cradleView, controls: cradleControls },
];

export function familyParts(id: string): FamilyParts {
  const f = FAMILIES.find((p) => p.id === id);
  if (!f) throw new Error(`unknown model family ${JSON.stringify(id)}`);
  return f;
}
