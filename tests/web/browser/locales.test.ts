// The page in each language (docs/languages.md), in Chromium with the real WASM: one mount per
// language reads known labels (the bar, the panel, the HUD, a field's accessible name), a number
// formatted for the language (the HUD's time: a decimal comma in German, French and Spanish), the
// lang and dir the app's root and <html> take, the share link's locale, the language menu (a labelled
// native <select>, showing the language, handing the choice to the page) and axe-core's WCAG checks on
// the whole app.
import { afterAll, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { LocaleCode } from '../../../web/src/i18n';
import { applyLanguage, setLocale } from '../../../web/src/i18n';
import { axeViolations, hudText, useAppFixture } from './support';

interface Expected {
  lang: string;
  play: string;
  run: string;
  time: string;
  /** The HUD's time at the start, "0.00 s" written for the language. */
  t0: string;
  /** The accessible name of the restitution slider (physics words: the coefficient of restitution). */
  restitution: RegExp;
}

const EXPECTED: Record<LocaleCode, Expected> = {
  en: { lang: 'en', play: 'Play', run: 'Run', time: 'time t', t0: '0.00 s', restitution: /^Coefficient of restitution e/ },
  de: { lang: 'de', play: 'Start', run: 'Ablauf', time: 'Zeit t', t0: '0,00 s', restitution: /^Stoßzahl \(Restitutionskoeffizient\) e/ },
  fr: { lang: 'fr', play: 'Lecture', run: 'Exécution', time: 'temps t', t0: '0,00 s', restitution: /^Coefficient de restitution e/ },
  es: { lang: 'es', play: 'Reproducir', run: 'Ejecución', time: 'tiempo t', t0: '0,00 s', restitution: /^Coeficiente de restitución e/ },
  zh: { lang: 'zh-Hans', play: '播放', run: '运行', time: '时间 t', t0: '0.00 s', restitution: /^恢复系数 e/ },
};

const fixture = useAppFixture();
const htmlLang = document.documentElement.getAttribute('lang');

afterAll(async () => {
  await setLocale('en');
  if (htmlLang === null) document.documentElement.removeAttribute('lang');
  else document.documentElement.setAttribute('lang', htmlLang);
  document.documentElement.removeAttribute('dir');
});

describe('the page in each language', () => {
  it.each(Object.keys(EXPECTED) as LocaleCode[])('%s', async (code) => {
    const want = EXPECTED[code];
    const chosen: string[] = [];
    const app = await fixture.mount({ locale: code, query: '?case=IV', autoplay: false, chooseLanguage: (c) => void chosen.push(c) });
    const root = fixture.host;
    // the app's root, and <html> as the page entry sets it (main.ts calls the same applyLanguage)
    expect(root.lang).toBe(want.lang);
    expect(root.dir).toBe('ltr');
    applyLanguage(document.documentElement);
    expect(document.documentElement.lang).toBe(want.lang);

    expect(app.chrome.playButton.getAttribute('aria-label')).toBe(want.play);
    expect(root.querySelector('.run-group h2')?.textContent).toBe(want.run);
    expect(root.querySelector('.hud-stats dt')?.textContent).toBe(want.time);
    expect(hudText(root, 'time')).toBe(want.t0);
    const restitution = root.querySelector('[data-field="restitution"] label .sr-only')?.textContent ?? '';
    expect(restitution).toMatch(want.restitution);

    // the share link and the snippet carry the language
    app.chrome.share.open();
    expect(new URL(app.chrome.share.linkInput.value).searchParams.get('locale')).toBe(code);
    expect(app.chrome.share.snippetText.value).toContain(`locale=${code}`);
    app.chrome.share.dialog.close();

    // the language menu: labelled, showing this language, handing the choice to the page
    const menu = app.chrome.languageSelect;
    if (!menu) throw new Error('no language menu');
    expect(menu.value).toBe(code);
    expect(menu.labels[0]?.textContent).not.toBe('');
    const other = code === 'de' ? 'fr' : 'de';
    menu.focus();
    await userEvent.selectOptions(menu, other);
    expect(chosen).toEqual([other]);

    expect(await axeViolations(root)).toEqual([]);
  });
});
