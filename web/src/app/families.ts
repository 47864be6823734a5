// The model families of the page, each as its three parts: how the model reads its state record
// (model/families), how it is drawn (view/families) and which controls it has (config/families).
// Adding a family = adding its three modules and one entry here (and its presets in config/cases).
import type { AnyFamilyControls } from '../config/family';
import { rigidControls } from '../config/families/rigid';
import type { LgvciModule } from '../engine/lgvci_wasm';
import type { ModelFamily } from '../model/family';
import { rigidFamily } from '../model/families/rigid';
import type { FamilyResolver } from '../model/simulation-model';
import type { FamilyView } from '../view/family-view';
import { rigidView } from '../view/families/rigid';

export interface FamilyParts {
  readonly id: string;
  model(engine: LgvciModule): ModelFamily;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly view: FamilyView<any>;
  readonly controls: AnyFamilyControls;
}

export const FAMILIES: readonly FamilyParts[] = [
  {
    id: 'rigid',
    model: (engine) => rigidFamily(engine.STATE) as unknown as ModelFamily,
    view: rigidView,
    controls: rigidControls,
  },
];

export function familyParts(id: string): FamilyParts {
  const f = FAMILIES.find((p) => p.id === id);
  if (!f) throw new Error(`unknown model family ${JSON.stringify(id)}`);
  return f;
}

/** The family of a resolved config (its "model" key; configs without one are the rigid body). */
export function familyIdOf(resolvedJson: string): string {
  const raw: unknown = JSON.parse(resolvedJson);
  const model = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)['model'] : undefined;
  return typeof model === 'string' && model !== 'rigid_body' ? 'generalized' : 'rigid';
}

/** The model's family resolver over this registry (one ModelFamily per engine and family). */
export function registryResolver(): FamilyResolver {
  const cache = new Map<string, ModelFamily>();
  return (engine, resolvedJson) => {
    const id = familyIdOf(resolvedJson);
    let fam = cache.get(id);
    if (!fam) cache.set(id, (fam = familyParts(id).model(engine)));
    return fam;
  };
}
