// The state in the address, real WASM in Chromium: every kind of setting changed
// through the controls is written to location.search (throttled replaceState); a fresh app mounted
// with that query has the same configuration, twins, camera, follow and paused state, and after the
// same steps its CSV export is byte-equal; the cradle's query restores its set-up and policy; wrong
// values are listed in a status box at the top of the panel, naming the key and the rule, while the
// rest applies and the page comes up; the embed helper's keys are left alone.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { App } from '../../../web/src/app/app';
import { mountApp } from '../../../web/src/app/app';
import { parseEmbedOptions } from '../../../web/src/app/embed-options';
import type { CradleConfig } from '../../../families/generalized/web/cradle/config';
import type { ResolvedRigidBodyConfig } from '../../../families/rigid_body/web/config';
import type { ErrorCapture } from './support';
import { captureErrors, textField, typeInto } from './support';

let host: HTMLElement;
let apps: App[] = [];
let capture: ErrorCapture;
let original = '';

async function mount(opts: Parameters<typeof mountApp>[1]): Promise<App> {
  const a = await mountApp(host, opts);
  apps.push(a);
  return a;
}

function unmount(a: App): void {
  a.destroy();
  apps = apps.filter((x) => x !== a);
}

/** The same steps from t = 0 in both apps, then the CSV. */
function csvAfterSteps(a: App, n: number): string {
  a.reset();
  a.pause();
  for (let i = 0; i < n; i++) a.stepOnce();
  return a.exportCsv();
}

function issueKeys(): string[] {
  return Array.from(host.querySelectorAll<HTMLElement>('.url-msg li'), (li) => li.dataset['key'] ?? '');
}

beforeEach(() => {
  capture = captureErrors();
  original = location.href;
  history.replaceState(history.state, '', location.pathname + location.hash);
  host = document.createElement('div');
  host.style.width = '1200px';
  document.body.append(host);
});

afterEach(() => {
  for (const a of apps) a.destroy();
  apps = [];
  host.remove();
  history.replaceState(history.state, '', original);
  capture.stop();
  expect(capture.errors).toEqual([]);
});

describe('state in the address', () => {
  it('every kind of setting goes to location.search; a fresh app with that query restores it and its CSV', async () => {
    const a = await mount({ caseName: 'IV', autoplay: false, syncUrl: true });
    const field = (id: string): HTMLInputElement => textField(host, id);
    await typeInto(field('x0z'), '7.3');
    await typeInto(field('gamma0x'), '1.5');
    await typeInto(field('Pi0y'), '-2.25');
    await typeInto(field('tilt'), '10');
    await typeInto(field('azimuth'), '40');
    await typeInto(field('epsilon'), '0.2');
    await typeInto(field('h'), '0.005');
    await typeInto(field('speed'), '2.5');
    await userEvent.click(page.getByRole('checkbox', { name: 'Run the perturbed twins' }));
    await typeInto(host.querySelector<HTMLInputElement>('[data-twin="dx"] input')!, '1e-6');
    await userEvent.click(page.getByRole('checkbox', { name: 'Camera follows the body' }));
    // the user orbits the camera (what OrbitControls ends a drag with)
    const view = a.view!;
    const t = view.controls.target;
    view.camera.position.set(t.x + 20, t.y + 25, t.z + 12);
    view.controls.update();
    view.controls.dispatchEvent({ type: 'end' });
    await expect.poll(() => location.search, { timeout: 5000 }).toContain('cam=');
    const search = location.search;
    expect(search).toMatch(
      /^\?case=IV&z0=7\.3&gamma0=1\.5,[^&]+&Pi0=[^,]+,-2\.25,[^&]+&tilt=10&azimuth=40&eps=0\.2&h=0\.005&speed=2\.5&twins=1&dx=0\.000001&cam=51\.3,20\.5,34\.2&follow=0&target=[^&]+&paused=1$/,
    );
    expect(a.urlState.shareUrl()).toBe(`${location.origin}${location.pathname}${search}${location.hash}`);
    const before = {
      config: a.controller.configJson,
      params: JSON.stringify(a.controller.params),
      twins: [a.controller.twinsOn, a.controller.twinKinds, a.controller.twinSize('position'), a.controller.twinSize('attitude')],
      camera: a.urlState.camera(),
      target: view.controls.target.toArray(),
    };
    const csv = csvAfterSteps(a, 120);
    expect(csv.split('\n')).toHaveLength(123); // header, t = 0 and 120 steps, final newline
    unmount(a);

    const b = await mount({ query: search, syncUrl: true });
    expect(host.querySelector<HTMLElement>('.url-msg')?.hidden).toBe(true);
    expect(b.playing).toBe(false);
    expect(b.controller.configJson).toBe(before.config);
    expect(JSON.stringify(b.controller.params)).toBe(before.params);
    expect([b.controller.twinsOn, b.controller.twinKinds, b.controller.twinSize('position'), b.controller.twinSize('attitude')]).toEqual(before.twins);
    expect(b.panel.followBox.checked).toBe(false);
    expect(b.view?.follow).toBe(false);
    const cam = b.urlState.camera()!;
    // within the written rounding: 0.1° for the angles, 3 significant digits for the distance
    expect(Math.abs(cam.azimuth - before.camera!.azimuth)).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(Math.abs(cam.elevation - before.camera!.elevation)).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(Math.abs(cam.distance / before.camera!.distance - 1)).toBeLessThan(2e-3);
    b.view!.controls.target.toArray().forEach((v, i) => expect(v).toBeCloseTo(before.target[i]!, 2));
    expect(csvAfterSteps(b, 120)).toBe(csv);
    // the restored app writes the same address back (nothing lost, nothing added)
    b.urlState.flush();
    expect(location.search).toBe(search);
  });

  it('the cradle: its set-up and policy from the query, and back into the address as the controls change', async () => {
    const query = '?case=cradle&balls=5&pulled=2&angle=15&gap=0.001&policy=simultaneous';
    const a = await mount({ query, autoplay: false, syncUrl: true });
    const c = a.model.config as unknown as CradleConfig;
    expect(c.cradle).toMatchObject({ balls: 5, pulled: 2, gap: 0.001, policy: 'simultaneous' });
    expect(c.cradle.angle).toBe(-15 * (Math.PI / 180));
    expect(textField(host, 'cangle').value).toBe('15');
    await expect.element(page.getByRole('combobox', { name: 'Impact policy' })).toHaveDisplayValue('Simultaneous impulse (engines)');
    expect(host.querySelector<HTMLElement>('.url-msg')?.hidden).toBe(true);
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Impact policy' }), 'Variational chain (Seghete & Murphey)');
    await typeInto(textField(host, 'cballs'), '6');
    await expect.poll(() => location.search, { timeout: 5000 }).toBe('?case=cradle&balls=6&pulled=2&angle=15&gap=0.001&paused=1');
    const csv = csvAfterSteps(a, 150);
    unmount(a);
    const b = await mount({ query: location.search });
    expect((b.model.config as unknown as CradleConfig).cradle).toMatchObject({ balls: 6, pulled: 2, policy: 'chain' });
    expect(csvAfterSteps(b, 150)).toBe(csv);
  });

  it('wrong values: listed with key and rule at the top of the panel, preset kept for them, the rest applied', async () => {
    const a = await mount({ query: '?case=IV&tilt=45&gamma0=1,2&eps=0.2&foo=bar&balls=3&embed=1&theme=projector&h=0.004', autoplay: false });
    const box = host.querySelector<HTMLElement>('.url-msg')!;
    expect(box.hidden).toBe(false);
    expect(box.querySelector('[role="status"]')).not.toBeNull();
    // at the top of the panel
    expect(host.querySelector('.lgvci-panel')?.firstElementChild).toBe(box);
    expect(issueKeys()).toEqual(['gamma0', 'tilt', 'foo', 'balls']);
    expect(box.textContent).toContain('tilt: Plane tilt angle in degrees must be between 0° and 30°');
    expect(box.textContent).toContain('gamma0: expects 3 comma-separated values');
    expect(box.textContent).toContain('foo: not a setting of Case IV');
    const cfg = a.model.config as ResolvedRigidBodyConfig;
    expect(cfg.body).toMatchObject({ type: 'cube', epsilon: 0.2 });
    expect(cfg.h).toBe(0.004);
    expect(a.controller.params['tilt']).toBe(0);
    // the page is up: the 3-D view draws, the controls work
    await expect.poll(() => a.frames, { timeout: 10_000 }).toBeGreaterThan(0);
    await userEvent.click(page.getByRole('button', { name: 'Dismiss' }));
    expect(box.hidden).toBe(true);
  });

  it('"Drop flat" (Case IV with R₀ = I) is kept in the address and restored', async () => {
    const a = await mount({ caseName: 'I', autoplay: false, syncUrl: true });
    await page.getByRole('button', { name: 'Drop flat' }).click();
    await expect.poll(() => location.search, { timeout: 5000 }).toMatch(/^\?case=IV&flat=1&gamma0=0,0,0&Pi0=0,0,0&paused=1$/);
    const csv = csvAfterSteps(a, 100);
    const json = a.controller.configJson;
    expect((a.model.config as ResolvedRigidBodyConfig).R0).toEqual([[1, 0, 0], [0, 1, 0], [0, 0, 1]]);
    unmount(a);
    const b = await mount({ query: location.search });
    expect(b.controller.configJson).toBe(json);
    expect(csvAfterSteps(b, 100)).toBe(csv);
  });

  it('a value the core refuses falls back alone; an unknown case opens Case I with a message', async () => {
    // z0 = 0.1 puts the rounded cube into the plane: the core refuses it; the other values still apply
    const a = await mount({ query: '?case=IV&z0=0.1&tilt=5&speed=3', autoplay: false });
    expect(issueKeys()).toEqual(['z0']);
    expect(host.querySelector('.url-msg li')?.textContent).toMatch(/^z0: .+; using the preset's value\.$/);
    expect(a.controller.params['tilt']).toBeCloseTo(5 * (Math.PI / 180), 15);
    expect(a.controller.params.speed).toBe(3);
    unmount(a);
    const b = await mount({ query: '?case=cube&tilt=3', autoplay: false });
    expect(b.controller.params.caseName).toBe('I');
    expect(issueKeys()).toEqual(['case']);
    expect(b.controller.params['tilt']).toBeCloseTo(3 * (Math.PI / 180), 15);
  });

  it('the Share dialog offers the state on screen, also on a page that does not write its address', async () => {
    const a = await mount({ caseName: 'IV', autoplay: false, syncUrl: false });
    await typeInto(textField(host, 'tilt'), '12');
    await typeInto(textField(host, 'epsilon'), '0.25');
    a.chrome.share.open();
    const link = new URL(a.chrome.share.linkInput.value);
    expect(link.searchParams.get('case')).toBe('IV');
    expect(link.searchParams.get('tilt')).toBe('12');
    expect(link.searchParams.get('eps')).toBe('0.25');
    expect(location.search).toBe(''); // this page keeps its own address
    const snippet = a.chrome.share.snippetText.value;
    expect(snippet).toContain('tilt=12');
    expect(snippet).toContain('embed=1');
    // the embed's address restores the same configuration
    const config = a.controller.configJson;
    a.chrome.share.dialog.close();
    unmount(a);
    const b = await mount({ query: link.search, autoplay: false });
    expect(b.controller.configJson).toBe(config);
  });

  it('"Show plots" unticked is written as plots=none and opens with the plots hidden', async () => {
    const a = await mount({ caseName: 'IV', autoplay: false, syncUrl: true });
    await userEvent.click(page.getByRole('checkbox', { name: 'Show plots' }));
    await vi.waitFor(() => expect(location.search).toBe('?case=IV&paused=1&plots=none'), { timeout: 5000 });
    const search = location.search;
    unmount(a);
    const b = await mount({ query: search, syncUrl: true, embed: parseEmbedOptions(search).options });
    expect(b.panel.plotsBox.checked).toBe(false);
    expect(b.plots.element.hidden || getComputedStyle(b.plots.element).display === 'none').toBe(true);
    await userEvent.click(page.getByRole('checkbox', { name: 'Show plots' }));
    await vi.waitFor(() => expect(location.search).toBe('?case=IV&paused=1'), { timeout: 5000 });
  });
});
