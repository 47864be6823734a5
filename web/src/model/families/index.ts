// The model families of the core, by the name Simulation.model() reports. A new family adds its
// module and one entry here (its view and controls are registered in app/families.ts).
import type { Layout } from '../../engine/layout';
import type { ModelFamily } from '../family';
import { cradleFamily, isCradle } from './cradle';
import { generalizedFamily } from './generalized';
import { rigidFamily } from './rigid';

export const MODEL_FAMILIES: readonly {
  modelName: string;
  /**
   * Whether this entry reads a simulation of that model name, from its record layout and its resolved
   * config JSON ('' when unknown) (default: every one); the first match wins.
   */
  accepts?(layout: Layout, resolvedJson: string): boolean;
  make(layout: Layout): ModelFamily;
}[] = [
  { modelName: 'rigid_body', make: (l) => rigidFamily(l) as unknown as ModelFamily },
  // The cradle is a generalized system too; its record (with the rest truncation's counters) or, for the
  // sequential policy, which has none, its config's "cradle" set-up tells it apart.
  { modelName: 'generalized', accepts: isCradle, make: (l) => cradleFamily(l) as unknown as ModelFamily },
  { modelName: 'generalized', make: (l) => generalizedFamily(l) as unknown as ModelFamily },
];

/** Picks the family of a simulation by its model name, record layout and resolved config (all from the module). */
export type FamilyResolver = (modelName: string, layout: Layout, resolvedJson?: string) => ModelFamily;

/** A resolver over MODEL_FAMILIES with one ModelFamily per distinct entry and layout. */
export function modelFamilyResolver(): FamilyResolver {
  const cache = new Map<string, ModelFamily>();
  return (modelName, layout, resolvedJson = '') => {
    const index = MODEL_FAMILIES.findIndex((m) => m.modelName === modelName && (m.accepts?.(layout, resolvedJson) ?? true));
    const entry = MODEL_FAMILIES[index];
    if (!entry) throw new Error(`unknown model family "${modelName}"`);
    const key = `${index}#${layout.key()}`;
    let f = cache.get(key);
    if (!f) cache.set(key, (f = entry.make(layout)));
    return f;
  };
}
