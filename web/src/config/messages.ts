// What the page says when the core refuses a set-up or reports a problem while running: a sentence in
// the student's words first ("the body starts inside the plane: raise it by at least 4"), with what to
// do, and the core's own text (field names, equation numbers) kept as the detail one click away
// (docs: the page's messages). Pure functions of the core's message and a little context; no DOM.
import { currentLocale, fixed, localizeNumberText, t as tr } from '../i18n';

/**
 * The core's status codes by name (StepStatus, cpp/include/lgvci/core/hybrid_driver.hpp, as the module's
 * statusCodes() gives them; docs/method.md "Time on the grid, the Zeno guard and the work limit"). Whether
 * a report halted the run is the core's word (`halted()`), passed in the context: a Zeno report may be a
 * cascade resolved by the contact phase.
 */
export interface StatusCodes {
  readonly newton_failed?: number;
  readonly zeno_guard?: number;
  readonly work_limit?: number;
  readonly [name: string]: number | undefined;
}

/** A message for a person, and the technical text behind it. */
export interface Explained {
  text: string;
  /** The core's message as it came (shown under "Technical detail"); '' when there is nothing more. */
  detail: string;
}

/** Something the student can do about a status report: a button in the warning. */
export type StatusAction = 'reset' | 'lower-h';

export interface StatusExplanation extends Explained {
  /** The run stopped (Play does nothing until a reset or a new setting). */
  halted: boolean;
  actions: { id: StatusAction; label: string }[];
}

export interface StatusContext {
  /** The core's status codes (the module's statusCodes()). */
  codes: StatusCodes;
  /** What the running family can do (the core's capabilities): the wording of the causes. */
  capabilities: { readonly shapes: boolean; readonly contactPhase: boolean };
  /** The coefficient of restitution of the running set-up, when it has one. */
  restitution: number | null;
  /** Whether the run is halted (the core's halted()). */
  halted: boolean;
  /** The running scheme: "lgvci", "rk4", "vci". */
  integrator: string;
  /** The running time step h (s). */
  h: number;
  /** Whether halving h can be offered (false: the teacher locked h); offered when absent. */
  lowerH?: boolean;
}

/** 3 significant digits, no exponent for ordinary sizes: 4, 0.322, 2.07, 1.2e-5. */
export function plainNumber(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  if (a !== 0 && (a < 1e-3 || a >= 1e5)) return v.toExponential(1).replace('e+', 'e');
  return String(Number(v.toPrecision(3)));
}

function at(t: number): string {
  return Number.isFinite(t) ? tr('status.at', { t: fixed(t, 2) }) : tr('status.atNaN');
}

/** The Zeno guard's impact budget ("… met 64 impacts" / "… located more than 64 impacts"), if the message says. */
function zenoCount(message: string): number | null {
  const m = /(?:met|more than) (\d+) impacts/.exec(message);
  return m ? Number(m[1]) : null;
}

/**
 * A status report of the running integrator in words: what happened, at which time, and the way out.
 * Code 1 (a failed solve) and 3 (the work limit) halt the run; code 2 is the Zeno guard, which halts
 * only when the integrator had no contact phase to hand the cascade to; any other non-zero code is
 * told generically with the core's text as the detail.
 */
export function explainStatus(st: { code: number; message: string; t: number }, ctx: StatusContext): StatusExplanation {
  const detail = st.message.trim();
  const reset = { id: 'reset' as const, label: tr('bar.reset') };
  const lower = { id: 'lower-h' as const, label: tr('status.halve', { h: localizeNumberText(plainNumber(ctx.h / 2)) }) };
  const canLower = ctx.h / 2 >= 1e-4 && ctx.lowerH !== false;
  if (st.code === ctx.codes.newton_failed) {
    const cause = ctx.capabilities.shapes ? tr('status.newton.shapes') : tr('status.newton.plain');
    return {
      text: tr('status.newton', { at: at(st.t), cause }),
      detail,
      halted: true,
      actions: canLower ? [reset, lower] : [reset],
    };
  }
  if (st.code === ctx.codes.zeno_guard) {
    const n = zenoCount(st.message);
    const bounced = n === null ? tr('status.zeno.bouncedMany') : tr('status.zeno.bounced', { n });
    if (!ctx.halted) {
      return {
        text: tr('status.zeno.resolved', { at: at(st.t), bounced }),
        detail,
        halted: false,
        actions: canLower ? [lower, reset] : [reset],
      };
    }
    const why =
      ctx.integrator === 'rk4'
        ? tr('status.zeno.rk4')
        : ctx.capabilities.contactPhase
          ? tr('status.zeno.contact')
          : tr('status.zeno.noContact');
    return {
      text: tr('status.zeno.halted', { at: at(st.t), bounced, why }),
      detail,
      halted: true,
      actions: canLower ? [reset, lower] : [reset],
    };
  }
  if (st.code === ctx.codes.work_limit) {
    return {
      text: tr('status.work', { at: at(st.t) }),
      detail,
      halted: true,
      actions: canLower ? [reset, lower] : [reset],
    };
  }
  return {
    text: ctx.halted ? tr('status.other.halted', { at: at(st.t) }) : tr('status.other.running', { at: at(st.t) }),
    detail: detail || tr('status.code', { code: String(st.code) }),
    halted: ctx.halted,
    actions: canLower ? [reset, lower] : [reset],
  };
}

export interface ConfigContext {
  /** The family's words for a start that violates a constraint (FamilyControls.violationText). */
  violationText?: (depth: string) => string;
  /** The family's own config fields in words, and refusals it words itself (FamilyControls). */
  fieldWords?: readonly (readonly [RegExp, string])[];
  refusalText?: (raw: string) => string | null;
}

/** Internal names the core uses in its messages, and the words a student knows them by. */
const NAMES: readonly [RegExp, string][] = [
  [/\bx0\b/g, 'the start position x₀'],
  [/\bR0\b/g, 'the start attitude R₀'],
  [/\bgamma0\b/g, 'the start momentum γ₀'],
  [/\bPi0\b/g, 'the start angular momentum Π₀'],
  [/\bq0\b/g, 'the start position q₀'],
  [/\bp0\b/g, 'the start momentum p₀'],
  [/\bPhi\b|\bphi\b/g, 'the gap φ'],
  [/\bmax_impacts_per_step\b/g, 'the most impacts in one step'],
  [/\s*\((?:\d+[a-z]?)\)/g, ''], // equation numbers such as (75a)
];

/** A number as the core writes it in a message (a family's refusalText matches its own messages with it). */
export const NUM = '(-?(?:\\d+\\.?\\d*|\\.\\d+)(?:e[+-]?\\d+)?)';
const VIOLATES = new RegExp(`^q0: the initial state violates constraint (\\d+) \\(phi = ${NUM} < 0\\)`, 'i');

/**
 * The core's refusal of a set-up (createSimulation / validateConfig: "field: rule") in words. Known
 * refusals get a sentence with the measure of the fix; any other keeps its rule, with the internal
 * names replaced, and the original as the detail.
 */
export function explainConfigError(message: string, ctx: ConfigContext): Explained {
  const raw = message.trim();
  const vio = VIOLATES.exec(raw);
  if (vio) {
    const depth = -Number(vio[2]);
    const d = localizeNumberText(plainNumber(depth));
    const text = ctx.violationText ? ctx.violationText(d) : tr('refusal.violates', { k: vio[1] ?? '', depth: d });
    return { text, detail: raw };
  }
  const own = ctx.refusalText?.(raw);
  if (own) return { text: own, detail: raw };
  // Any other refusal: in English its rule with the internal names in words; in another language the
  // core's text whole, inside a translated sentence (docs/languages.md "Messages from the core").
  if (currentLocale() !== 'en') return { text: tr('refusal.generic', { rule: raw }), detail: '' };
  let text = raw;
  for (const [re, words] of [...(ctx.fieldWords ?? []), ...NAMES]) text = text.replace(re, words);
  // "field: rule" → "Field: rule." in a sentence.
  text = text.charAt(0).toUpperCase() + text.slice(1);
  if (!/[.!?]$/.test(text)) text += '.';
  return { text, detail: text === raw ? '' : raw };
}
