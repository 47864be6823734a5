// Vitest 5's reporter calls Map.groupBy (Node ≥ 21) when it prints failures; Node 20 lacks it and the
// run would end in "Map.groupBy is not a function" instead of the real failure. Polyfill it here;
// both vitest configs import this file first.
const M = Map as unknown as { groupBy?: unknown };
if (typeof M.groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const out = new Map<K, T[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        const list = out.get(k);
        if (list) list.push(item);
        else out.set(k, [item]);
      }
      return out;
    },
  });
}
export {};
