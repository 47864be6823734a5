// The billiard's sensitivity twins and ensemble on the page (docs/page.md "Sensitivity twins"), real WASM in
// Chromium: the stadium's twins group lists the core's perturbations in the package's words, switched on
// from the keyboard it adds two ghosts and the divergence card (which the billiard does not declare: it comes
// with its twins), a twin moved to another perturbation runs along it, the divergence grows (chaos), and
// the address written for them brings the same twins back; the ensemble's kind menu lists the same
// perturbations.
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { App } from '../../../../../web/src/app/app';
import { useAppFixture } from '../../../../../tests/web/browser/support';

let app: App;
const fx = useAppFixture();

describe('the billiard’s twins and ensemble', () => {
  it('stadium: keyboard-chosen twins diverge, their address restores them, the ensemble offers the same perturbations', async () => {
    app = await fx.mount({ caseName: 'billiard-stadium', autoplay: false });
    const twins = app.twinsControls;
    expect(twins.element.hidden).toBe(false);
    const menu = page.getByRole('combobox', { name: 'Perturbation of twin 2' });
    await expect.element(menu).toBeVisible();
    expect(Array.from(twins.rows[1]!.kind.options, (o) => o.text)).toEqual(['start position x', 'start position y', 'start momentum p_x', 'start momentum p_y']);
    // the divergence card comes with the twins: hidden while they are off
    const card = app.plots.cards.divergence.element;
    expect(card.hidden).toBe(true);

    // on from the keyboard (Space on the focused box), then twin 2 along p_y with its own size
    const toggle = page.getByRole('checkbox', { name: 'Run the perturbed twins' });
    twins.toggle.focus();
    await userEvent.keyboard(' ');
    await expect.element(toggle).toBeChecked();
    expect(app.view?.ghostObjects).toHaveLength(2);
    await userEvent.selectOptions(menu, 'p_y');
    const size = page.getByRole('textbox', { name: 'start momentum p_y' });
    await size.fill('2e-7');
    await userEvent.keyboard('{Enter}');
    expect(app.model.twinSpec).toEqual([
      { kind: 'x', size: 1e-8 },
      { kind: 'p_y', size: 2e-7 },
    ]);
    expect(card.hidden).toBe(false);
    expect(card.querySelector('.u-legend')?.textContent ?? '').toMatch(/δx twin.*δp_y twin/s);

    // chaos: after 6000 steps each twin is far from the main run
    app.model.step(6000);
    for (const kind of ['x', 'p_y']) expect(app.model.twins!.run(kind).divergence.get(6000)).toBeGreaterThan(1e-3);

    // the address names the chosen perturbations and the size that differs from the default
    const query = new URL(app.urlState.shareUrl()).search;
    expect(query).toMatch(/^\?case=billiard-stadium&twins=x,p_y&d_p_y=2e-7(&paused=1)?$/);
    const spec = app.model.twinSpec;
    app.destroy(); // (idempotent: the fixture's destroy after the test does nothing more)
    const again = await fx.mount({ query, autoplay: false });
    expect(again.controller.twinsOn).toBe(true);
    expect(again.model.twinSpec).toEqual(spec);
    expect(Array.from(again.twinsControls.rows, (r) => r.kind.value)).toEqual(['x', 'p_y']);

    // the ensemble: shown for the billiard, its kinds the same perturbations in the same words
    const ensemble = again.ensemble.controls;
    expect(ensemble.element.hidden).toBe(false);
    expect(Array.from(ensemble.kindSelect.options, (o) => [o.value, o.text])).toEqual([
      ['x', 'start position x'],
      ['y', 'start position y'],
      ['p_x', 'start momentum p_x'],
      ['p_y', 'start momentum p_y'],
    ]);
  });
});
