// The host API on the <lgvci-sim> element (docs/host-api.md): a course page drives the simulator by
// the element's methods and listens to its events. set() goes through the page's own validation and the
// teacher's locks (its refusal names the field and the rule, and nothing changes), step(n) advances the
// core by n fixed steps, the state's record is the core's, impact events carry the impacts the run
// counts, a halt is announced once, and an error is an answer, never an exception.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../../web/src/element/lgvci-element';
import type { LgvciSimElement } from '../../../web/src/element/lgvci-element';
import type { HostState } from '../../../web/src/api/host';
import six from '../../fuzz/findings/intersection-six-ellipsoids-work-units.json?raw';
import { captureErrors } from './support';

const els: HTMLElement[] = [];
let capture: ReturnType<typeof captureErrors> | null = null;
beforeEach(() => {
  capture = captureErrors();
});
afterEach(() => {
  for (const e of els.splice(0)) e.remove();
  capture?.stop();
  expect(capture?.errors).toEqual([]);
});

/** An element with these attributes in the document, resolved at its lgvci-ready with the event's detail. */
async function element(attrs: Record<string, string>): Promise<{ el: LgvciSimElement; ready: { version: number; fields: string[] } }> {
  const el = document.createElement('lgvci-sim');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.style.cssText = 'display: block; width: 640px; height: 400px';
  const ready = new Promise<{ version: number; fields: string[] }>((resolve) => {
    el.addEventListener('lgvci-ready', (e) => resolve((e as CustomEvent).detail), { once: true });
  });
  document.body.append(el);
  els.push(el);
  return { el, ready: await ready };
}

function value<T>(r: { ok: boolean; value?: unknown; error?: unknown }): T {
  expect(r.ok, JSON.stringify(r.error)).toBe(true);
  return r.value as T;
}

describe('<lgvci-sim> host API', () => {
  it('before it is mounted a call is answered with an error, not thrown', () => {
    const el = document.createElement('lgvci-sim');
    expect(el.getState()).toEqual({ ok: false, error: { field: 'getState', message: expect.stringMatching(/not mounted yet/) } });
  });

  it('getState, set through the controls, step(n), reset; bad calls answered with the argument and its rule', async () => {
    const { el, ready } = await element({ case: 'IV', paused: '1' });
    expect(ready.version).toBe(1);
    expect(ready.fields).toContain('restitution');
    const s0 = value<HostState>(el.getState());
    expect(s0.t).toBe(0);
    expect(s0.steps).toBe(0);
    expect(s0.playing).toBe(false);
    expect(s0.fields['restitution']).toBeGreaterThan(0);
    // the record's fields are the core's, by name: the time and the centre of mass
    expect(s0.record['t']).toBe(0);
    expect(Array.isArray(s0.record['x'])).toBe(true);

    // set() is the panel's path: the value shows in the field, the run restarts from it
    expect(value(el.set('restitution', '0.3'))).toEqual({ field: 'restitution', value: 0.3 });
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('[data-field="restitution"] input[type="text"]')!;
    expect(Number(input.value)).toBe(0.3);
    // the panel's rules, named by the field
    const bad = el.set('restitution', 2);
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.field).toBe('restitution');
      expect(bad.error.message).toMatch(/1/);
    }
    expect(value<HostState>(el.getState()).fields['restitution']).toBe(0.3);
    const unknown = el.set('nosuchfield', 1);
    expect(unknown.ok ? '' : unknown.error.field).toBe('nosuchfield');

    // step(n): n fixed steps of h, the run paused
    const h = value<HostState>(el.getState()).fields['h']!;
    const s = value<HostState>(el.step(40));
    expect(s.steps).toBe(40);
    expect(s.t).toBeCloseTo(40 * h, 12);
    expect(s.record['t']).toBe(s.t);
    expect(s.playing).toBe(false);
    // the arguments are checked against the protocol
    for (const [call, field, rule] of [
      [() => el.step(0), 'n', /at least 1/],
      [() => el.step(1.5), 'n', /whole number/],
      [() => (el.step as (...a: unknown[]) => unknown)(), 'args', /takes 1 argument/],
      [() => (el.set as (...a: unknown[]) => unknown)(3, 1), 'field', /string/],
    ] as const) {
      const r = call() as { ok: boolean; error?: { field: string; message: string } };
      expect(r.ok).toBe(false);
      expect(r.error?.field).toBe(field);
      expect(r.error?.message).toMatch(rule);
    }
    expect(value<HostState>(el.reset()).t).toBe(0);
  });

  it('a locked field is refused with the reason; play and pause', async () => {
    const { el } = await element({ case: 'IV', lock: 'restitution', paused: '1' });
    const before = value<HostState>(el.getState()).fields['restitution'];
    const r = el.set('restitution', 0.5);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.field).toBe('restitution');
      expect(r.error.message).toMatch(/Locked by your teacher/);
    }
    expect(value<HostState>(el.getState()).fields['restitution']).toBe(before);
    // an unlocked field still applies
    expect(el.set('tilt', 5).ok).toBe(true);
    expect(value(el.play())).toEqual({ playing: true });
    expect(value(el.pause())).toEqual({ playing: false });
  });

  it('events: step at most once per frame, each impact with its time, point and impulse', async () => {
    const { el } = await element({ case: 'IV', paused: '1' });
    const steps: { t: number; steps: number; impacts: number }[] = [];
    const impacts: { t: number; point: number[]; impulse: number }[] = [];
    el.addEventListener('lgvci-step', (e) => steps.push((e as CustomEvent).detail));
    el.addEventListener('lgvci-impact', (e) => impacts.push((e as CustomEvent).detail));
    let frames = 0;
    let raf = requestAnimationFrame(function count() {
      frames++;
      raf = requestAnimationFrame(count);
    });
    // Case IV falls from rest: steps in calls of 50 until its first impacts
    let s = value<HostState>(el.getState());
    for (let i = 0; i < 40 && s.impacts === 0; i++) {
      s = value<HostState>(el.step(50));
      await new Promise((r) => requestAnimationFrame(r));
    }
    expect(s.impacts).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    cancelAnimationFrame(raf);
    // at most one step event a frame, the last one the state after the last call
    expect(steps.length).toBeGreaterThanOrEqual(1);
    expect(steps.length).toBeLessThanOrEqual(frames + 1);
    expect(steps.at(-1)).toMatchObject({ t: s.t, steps: s.steps, impacts: s.impacts });
    // the impact events are the run's impacts: as many, in time order, within the run, each with a point and an impulse
    expect(impacts).toHaveLength(s.impacts);
    for (const [i, imp] of impacts.entries()) {
      expect(imp.t).toBeGreaterThan(0);
      expect(imp.t).toBeLessThanOrEqual(s.t);
      if (i > 0) expect(imp.t).toBeGreaterThanOrEqual(impacts[i - 1]!.t);
      expect(imp.point).toHaveLength(3);
      expect(imp.impulse).toBeGreaterThan(0);
    }
  });

  it('a set-up that halts says so once, with the status and its words', async () => {
    // The intersection of six ellipsoids whose first step exceeds the core's work limit (docs/page.md "Slow set-ups")
    const { el } = await element({ case: 'IV', paused: '1' });
    const halts: { t: number; status: string; message: string }[] = [];
    el.addEventListener('lgvci-halt', (e) => halts.push((e as CustomEvent).detail));
    const app = el.app!;
    const made = app.controller.loadSetup(six);
    expect(made.ok).toBe(true);
    const s = value<HostState>(el.step(5));
    expect(s.halted).toBe(true);
    expect(halts).toEqual([{ t: 0, status: 'work_limit', message: expect.stringMatching(/^work limit: /) }]);
    const again = el.play();
    expect(again.ok).toBe(false);
  });
});
