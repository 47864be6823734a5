// The HUD warning for integrator problems and the deletion of embind objects, using the real engine
// wrapped so that a test can make a simulation's record() and status() report a status (a Newton failure or the Zeno
// guard cannot be provoked on demand from the presets).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { App } from '../../../web/src/app/app';
import { mountApp } from '../../../web/src/app/app';
import { loadEngine } from '../../../web/src/engine/loader';
import type { HybridSimulation, LgvciModule } from '../../../web/src/engine/lgvci_wasm';

interface Wrapped {
  engine: LgvciModule;
  force: { status: number; message: string; halted: boolean };
  live: Set<HybridSimulation>;
  deleted: number;
}

/** The real engine; its simulations report a forced status while `force.status` is set. */
async function wrappedEngine(): Promise<Wrapped> {
  const real = await loadEngine();
  const w: Wrapped = { engine: real, force: { status: 0, message: '', halted: false }, live: new Set(), deleted: 0 };
  const wrap = (inner: HybridSimulation): HybridSimulation => {
    const statusAt = inner.layout().fields.find((f) => f.name === 'status')?.offset ?? -1;
    let copy = new Float64Array(0);
    let batch = new Float64Array(0);
    const recordSize = inner.layout().size;
    const sim: HybridSimulation = new Proxy(inner, {
      get(target, key) {
        switch (key) {
          case 'reset':
            return () => {
              w.force.status = 0;
              target.reset();
            };
          case 'record':
            return () => {
              const r = target.record();
              if (copy.length !== r.length) copy = new Float64Array(r.length);
              copy.set(r);
              if (w.force.status) copy[statusAt] = w.force.status;
              return copy;
            };
          // The batched step (the page's frame): a forced status stops the batch after one step, as
          // the module's does at a non-ok step, and shows in that step's fields, record and header.
          case 'stepRecords':
            return (n: number) => {
              const k = target.stepRecords(w.force.status ? Math.min(n, 1) : n);
              const b = target.batchBuffer();
              if (batch.length !== b.length) batch = new Float64Array(b.length);
              batch.set(b);
              if (w.force.status && k > 0) {
                const o = (b[0] ?? 0) + (k - 1) * ((b[1] ?? 0) + recordSize);
                batch[o + 2] = w.force.status;
                batch[o + (b[1] ?? 0) + statusAt] = w.force.status;
                batch[2] = w.force.halted ? 1 : 0;
              }
              return k;
            };
          case 'batchBuffer':
            return () => batch;
          case 'status':
            return () => w.force.status || target.status();
          case 'halted':
            return () => (w.force.status ? w.force.halted : target.halted());
          case 'statusMessage':
            return () => (w.force.status ? w.force.message : target.statusMessage());
          case 'delete':
            return () => {
              target.delete();
              w.live.delete(sim);
              w.deleted += 1;
            };
          default: {
            const v = Reflect.get(target, key) as unknown;
            return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
          }
        }
      },
    });
    w.live.add(sim);
    return sim;
  };
  w.engine = {
    createSimulation: (json) => {
      const r = real.createSimulation(json);
      return r.sim ? { sim: wrap(r.sim), error: null } : r;
    },
    presetJson: (c) => real.presetJson(c),
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
  return w;
}

let host: HTMLElement;
let app: App | null = null;

beforeEach(() => {
  host = document.createElement('div');
  host.style.width = '900px';
  document.body.append(host);
});

afterEach(() => {
  app?.destroy();
  app = null;
  host.remove();
});

describe('integrator status in the HUD', () => {
  it('a Zeno-guard report shows a warning and the run goes on', async () => {
    const w = await wrappedEngine();
    app = await mountApp(host, { caseName: 'IV', autoplay: false, engine: w.engine });
    const warning = host.querySelector<HTMLElement>('.hud-warning');
    expect(warning?.hidden).toBe(true);
    expect(warning?.getAttribute('role')).toBe('alert');
    w.force = { status: 2, message: 'Zeno guard: the step met 64 impacts; the cascade\'s limit was taken.', halted: false };
    app.stepOnce();
    await expect.poll(() => warning?.hidden).toBe(false);
    // In words, with the way out; the core's text one click away.
    expect(warning?.querySelector('.hud-warning-text')?.textContent).toMatch(
      /^At t = 0\.01 s the body bounced 64 times within one time step .*The run goes on\./,
    );
    expect(warning?.querySelector('.hud-warning-detail')?.textContent).toBe('Zeno guard: the step met 64 impacts; the cascade\'s limit was taken.');
    expect([...(warning?.querySelectorAll('.hud-action') ?? [])].map((b) => b.textContent)).toEqual(['Halve h (to 0.005 s)', 'Reset']);
    expect(warning?.classList.contains('hud-error')).toBe(false);
    w.force.status = 0;
    app.play();
    await expect.poll(() => app?.model.curr.steps ?? 0, { timeout: 10_000 }).toBeGreaterThan(5);
    expect(warning?.hidden).toBe(false); // stays until a reset or restart
    app.reset();
    await expect.poll(() => warning?.hidden).toBe(true);
  });

  it('with h locked by the teacher (lock=h), the warning offers Reset only: halving h would be refused', async () => {
    const w = await wrappedEngine();
    app = await mountApp(host, { query: '?case=IV&lock=h', autoplay: false, engine: w.engine });
    const warning = host.querySelector<HTMLElement>('.hud-warning');
    w.force = { status: 2, message: "Zeno guard: the step met 64 impacts; the cascade's limit was taken.", halted: false };
    app.stepOnce();
    await expect.poll(() => warning?.hidden).toBe(false);
    expect([...(warning?.querySelectorAll('.hud-action') ?? [])].map((b) => b.textContent)).toEqual(['Reset']);
    // the lock is what removed it: the controller refuses h / 2, and a free h would be offered
    expect(app.controller.lockRefusal('h', app.model.clock.h / 2)).toMatch(/^Locked by your teacher/);
  });

  it('a Newton failure halts the run with an error and Play stays off until a reset', async () => {
    const w = await wrappedEngine();
    app = await mountApp(host, { caseName: 'I', autoplay: false, engine: w.engine });
    app.play();
    await expect.poll(() => app?.model.curr.steps ?? 0, { timeout: 10_000 }).toBeGreaterThan(2);
    w.force = { status: 1, message: 'Newton iteration for F did not converge.', halted: true };
    await expect.poll(() => app?.playing, { timeout: 10_000 }).toBe(false);
    await expect.element(page.getByRole('alert')).toBeVisible();
    expect(host.querySelector('.hud-warning-text')?.textContent).toMatch(
      /^The simulation stopped at t = \d+\.\d{2} s: the integrator could not solve the next time step .* Press Reset to start again, or make the time step h smaller\.$/,
    );
    expect(host.querySelector('.hud-warning-detail')?.textContent).toBe('Newton iteration for F did not converge.');
    expect(host.querySelector('.hud-warning')?.classList.contains('hud-error')).toBe(true);
    await expect.element(page.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    const steps = app.model.curr.steps;
    app.play();
    expect(app.playing).toBe(false);
    app.stepOnce();
    expect(app.model.curr.steps).toBe(steps);
    // The warning's Reset button is the way out (the wrapper clears the forced status on reset).
    host.querySelector<HTMLButtonElement>('.hud-action')?.click();
    expect(app.model.curr.steps).toBe(0);
    app.play();
    expect(app.playing).toBe(true);
  });
});

describe('embind object lifetime', () => {
  it('every restart deletes the previous Simulation and destroy() deletes the last one', async () => {
    const w = await wrappedEngine();
    app = await mountApp(host, { caseName: 'I', autoplay: false, engine: w.engine });
    expect(w.live.size).toBe(1);
    app.controller.setField('gamma0x', 1);
    app.controller.setField('tilt', '5');
    app.controller.selectCase('III');
    expect(w.live.size).toBe(1);
    expect(w.deleted).toBe(3);
    app.destroy();
    app = null;
    expect(w.live.size).toBe(0);
    expect(w.deleted).toBe(4);
  });
});
