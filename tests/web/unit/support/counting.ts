// The real engine with a count of live simulations: every object createSimulation (or a counted
// simulation's perturbedStart or withField) hands out must be deleted exactly once.
import type { HybridSimulation, LgvciModule } from '../../../../web/src/engine/lgvci_wasm';

export interface Counting {
  engine: LgvciModule;
  live(): number;
  deleted(): number;
}

export function countingEngine(real: LgvciModule, wrap?: (sim: HybridSimulation) => HybridSimulation): Counting {
  let live = 0;
  let deleted = 0;
  // Counts `inner` as live until its delete(); the twins it makes (perturbedStart) are counted too.
  const count = (inner: HybridSimulation): HybridSimulation => {
    live++;
    let alive = true;
    return new Proxy(inner, {
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
        if (key === 'perturbedStart') {
          return (kind: 'position' | 'attitude', delta: number) => {
            const r = target.perturbedStart(kind, delta);
            return r.sim ? { sim: count(r.sim), error: null } : r;
          };
        }
        if (key === 'withField') {
          return (path: string, value: number) => {
            const r = target.withField(path, value);
            return r.sim ? { sim: count(r.sim), error: null } : r;
          };
        }
        const v = Reflect.get(target, key) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
  };
  const engine: LgvciModule = {
    createSimulation(json) {
      const r = real.createSimulation(json);
      if (!r.sim) return r;
      const counted = count(r.sim);
      return { sim: wrap ? wrap(counted) : counted, error: null };
    },
    presetJson: (n) => real.presetJson(n),
    reverseCheck: (c, n) => real.reverseCheck(c, n),
    impactLayout: () => real.impactLayout(),
    heapBytesInUse: () => real.heapBytesInUse(),
    createEnsemble: (s) => real.createEnsemble(s),
    families: () => real.families(),
    configSchema: (n) => real.configSchema(n),
    presetNames: () => real.presetNames(),
    statusCodes: () => real.statusCodes(),
    createOrderStudy: (c, n) => real.createOrderStudy(c, n),
    symplecticity: (c, n, s, m) => real.symplecticity(c, n, s, m),
    bounceMap: (c, b) => real.bounceMap(c, b),
  };
  return { engine, live: () => live, deleted: () => deleted };
}
