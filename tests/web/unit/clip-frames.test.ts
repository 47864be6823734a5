/// <reference types="vite/client" />
// A clip's frames (docs/course-material.md "Clips for slides"): FrameLoop.drawStep advances the
// fixed-step clock by the clip's frame interval and takes every step it asks for, whatever the time a
// step costs (the page's own frames drop steps past their budget). 25 frames of 1/25 s at 1× from the
// start of case IV are 1 s of simulated time: 1/h steps, and the state of the run stepped 1/h steps in
// one call, bit for bit; at 3× the speed, 3/h steps. The drawn time lags the state by the interpolation
// weight, less than a step.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { familyTable } from '../../../web/src/app/families';
import { FrameLoop } from '../../../web/src/app/frame-loop';
import type { FrameParts } from '../../../web/src/app/frame-loop';
import { CLIP_FPS } from '../../../web/src/app/media/clip-plan';
import { SimulationModel } from '../../../web/src/model/simulation-model';

describe('FrameLoop.drawStep (a clip frame)', () => {
  let engine: LgvciModule;
  beforeAll(async () => {
    const { loadEngine } = await import('../../../web/src/engine/loader');
    engine = await loadEngine();
  });

  for (const speed of [1, 3]) {
    it(`25 frames at ${speed}× take ${speed} s of steps, the same state as one call`, () => {
      const model = new SimulationModel(engine, familyTable(), speed);
      const reference = new SimulationModel(engine, familyTable(), speed);
      const json = engine.presetJson('IV');
      model.load(json);
      reference.load(json);
      let hudCalls = 0;
      const parts = { model, view: null, hud: { update: () => void hudCalls++ }, plots: {}, panel: {} } as unknown as FrameParts;
      const loop = new FrameLoop(parts);
      const h = model.clock.h;
      model.clock.running = true;
      let drawn = loop.drawStep(0);
      expect(drawn).toBe(0);
      for (let k = 1; k < CLIP_FPS; k++) drawn = loop.drawStep(1 / CLIP_FPS);
      // the 25th frame is 24/25 s in; the 25 intervals of a whole second are 25 frames: one more interval
      drawn = loop.drawStep(1 / CLIP_FPS);
      const steps = Math.round(speed / h);
      expect(model.curr.steps).toBe(steps);
      reference.step(steps);
      expect(model.curr.t).toBe(reference.curr.t);
      expect(model.curr.x).toEqual(reference.curr.x);
      expect(model.curr.q).toEqual(reference.curr.q);
      expect(model.curr.t - drawn).toBeGreaterThanOrEqual(0);
      expect(model.curr.t - drawn).toBeLessThan(h + 1e-12);
      expect(hudCalls).toBe(CLIP_FPS + 1);
      model.dispose();
      reference.dispose();
    });
  }
});
