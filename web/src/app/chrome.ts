// The course-material chrome around the simulator (docs/course-material.md "Embed, share, fullscreen, accessibility"): the control bar under
// the view (Share, Save image, Fullscreen, Keys; in embed mode also Play/Step/Reset), the controls
// drawer (embed mode and narrow screens), the share and help dialogs, the screen-reader summary, the
// Play button shown when reduced motion kept the run paused, per-plot "Save PNG" buttons, the embed
// layout and the projector theme. It talks to the app only through ChromeHost.
import '../styles/chrome.css';
import type { PageCase } from '../controls/controller-port';
import type { ControlPanel } from '../controls/panel';
import { HelpDialog } from '../controls/help-dialog';
import { ShareDialog } from '../controls/share-dialog';
import type { SimulationModel } from '../model/simulation-model';
import type { PlotsView } from '../view/plots';
import type { SceneView } from '../view/scene-view';
import { barButton, el, icon, listen } from '../util/dom';
import { Announcer } from './announcer';
import type { EmbedOptions } from './embed-options';
import { DEFAULT_EMBED_OPTIONS, PLOT_KEYS } from './embed-options';
import { FullscreenButton } from './fullscreen';
import { imageFileName, plotPng, saveBlob, viewPng } from './media/save-image';
import type { Shell } from './shell';
import type { LocaleCode } from '../i18n';
import { currentLocale, isLocaleCode, LOCALES, t } from '../i18n';
import { withLocale } from '../config/share-link';

export interface ChromeHost {
  root: HTMLElement;
  shell: Shell;
  panel: ControlPanel;
  plots: PlotsView;
  view: SceneView | null;
  model: SimulationModel;
  caseName(): string;
  /** The page's preset of that name (its label, its "Try this" line). */
  caseInfo(name: string): PageCase | undefined;
  playing(): boolean;
  togglePlay(): void;
  stepOnce(): void;
  reset(): void;
  /** The address of the current state (the URL state's shareUrl). */
  shareLink(): string;
  /** The language menu's action (docs/languages.md); without it the bar shows no menu. */
  chooseLanguage?: (code: LocaleCode) => void | Promise<void>;
  /** Where the menu goes instead of the bar's end (the page's header), or null. */
  languageSlot?: HTMLElement | null;
}

export interface ChromeOptions {
  embed?: EmbedOptions;
  /** Messages about rejected query values, shown over the view. */
  messages?: string[];
  /** The run starts paused because the user prefers reduced motion: show a large Play. */
  pausedForReducedMotion?: boolean;
}

export class AppChrome {
  readonly bar: HTMLElement;
  /** The preset's "Try this" line and the legend of the view's marks (impact rings, the trail). */
  readonly intro: HTMLElement;
  readonly tryLine: HTMLElement;
  readonly playButton: HTMLButtonElement;
  readonly stepButton: HTMLButtonElement;
  readonly resetButton: HTMLButtonElement;
  readonly drawerButton: HTMLButtonElement;
  readonly shareButton: HTMLButtonElement;
  readonly imageButton: HTMLButtonElement;
  readonly helpButton: HTMLButtonElement;
  readonly fullscreen: FullscreenButton;
  readonly share: ShareDialog;
  readonly help: HelpDialog;
  readonly announcer: Announcer;
  /** The large Play over the view (reduced motion), or null. */
  bigPlay: HTMLButtonElement | null = null;
  private bigPlayWrap: HTMLElement | null = null;
  readonly message: HTMLElement;
  /** One "Save PNG" button per plot card. */
  readonly plotButtons = new Map<string, HTMLButtonElement>();
  readonly options: EmbedOptions;
  /** The language menu (null when the page gave no way to change the language). */
  readonly languageSelect: HTMLSelectElement | null;
  private readonly host: ChromeHost;
  private readonly cleanups: (() => void)[] = [];

  constructor(host: ChromeHost, prefix: string, opts: ChromeOptions = {}) {
    this.host = host;
    const options = opts.embed ?? DEFAULT_EMBED_OPTIONS;
    this.options = options;
    const { root, shell, panel, plots } = host;
    panel.element.id ||= `${prefix}-panel`;

    this.playButton = barButton(t('bar.play'), 'bar-run btn-primary', 'play');
    this.stepButton = barButton(t('bar.step'), 'bar-run', 'step');
    this.resetButton = barButton(t('bar.reset'), 'bar-run', 'reset');
    this.playButton.setAttribute('aria-keyshortcuts', 'Space');
    this.stepButton.setAttribute('aria-keyshortcuts', 'S ArrowRight');
    this.resetButton.setAttribute('aria-keyshortcuts', 'R');
    this.drawerButton = barButton(t('bar.controls'), 'bar-drawer', 'controls');
    this.drawerButton.setAttribute('aria-controls', panel.element.id);
    this.shareButton = barButton(t('bar.share'), 'bar-share bar-secondary', 'share');
    this.imageButton = barButton(t('bar.image'), 'bar-image bar-secondary', 'image', t('bar.imageLong'));
    this.imageButton.disabled = host.view === null;
    this.helpButton = barButton(t('bar.keys'), 'bar-help bar-secondary', 'keys', t('bar.keysLong'));
    this.helpButton.setAttribute('aria-keyshortcuts', 'Shift+?');
    this.fullscreen = new FullscreenButton(root, prefix);
    this.tryLine = el('p', { class: 'intro-try' });
    this.intro = el(
      'div',
      { class: 'lgvci-intro' },
      this.tryLine,
      el(
        'p',
        { class: 'intro-legend' },
        el('span', { class: 'key-ring', 'aria-hidden': 'true' }),
        t('bar.legendImpact'),
        el('span', { class: 'key-trail', 'aria-hidden': 'true' }),
        t('bar.legendTrail'),
      ),
    );
    this.bar = el(
      'div',
      { class: 'lgvci-bar', role: 'toolbar', 'aria-label': t('bar.toolbar') },
      this.playButton,
      this.stepButton,
      this.resetButton,
      this.drawerButton,
      this.intro,
      this.shareButton,
      this.imageButton,
      this.fullscreen.button,
      this.helpButton,
      this.fullscreen.reason,
    );
    this.languageSelect = host.chooseLanguage ? this.addLanguageMenu(prefix, host.chooseLanguage) : null;
    shell.stage.append(this.bar);

    // The link and the snippet carry the language the page shows (docs/languages.md).
    this.share = new ShareDialog(prefix, { link: () => withLocale(host.shareLink(), currentLocale()), title: () => this.title() });
    this.help = new HelpDialog(prefix);
    this.announcer = new Announcer({
      shown: () => this.shownText(),
      t: () => host.model.curr.t,
      impacts: () => host.model.curr.impacts,
      relError: () => host.model.relativeEnergyError,
      playing: () => host.playing(),
    });
    this.message = el('div', { class: 'lgvci-option-msg', role: 'status', hidden: true });
    shell.viewport.append(this.message);
    root.append(this.share.element, this.help.element, this.announcer.element);

    listen(this.cleanups, this.playButton, 'click', () => host.togglePlay());
    listen(this.cleanups, this.stepButton, 'click', () => host.stepOnce());
    listen(this.cleanups, this.resetButton, 'click', () => host.reset());
    listen(this.cleanups, this.drawerButton, 'click', () => {
      const open = !this.drawerOpen;
      this.setDrawer(open);
      // Tab goes on inside the drawer that just opened (the bar's other buttons come after it).
      if (open && this.drawerApplies()) this.focusDrawer();
    });
    listen(this.cleanups, this.shareButton, 'click', () => this.share.open());
    listen(this.cleanups, this.helpButton, 'click', () => this.help.open());
    listen(this.cleanups, this.imageButton, 'click', () => void this.saveView());
    // Escape inside the drawer, or on its button, closes it and gives the focus back to the button.
    const closeOnEscape = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape' || !this.drawerOpen || !this.drawerApplies()) return;
      this.setDrawer(false);
      this.drawerButton.focus({ preventScroll: true });
      e.preventDefault();
    };
    listen(this.cleanups, panel.element, 'keydown', closeOnEscape);
    listen(this.cleanups, this.drawerButton, 'keydown', closeOnEscape);
    this.setDrawer(false);

    for (const key of Object.keys(plots.cards) as (keyof PlotsView['cards'])[]) this.addPlotButton(key);

    if (options.theme === 'projector') {
      root.classList.add('lgvci-projector');
      host.view?.setHighContrast(true);
    }
    if (options.embed) {
      root.classList.add('lgvci-embed');
      // In an embed the plots sit beside or under the view, inside the frame.
      shell.layout.append(plots.element);
    }
    if (options.plots !== null) {
      const shown = new Set<string>(options.plots);
      for (const k of PLOT_KEYS) plots.cards[k].element.classList.toggle('lgvci-plot-off', !shown.has(k));
    }
    const plotsOn = options.embed ? (options.plots?.length ?? 0) > 0 : options.plots === null || options.plots.length > 0;
    if (!plotsOn) {
      plots.setVisible(false);
      panel.plotsBox.checked = false;
    }
    root.classList.toggle('lgvci-embed-plots', options.embed && plotsOn);
    // "Show plots" in the drawer lays the embed out for its plots too.
    listen(this.cleanups, panel.plotsBox, 'change', () =>
      root.classList.toggle('lgvci-embed-plots', options.embed && panel.plotsBox.checked),
    );

    this.refreshIntro();
    this.showMessages(opts.messages ?? []);
    if (opts.pausedForReducedMotion) this.addBigPlay();
    this.setPlaying(host.playing());
    this.announcer.start();
  }

  /**
   * The language menu at the bar's end or in the page's header: a labelled <select> listing each language in itself; choosing
   * one hands it to the page, which mounts the app again in that language with the same state.
   */
  private addLanguageMenu(prefix: string, choose: (code: LocaleCode) => void | Promise<void>): HTMLSelectElement {
    const id = `${prefix}-locale`;
    const select = el(
      'select',
      { id, class: 'bar-language-select', 'aria-label': t('bar.language') },
      ...LOCALES.map((l) => el('option', { value: l.code, lang: l.tag, text: l.name, selected: l.code === currentLocale() })),
    );
    const wrap = el(
      'span',
      { class: 'bar-language bar-secondary' },
      el('label', { for: id, class: 'bar-language-label' }, icon('language'), el('span', { class: 'sr-only', text: t('bar.language') })),
      select,
    );
    // In the page's header when it offers a place (a wide standalone page: the bar's middle keeps its
    // width for the "Try this" line and the legend), else at the bar's end (an embed, a phone).
    if (this.host.languageSlot) {
      this.host.languageSlot.replaceChildren(wrap);
      this.cleanups.push(() => wrap.remove());
    } else this.bar.insertBefore(wrap, this.fullscreen.reason);
    listen(this.cleanups, select, 'change', () => {
      if (isLocaleCode(select.value)) void choose(select.value);
    });
    return select;
  }

  get drawerOpen(): boolean {
    return this.drawerButton.getAttribute('aria-expanded') === 'true';
  }

  /** Whether the panel is a drawer now (embed mode, or a narrow screen); on a wide page it is always shown. */
  drawerApplies(): boolean {
    return this.options.embed || getComputedStyle(this.drawerButton).display !== 'none';
  }

  setDrawer(open: boolean): void {
    this.drawerButton.setAttribute('aria-expanded', String(open));
    this.host.root.classList.toggle('lgvci-drawer-open', open);
    if (open && !this.options.embed && this.drawerApplies()) this.placeSheet();
  }

  /** The first control of the open drawer takes the focus (without scrolling anything). */
  private focusDrawer(): void {
    const candidates = this.host.panel.element.querySelectorAll<HTMLElement>('button:not([disabled]), input:not([disabled]), select, summary');
    // the first one that is shown (a hidden group, such as the address's notice, comes first in the DOM)
    const first = [...candidates].find((e) => e.getClientRects().length > 0);
    first?.focus({ preventScroll: true });
  }

  /**
   * On a phone the drawer is a bottom sheet under the bar (chrome.css): the page is scrolled so that the
   * (shrunk) view and the bar are at the top, and the sheet starts under the bar.
   */
  private placeSheet(): void {
    const { root, shell } = this.host;
    const stageTop = shell.stage.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: Math.max(0, stageTop - 4), behavior: 'instant' });
    const barBottom = this.bar.getBoundingClientRect().bottom;
    root.style.setProperty('--lgvci-sheet-top', `${Math.round(Math.min(barBottom + 6, window.innerHeight * 0.7))}px`);
  }

  /** The running preset's "Try this" line (after every load). */
  refreshIntro(): void {
    const c = this.host.caseInfo(this.host.caseName());
    const text = c ? t('app.tryThis', { text: c.tryThis }) : '';
    if (this.tryLine.textContent !== text) this.tryLine.textContent = text;
  }

  /** Follow the run state (called by the app whenever it plays or pauses). */
  setPlaying(playing: boolean): void {
    const label = playing ? t('bar.pause') : t('bar.play');
    this.playButton.replaceChildren(icon(playing ? 'pause' : 'play'), el('span', { class: 'bar-label', text: label }));
    this.playButton.setAttribute('aria-label', label);
    if (playing) this.dropBigPlay();
  }

  /** The preset's label (the iframe's title and the file names' subject). */
  private title(): string {
    const c = this.host.caseInfo(this.host.caseName());
    return t('app.iframeTitle', { shown: c ? c.label : this.host.caseName() });
  }

  private shownText(): string {
    const c = this.host.caseInfo(this.host.caseName());
    return c ? c.label : this.host.caseName();
  }

  private showMessages(messages: string[]): void {
    if (messages.length === 0) return;
    const dismiss = el('button', { type: 'button', class: 'btn btn-small' }, t('app.dismiss'));
    this.message.replaceChildren(
      // The messages themselves are "key: rule" (the address's keys), kept as they are (docs/languages.md).
      el('p', { text: t('app.addressIgnored', { list: messages.join('; ') }) }),
      dismiss,
    );
    this.message.hidden = false;
    listen(this.cleanups, dismiss, 'click', () => {
      this.message.hidden = true;
    });
  }

  private addBigPlay(): void {
    if (this.host.playing()) return;
    const b = el(
      'button',
      { type: 'button', class: 'lgvci-bigplay', 'aria-describedby': `${this.host.panel.element.id}-rm` },
      icon('play'),
      el('span', { text: t('bar.play') }),
    );
    const note = el('span', {
      class: 'lgvci-bigplay-note',
      id: `${this.host.panel.element.id}-rm`,
      text: t('app.bigPlayNote'),
    });
    const wrap = el('div', { class: 'lgvci-bigplay-wrap' }, b, note);
    listen(this.cleanups, b, 'click', () => this.host.togglePlay());
    this.host.shell.viewport.append(wrap);
    this.bigPlay = b;
    this.bigPlayWrap = wrap;
  }

  private dropBigPlay(): void {
    this.bigPlayWrap?.remove();
    this.bigPlayWrap = null;
    this.bigPlay = null;
  }

  private async saveView(): Promise<void> {
    const view = this.host.view;
    if (!view) return;
    const blob = await viewPng(view);
    saveBlob(blob, imageFileName('3d-view', this.host.caseName(), this.host.model.curr.t));
  }

  private addPlotButton(key: keyof PlotsView['cards']): void {
    const card = this.host.plots.cards[key];
    const head = card.element.querySelector('.plot-head');
    if (!head) return;
    const title = (): string => card.element.querySelector('h3 > span')?.textContent ?? key;
    const b = el('button', { type: 'button', class: 'btn btn-small plot-save' }, t('bar.savePng'));
    b.setAttribute('aria-label', t('bar.savePngLong', { title: title() }));
    listen(this.cleanups, b, 'click', () => {
      const p = plotPng(card.plot?.root ?? null);
      if (!p) {
        card.status.textContent = t('bar.nothingDrawn');
        return;
      }
      void p.then((blob) => saveBlob(blob, imageFileName(`plot-${key}`, this.host.caseName(), this.host.model.curr.t)));
    });
    listen(this.cleanups, b, 'focus', () => b.setAttribute('aria-label', t('bar.savePngLong', { title: title() })));
    head.append(b);
    this.plotButtons.set(key, b);
  }

  destroy(): void {
    for (const c of this.cleanups.splice(0)) c();
    this.announcer.destroy();
    this.share.destroy();
    this.help.destroy();
    this.fullscreen.destroy();
    this.dropBigPlay();
    for (const b of this.plotButtons.values()) b.remove();
    this.bar.remove();
    this.message.remove();
    this.host.root.classList.remove('lgvci-embed', 'lgvci-embed-plots', 'lgvci-projector', 'lgvci-drawer-open');
  }
}
