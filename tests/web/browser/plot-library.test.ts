// uPlot is loaded after the first frame (view/uplot-lib.ts). When its chunk cannot be
// loaded (here: the module fails to import), mountApp still returns a working app, the failure is
// reported once in the console, and each plot says why it is missing in place of the chart instead
// of staying an empty box.
import { describe, expect, it, vi } from 'vitest';
import { mountApp } from '../../../web/src/app/app';
import { captureErrors } from './support';

vi.mock('uplot', () => {
  throw new Error('network down (test)');
});

describe('plots without their library', () => {
  it('the app runs, the failure is reported and every live plot shows the reason', async () => {
    const capture = captureErrors();
    const host = document.createElement('div');
    host.style.width = '1200px';
    document.body.append(host);
    const app = await mountApp(host, { caseName: 'IV', autoplay: false });
    try {
      app.stepOnce();
      app.plots.update();
      const card = app.plots.cards.energy;
      await expect.poll(() => card.placeholder.hidden).toBe(false);
      // (Vitest wraps the factory's error in its own message; the text carries whatever the import gave.)
      expect(card.placeholder.textContent).toMatch(/^The plot cannot be drawn: its library \(uPlot\) did not load \(.+\)\. Reload the page to try again\.$/);
      expect(card.plot).toBeNull();
      expect(app.plots.cards.error.placeholder.textContent).toMatch(/did not load/);
      // The simulation itself is unaffected.
      expect(app.model.curr.t).toBeGreaterThan(0);
      // mountApp reported the failed import once (and nothing else went wrong).
      expect(capture.errors).toHaveLength(1);
      expect(capture.errors[0]).toMatch(/mock/);
    } finally {
      app.destroy();
      host.remove();
      capture.stop();
    }
  });
});
