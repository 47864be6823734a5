// The real app with the real WASM in Chromium: accessible controls, tilt and ε wiring down to the model
// and the three.js scene, playing with impacts, bad input, keyboard shortcuts, teardown, and no console
// errors anywhere.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { App } from '../../../web/src/app/app';
import { mountApp } from '../../../web/src/app/app';
import type { ErrorCapture } from './support';
import { captureErrors, linkedPrograms, typeInto } from './support';
import { RIGID_BODY_FIELDS } from '../../../families/rigid_body/web/fields';
import type { ResolvedRigidBodyConfig } from '../../../families/rigid_body/web/config';

let host: HTMLElement;
let app: App;
let capture: ErrorCapture;

async function mount(caseName: 'I' | 'II' | 'III' | 'IV' = 'I'): Promise<App> {
  app = await mountApp(host, { caseName, autoplay: false });
  return app;
}

function fieldInput(id: string, kind: 'range' | 'value'): HTMLInputElement {
  const el = host.querySelector<HTMLInputElement>(`[data-field="${id}"] input[type="${kind === 'range' ? 'range' : 'text'}"]`);
  if (!el) throw new Error(`no ${kind} input for ${id}`);
  return el;
}

function fieldMessage(id: string): HTMLElement {
  const el = host.querySelector<HTMLElement>(`[data-field="${id}"] .field-msg`);
  if (!el) throw new Error(`no message for ${id}`);
  return el;
}

beforeEach(() => {
  capture = captureErrors();
  host = document.createElement('div');
  host.style.width = '960px';
  document.body.append(host);
});

afterEach(() => {
  app?.destroy();
  host.remove();
  capture.stop();
  expect(capture.errors).toEqual([]);
});

describe('the mounted app', () => {
  it('renders with WebGL, marks the first frame with four shader programs, and draws continuously only while playing', async () => {
    await mount('I');
    expect(app.view).not.toBeNull();
    await expect.poll(() => app.frames, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(performance.getEntriesByName('lgvci:first-frame').length).toBeGreaterThan(0);
    expect(host.querySelector('canvas')).not.toBeNull();
    const gl = app.view?.renderer.getContext();
    expect(gl?.isContextLost()).toBe(false);
    // Each program is compiled and linked before the first frame shows (in software GL, ~0.1 s each):
    // the sky, the grid's lines, the lit surfaces (the plane shares the body's), the shadow map's depth.
    if (!app.view) throw new Error('no view');
    expect(linkedPrograms(app.view)).toEqual(['basic', 'basic', 'depth', 'physical']);
    const idle = app.frames;
    app.play();
    await expect.poll(() => app.frames, { timeout: 10_000 }).toBeGreaterThan(idle + 3);
    expect(app.model.curr.steps).toBeGreaterThan(0);
  });

  it('every slider and numeric field has an accessible name from a <label for>', async () => {
    await mount('IV');
    // a number is a slider and a typed value; a choice (the impact's jump) a labelled menu
    const numbers = RIGID_BODY_FIELDS.filter((f) => !f.choices);
    for (const f of numbers) {
      await expect.element(page.getByRole('slider', { name: f.label, exact: true })).toBeInTheDocument();
      await expect
        .element(page.getByRole('textbox', { name: `${f.label}, typed value`, exact: true }))
        .toBeInTheDocument();
    }
    for (const f of RIGID_BODY_FIELDS.filter((g) => g.choices)) {
      await expect.element(page.getByRole('combobox', { name: f.label, exact: true })).toBeInTheDocument();
    }
    expect(host.querySelectorAll('input[type="range"]')).toHaveLength(numbers.length);
    for (const input of host.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input, select, textarea',
    )) {
      expect(input.labels?.length ?? 0, input.id).toBeGreaterThan(0);
    }
    await expect.element(page.getByRole('combobox', { name: 'Body preset' })).toBeInTheDocument();
    for (const name of ['Play', 'Step', 'Reset']) {
      await expect.element(page.getByRole('button', { name, exact: true })).toBeInTheDocument();
    }
    await expect.element(page.getByRole('slider', { name: 'Plane tilt angle in degrees' })).toHaveAttribute('max', '30');
    // log sliders announce the value, not the exponent that is their position
    const eps = fieldInput('epsilon', 'range');
    expect(eps.value).toBe('-13');
    expect(eps.getAttribute('aria-valuetext')).toBe('1e-13 metres');
    expect(fieldInput('h', 'range').getAttribute('aria-valuetext')).toBe('0.01 seconds');
  });

  it('moving the tilt slider (keyboard) tilts the plane in the model and in the rendered scene', async () => {
    await mount('I');
    expect(app.model.normal).toEqual([0, 0, 1]);
    expect(app.view?.renderedPlaneNormal()[2]).toBeCloseTo(1, 12);
    const tilt = page.getByRole('slider', { name: 'Plane tilt angle in degrees' });
    await tilt.click(); // focus (a click on a range also sets a value, so reset it by keyboard)
    await userEvent.keyboard('{Home}');
    expect(app.model.normal[2]).toBeCloseTo(1, 12);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(Number(fieldInput('tilt', 'range').value)).toBeCloseTo(0.3, 9);
    await userEvent.keyboard('{End}{ArrowLeft}');
    const deg = Number(fieldInput('tilt', 'range').value);
    expect(deg).toBeCloseTo(29.9, 9);
    const c = Math.cos((deg * Math.PI) / 180);
    expect(app.model.normal[2]).toBeCloseTo(c, 12);
    const rendered = app.view?.renderedPlaneNormal() ?? [NaN, NaN, NaN];
    rendered.forEach((v, i) => expect(v).toBeCloseTo(app.model.normal[i] ?? NaN, 6));
    expect(fieldInput('tilt', 'value').value).toBe('29.9');

    // azimuth 90°: the plane now leans toward +y
    await typeInto(fieldInput('azimuth', 'value'), '90');
    expect(app.model.normal[0]).toBeCloseTo(0, 12);
    expect(app.model.normal[1]).toBeCloseTo(Math.sin((29.9 * Math.PI) / 180), 12);
    expect(app.view?.renderedPlaneNormal()[1]).toBeCloseTo(app.model.normal[1], 6);
  });

  it('ε (Case IV) changes the cube’s collision geometry and its drawn size', async () => {
    await mount('I');
    expect(fieldInput('epsilon', 'range').disabled).toBe(true);
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Body preset' }), 'IV');
    expect((app.model.config as ResolvedRigidBodyConfig).body.type).toBe('cube');
    expect(fieldInput('epsilon', 'range').disabled).toBe(false);
    const phi0 = app.model.curr.phi;
    const side = ((app.model.config as ResolvedRigidBodyConfig).body as { side: number }).side;
    const size = (): number => {
      const g = app.view?.bodyMeshes[0]?.geometry;
      g?.computeBoundingBox();
      return g?.boundingBox ? g.boundingBox.max.x - g.boundingBox.min.x : NaN;
    };
    expect(size()).toBeCloseTo(side, 6);

    await typeInto(fieldInput('epsilon', 'value'), '0.4');
    expect((app.model.config as ResolvedRigidBodyConfig).body).toMatchObject({ type: 'cube', epsilon: 0.4 });
    expect(app.model.curr.phi).toBeCloseTo(phi0 - 0.4, 9);
    expect(size()).toBeCloseTo(side + 0.8, 6);
    // the exported configuration is the core's resolved config of the running simulation
    const exported = host.querySelector<HTMLTextAreaElement>('textarea.config-json')?.value ?? '';
    expect(JSON.parse(exported)).toEqual(JSON.parse(app.model.resolvedJson));
    expect(JSON.parse(exported).body.epsilon).toBe(0.4);

    // the log slider drives it too
    const eps = page.getByRole('slider', { name: 'Corner rounding ε of the cube' });
    await eps.click();
    await userEvent.keyboard('{Home}');
    expect(((app.model.config as ResolvedRigidBodyConfig).body as { epsilon: number }).epsilon).toBe(1e-13);
    expect(app.model.curr.phi).toBeCloseTo(phi0, 9);
  });

  it('play advances time, impacts happen and are flashed, the HUD follows', async () => {
    await mount('IV');
    await typeInto(fieldInput('speed', 'value'), '20');
    expect(app.model.clock.speed).toBe(20);
    await page.getByRole('button', { name: 'Play' }).click();
    expect(app.playing).toBe(true);
    await expect.element(page.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await expect.poll(() => app.model.curr.impacts, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    expect(app.model.curr.t).toBeGreaterThan(2);
    await expect.poll(() => app.view?.visibleFlashes ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Pause' }).click();
    expect(app.playing).toBe(false);
    await expect
      .poll(() => host.querySelector('[data-hud="impacts"]')?.textContent)
      .toBe(String(app.model.curr.impacts));
    expect(app.model.relativeEnergyError).toBeLessThan(1e-9);
    expect(host.querySelector('.hud-warning')?.hasAttribute('hidden')).toBe(true);
  });

  it('invalid input shows a message beside the control and the last valid run keeps going', async () => {
    await mount('I');
    await typeInto(fieldInput('speed', 'value'), '5');
    app.play();
    const configBefore = app.model.configJson;
    await expect.poll(() => app.model.curr.steps, { timeout: 10_000 }).toBeGreaterThan(0);

    // tilt outside the slider's [0, 30]°
    await typeInto(fieldInput('tilt', 'value'), '95');
    await expect.element(page.getByText(/Plane tilt angle in degrees must be between 0° and 30°/)).toBeVisible();
    expect(fieldMessage('tilt').getAttribute('aria-live')).toBe('polite');
    expect(fieldInput('tilt', 'value').getAttribute('aria-invalid')).toBe('true');
    expect(fieldInput('tilt', 'value').getAttribute('aria-describedby')).toBe(fieldMessage('tilt').id);

    // not a number
    await typeInto(fieldInput('gamma0x', 'value'), 'abc');
    expect(fieldMessage('gamma0x').textContent).toMatch(/“abc” is not a number/);

    // physics-level: the initial state penetrates the plane (from the core's validateConfig)
    await typeInto(fieldInput('x0z', 'value'), '1');
    expect(fieldMessage('x0z').textContent).toMatch(/x0/);
    expect(fieldInput('x0z', 'value').getAttribute('aria-invalid')).toBe('true');

    expect(app.model.configJson).toBe(configBefore);
    expect(app.playing).toBe(true);
    const steps = app.model.curr.steps;
    await expect.poll(() => app.model.curr.steps, { timeout: 10_000 }).toBeGreaterThan(steps + 10);

    // a valid value clears the messages and restarts
    await typeInto(fieldInput('tilt', 'value'), '3');
    expect(fieldMessage('tilt').textContent).toBe('');
    expect(fieldMessage('x0z').textContent).toBe('');
    expect(fieldInput('tilt', 'value').hasAttribute('aria-invalid')).toBe(false);
    expect(app.model.normal[2]).toBeCloseTo(Math.cos((3 * Math.PI) / 180), 12);
  });

  it('keyboard shortcuts are bound to the app root, not the document', async () => {
    await mount('I');
    host.focus();
    expect(document.activeElement).toBe(host);
    await userEvent.keyboard(' ');
    expect(app.playing).toBe(true);
    await userEvent.keyboard(' ');
    expect(app.playing).toBe(false);
    const s0 = app.model.curr.steps;
    await userEvent.keyboard('s');
    expect(app.model.curr.steps).toBe(s0 + 1);
    await userEvent.keyboard('{ArrowRight}');
    expect(app.model.curr.steps).toBe(s0 + 2);
    await userEvent.keyboard('r');
    expect(app.model.curr.steps).toBe(0);

    // typing in a text field is not a shortcut
    const field = fieldInput('gamma0x', 'value');
    field.focus();
    await userEvent.keyboard('s');
    expect(app.model.curr.steps).toBe(0);

    // keys outside the app do nothing
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    await userEvent.keyboard('s');
    expect(app.model.curr.steps).toBe(0);
    outside.remove();
  });

  it('draws the union of Case III as two ellipsoids and a horizontal plane', async () => {
    await mount('III');
    expect(app.view?.bodyMeshes.map((m) => m.name)).toEqual(['ellipsoid', 'ellipsoid']);
    expect(app.view?.renderedPlaneNormal()[2]).toBeCloseTo(1, 12);
  });

  it('Case II draws the plane tilted by 2° toward azimuth π', async () => {
    await mount('II');
    const n = app.view?.renderedPlaneNormal() ?? [NaN, NaN, NaN];
    expect(n[0]).toBeCloseTo(-Math.sin(Math.PI / 90), 6);
    expect(n[2]).toBeCloseTo(Math.cos(Math.PI / 90), 6);
    expect(fieldInput('tilt', 'value').value).toBe('2');
    expect(fieldInput('azimuth', 'value').value).toBe('180');
  });

  it('destroy() removes everything it added and deletes the simulation', async () => {
    await mount('I');
    const model = app.model;
    app.destroy();
    expect(model.loaded).toBe(false);
    expect(host.children).toHaveLength(0);
    expect(host.hasAttribute('tabindex')).toBe(false);
    expect(host.classList.contains('lgvci-app')).toBe(false);
    host.tabIndex = 0;
    host.focus();
    await userEvent.keyboard('s'); // listener gone: nothing happens, nothing throws
    host.removeAttribute('tabindex');
  });

  it('two apps can be embedded on one page with independent shortcuts', async () => {
    await mount('I');
    const host2 = document.createElement('div');
    host2.style.width = '900px';
    document.body.append(host2);
    const app2 = await mountApp(host2, { caseName: 'IV', autoplay: false });
    try {
      host2.focus();
      await userEvent.keyboard('s');
      expect(app2.model.curr.steps).toBe(1);
      expect(app.model.curr.steps).toBe(0);
      const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      app2.destroy();
      host2.remove();
    }
  });
});
