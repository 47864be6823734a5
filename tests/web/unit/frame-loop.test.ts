// The page's frame loop on the real module (docs/page.md "The frame loop"): every frame advances the
// main simulation with one binding call, reads the steps' records from the module's own buffers (no
// new views of WASM memory, no growth of the module's heap in the steady state, no snapshot object
// created: the states are read into the two the model keeps), and ends in the state
// a run stepped one step at a time reaches, bit for bit. Case IV and the star, at 1× and at the
// fastest speed the page offers (20×).
import { beforeAll, describe, expect, it } from 'vitest';
import type { HybridSimulation, LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { familyTable } from '../../../web/src/app/families';
import type { ModelFamily } from '../../../web/src/model/family';
import { lerpVec3, quatFromRowMajor, slerp } from '../../../web/src/model/interpolation';
import type { CompanionRun, DrawnPose } from '../../../web/src/model/companions';
import { SimulationModel } from '../../../web/src/model/simulation-model';
import { countingEngine } from './support/counting';

const FRAMES = 1000;
const FRAME_SECONDS = 1 / 60;

/** Every method call on the simulations the engine hands out, counted. */
function callCounting(real: LgvciModule): { engine: LgvciModule; calls: () => number; names: Map<string, number> } {
  let calls = 0;
  const names = new Map<string, number>();
  const wrap = (inner: HybridSimulation): HybridSimulation =>
    new Proxy(inner, {
      get(target, key) {
        const v = Reflect.get(target, key) as unknown;
        if (typeof v !== 'function') return v;
        return (...a: unknown[]) => {
          calls++;
          names.set(String(key), (names.get(String(key)) ?? 0) + 1);
          return (v as (...b: unknown[]) => unknown).apply(target, a);
        };
      },
    });
  return { engine: countingEngine(real, wrap).engine, calls: () => calls, names };
}

/** The module with every method call of every simulation it hands out (perturbedStart's too) counted per simulation. */
function perSimCounting(real: LgvciModule): { engine: LgvciModule; calls: Map<HybridSimulation, number> } {
  const calls = new Map<HybridSimulation, number>();
  const wrap = (inner: HybridSimulation): HybridSimulation => {
    const sim: HybridSimulation = new Proxy(inner, {
      get(target, key) {
        const v = Reflect.get(target, key) as unknown;
        if (typeof v !== 'function') return v;
        return (...a: unknown[]) => {
          calls.set(sim, (calls.get(sim) ?? 0) + 1);
          const r = (v as (...b: unknown[]) => unknown).apply(target, a);
          if (key !== 'perturbedStart') return r;
          const p = r as ReturnType<HybridSimulation['perturbedStart']>;
          return p.sim ? { sim: wrap(p.sim), error: null } : p;
        };
      },
    });
    return sim;
  };
  const engine = new Proxy(real, {
    get(target, key) {
      if (key === 'createSimulation') {
        return (json: string) => {
          const r = target.createSimulation(json);
          return r.sim ? { sim: wrap(r.sim), error: null } : r;
        };
      }
      const v = Reflect.get(target, key) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  return { engine, calls };
}

/** The family's snapshot reads that create a Snapshot object (read, not readInto), counted. */
function countReads(model: SimulationModel): () => number {
  let reads = 0;
  const family: ModelFamily = model.family;
  const read = family.read.bind(family);
  (family as { read: ModelFamily['read'] }).read = (s) => {
    reads++;
    return read(s);
  };
  return () => reads;
}

describe('the frame loop (real WASM)', () => {
  let real: LgvciModule;

  beforeAll(async () => {
    const { loadEngine } = await import('../../../web/src/engine/loader');
    real = await loadEngine();
  });

  for (const [preset, speed] of [
    ['IV', 1],
    ['IV', 20],
    ['star', 1],
    ['star', 20],
  ] as const) {
    it(`${preset} at ${speed}×: one binding call a frame, no heap growth, no new views, the one-step run's state`, () => {
      const counted = callCounting(real);
      const model = new SimulationModel(counted.engine, familyTable(), speed);
      const json = real.presetJson(preset);
      model.load(json);
      const reads = countReads(model);
      model.clock.running = true;
      // A first pass brings the core's scratch (its impact log, a body's contact set) to the size the
      // run's impacts need; a reset keeps it. The frames measured are those of the second pass.
      for (let f = 1; f <= FRAMES; f++) model.advance(FRAME_SECONDS, Infinity);
      model.reset();
      model.clock.running = true;
      let heapAt100 = NaN;
      let viewsAt100 = NaN;
      let steps = 0;
      let impacts = 0;
      let maxReads = 0;
      for (let f = 1; f <= FRAMES; f++) {
        const calls0 = counted.calls();
        const views0 = model.run.viewRefreshes;
        const reads0 = reads();
        const impacts0 = model.drainedImpacts;
        // an unlimited budget: every frame takes all the steps the clock asks for
        const n = model.advance(FRAME_SECONDS, Infinity);
        steps += n;
        impacts += model.drainedImpacts - impacts0;
        // (a) one call on the main simulation a frame that steps, none otherwise, and one more for each
        // view of a module buffer taken again (when the batch buffer grew: (c) says none after frame 100)
        const views = model.run.viewRefreshes - views0;
        expect(counted.calls() - calls0, `frame ${f}: ${[...counted.names].join(', ')}`).toBe((n > 0 ? 1 : 0) + views);
        if (f > 100) expect(counted.calls() - calls0).toBe(1);
        // the snapshots created a frame: none (each step's states are read into prev and curr)
        maxReads = Math.max(maxReads, reads() - reads0);
        // the drawn pose: one object, rewritten, equal to the interpolation of prev and curr
        const drawn = model.interpolated(0.5);
        expect(drawn).toBe(model.interpolated(0.5));
        if (f % 97 === 0) {
          expect(drawn.x).toEqual(lerpVec3(model.prev.x, model.curr.x, 0.5));
          expect(drawn.q).toEqual(slerp(model.prev.q, model.curr.q, 0.5));
        }
        if (f === 100) {
          heapAt100 = real.heapBytesInUse();
          viewsAt100 = model.run.viewRefreshes;
        }
      }
      expect(model.halted).toBe(false);
      expect(model.status).toBeNull();
      // 1000 frames of 1/60 s at this speed: every step the clock asked for was taken
      expect(steps).toBe(model.run.steps());
      // (the clock's sum of 1000 frames, up to its rounding)
      expect(steps).toBeGreaterThanOrEqual(Math.floor((FRAMES * FRAME_SECONDS * speed) / model.clock.h) - 2);
      // the run met the ground: the frames carried impact records too
      expect(impacts).toBeGreaterThan(0);
      expect(impacts).toBe(impactsOneByOne(real, json, steps));
      // (b) the module's heap in use is the same at frame 100 and frame 1000
      expect(real.heapBytesInUse()).toBe(heapAt100);
      // (c) no view of the module's buffers taken after frame 100 (two at the first frame: batch, impacts)
      expect(model.run.viewRefreshes).toBe(viewsAt100);
      // (e) no snapshot object created by a frame
      expect(maxReads).toBe(0);
      // (d) the state after 1000 frames is the one a run stepped one step at a time reaches, and the
      // snapshots read in place are that run's last two states, read anew
      const sim = real.createSimulation(json).sim;
      if (!sim) throw new Error('the preset is valid');
      for (let i = 0; i < steps - 1; i++) sim.step(1);
      expect(model.prev).toEqual(model.family.read(sim.record()));
      sim.step(1);
      expect(model.curr).toEqual(model.family.read(sim.record()));
      expect(model.prev).not.toBe(model.curr);
      expect(model.run.stateHash()).toBe(sim.stateHash());
      // and the history's rows (the CSV's) are that run's records, row for row
      sim.reset();
      const row = new Float64Array(model.history.stride);
      for (let i = 1; i <= Math.min(steps, model.history.length - 1); i += 97) {
        while (sim.steps() < i) sim.step(1);
        model.family.writeRow(sim.record(), row, 0);
        for (let c = 0; c < row.length; c++) {
          if (c === model.history.columns.impacts) continue;
          expect(model.history.get(i, c), `row ${i} column ${c}`).toBe(row[c]);
        }
      }
      sim.delete();
      model.dispose();
    });
  }

  it('Case IV with the twins and the core baselines: one call per simulation a frame, no heap growth, the twins equal their own one-step runs', () => {
    const counted = perSimCounting(real);
    const model = new SimulationModel(counted.engine, familyTable(), 20);
    model.load(real.presetJson('IV'));
    expect(model.setTwins(() => [{ kind: 'position', size: 1e-8 }, { kind: 'attitude', size: 1e-8 * Math.PI }])).toBe('');
    expect(model.setComparison(null)).toBe('');
    const ids = model.companions.map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(3); // two twins and at least one baseline
    model.clock.running = true;
    for (let f = 1; f <= FRAMES; f++) model.advance(FRAME_SECONDS, Infinity);
    model.reset();
    model.clock.running = true;
    let heapAt100 = NaN;
    const list = model.companions;
    const drawnObjects = new Map(list.map((r) => [r, r.interpolated(0.5)]));
    for (let f = 1; f <= FRAMES; f++) {
      const before = new Map(counted.calls);
      model.advance(FRAME_SECONDS, Infinity);
      drawCompanions(model.companions, list, drawnObjects, f);
      if (f > 100) {
        let stepping = 0;
        for (const [sim, n] of counted.calls) {
          // the main run, the twins' simulations, and a baseline until it halts (then it takes no call)
          const k = n - (before.get(sim) ?? 0);
          expect(k, `frame ${f}`).toBeLessThanOrEqual(1);
          stepping += k;
        }
        expect(stepping, `frame ${f}`).toBeGreaterThanOrEqual(3); // at least the main run and both twins
      }
      if (f === 100) heapAt100 = real.heapBytesInUse();
    }
    expect(real.heapBytesInUse()).toBe(heapAt100);
    const steps = model.run.steps();
    for (const r of model.companions) expect(r.length, r.id).toBe(steps + 1);
    // a twin's state after the frames: its own simulation stepped one step at a time
    for (const kind of ['position', 'attitude'] as const) {
      const start = real.createSimulation(model.resolvedJson).sim;
      if (!start) throw new Error('the preset is valid');
      const twin = start.perturbedStart(kind, kind === 'position' ? 1e-8 : 1e-8 * Math.PI).sim;
      start.delete();
      if (!twin) throw new Error('the twin starts');
      for (let i = 0; i < steps; i++) twin.step(1);
      const run = model.companions.find((r) => r.id === kind);
      const pose = new Float64Array(run?.space.size ?? 0);
      run?.space.fromRecord(twin.record(), pose);
      expect([...(run?.currPose ?? [])], kind).toEqual([...pose]);
      expect(run?.energy.last(), kind).toBe(twin.energy());
      twin.delete();
    }
    model.dispose();
  });

  it('the star beside its core baselines: the drawn poses of runs in generalized coordinates create no snapshot object a frame', () => {
    const model = new SimulationModel(real, familyTable(), 1);
    model.load(real.presetJson('star'));
    expect(model.setComparison(null)).toBe('');
    const list = model.companions;
    expect(list.length).toBeGreaterThanOrEqual(1);
    model.clock.running = true;
    const drawnObjects = new Map(list.map((r) => [r, r.interpolated(0.5)]));
    const reads = countReads(model);
    let maxReads = 0;
    for (let f = 1; f <= FRAMES; f++) {
      model.advance(FRAME_SECONDS, Infinity);
      const reads0 = reads();
      drawCompanions(model.companions, list, drawnObjects, f, model.family);
      // the checks of every 97th frame read fresh snapshots themselves (2 per run)
      if (f % 97 !== 0) maxReads = Math.max(maxReads, reads() - reads0);
    }
    expect(maxReads).toBe(0);
    // the runs drew in between distinct poses: the star spun on
    for (const r of list) expect(r.length, r.id).toBe(model.run.steps() + 1);
    model.dispose();
  });
});

/**
 * What the frame loop does with the companions every frame (FrameLoop.syncGhosts): the list, then
 * each run's drawn pose. The list is the same array every frame and each run's pose the same object,
 * rewritten; every 97th frame the pose is checked against the interpolation of the run's last two
 * poses computed afresh (rigid: lerp of x and slerp of the attitudes of R; generalized: the family's
 * snapshots of the two records, lerp, slerp and lerp of the part coordinates).
 */
function drawCompanions(
  runs: readonly CompanionRun[],
  list: readonly CompanionRun[],
  drawn: Map<CompanionRun, DrawnPose>,
  f: number,
  family?: ModelFamily,
): void {
  expect(runs, `frame ${f}: the companions' list`).toBe(list);
  for (const r of runs) {
    const g = r.interpolated(0.5);
    expect(g, `frame ${f}: ${r.id}'s drawn pose`).toBe(drawn.get(r));
    if (f % 97 !== 0) continue;
    const a = r.prevPose;
    const b = r.currPose;
    if (!family) {
      expect(g.x, r.id).toEqual(lerpVec3(a, b, 0.5));
      expect(g.q, r.id).toEqual(slerp(quatFromRowMajor([...a].slice(3, 12)), quatFromRowMajor([...b].slice(3, 12)), 0.5));
      expect(g.coords, r.id).toBeUndefined();
    } else {
      const sa = family.read(a);
      const sb = family.read(b);
      expect(g.x, r.id).toEqual(lerpVec3(sa.x, sb.x, 0.5));
      expect(g.q, r.id).toEqual(slerp(sa.q, sb.q, 0.5));
      expect(g.coords, r.id).toEqual(sa.coords?.map((v, i) => v + 0.5 * ((sb.coords?.[i] ?? v) - v)));
    }
  }
}

/** The impact records of `steps` single steps of a fresh simulation of `json`, drained after each. */
function impactsOneByOne(engine: LgvciModule, json: string, steps: number): number {
  const sim = engine.createSimulation(json).sim;
  if (!sim) throw new Error('the preset is valid');
  const size = sim.impactLayout().size;
  let k = 0;
  for (let i = 0; i < steps; i++) {
    sim.step(1);
    k += sim.drainImpacts().length / size;
  }
  sim.delete();
  return k;
}
