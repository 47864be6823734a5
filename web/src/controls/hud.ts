// Heads-up display over the viewport: time, impacts, energy and relative energy error, and a warning
// when the integrator reports a problem (status 1: Newton failure, simulation halted; 2: Zeno guard).
import type { SimulationModel } from '../model/simulation-model';
import { STATUS_NEWTON_FAILED } from '../model/simulation-model';
import { el } from '../util/dom';
import { nonFiniteWords, wordsForNonFinite } from '../util/format';

function fmtTime(t: number): string {
  return nonFiniteWords(t) ?? t.toFixed(2);
}

export function formatEnergy(e: number): string {
  const words = nonFiniteWords(e);
  if (words !== null) return words;
  return Math.abs(e) >= 1e5 || (Math.abs(e) < 1e-3 && e !== 0) ? e.toExponential(6) : e.toFixed(6);
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
  if (exp === '0') return m ?? '';
  return `${m} × 10${[...exp].map((ch) => SUP[ch] ?? ch).join('')}`;
}

/** "in flight", or "in contact: 4 points, N = 9.215" (README "Persistent contact"). */
export function phaseText(points: number, normalForce: number): string {
  if (!(points > 0)) return 'in flight';
  const n = nonFiniteWords(normalForce) ?? normalForce.toPrecision(4);
  return `in contact: ${points} point${points === 1 ? '' : 's'}, N = ${n}`;
}

const ENERGY_TITLES: Record<string, string> = {
  E: 'Total energy |γ|²/2m + ½ΠᵀJ⁻¹Π + m g e₃ᵀx',
  H: 'Hamiltonian H = ½pᵀM⁻¹p + V(q) at the grid times',
};

export class Hud {
  readonly element: HTMLElement;
  readonly warning: HTMLElement;
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
    this.energyLabel = el('dt', { text: 'energy E' });
    this.relLabel = el('dt', { text: '|E − E₀| / |E₀|' });
    this.time = el('span', { class: 'hud-value', 'data-hud': 'time' });
    this.steps = el('span', { class: 'hud-value', 'data-hud': 'steps' });
    this.impacts = el('span', { class: 'hud-value', 'data-hud': 'impacts' });
    this.energy = el('span', { class: 'hud-value', 'data-hud': 'energy' });
    this.relError = el('span', { class: 'hud-value', 'data-hud': 'relerr' });
    this.mass = el('span', { class: 'hud-value', 'data-hud': 'mass' });
    // README "Rounded mass properties": the ε slider changes them (the rounded body's J by default).
    this.massItem = item('mass, J', this.mass, 'Mass m and the principal diagonal of the inertia J the integrator uses');
    this.massItem.classList.add('hud-item-wide'); // long: a row of its own, wrapping on a phone
    // README "Persistent contact": in flight, or held on the plane by the contact constraint.
    this.phase = el('span', { class: 'hud-value', 'data-hud': 'phase' });
    this.phaseItem = item('phase', this.phase, 'In flight, or in persistent contact: points held on the plane and the normal force N they carry');
    this.phaseItem.classList.add('hud-item-wide'); // "in contact: 4 points, N = 9.215" needs a row on a phone
    this.phaseItem.hidden = true;
    this.warning = el('div', { class: 'hud-warning', role: 'alert', hidden: true });
    this.element = el(
      'div',
      { class: 'lgvci-hud' },
      el(
        'dl',
        { class: 'hud-stats', 'aria-label': 'Simulation state' },
        item('time t', this.time),
        item('steps', this.steps),
        item('impacts', this.impacts),
        (this.energyItem = item(this.energyLabel, this.energy, ENERGY_TITLES['E'])),
        item(this.relLabel, this.relError, 'Relative energy error since the initial state'),
        this.phaseItem,
        this.massItem,
      ),
      this.warning,
    );
  }

  private static set(el: HTMLElement, text: string): void {
    if (el.textContent !== text) el.textContent = text; // no DOM work on idle frames
  }

  /** Name the energy as the model family does: E for the rigid body, H for generalized models. */
  private setSymbol(sym: string): void {
    if (sym === this.symbol) return;
    this.symbol = sym;
    this.energyLabel.textContent = `energy ${sym}`;
    this.relLabel.textContent = `|${sym} − ${sym}₀| / |${sym}₀|`;
    this.energyItem.title = ENERGY_TITLES[sym] ?? '';
  }

  update(model: SimulationModel, drawnTime: number): void {
    this.setSymbol(model.history.columns.energySymbol);
    const c = model.curr;
    Hud.set(this.time, `${fmtTime(drawnTime)} s`);
    Hud.set(this.steps, String(c.steps));
    Hud.set(this.impacts, String(c.impacts));
    Hud.set(this.energy, formatEnergy(c.energy));
    Hud.set(this.relError, formatRelError(model.relativeEnergyError));
    this.phaseItem.hidden = c.contactPoints === undefined;
    if (c.contactPoints !== undefined) Hud.set(this.phase, phaseText(c.contactPoints, c.normalForce ?? 0));
    const cfg = model.config as { mass?: unknown; inertia?: unknown } | undefined;
    const J = Array.isArray(cfg?.inertia) ? (cfg.inertia as number[][]) : null;
    this.massItem.hidden = J === null || typeof cfg?.mass !== 'number';
    if (J && typeof cfg?.mass === 'number') {
      const d = [0, 1, 2].map((i) => (J[i]?.[i] ?? NaN).toPrecision(4)).join(', ');
      Hud.set(this.mass, `${cfg.mass.toPrecision(4)}, diag(${d})`);
    }
    const st = model.status;
    let text = '';
    if (st) {
      // The core's message may print a non-finite number ("residual -nan"): show words instead.
      const msg = wordsForNonFinite(st.message);
      const at = nonFiniteWords(st.t) ?? st.t.toFixed(3);
      text =
        st.code === STATUS_NEWTON_FAILED
          ? `Simulation halted at t = ${at} s: ${msg} Press Reset or change a setting to run again.`
          : `Warning at t = ${at} s: ${msg}`;
    }
    if (text !== this.lastWarning) {
      this.lastWarning = text;
      this.warning.textContent = text;
      this.warning.hidden = text === '';
      this.warning.classList.toggle('hud-error', st?.code === STATUS_NEWTON_FAILED);
    }
  }
}
