// Front-end validation of typed and slid values. Physics-level rules (penetration of the plane, the
// body's own constraints) are checked afterwards by the core's validateConfig().
import type { FieldSpec } from './fields';
import { localizeNumberText, t } from '../i18n';

export type FieldResult = { ok: true; value: number } | { ok: false; message: string };

const NUMBER_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * Parse a typed number. Accepts decimal and exponent notation ("0.5", "-3", "1e-13", ".2"), a
 * Unicode minus sign and surrounding blanks; rejects everything else (empty, "abc", "1,5", "Infinity").
 */
export function parseNumber(raw: string): number | null {
  const s = raw.trim().replace(/\u2212/g, '-');
  if (!NUMBER_RE.test(s)) return null;
  const v = Number(s);
  return Number.isFinite(v) ? v : null;
}

/** The field's bounds with its unit, numbers in the page's language. */
function bounds<P>(spec: FieldSpec<P>): { min: string; max: string } {
  const unit = spec.unit === '°' ? '°' : spec.unit ? ` ${spec.unit}` : '';
  return { min: `${localizeNumberText(spec.format(spec.min))}${unit}`, max: `${localizeNumberText(spec.format(spec.max))}${unit}` };
}

function fieldName<P>(spec: FieldSpec<P>): string {
  return spec.label.charAt(0).toUpperCase() + spec.label.slice(1);
}

/** '' when the display value is allowed for the field, otherwise a message naming the field. */
export function checkFieldValue<P>(spec: FieldSpec<P>, v: number): string {
  if (!Number.isFinite(v)) return t('check.finite', { field: fieldName(spec) });
  if (v < spec.min || v > spec.max) return t('check.range', { field: fieldName(spec), ...bounds(spec) });
  if (spec.integer && !Number.isInteger(v)) return t('check.integer', { field: fieldName(spec) });
  return '';
}

/** Validate what the user typed (string) or slid (number) into a field. */
export function validateFieldInput<P>(spec: FieldSpec<P>, raw: string | number): FieldResult {
  let v: number | null;
  if (typeof raw === 'number') {
    v = Number.isFinite(raw) ? raw : null;
  } else {
    if (raw.trim() === '') return { ok: false, message: t('check.empty', { field: fieldName(spec) }) };
    v = parseNumber(raw);
  }
  if (v === null) {
    return { ok: false, message: t('check.notNumber', { field: fieldName(spec), raw: String(raw).trim() }) };
  }
  const msg = checkFieldValue(spec, v);
  return msg ? { ok: false, message: msg } : { ok: true, value: v };
}

export interface ParamIssue {
  field: FieldSpec['id'] | null;
  message: string;
}

const PI_RE = /^(.*?)\s*(?:\*\s*)?(?:π|pi)$/i;

/**
 * Parse a perturbation size: a number as parseNumber accepts it, optionally followed by π (or "pi",
 * "*pi") to mean a multiple of π, e.g. "1e-8π" = 1e-8·π; "π" alone is π.
 */
export function parseMaybePi(raw: string): number | null {
  const s = raw.trim();
  const m = PI_RE.exec(s);
  if (!m) return parseNumber(s);
  const coef = (m[1] ?? '').trim();
  if (coef === '') return Math.PI;
  if (coef === '-' || coef === '\u2212') return -Math.PI;
  const c = parseNumber(coef);
  return c === null ? null : c * Math.PI;
}

/**
 * Validate a typed size of a perturbation (a sensitivity twin's, docs/page.md "Sensitivity twins"): a
 * number in (0, max], where max is π for a turn and 1 for a shift (model/twins.ts maxTwinSize); `name`
 * is how messages call it (its symbol, δx).
 */
export function validateTwinSize(name: string, max: { max: number; text: string }, raw: string | number): FieldResult {
  let v: number | null;
  if (typeof raw === 'number') v = Number.isFinite(raw) ? raw : null;
  else {
    if (raw.trim() === '') return { ok: false, message: t('check.empty', { field: name }) };
    v = parseMaybePi(raw);
  }
  if (v === null) return { ok: false, message: t('check.notNumber', { field: name, raw: String(raw).trim() }) };
  if (!(v > 0)) return { ok: false, message: t('check.positive', { field: name, value: localizeNumberText(String(v)) }) };
  if (v > max.max) return { ok: false, message: t('check.atMost', { field: name, max: max.text }) };
  return { ok: true, value: v };
}
