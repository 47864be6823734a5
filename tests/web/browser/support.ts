// Shared set-up of the browser tests: a host element with the apps mounted into it (useAppFixture),
// collect console errors, window errors and unhandled rejections (each test ends by expecting none), find a field's text input or a HUD value, and type into a field
// the way a person does.
import axe from 'axe-core';
import { Mesh, MeshStandardMaterial, Vector3 } from 'three';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { App, MountOptions } from '../../../web/src/app/app';
import { mountApp } from '../../../web/src/app/app';
import type { SceneView } from '../../../web/src/view/scene-view';

export interface ErrorCapture {
  readonly errors: string[];
  stop(): void;
}

export function captureErrors(): ErrorCapture {
  const errors: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args.map(String).join(' '));
  });
  const onWindowError = (e: ErrorEvent): void => {
    errors.push(`window error: ${e.message}`);
  };
  const onRejection = (e: PromiseRejectionEvent): void => {
    errors.push(`unhandled rejection: ${String(e.reason)}`);
  };
  window.addEventListener('error', onWindowError);
  window.addEventListener('unhandledrejection', onRejection);
  return {
    errors,
    stop() {
      window.removeEventListener('error', onWindowError);
      window.removeEventListener('unhandledrejection', onRejection);
      spy.mockRestore();
    },
  };
}

export async function typeInto(input: HTMLInputElement, text: string): Promise<void> {
  await userEvent.fill(input, text);
  await userEvent.keyboard('{Enter}');
}

/** The text input of the control `data-field="id"` inside `host`; throws when there is none. */
export function textField(host: HTMLElement, id: string): HTMLInputElement {
  const el = host.querySelector<HTMLInputElement>(`[data-field="${id}"] input[type="text"]`);
  if (!el) throw new Error(`no text input for ${id}`);
  return el;
}

/** The text of the HUD value `data-hud="name"` inside `host` ('' when absent). */
export function hudText(host: HTMLElement, name: string): string {
  return host.querySelector(`[data-hud="${name}"]`)?.textContent ?? '';
}

/**
 * The page of one test: before each test a host element (`width` wide) in the document and an error
 * capture; after it, every app mounted through `mount` destroyed, the host removed and no console
 * error, window error or unhandled rejection allowed. Call at the top level of a test file.
 */
export interface AppFixture {
  /** The current test's host element. */
  readonly host: HTMLElement;
  /** Mount the app into the host (destroyed after the test). */
  mount(opts?: MountOptions): Promise<App>;
}

export function useAppFixture(width = '1200px'): AppFixture {
  let host: HTMLElement | null = null;
  let capture: ErrorCapture | null = null;
  const apps: App[] = [];
  beforeEach(() => {
    capture = captureErrors();
    host = document.createElement('div');
    host.style.width = width;
    document.body.append(host);
  });
  afterEach(() => {
    for (const a of apps.splice(0)) a.destroy();
    host?.remove();
    host = null;
    capture?.stop();
    expect(capture?.errors).toEqual([]);
  });
  return {
    get host(): HTMLElement {
      if (!host) throw new Error('useAppFixture: no test is running');
      return host;
    },
    async mount(opts?: MountOptions): Promise<App> {
      const a = await mountApp(this.host, opts);
      apps.push(a);
      return a;
    },
  };
}

/**
 * Capture the downloads (blob and file name) instead of saving them; the spies' restore functions are
 * pushed onto `restore` for the caller's afterEach.
 */
export function captureDownloads(restore: (() => void)[]): { blobs: Blob[]; names: string[] } {
  const blobs: Blob[] = [];
  const names: string[] = [];
  const create = URL.createObjectURL.bind(URL);
  const spyUrl = vi.spyOn(URL, 'createObjectURL').mockImplementation((b: Blob | MediaSource) => {
    if (b instanceof Blob) blobs.push(b);
    return create(b);
  });
  const spyClick = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  restore.push(() => spyUrl.mockRestore(), () => spyClick.mockRestore());
  return { blobs, names };
}

/** axe-core's WCAG violations inside `context`, one line each ("id (impact): targets"). */
export async function axeViolations(context: Element): Promise<string[]> {
  const r = await axe.run(context, { resultTypes: ['violations'] });
  return r.violations.map((v) => `${v.id} (${v.impact ?? ''}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A pointer position on the canvas: where the world point p is drawn. */
export interface ScreenPoint {
  clientX: number;
  clientY: number;
}

/** Where the view draws the world point p, in client coordinates (the drag tests aim with it). */
export function screenPoint(view: SceneView, p: readonly number[]): ScreenPoint {
  const v = new Vector3(p[0], p[1], p[2]).project(view.camera);
  const r = view.canvas.getBoundingClientRect();
  return { clientX: r.left + ((v.x + 1) / 2) * r.width, clientY: r.top + ((1 - v.y) / 2) * r.height };
}

/** A primary mouse button's pointer event on the canvas (pressed unless it is the pointerup). */
export function firePointer(canvas: HTMLCanvasElement, type: string, at: ScreenPoint, pointerId = 1): void {
  canvas.dispatchEvent(
    new PointerEvent(type, { ...at, pointerId, pointerType: 'mouse', isPrimary: true, button: 0, buttons: type === 'pointerup' ? 0 : 1, bubbles: true, cancelable: true }),
  );
}

/**
 * The shader programs the view has linked (three.js's shader ids, sorted), after checking that every
 * opaque lit mesh in its scene is in the shared lit program (view/lit-surface.ts: a MeshStandardMaterial
 * with vertex colours on a geometry that has them).
 */
export function linkedPrograms(view: SceneView): string[] {
  view.scene.traverse((o) => {
    if (!(o instanceof Mesh) || !(o.material instanceof MeshStandardMaterial) || o.material.transparent) return;
    expect(o.material.vertexColors, `${o.name}: a lit surface outside the shared program`).toBe(true);
    expect(o.geometry.getAttribute('color'), `${o.name}: vertex colours`).toBeDefined();
  });
  return view.renderer.info.programs?.map((p) => p.cacheKey.split(',')[0] ?? '').sort() ?? [];
}
