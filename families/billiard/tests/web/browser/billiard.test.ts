// The billiard on the page, real WASM in Chromium. ?case=billiard-ellipse opens the top view of the
// table (felt, rim) with the ball; after 40 s of motion the bounce map holds one point per impact of the
// run, each with s ∈ [0, perimeter) and |p_t| ≤ |p|, and every point lies on one curve of the ellipse's
// second integral — the product of the angular momenta about the two foci, L₊L₋ (Boltzmann/Joachimsthal;
// the point at s taken from the page's own table geometry, not from the core) — while the energy stays at
// round-off. The stadium loads, bounces, and has no such integral; a start outside the table is refused
// beside the control and a restart clears the map. Grabbing and throwing the ball: billiard-throw.test.ts.
import { describe, expect, it } from 'vitest';
import type { App } from '../../../../../web/src/app/app';
import type { BilliardConfig, BilliardTable } from '../../../web/table';
import { pointAt, tablePerimeter } from '../../../web/table';
import type { BounceMapCard } from '../../../web/bounce-map';
import { linkedPrograms, textField, typeInto, useAppFixture } from '../../../../../tests/web/browser/support';

let app: App;
const fx = useAppFixture();
const config = (): BilliardConfig => app.model.config as unknown as BilliardConfig;
/** The bounce map's card, which the billiard's package gives the page (FamilyParts.plots). */
const bounceMap = (): BounceMapCard => app.plots.familyCard('bounce_map') as BounceMapCard;

/**
 * L₊L₋ of a bounce (s, p_t) on the ellipse: the point q at s, the unit tangent t̂ there (counter-clockwise)
 * and the inward normal n̂; p = p_t t̂ + p_n n̂ with p_n = √(|p|² − p_t²) (the reflection flips p_n and keeps
 * L₊L₋). L± = (x ∓ c) p_y − y p_x about the foci (±c, 0), c² = a² − b².
 */
function focalProduct(t: Extract<BilliardTable, { shape: 'ellipse' }>, s: number, pt: number, p: number): number {
  const [x, y] = pointAt(t, s);
  const tx0 = (-t.a * y) / t.b; // d/dθ (a cos θ, b sin θ) = (−a sin θ, b cos θ)
  const ty0 = (t.b * x) / t.a;
  const tl = Math.hypot(tx0, ty0);
  const [tx, ty] = [tx0 / tl, ty0 / tl];
  const [nx, ny] = [-ty, tx]; // inward for a counter-clockwise tangent
  const pn = Math.sqrt(Math.max(0, p * p - pt * pt));
  const px = pt * tx + pn * nx;
  const py = pt * ty + pn * ny;
  const c = Math.sqrt(t.a * t.a - t.b * t.b);
  return ((x - c) * py - y * px) * ((x + c) * py - y * px);
}

describe('the billiard on the page', () => {
  it('?case=billiard-ellipse: the table from above; the bounce map has one point per impact, on one curve of L₊L₋, at round-off energy', async () => {
    app = await fx.mount({ caseName: 'billiard-ellipse', autoplay: false });
    expect(app.model.family.id).toBe('billiard');
    expect(config().table).toEqual({ shape: 'ellipse', a: 2, b: 1 });
    expect(app.view?.bodyMeshes.map((m) => m.name)).toEqual(['ball']);
    expect(app.view?.extraObjects.map((o) => o.name)).toEqual(['table-felt', 'table-rim', 'table-wall']);
    // The felt, the rim and the ball share one lit program; the wall's line has its own (unlit, opaque).
    await expect.poll(() => app.frames, { timeout: 10_000 }).toBeGreaterThan(0);
    if (!app.view) throw new Error('no view');
    expect(linkedPrograms(app.view)).toEqual(['basic', 'basic', 'basic', 'depth', 'physical']);
    const card = bounceMap();
    expect(card).toBeDefined();
    app.plots.update();
    expect(card.element.hidden).toBe(false);
    expect(card.data.s).toHaveLength(0);

    app.model.step(4000); // 40 s at h = 0.01
    app.plots.update();
    const n = app.model.curr.impacts;
    expect(n).toBeGreaterThan(10);
    expect(card.data.s).toHaveLength(n);
    expect(app.model.history.impactCount).toBe(n);
    expect(card.element.querySelector('[data-bounce-count]')?.textContent).toBe(`${n} bounces`);
    // drawn: uPlot's scatter (mode 2) holds the same points
    expect((card.plot?.data[1] as unknown as number[][] | undefined)?.[0]).toHaveLength(n);
    const t = config().table as Extract<BilliardTable, { shape: 'ellipse' }>;
    const P = tablePerimeter(t);
    const p = Math.hypot(...config().v0); // m = 1, g = 0: |p| = |v₀| throughout
    const F0 = focalProduct(t, card.data.s[0]!, card.data.pt[0]!, p);
    for (let k = 0; k < n; k++) {
      const s = card.data.s[k]!;
      const pt = card.data.pt[k]!;
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThan(P);
      expect(Math.abs(pt)).toBeLessThanOrEqual(p * (1 + 1e-12));
      expect(Math.abs(focalProduct(t, s, pt, p) - F0)).toBeLessThan(1e-8);
    }
    // energy: H = |p|²/2 at every step, to round-off (exact flight, energy-jump impacts)
    const h = app.model.history;
    let worst = 0;
    for (let k = 0; k < h.length; k++) worst = Math.max(worst, Math.abs(h.get(k, h.columns.energy) - 0.5));
    expect(worst).toBeLessThan(1e-13);
    // a restart clears the map
    app.model.reset();
    app.plots.update();
    expect(card.data.s).toHaveLength(0);
  });

  it('the stadium loads and bounces; a start outside the table is refused beside the control', async () => {
    app = await fx.mount({ caseName: 'billiard-stadium', autoplay: false });
    expect(config().table).toEqual({ shape: 'stadium', r: 1, l: 1 });
    app.model.step(1000);
    app.plots.update();
    const n = app.model.curr.impacts;
    expect(n).toBeGreaterThan(2);
    expect(bounceMap().data.pt.every((v) => Math.abs(v) <= 1 + 1e-12)).toBe(true);
    // the start moved out of the table: refused beside the control, the run goes on with the preset
    await typeInto(textField(fx.host, 'bqy'), '1.2'); // beyond the flat wall y = r = 1
    expect(fx.host.querySelector('[data-field="bqy"] .field-msg')?.textContent).toMatch(/^The start q₀ = \(0\.3, 1\.2\) is outside the table/);
    expect(config().q0).toEqual([0.3, 0.1]);
    expect(app.model.curr.steps).toBe(1000);
    // inside again: restarts from there, with an empty map
    await typeInto(textField(fx.host, 'bqy'), '0.5');
    expect(config().q0).toEqual([0.3, 0.5]);
    expect(app.model.curr.steps).toBe(0);
    app.plots.update();
    expect(bounceMap().data.s).toHaveLength(0);
  });
});
