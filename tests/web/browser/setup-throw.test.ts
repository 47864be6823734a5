// Loading a set-up and throwing the body, real WASM in Chromium: the page's own exported JSON,
// opened through the labelled file input, restores the same state hash and the share link carries it;
// bad text is refused beside the control with the core's "field: rule" as the detail; a synthetic
// pointer throw of the playing cube sets γ₀ = m v of the pointer within 5 %; the keyboard moves and
// throws it the same way; axe-core finds nothing in the new group.
import axe from 'axe-core';
import { Raycaster, Vector2, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { App } from '../../../web/src/app/app';
import { holdAxes } from '../../../web/src/app/throw-wiring';
import type { ResolvedRigidBodyConfig } from '../../../families/rigid_body/web/config';
import type { ScreenPoint } from './support';
import { firePointer, screenPoint, textField, typeInto, useAppFixture } from './support';

let app: App;
const fx = useAppFixture();
const config = (): ResolvedRigidBodyConfig => app.model.config as ResolvedRigidBodyConfig;

async function axeViolations(context: Element): Promise<string[]> {
  const r = await axe.run(context, { resultTypes: ['violations'] });
  return r.violations.map((v) => `${v.id} (${v.impact ?? ''}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('loading a set-up', () => {
  it('the page’s own export, opened as a file, restores the same state hash; the share link carries it; bad text is refused beside the control', async () => {
    app = await fx.mount({ caseName: 'IV', autoplay: false });
    await typeInto(textField(fx.host, 'x0z'), '7.5');
    await typeInto(textField(fx.host, 'gamma0y'), '-2');
    const exported = `${app.panel.configText.value}\n`; // what Download JSON saves
    const hash0 = app.model.run.stateHash();
    app.controller.selectCase('star');
    expect(app.model.family.id).toBe('generalized');

    const input = page.getByLabelText('Open a JSON file', { exact: true });
    await userEvent.upload(input, new File([exported], 'lgvci-case-IV.json', { type: 'application/json' }));
    const msg = fx.host.querySelector('.load-msg')!;
    await expect.poll(() => msg.textContent).toBe('Loaded lgvci-case-IV.json: the run restarted from it.');
    expect(app.model.family.id).toBe('rigid_body');
    expect(app.model.run.stateHash()).toBe(hash0);
    expect(textField(fx.host, 'x0z').value).toBe('7.5');
    // Preset + fields say it: the short link; after a throw-like edit of R0 only the whole set-up does.
    const q = new URLSearchParams(app.urlState.query());
    expect(q.get('case')).toBe('IV');
    expect(q.get('z0')).toBe('7.5');
    expect(q.get('gamma0')).toBe('2,-2,10');
    expect(q.has('setup')).toBe(false);

    // Pasted text with the body under the plane: refused in words beside the control, the run goes on.
    await userEvent.click(page.getByText('Paste a set-up (JSON)'));
    await userEvent.fill(page.getByLabelText('Set-up to load (JSON text)'), '{"case": "IV", "x0": [0, 0, -5]}');
    await userEvent.click(page.getByRole('button', { name: 'Load the pasted set-up' }));
    expect(fx.host.querySelector('.load-group .field-msg-text')?.textContent).toMatch(/^The body starts inside the plane \(.* m too deep\)/);
    expect(fx.host.querySelector('.load-group .msg-detail code')?.textContent).toMatch(/^x0: the initial state penetrates the plane/);
    expect(fx.host.querySelector('#' + CSS.escape(fx.host.querySelector('.load-group textarea')!.id))?.getAttribute('aria-invalid')).toBe('true');
    expect(app.model.run.stateHash()).toBe(hash0);
    expect(await axeViolations(fx.host.querySelector('.load-group')!)).toEqual([]);

    // A file dropped on the simulator: a .txt is refused, the .json loads.
    const drop = (file: File): void => {
      const dt = new DataTransfer();
      dt.items.add(file);
      fx.host.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    };
    app.controller.selectCase('cradle');
    drop(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(msg.textContent).toBe('Drop a .json file to load a set-up.');
    drop(new File([exported], 'dropped.json', { type: 'application/json' }));
    await expect.poll(() => msg.textContent).toBe('Loaded dropped.json: the run restarted from it.');
    expect(app.model.run.stateHash()).toBe(hash0);
  });
});

/** Screen position of a world point, and the pointer events the tests send. */
function pointer(app: App) {
  const view = app.view!;
  const canvas = view.canvas;
  const screen = (p: readonly number[]): ScreenPoint => screenPoint(view, p);
  const fire = (type: string, at: ScreenPoint): void => firePointer(canvas, type, at, 7);
  /** Where the press at the body's drawn centre meets the body (what the drag raycasts). */
  const hitAtCentre = (): Vector3 => {
    const c = view.bodyRoot.position.clone();
    const ndc = c.clone().project(view.camera);
    const ray = new Raycaster();
    ray.setFromCamera(new Vector2(ndc.x, ndc.y), view.camera);
    const hit = ray.intersectObjects(view.bodyMeshes as never, false)[0];
    if (!hit) throw new Error('the body is not under its centre');
    return hit.point;
  };
  return { view, screen, fire, hitAtCentre };
}

describe('grabbing and throwing the body', () => {
  it('a pointer throw of the playing cube sets γ₀ to m times the pointer’s velocity within 5 %', async () => {
    app = await fx.mount({ caseName: 'IV', autoplay: true });
    await expect.poll(() => app.model.curr.t, { timeout: 10_000 }).toBeGreaterThan(0.2);
    const { view, screen, fire, hitAtCentre } = pointer(app);
    const cam = view.camera.position.clone().sub(view.controls.target);
    const { right, up } = holdAxes([cam.x, cam.y, cam.z]);
    const v = [0, 1, 2].map((k) => 2.5 * (right[k] ?? 0) + 1.5 * (up[k] ?? 0)); // m/s, in the hold plane
    const hit = hitAtCentre();
    const at = (s: number): number[] => [hit.x + v[0]! * s, hit.y + v[1]! * s, hit.z + v[2]! * s];
    // Each event is put where the pointer is at its own time stamp (a synthetic event's time is its
    // creation, read from a probe made just before it).
    const now = (): number => new PointerEvent('pointermove').timeStamp;
    const t0 = now();
    const fireNow = (type: string): void => fire(type, screen(at((now() - t0) / 1000)));
    fire('pointerdown', screen(at(0)));
    expect(app.playing).toBe(false);
    expect(view.controls.enabled).toBe(false);
    let s = 0;
    while (s < 0.15) {
      await new Promise((r) => setTimeout(r, 16)); // frames run between these: the run restarts from the held body
      s = (now() - t0) / 1000;
      fireNow('pointermove');
    }
    // The last 100 ms as a pointer delivers them, a move every 10 ms (a synthetic event's time is its
    // creation: on a busy machine timers alone would leave only the last move and the release).
    const end = performance.now() + 100;
    for (let next = performance.now(); next < end; next += 10) {
      while (performance.now() < next);
      fireNow('pointermove');
    }
    fireNow('pointerup');
    expect(app.playing).toBe(true);
    const m = config().mass;
    const g = config().gamma0;
    const want = v.map((x) => m * x);
    const err = Math.hypot(g[0] - want[0]!, g[1] - want[1]!, g[2] - want[2]!) / Math.hypot(...want);
    expect(err).toBeLessThan(0.05);
    expect(fx.host.querySelector('.lgvci-throw-msg')?.textContent).toMatch(/^Thrown at [\d.]+ m\/s\.$/);
    // the link carries the thrown set-up whole (another attitude, x0 off the vertical) and reopens it
    const query = app.urlState.query();
    expect(new URLSearchParams(query).has('setup')).toBe(true);
    const thrown = app.model.resolvedJson;
    app.destroy();
    app = await fx.mount({ query, autoplay: false });
    expect(app.model.resolvedJson).toBe(thrown);
    expect(fx.host.querySelector('.url-msg')?.hasAttribute('hidden')).toBe(true);
  });

  it('the keyboard grabs, moves and throws; a place inside the plane is refused over the view', async () => {
    app = await fx.mount({ caseName: 'IV', autoplay: false });
    await expect.poll(() => app.frames, { timeout: 10_000 }).toBeGreaterThan(0);
    const root = fx.host;
    root.focus();
    const key = (k: string, shift = false): void => {
      root.dispatchEvent(new KeyboardEvent('keydown', { key: k, shiftKey: shift, bubbles: true, cancelable: true }));
    };
    const z0 = config().x0[2];
    const cam = app.view!.camera.position.clone().sub(app.view!.controls.target);
    const { right } = holdAxes([cam.x, cam.y, cam.z]);
    key('g');
    expect(app.throwing?.holding).toBe(true);
    const msg = fx.host.querySelector('.lgvci-throw-msg')!;
    expect(msg.getAttribute('role')).toBe('status');
    expect(msg.textContent).toMatch(/^Holding the body/);
    for (let i = 0; i < 3; i++) key('ArrowUp');
    expect(config().x0[2]).toBeCloseTo(z0 + 0.3, 12);
    expect(app.model.curr.steps).toBe(0); // → moved the body, it did not step the run
    key('ArrowRight', true);
    key('ArrowRight', true);
    expect(msg.textContent).toMatch(/^Throw velocity/);
    key('Enter');
    expect(app.throwing?.holding).toBe(false);
    const g = config().gamma0;
    const m = config().mass;
    for (let k = 0; k < 3; k++) expect(g[k]).toBeCloseTo(m * 1.0 * (right[k] ?? 0), 12);
    expect(msg.textContent).toBe('Thrown at 1 m/s.');
    expect(app.playing).toBe(false); // it was paused: it stays paused, thrown when played
    // Down into the plane: refused with the core's words, the last valid place kept.
    key('G');
    let refused = false;
    for (let i = 0; i < 200 && !refused; i++) {
      key('ArrowDown');
      refused = msg.classList.contains('error');
    }
    expect(refused).toBe(true);
    expect(msg.textContent).toMatch(/^The body starts inside the plane/);
    expect(app.model.curr.phi).toBeGreaterThan(0);
    key('Escape');
    expect(app.throwing?.holding).toBe(false);
  });
});
