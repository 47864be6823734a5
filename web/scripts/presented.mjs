// When the first frame reached the screen, for web/scripts/measure.mjs and measure-floor.mjs: an
// init script (Playwright's page.addInitScript) that marks PRESENTED_MARK at the animation frame after
// the first-frame mark. The mark is set when renderer.render returns, but the GL commands are only
// queued then; in software GL (headless Chromium, --disable-gpu) the draw's shader compilation and
// rasterisation run before the frame is composited, and the next animation frame comes after that.
export const PRESENTED_MARK = 'measure:first-frame-presented';

export function presentedInitScript(firstFrameMark = 'lgvci:first-frame') {
  return `new PerformanceObserver((list, obs) => {
  if (!list.getEntries().some((e) => e.name === ${JSON.stringify(firstFrameMark)})) return;
  obs.disconnect();
  requestAnimationFrame(() => performance.mark(${JSON.stringify(PRESENTED_MARK)}));
}).observe({ type: 'mark', buffered: true });`;
}
