// The numeric controls of the side panel, described as data. Each field edits one number of a family's
// parameters, shown in display units (degrees for angles). Each family lists its fields in its package
// (FamilyControls.fields); the panel builds the DOM from them, the validation module checks typed
// values against them, and the controller applies them. The time step and the speed are every family's.
import { t } from '../i18n';
import type { SliderRow } from './generated/driver-schema';
import { DRIVER_SLIDERS } from './generated/driver-schema';

/** Id of a field, unique across every family ('h', 'speed', and each family's own). */
export type FieldId = string;

/** Id of a group of the side panel ('body', 'initial', …). */
export type GroupId = string;

/** The playback speed a preset starts with (simulated seconds per wall-clock second). */
export const DEFAULT_SPEED = 1;

/** What every family's parameters have: the preset, the time step and the playback speed. */
/**
 * How an impact is resolved (every family's config key "jump", docs/symplecticity.md): "energy" keeps H
 * across it exactly; "variational" solves the discrete energy balance, which makes the impact step
 * symplectic. Each family has its own default.
 */
export type JumpKind = 'energy' | 'variational';
export const JUMP_KINDS: readonly JumpKind[] = ['energy', 'variational'];

/** The jump a resolved config states, or the family's default where it states none. */
export function jumpOf(value: unknown, familyDefault: JumpKind): JumpKind {
  return value === 'energy' || value === 'variational' ? value : familyDefault;
}

export interface BaseParams {
  caseName: string;
  h: number;
  /** The impact's jump (the config's "jump"). */
  jump: JumpKind;
  /** Simulated seconds per wall-clock second; not part of the config (no restart). */
  speed: number;
}

export interface FieldSpec<P = BaseParams> {
  id: FieldId;
  group: GroupId;
  /** Full accessible name, e.g. "Initial linear momentum γ₀, x component". */
  label: string;
  /** Short visible label, e.g. "x". */
  short: string;
  unit: string;
  /** Allowed range in display units, inclusive (the slider's range too). */
  min: number;
  max: number;
  scale: 'linear' | 'log';
  /** Slider step, in display units (linear) or decades (log). */
  step: number;
  /** Only whole numbers are valid (a count, a switch). */
  integer?: boolean;
  /** Changing the field restarts the simulation from the new initial condition. */
  restarts: boolean;
  format(v: number): string;
  /** The field's value in p, or null where it does not apply (the control is then disabled). */
  read(p: P): number | null;
  write(p: P, v: number): P;
  /** Text shown when the field does not apply to the current body (control disabled). */
  disabledNote?: string;
  /**
   * A choice among names instead of a number: the value is the index of the choice (min 0, max
   * length − 1, integer). The panel shows a labelled <select>, the address the choice's `value`.
   */
  choices?: readonly { value: string; label: string }[];
  /**
   * Key of the field in the page's address (default: its id). Fields sharing a key are one
   * comma-separated list in the address (e.g. gamma0=1,2,3), component `urlIndex` each.
   */
  urlKey?: string;
  urlIndex?: number;
  /**
   * The config row the field edits, as the core's schema declares it (a family's generated
   * config-schema.ts): where its range, step, scale and unit come from. A row edited whole (display
   * 'value', index −1) reaches the core as a typed field update (controller setField → withField).
   */
  row?: SliderRow;
}

/** The part of a FieldSpec the core's schema row declares: its slider's range, step, scale and unit. */
export function fromRow(row: SliderRow): Pick<FieldSpec, 'min' | 'max' | 'step' | 'scale' | 'unit' | 'integer' | 'row'> {
  return { min: row.min, max: row.max, step: row.step, scale: row.scale, unit: row.unit, integer: row.integer, row };
}

/** The config path of a field edited whole as one number of the config (a typed update), or null. */
export function typedPath<P>(spec: FieldSpec<P>): string | null {
  const row = spec.row;
  return row && row.display === 'value' && row.index === -1 && !row.path.includes('.') ? row.path : null;
}

/** Compact number formatting: fixed for ordinary magnitudes, exponent for very small/large. */
export function formatNumber(v: number, sig = 4): string {
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a < 1e-3 || a >= 1e6) {
    const [m, e] = v.toExponential(sig - 1).split('e');
    const mant = (m ?? '').replace(/\.?0+$/, '');
    return `${mant}e${e ?? ''}`;
  }
  const s = v.toPrecision(sig);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

export function fixed(decimals: number): (v: number) => string {
  return (v) => {
    const s = v.toFixed(decimals);
    const t = s.includes('.') ? s.replace(/\.?0+$/, '') : s;
    return t === '-0' ? '0' : t;
  };
}

/** A copy of the vector (a Vec3, or a generalized q or q̇) with component i set to x. */
export function setComponent<V extends number[]>(v: V, i: number, x: number): V {
  const out = v.slice() as V;
  out[i] = x;
  return out;
}

/** The time step and the playback speed, shared by every family. */
export function commonFields<P extends BaseParams>(): FieldSpec<P>[] {
  return [
    {
      id: 'h',
      group: 'integrator',
      get label() {
        return t('field.h');
      },
      short: 'h',
      ...fromRow(DRIVER_SLIDERS.h),
      restarts: true,
      format: (v) => formatNumber(v, 3),
      read: (p: P) => p.h,
      write: (p: P, v: number) => ({ ...p, h: v }),
    },
    {
      id: 'jump',
      group: 'integrator',
      get label() {
        return t('field.jump');
      },
      get short() {
        return t('field.jump.short');
      },
      unit: '',
      min: 0,
      max: JUMP_KINDS.length - 1,
      scale: 'linear' as const,
      step: 1,
      integer: true,
      restarts: true,
      format: fixed(0),
      get choices() {
        return JUMP_KINDS.map((value) => ({ value, label: t(value === 'energy' ? 'field.jump.energy' : 'field.jump.variational') }));
      },
      read: (p: P) => JUMP_KINDS.indexOf(p.jump),
      // v is an index of JUMP_KINDS (an integer in [0, 1], checked before write).
      write: (p: P, v: number) => ({ ...p, jump: JUMP_KINDS[v] ?? p.jump }),
    },
    {
      id: 'speed',
      group: 'integrator',
      get label() {
        return t('field.speed');
      },
      get short() {
        return t('field.speed.short');
      },
      unit: '×',
      min: 0.05,
      max: 20,
      scale: 'log' as const,
      step: 0.01,
      restarts: false,
      format: (v) => formatNumber(v, 3),
      read: (p: P) => p.speed,
      write: (p: P, v: number) => ({ ...p, speed: v }),
    },
  ];
}

/** Slider position (the range input's value) for a display value. */
export function toSlider<P>(spec: FieldSpec<P>, v: number): number {
  const c = Math.min(spec.max, Math.max(spec.min, v));
  return spec.scale === 'log' ? Math.log10(c) : c;
}

/** Display value for a slider position; log sliders round to 3 significant digits. */
export function fromSlider<P>(spec: FieldSpec<P>, s: number): number {
  if (spec.scale === 'log') {
    const v = Number((10 ** s).toPrecision(3));
    return Math.min(spec.max, Math.max(spec.min, v));
  }
  return s;
}

export function sliderRange<P>(spec: FieldSpec<P>): { min: number; max: number; step: number } {
  if (spec.scale === 'log') return { min: Math.log10(spec.min), max: Math.log10(spec.max), step: spec.step };
  return { min: spec.min, max: spec.max, step: spec.step };
}
