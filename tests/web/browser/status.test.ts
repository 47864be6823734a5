// The HUD warning for integrator problems and the deletion of embind objects, using the real engine
// wrapped so that a test can make Simulation.state() report a status (a Newton failure or the Zeno
// guard cannot be provoked on demand from the presets).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { App } from '../../../web/src/app/app';
import { mountApp } from '../../../web/src/app/app';
import { loadEngine } from '../../../web/src/engine/loader';
import type { LgvciModule, Simulation } from '../../../web/src/engine/lgvci_wasm';

interface Wrapped {
  engine: LgvciModule;
  force: { status: number; message: string };
  live: Set<Simulation>;
  deleted: number;
}

async function wrappedEngine(): Promise<Wrapped> {
  const real = await loadEngine();
  const w: Wrapped = { engine: real, force: { status: 0, message: '' }, live: new Set(), deleted: 0 };
  class ForcedSimulation implements Simulation {
    private readonly inner: Simulation;
    private readonly copy = new Float64Array(real.STATE.SIZE);
    constructor(json: string) {
      this.inner = new real.Simulation(json);
      w.live.add(this);
    }
    step(n: number): number {
      return this.inner.step(n);
    }
    reset(): void {
      w.force.status = 0;
      this.inner.reset();
    }
    state(): Float64Array {
      this.copy.set(this.inner.state());
      if (w.force.status) this.copy[real.STATE.STATUS] = w.force.status;
      return this.copy;
    }
    drainImpacts(): Float64Array {
      return this.inner.drainImpacts();
    }
    statusMessage(): string {
      return w.force.status ? w.force.message : this.inner.statusMessage();
    }
    configJson(): string {
      return this.inner.configJson();
    }
    delete(): void {
      this.inner.delete();
      w.live.delete(this);
      w.deleted += 1;
    }
  }
  w.engine = {
    Simulation: ForcedSimulation,
    validateConfig: (j) => real.validateConfig(j),
    presetConfig: (c) => real.presetConfig(c),
    STATE: real.STATE,
    IMPACT: real.IMPACT,
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
    w.force = { status: 2, message: 'Zeno guard: 64 impacts in one step.' };
    app.stepOnce();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Warning at t = 0.010 s: Zeno guard: 64 impacts in one step.');
    expect(warning?.classList.contains('hud-error')).toBe(false);
    w.force.status = 0;
    app.play();
    await expect.poll(() => app?.model.curr.steps ?? 0, { timeout: 10_000 }).toBeGreaterThan(5);
    expect(warning?.hidden).toBe(false); // stays until a reset or restart
    app.reset();
    await expect.poll(() => warning?.hidden).toBe(true);
  });

  it('a Newton failure halts the run with an error and Play stays off until a reset', async () => {
    const w = await wrappedEngine();
    app = await mountApp(host, { caseName: 'I', autoplay: false, engine: w.engine });
    app.play();
    await expect.poll(() => app?.model.curr.steps ?? 0, { timeout: 10_000 }).toBeGreaterThan(2);
    w.force = { status: 1, message: 'Newton iteration for F did not converge.' };
    await expect.poll(() => app?.playing, { timeout: 10_000 }).toBe(false);
    await expect.element(page.getByRole('alert')).toBeVisible();
    expect(host.querySelector('.hud-warning')?.textContent).toMatch(
      /^Simulation halted at t = \d+\.\d{3} s: Newton iteration for F did not converge\./,
    );
    expect(host.querySelector('.hud-warning')?.classList.contains('hud-error')).toBe(true);
    await expect.element(page.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    const steps = app.model.curr.steps;
    app.play();
    expect(app.playing).toBe(false);
    app.stepOnce();
    expect(app.model.curr.steps).toBe(steps);
    app.reset(); // the wrapper clears the forced status on reset
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
