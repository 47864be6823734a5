// The view on a touch screen (docs/page.md "Every screen", docs/course-material.md "In a scrolling
// lesson"): the canvas lets the browser pan, so one finger over the view scrolls the lesson around it;
// two fingers orbit and zoom the camera and do not scroll; one finger on a ball of the cradle drags the
// ball instead of scrolling. three.js's camera controls write an inline `touch-action: none` on the
// canvas when they attach, which beats the stylesheet: the computed value is read after they attach,
// and again after they detach and attach once more. The gestures are real touches, sent through
// Chromium's input pipeline (CDP Input.dispatchTouchEvent), so the browser's own scrolling is tested.
import { describe, expect, it } from 'vitest';
import { cdp } from 'vitest/browser';
// The provider's types give cdp() its send() (the Chromium session of the test's page).
import type {} from '@vitest/browser-playwright';
import type { App } from '../../../web/src/app/app';
import type { CradleConfig } from '../../../families/generalized/web/cradle/config';
import type { ScreenPoint } from './support';
import { screenPoint, useAppFixture } from './support';

const fx = useAppFixture('600px');

interface TouchPoint {
  x: number;
  y: number;
  id: number;
}

/** Where the test's frame sits in the top page (CDP's touch points are the top page's coordinates). */
function frameOffset(): { x: number; y: number } {
  const r = window.frameElement?.getBoundingClientRect();
  return { x: r?.left ?? 0, y: r?.top ?? 0 };
}

async function touch(type: 'touchStart' | 'touchMove' | 'touchEnd', points: TouchPoint[]): Promise<void> {
  const o = frameOffset();
  await cdp().send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map((p) => ({ x: p.x + o.x, y: p.y + o.y, id: p.id, radiusX: 1, radiusY: 1, force: 1 })),
  });
}

/** Fingers moved together from `from` by (dx, dy) in `steps` moves, then lifted. */
async function swipe(from: TouchPoint[], d: (p: TouchPoint, f: number) => TouchPoint, steps = 12): Promise<void> {
  await touch('touchStart', from);
  for (let i = 1; i <= steps; i++) {
    await touch('touchMove', from.map((p) => d(p, i / steps)));
    await new Promise<void>((r) => requestAnimationFrame(() => r()));
  }
  await touch('touchEnd', []);
}

async function frames(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise<void>((r) => requestAnimationFrame(() => r()));
}

/** A lesson: text above and below the view, taller than the screen, scrolled to the view's middle. */
async function lesson(app: App): Promise<HTMLCanvasElement> {
  const canvas = app.view!.canvas;
  const above = document.createElement('p');
  above.style.height = '1500px';
  const below = document.createElement('p');
  below.style.height = '3000px';
  fx.host.before(above);
  fx.host.after(below);
  canvas.scrollIntoView({ block: 'center' });
  await frames(2);
  return canvas;
}

function centre(canvas: HTMLCanvasElement): ScreenPoint {
  const r = canvas.getBoundingClientRect();
  return { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
}

describe('the view on a touch screen', () => {
  it('the canvas lets the browser pan after the camera controls attach, and after they attach again', async () => {
    const app = await fx.mount({ caseName: 'I', autoplay: false });
    const canvas = app.view!.canvas;
    expect(getComputedStyle(canvas).touchAction).toBe('pan-x pan-y');
    app.view!.controls.disconnect();
    app.view!.controls.connect(canvas);
    expect(getComputedStyle(canvas).touchAction).toBe('pan-x pan-y');
  });

  it('one finger scrolls the lesson and leaves the camera; two fingers zoom the camera and leave the lesson', async () => {
    const app = await fx.mount({ caseName: 'I', autoplay: false });
    const canvas = await lesson(app);
    const view = app.view!;
    const cam = view.camera.position.clone();
    const scroll0 = document.scrollingElement!.scrollTop;
    const c = centre(canvas);
    // one finger, 200 px up: the lesson scrolls down, the camera does not move
    await swipe([{ x: c.clientX, y: c.clientY + 100, id: 1 }], (p, f) => ({ ...p, y: p.y - 200 * f }));
    await expect.poll(() => document.scrollingElement!.scrollTop, { timeout: 5000 }).toBeGreaterThan(scroll0 + 100);
    await frames(20); // the controls' damping would show a turn by now
    expect(view.camera.position.distanceTo(cam)).toBeLessThan(1e-9);

    // two fingers spread apart while moving up (the browser would pan the page with them): the camera
    // comes closer, the lesson stays where it is
    canvas.scrollIntoView({ block: 'center' });
    await frames(2);
    const scroll1 = document.scrollingElement!.scrollTop;
    const d = centre(canvas);
    const dist0 = view.camera.position.distanceTo(view.controls.target);
    await swipe(
      [
        { x: d.clientX - 40, y: d.clientY, id: 1 },
        { x: d.clientX + 40, y: d.clientY, id: 2 },
      ],
      (p, f) => ({ x: p.x + (p.id === 1 ? -1 : 1) * 100 * f, y: p.y - 80 * f, id: p.id }),
    );
    await frames(30);
    expect(view.camera.position.distanceTo(view.controls.target)).toBeLessThan(0.9 * dist0);
    expect(document.scrollingElement!.scrollTop).toBe(scroll1);
  });

  it('one finger on a cradle ball drags the ball, not the lesson', async () => {
    const app = await fx.mount({ caseName: 'cradle', autoplay: false });
    await expect.poll(() => app.frames, { timeout: 10_000 }).toBeGreaterThan(0);
    const canvas = await lesson(app);
    const view = app.view!;
    const config = (): CradleConfig => app.model.config as unknown as CradleConfig;
    expect(config().cradle.pulled).toBe(1);
    const scroll0 = document.scrollingElement!.scrollTop;
    const ball2 = view.bodyMeshes.find((m) => m.name === 'ball-2')!;
    const at = screenPoint(view, ball2.position.toArray());
    const r = canvas.getBoundingClientRect();
    expect(at.clientX).toBeGreaterThan(r.left);
    // press on ball 2 and move the finger left and up, as pulling it back: the ball follows the whole
    // move (a browser that took the touch to scroll would cancel the drag after a few pixels)
    await swipe([{ x: at.clientX, y: at.clientY, id: 1 }], (p, f) => ({ ...p, x: p.x - 60 * f, y: p.y - 60 * f }));
    expect(config().cradle.pulled).toBe(2);
    expect(Math.abs(config().cradle.angle)).toBeGreaterThan(10 * (Math.PI / 180));
    expect(document.scrollingElement!.scrollTop).toBe(scroll0);
    expect(app.gestures!.hint.hidden).toBe(true); // no "one finger scrolls" hint for a drag
    expect(view.controls.enabled).toBe(true);
  });
});
