// The model families of the core, by the name Simulation.model() reports. A new family adds its
// module and one entry here (its view and controls are registered in app/families.ts).
import type { Layout } from '../../engine/layout';
import type { ModelFamily } from '../family';
import { cradleFamily, isCradleLayout } from './cradle';
import { generalizedFamily } from './generalized';
import { rigidFamily } from './rigid';

export const MODEL_FAMILIES: readonly {
  modelName: string;
  /** Whether this entry reads a record of that model name (default: every one); the first match wins. */
  accepts?(layout: Layout): boolean;
  make(layout: Layout): ModelFamily;
}[] = [
  { modelName: 'rigid_body', make: (l) => rigidFamily(l) as unknown as ModelFamily },
  // The cradle is a generalized system too; its record (with the rest truncation's counters) tells it apart.
  { modelName: 'generalized', accepts: isCradleLayout, make: (l) => cradleFamily(l) as unknown as ModelFamily },
  { modelName: 'generalized', make: (l) => generalizedFamily(l) as unknown as ModelFamily },
];

/** Picks the family of a simulation by its model name and record layout (both from the module). */
export type FamilyResolver = (modelName: string, layout: Layout) => ModelFamily;

/** A resolver over MODEL_FAMILIES with one ModelFamily per distinct layout. */
export function modelFamilyResolver(): FamilyResolver {
  const cache = new Map<string, ModelFamily>();
  return (modelName, layout) => {
    const key = `${modelName}#${layout.key()}`;
    let f = cache.get(key);
    if (!f) {
      const entry = MODEL_FAMILIES.find((m) => m.modelName === modelName && (m.accepts?.(layout) ?? true));
      if (!entry) throw new Error(`unknown model family "${modelName}"`);
      cache.set(key, (f = entry.make(layout)));
    }
    return f;
  };
}
