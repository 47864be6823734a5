// The comparison, the ensemble and the "Why variational?" view in German (docs/languages.md), in
// Chromium with the real WASM and real workers: known labels from the message file, numbers written
// with the decimal comma, and none of a list of English words left in their text (the words each
// panel said in English before it was translated). The other browser tests run these panels in English.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../web/src/i18n';
import { typeInto, useAppFixture } from './support';

const fx = useAppFixture();

afterAll(async () => {
  await setLocale('en');
});

/** English words as whole words (a German word that contains one, e.g. "Mitglieder", does not count). */
function englishWords(text: string, words: readonly string[]): string[] {
  return words.filter((w) => new RegExp(`(^|[^\\p{L}])${w}($|[^\\p{L}])`, 'u').test(text));
}

describe('the panels in German', () => {
  it('the comparison: switch, hint, legend, live caption, reversal and the worker tables’ headings', async () => {
    const app = await fx.mount({ locale: 'de', query: '?case=particle', autoplay: false });
    const c = app.comparison.controls;
    expect(c.element.querySelector('h2')?.textContent).toBe('Vergleich und Zeitumkehr');
    expect(c.toggleLabel.textContent).toBe('Mit dem naiven Vergleichsverfahren vergleichen');
    expect(c.hint.textContent).toContain('neben dem VCI laufen, als Geister');
    c.toggle.click();
    await expect.poll(() => app.model.baselines?.runs.length ?? 0, { timeout: 20_000 }).toBe(1);
    expect(c.legend.textContent).toContain('VCI (fester Körper)');
    expect(c.legend.textContent).toContain('Naives Vergleichsverfahren');
    for (let i = 0; i < 60; i++) app.stepOnce();
    app.comparison.refresh();
    await expect.poll(() => c.caption.textContent ?? '').toMatch(/^Nach \d+,\d s \(60 Schritte, \d+ (Stoß|Stöße) des VCI-Körpers\): /);
    expect(c.caption.textContent).toContain('Abstand vom VCI-Körper');
    c.reverseButton.click();
    app.comparison.refresh();
    await expect.poll(() => c.reverseText.textContent ?? '').toMatch(/^Impulse nach 60 Schritten umgekehrt: Der Körper läuft seinen Weg zurück; wieder am Start in 60 Schritten/);
    const results = app.comparisonResults.element.textContent ?? '';
    expect(results).toContain('Langer Durchgang jedes Verfahrens');
    expect(results).toContain('Rückkehrfehler gegen Laufzeit');
    const text = [c.element.textContent, c.overlay.textContent, results].join(' ');
    expect(
      englishWords(text, ['Compare', 'with', 'the', 'and', 'baseline', 'Reverse', 'steps', 'impacts?', 'After', 'Distance', 'Momenta', 'method', 'note', 'Long run', 'Return error', 'solid body']),
    ).toEqual([]);
  });

  it('the ensemble: labels, a refused field, the summary with a decimal comma and the plots’ titles', async () => {
    const app = await fx.mount({ locale: 'de', query: '?case=IV', autoplay: false });
    const c = app.ensemble.controls;
    expect(c.element.querySelector('h2')?.textContent).toBe('Ensemble');
    expect(c.runButton.textContent).toBe('Ensemble starten');
    await typeInto(c.fields.members.input, 'viele');
    expect(c.fields.members.message.textContent).toBe('Mitglieder: „viele“ ist keine ganze Zahl.');
    await typeInto(c.fields.members.input, '4');
    await typeInto(c.fields.steps.input, '300');
    c.runButton.click();
    await vi.waitFor(() => expect(app.ensemble.last).not.toBeNull(), { timeout: 40_000, interval: 50 });
    // seconds with the decimal comma, the member and step counts as the summary writes them
    expect(c.status.textContent).toMatch(/^4 Mitglieder mit 300 Schritten in \d+,\d\d s auf \d+ Workern?\. Stöße: Median/);
    const plots = app.ensemble.plots.element;
    expect(plots.hidden).toBe(false);
    const titles = [...plots.querySelectorAll('h3')].map((h) => h.textContent);
    expect(titles).toEqual(['Stoßzahlen', 'End-Energiefehler', 'Abweichung Err(t)']);
    expect(app.ensemble.plots.impacts.plot?.axes[1]?.label).toBe('Mitglieder');
    const text = [c.element.textContent, plots.textContent].join(' ');
    expect(
      englishWords(text, ['members', 'steps', 'Impact counts', 'Final energy error', 'Divergence', 'median', 'Run ensemble', 'Size', 'Seed', 'Kind', 'the', 'of', 'and', 'in N steps', 'workers?']),
    ).toEqual([]);
  });

  it('the "Why variational?" view: panel titles, measured captions with decimal commas, status', async () => {
    const app = await fx.mount({ locale: 'de', query: '?case=particle&view=why', autoplay: false });
    const { controls, panels } = app.why;
    expect(controls.dialog.isOpen).toBe(true);
    await expect.poll(() => panels.order.element.dataset['done'] ?? '', { timeout: 25_000 }).toBe('true');
    const titles = panels.cards().map((card) => card.element.querySelector('h3')?.textContent);
    expect(titles).toEqual(['1 · Energiefehler über einen Durchgang', '2 · Symplektizität', '3 · Impulsabbildungen', '4 · Ordnung über Stöße hinweg']);
    expect(panels.energy.caption.textContent).toMatch(/^Größtes \|E − E₀\|\/\|E₀\| über 4000 Schritte \(\d+ (Stoß|Stöße) beim VCI\): VCI /);
    // the fitted slope with the decimal comma, as the legend and the caption write it
    const fitted = (JSON.parse(panels.order.element.dataset['fitted'] ?? '{}') as Record<string, number>)['vci'] ?? NaN;
    const slope = fitted.toFixed(2).replace('.', ',');
    expect(panels.order.caption.textContent).toContain(`angepasste Steigung VCI ${slope} und naiv `);
    expect(panels.symplecticity.caption.textContent).toMatch(/Flächenänderung \(A_T − A₀\)\/A₀ VCI -?\d,\de-\d+ und naiv/);
    expect(controls.status.textContent).toBe('Gemessen: Jede Beschriftung nennt die Zahlen dieser Einstellung.');
    const text = [controls.setupLine.textContent, controls.status.textContent, panels.element.textContent].join(' ');
    expect(
      englishWords(text, ['the', 'and', 'of', 'steps', 'impacts?', 'Largest', 'Measuring', 'Measured', 'Not measured', 'keeps', 'bounce', 'slope', 'error', 'time step', 'start loop', 'after', 'defect', 'floor', 'naive baseline', 'baselines']),
    ).toEqual([]);
  });
});
