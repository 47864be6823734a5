// The real engine with a count of live simulations: every object createSimulation hands out must be
// deleted exactly once.
import type { HybridSimulation, LgvciModule } from '../../../../web/src/engine/lgvci_wasm';

export interface Counting {
  engine: LgvciModule;
  live(): number;
  deleted(): number;
}

export function countingEngine(real: LgvciModule, wrap?: (sim: HybridSimulation) => HybridSimulation): Counting {
  let live = 0;
  let deleted = 0;
  const engine: LgvciModule = {
    createSimulation(json) {
      const r = real.createSimulation(json);
      if (!r.sim) return r;
      live++;
      let alive = true;
      const inner = r.sim;
      const counted = new Proxy(inner, {
        get(target, key) {
          if (key === 'delete') {
            return () => {
              if (!alive) throw new Error('double delete');
              alive = false;
              live--;
              deleted++;
              target.delete();
            };
          }
          const v = Reflect.get(target, key) as unknown;
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        },
      });
      return { sim: wrap ? wrap(counted) : counted, error: null };
    },
    presetJson: (n) => real.presetJson(n),
    reverseCheck: (c, n) => real.reverseCheck(c, n),
    impactLayout: () => real.impactLayout(),
    heapBytesInUse: () => real.heapBytesInUse(),
    createEnsemble: (s) => real.createEnsemble(s),
    families: () => real.families(),
    presetNames: () => real.presetNames(),
    statusCodes: () => real.statusCodes(),
  };
  return { engine, live: () => live, deleted: () => deleted };
}
