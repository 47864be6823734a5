// The teacher's link builder with the app's parts as its source (loaded on first use with
// controls/class-builder.ts, by app/class-wiring.ts): the share link of the current state in the
// page's language, the presets and their families, the control keys from the field specs
// (class-keys.ts), the plots' titles and which are shown, the language and the theme.
import { withLocale } from '../config/share-link';
import { ClassBuilder } from '../controls/class-builder';
import { currentLocale } from '../i18n';
import { controlLabel, familyControlKeys } from './class-keys';
import type { ControlPanel } from '../controls/panel';
import type { PlotsView } from '../view/plots';
import type { AppChrome } from './chrome';
import type { Controller } from './controller';
import { PLOT_KEYS } from './embed-options';
import { familyParts } from './families';
import type { UrlState } from './url-state';

/** The app's parts the builder reads. */
export interface ClassParts {
  controller: Controller;
  urlState: UrlState;
  panel: ControlPanel;
  plots: PlotsView;
  chrome: AppChrome;
}

export function createClassBuilder(prefix: string, p: ClassParts): ClassBuilder {
  const { controller, urlState, panel, plots, chrome } = p;
  return new ClassBuilder(prefix, {
    link: () => withLocale(urlState.shareUrl(), currentLocale()),
    cases: controller.cases,
    caseName: () => controller.params.caseName,
    family: () => controller.family,
    familyOf: (name) => familyParts(controller.caseInfo(name)?.family ?? controller.family.id).controls,
    controlKeys: familyControlKeys,
    controlLabel,
    plots: () => PLOT_KEYS.map((key) => ({ key, title: plots.cards[key].element.querySelector('h3 > span')?.textContent ?? key })),
    shownPlots: () => (panel.plotsBox.checked ? (chrome.options.plots ?? PLOT_KEYS) : []),
    locale: currentLocale,
    theme: () => chrome.options.theme,
  });
}
