// Heads-up display over the viewport: time, impacts, energy and relative energy error, and a warning
// when the integrator reports a problem (a halt, or the Zeno guard), in words with the way out and the
// core's text one click away (config/messages.ts). In a small view (a phone, a small embed) it is
// one line (time, impacts, energy error) that expands on a tap; wherever it is, it moves to the other
// edge of the view when the body's projected centre comes under it (avoid()).
import type { SimulationModel } from '../model/simulation-model';
import { explainStatus } from '../config/messages';
import type { StatusAction } from '../config/messages';
import { el, icon } from '../util/dom';
import { nonFiniteWords } from '../util/format';
import { decimalSeparator, fixed, formatNumber, localizeNumberText, t } from '../i18n';

function fmtTime(t: number): string {
  return nonFiniteWords(t) ?? fixed(t, 2);
}

export function formatEnergy(e: number): string {
  const words = nonFiniteWords(e);
  if (words !== null) return words;
  return Math.abs(e) >= 1e5 || (Math.abs(e) < 1e-3 && e !== 0) ? localizeNumberText(e.toExponential(6)) : fixed(e, 6);
}

const SUP: Record<string, string> = {
  '-': '⁻', '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹',
};

/** 3.2e-13 → "3.20 × 10⁻¹³". */
export function formatRelError(r: number): string {
  const words = nonFiniteWords(r);
  if (words !== null) return words;
  if (r === 0) return '0';
  const [m, e] = r.toExponential(2).split('e');
  const exp = String(Number(e));
  if (exp === '0') return localizeNumberText(m ?? '');
  return `${localizeNumberText(m ?? '')} × 10${[...exp].map((ch) => SUP[ch] ?? ch).join('')}`;
}

/** "in flight", or "in contact: 4 points, N = 9.215" (the contact phase, Capabilities.contactPhase; docs/api.md). */
export function phaseText(points: number, normalForce: number): string {
  if (!(points > 0)) return t('hud.inFlight');
  const force = nonFiniteWords(normalForce) ?? precision(normalForce, 4);
  return t('hud.inContact', { n: points, force });
}

/** v to `sig` significant digits, in the page's language (as toPrecision, without an exponent). */
function precision(v: number, sig: number): string {
  return formatNumber(v, { minimumSignificantDigits: sig, maximumSignificantDigits: sig });
}

/** The HUD's one line (time, impacts, energy error): the small view's summary and a clip's burnt-in line. */
export function summaryLine(model: SimulationModel, drawnTime: number): string {
  return t('hud.summary', { time: fmtTime(drawnTime), n: model.curr.impacts, error: formatRelError(model.relativeEnergyError) });
}

const ENERGY_TITLES: Record<string, () => string> = {
  E: () => t('hud.energyTitle.E'),
  H: () => t('hud.energyTitle.H'),
};

/** A point of the view in CSS pixels from its top-left corner (the body's projected centre). */
export interface ViewPoint {
  x: number;
  y: number;
}

/** Margin around the HUD (CSS px) inside which the body's centre counts as covered. */
const AVOID_MARGIN = 14;

/** What the warning's buttons do (Reset, lower h, …): wired by the app. */
export type StatusActionHandler = (action: StatusAction) => void;

export class Hud {
  readonly element: HTMLElement;
  readonly warning: HTMLElement;
  /** The one-line read-out of small views; a tap shows the whole HUD. */
  readonly summary: HTMLButtonElement;
  private readonly summaryText: HTMLElement;
  private readonly stats: HTMLElement;
  private readonly warningText: HTMLElement;
  private readonly warningActions: HTMLElement;
  private readonly warningDetail: HTMLElement;
  private onAction: StatusActionHandler = () => undefined;
  /** Whether an action can be taken (a teacher's lock on h refuses halving it): refused ones are not offered. */
  private actionAllowed: (id: StatusAction) => boolean = () => true;
  private readonly time: HTMLElement;
  private readonly impacts: HTMLElement;
  private readonly energy: HTMLElement;
  private readonly relError: HTMLElement;
  private readonly steps: HTMLElement;
  private readonly massItem: HTMLElement;
  private readonly mass: HTMLElement;
  private readonly phaseItem: HTMLElement;
  private readonly phase: HTMLElement;
  private lastWarning = '';
  private readonly energyLabel: HTMLElement;
  private readonly relLabel: HTMLElement;
  private energyItem!: HTMLElement;
  private symbol = 'E';

  constructor() {
    const item = (label: string | HTMLElement, value: HTMLElement, title?: string): HTMLElement =>
      el('div', { class: 'hud-item', title }, typeof label === 'string' ? el('dt', { text: label }) : label, el('dd', {}, value));
    this.energyLabel = el('dt', { text: t('hud.energy', { symbol: 'E' }) });
    this.relLabel = el('dt', { text: '|E − E₀| / |E₀|' });
    this.time = el('span', { class: 'hud-value', 'data-hud': 'time' });
    this.steps = el('span', { class: 'hud-value', 'data-hud': 'steps' });
    this.impacts = el('span', { class: 'hud-value', 'data-hud': 'impacts' });
    this.energy = el('span', { class: 'hud-value', 'data-hud': 'energy' });
    this.relError = el('span', { class: 'hud-value', 'data-hud': 'relerr' });
    this.mass = el('span', { class: 'hud-value', 'data-hud': 'mass' });
    // The body's mass and inertia, for a family that declares them (ModelFamily.massProperties).
    this.massItem = item(t('hud.mass'), this.mass, t('hud.massTitle'));
    this.massItem.classList.add('hud-item-wide', 'hud-item-mass'); // long: a row of its own, wrapping on a phone
    // The contact phase (Capabilities.contactPhase): in flight, or held on the ground by the contact constraint.
    this.phase = el('span', { class: 'hud-value', 'data-hud': 'phase' });
    this.phaseItem = item(t('hud.phase'), this.phase, t('hud.phaseTitle'));
    this.phaseItem.classList.add('hud-item-wide'); // "in contact: 4 points, N = 9.215" needs a row on a phone
    this.phaseItem.hidden = true;
    this.warningText = el('p', { class: 'hud-warning-text' });
    this.warningActions = el('div', { class: 'hud-warning-actions' });
    this.warningDetail = el('p', { class: 'hud-warning-detail' });
    this.warning = el(
      'div',
      { class: 'hud-warning', role: 'alert', hidden: true },
      this.warningText,
      this.warningActions,
      el('details', { class: 'hud-detail' }, el('summary', { text: t('hud.technicalDetail') }), this.warningDetail),
    );
    this.summaryText = el('span', { class: 'hud-summary-text' });
    this.summary = el(
      'button',
      { type: 'button', class: 'hud-summary', 'aria-expanded': 'false', title: t('hud.showAll') },
      this.summaryText,
      el('span', { class: 'hud-summary-more', 'aria-hidden': 'true', text: '▾' }),
    );
    this.summary.addEventListener('click', () => this.setOpen(!this.open));
    this.stats = el(
        'dl',
        { class: 'hud-stats', 'aria-label': t('hud.stats') },
        item(t('hud.time'), this.time),
        item(t('hud.steps'), this.steps),
        item(t('hud.impacts'), this.impacts),
        (this.energyItem = item(this.energyLabel, this.energy, ENERGY_TITLES['E']?.())),
        item(this.relLabel, this.relError, t('hud.relErrorTitle')),
        this.phaseItem,
        this.massItem,
      );
    this.element = el('div', { class: 'lgvci-hud' }, this.summary, this.stats, this.warning);
  }

  /** The whole HUD is shown under the one-line summary (small views). */
  get open(): boolean {
    return this.element.classList.contains('hud-open');
  }

  setOpen(on: boolean): void {
    this.element.classList.toggle('hud-open', on);
    this.summary.setAttribute('aria-expanded', String(on));
    this.summary.title = on ? t('hud.showOne') : t('hud.showAll');
  }

  /** Whether the HUD sits at the bottom edge of the view (it moved out of the body's way). */
  get atBottom(): boolean {
    return this.element.classList.contains('hud-bottom');
  }

  /** Handler of the warning's buttons, and which of them to offer (all when not given). */
  setActionHandler(fn: StatusActionHandler, allowed?: (id: StatusAction) => boolean): void {
    this.onAction = fn;
    if (allowed) this.actionAllowed = allowed;
  }

  /**
   * Keep the HUD off the body's projected centre `p` (view CSS px; null: not in front of the camera):
   * if the centre is under the HUD's box (with a margin), the HUD moves to the other edge; if it would
   * cover it there too, an expanded HUD folds back to its line.
   */
  avoid(p: ViewPoint | null): void {
    if (!p) return;
    const e = this.element;
    const covers = (): boolean => {
      const top = e.offsetTop - AVOID_MARGIN;
      const left = e.offsetLeft - AVOID_MARGIN;
      return p.x >= left && p.x <= left + e.offsetWidth + 2 * AVOID_MARGIN && p.y >= top && p.y <= top + e.offsetHeight + 2 * AVOID_MARGIN;
    };
    if (!covers()) return;
    e.classList.toggle('hud-bottom');
    if (covers() && this.open) this.setOpen(false);
  }

  private static set(el: HTMLElement, text: string): void {
    if (el.textContent !== text) el.textContent = text; // no DOM work on idle frames
  }

  /** Name the energy as the model family does (HistoryColumns.energySymbol: E, or H for a Hamiltonian). */
  private setSymbol(sym: string): void {
    if (sym === this.symbol) return;
    this.symbol = sym;
    this.energyLabel.textContent = t('hud.energy', { symbol: sym });
    this.relLabel.textContent = `|${sym} − ${sym}₀| / |${sym}₀|`;
    this.energyItem.title = ENERGY_TITLES[sym]?.() ?? '';
  }

  update(model: SimulationModel, drawnTime: number): void {
    this.setSymbol(model.history.columns.energySymbol);
    const c = model.curr;
    Hud.set(this.time, `${fmtTime(drawnTime)} s`);
    // counts without grouping separators (the same digits in every shipped language)
    Hud.set(this.steps, String(c.steps));
    Hud.set(this.impacts, String(c.impacts));
    Hud.set(this.energy, formatEnergy(c.energy));
    Hud.set(this.relError, formatRelError(model.relativeEnergyError));
    // The phase shows for a family with a contact phase (the core's capability) whose record gives it.
    this.phaseItem.hidden = !model.capabilities.contactPhase || c.contactPoints === undefined;
    if (c.contactPoints !== undefined) Hud.set(this.phase, phaseText(c.contactPoints, c.normalForce ?? 0));
    const mp = model.family.massProperties?.(model.config) ?? null;
    this.massItem.hidden = mp === null;
    if (mp) {
      // the list's separator is "; " where the decimal separator is a comma
      const J = mp.inertia;
      const d = [0, 1, 2].map((i) => precision(J[i]?.[i] ?? NaN, 4)).join(decimalSeparator() === ',' ? '; ' : ', ');
      Hud.set(this.mass, `${precision(mp.mass, 4)}${decimalSeparator() === ',' ? ';' : ','} diag(${d})`);
    }
    Hud.set(this.summaryText, summaryLine(model, drawnTime));
    const st = model.status;
    const key = st ? `${st.code}|${st.t}|${st.message}|${model.family.id}|${model.halted}` : '';
    if (key !== this.lastWarning) {
      this.lastWarning = key;
      this.warning.hidden = st === null;
      if (st) {
        const w = explainStatus(st, {
          codes: model.codes,
          capabilities: model.capabilities,
          restitution: model.family.restitution?.(model.config) ?? null,
          halted: model.halted,
          integrator: model.run.integrator(),
          h: model.clock.h,
          lowerH: this.actionAllowed('lower-h'),
        });
        this.warningText.textContent = w.text;
        this.warningDetail.textContent = w.detail;
        this.warningActions.replaceChildren(
          ...w.actions.map((a) => {
            const b = el('button', { type: 'button', class: 'btn btn-small hud-action' }, a.id === 'reset' ? icon('reset') : null, a.label);
            b.addEventListener('click', () => this.onAction(a.id));
            return b;
          }),
        );
        this.warning.classList.toggle('hud-error', w.halted);
      }
    }
  }
}
