// The page's state in its address, as a pure codec: no DOM, no history. A query string such as
// `?case=<preset>&<field key>=<value>&<list key>=1,2,3` holds every setting that differs from its
// preset (docs/course-material.md "State in the URL"). Generic over the model families: a family's FieldSpecs give the keys
// (FieldSpec.urlKey, default the field id; fields sharing a key are one comma list in urlIndex order),
// the values in display units (degrees for angles, as the controls show them), the rules (range, whole
// numbers, named choices) and how a value is written into the parameters. The rest of the state
// (the set-up button, the twins and their sizes, camera, follow, paused) has its own keys, below. Numbers are written with the fewest digits
// that give back the same parameters bit for bit, so an address restores the same simulation.
import type { BaseParams, FieldSpec } from './fields';
import { validateFieldInput } from './validation';
import { validateTwinSize } from './validation';
import { echo, echoKey } from '../util/echo';

/**
 * Keys another part of the page reads (embed mode, its plots, the theme, the open view, the language,
 * the teacher's locks, hidden controls and autoplay: config/class-options.ts): kept, never reported.
 */
export const PASSTHROUGH_KEYS: readonly string[] = ['embed', 'plots', 'theme', 'view', 'locale', 'lock', 'hide', 'autoplay', 'api-origins'];

/** One problem with the address: the key and a sentence naming the rule. */
export interface UrlIssue {
  key: string;
  message: string;
}

/**
 * One of the running family's perturbations (docs/ensembles.md "Perturbations") as the address has it:
 * the key of its twin's size (its package's own, FamilyTwins.urlKeys, else d_<name>), how messages
 * call it and its largest size.
 */
export interface TwinKey {
  readonly key: string;
  /** The perturbation's name (HybridSimulation.perturbations()). */
  readonly kind: string;
  readonly symbol: string;
  readonly max: { readonly max: number; readonly text: string };
}

/** Camera as seen from its target: azimuth and elevation in degrees, distance in scene units. */
export interface CameraView {
  azimuth: number;
  elevation: number;
  distance: number;
}

/** The state outside the family's fields. */
export interface ExtraState {
  /** Sensitivity twins on. */
  twins: boolean;
  /** The twins' perturbations, in order (the running family's). */
  twinKinds: readonly string[];
  /** Each perturbation's size, by name (what differs from ExtraDefaults.twinSize is written). */
  twinSizes: Readonly<Record<string, number>>;
  /** The camera the user set, or null (the family's default view). */
  camera: CameraView | null;
  follow: boolean;
  /** Camera target, written only when the camera does not follow the body. */
  target: [number, number, number] | null;
  playing: boolean;
  /** The family's set-up button (FamilyControls.setUp) instead of the plain preset. */
  setUp: boolean;
}

/** Which of the extra state's keys the running family has, and who has them when it does not. */
export interface ExtraSupport {
  /** The running family's perturbations with their sizes' keys, the default first ([]: no twins). */
  twinKeys: readonly TwinKey[];
  /** The perturbations of its twins by default (an address without a list in `twins=` means these). */
  defaultTwinKinds: readonly string[];
  /**
   * The set-up button a family offers (FamilyControls.setUp): its address key (FamilySetUp.urlKey), its
   * label, whether the running family has it, and where it is (the family's title and the preset's
   * words); null when no family has one.
   */
  setUp: { key: string; label: string; here: boolean; owner: string } | null;
}

/** What the codec needs to know about a family: its fields, its preset and what else it has. */
export interface FamilyUrlInfo<P extends BaseParams = BaseParams> extends ExtraSupport {
  fields: readonly FieldSpec<P>[];
  /** The preset's parameters (what an absent key means). */
  preset: P;
}

/** The defaults of the extra state (what an absent key means). */
export interface ExtraDefaults {
  /** A perturbation's size when the address does not give it. */
  twinSize(kind: string): number;
  /** Whether the page plays when it opens (paused=1 is written only then). */
  autoplay: boolean;
}

/** The state to write. */
export interface EncodableState<P extends BaseParams = BaseParams> {
  caseName: string;
  defaultCase: string;
  params: P;
  family: FamilyUrlInfo<P>;
  extra: ExtraState;
  defaults: ExtraDefaults;
  /** Pass-through pairs (embed, plots, theme) to keep, in their order. */
  keep?: readonly [string, string][];
  /**
   * The whole running config, when the preset and the fields cannot say it (a loaded or thrown
   * set-up): written as `setup=` (setupParam) in place of the field keys.
   */
  setup?: string | null;
}

/** The address key of a whole set-up (the config JSON, base64url of its UTF-8). */
export const SETUP_KEY = 'setup';

/** base64url (RFC 4648 §5, no padding) of the UTF-8 of a config JSON text: the value of `setup=`. */
export function encodeSetup(json: string): string {
  const bytes = new TextEncoder().encode(json);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The config JSON text of a `setup=` value, or null when it is not base64url of UTF-8 text. */
export function decodeSetup(value: string): string | null {
  const s = value.trim().replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*$/.test(s) || s.length % 4 === 1) return null;
  try {
    const bin = atob(s + '='.repeat((4 - (s.length % 4)) % 4));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** One edit of the decoded address, in field order: applied all at once, or one by one if the core refuses. */
export interface FieldEdit<P> {
  key: string;
  apply(p: P): P;
}

export interface DecodedFields<P> {
  params: P;
  edits: FieldEdit<P>[];
  issues: UrlIssue[];
}

export interface DecodedExtras {
  twins: boolean | null;
  /** The twins' perturbations `twins=` lists (null: the family's default ones). */
  twinKinds: string[] | null;
  /** The sizes the address gives, by perturbation name. */
  twinSizes: Record<string, number>;
  camera: CameraView | null;
  follow: boolean | null;
  target: [number, number, number] | null;
  paused: boolean | null;
  /** The family's set-up button was asked for (its key, ExtraSupport.setUp). */
  setUp: boolean | null;
  issues: UrlIssue[];
}

/**
 * The extra state's keys (the fields' keys, the set-up button's and the twins' sizes' come from the
 * families: a package's own size keys, else d_<perturbation> for the running family's perturbations).
 */
export const EXTRA_KEYS = ['twins', 'cam', 'follow', 'target', 'paused'] as const;

/** The key of a perturbation's size when its package names none. */
export function genericTwinKey(kind: string): string {
  return `d_${kind}`;
}

/** A field's key in the address. */
export function urlKey<P>(spec: FieldSpec<P>): string {
  return spec.urlKey ?? spec.id;
}

/** The family's fields grouped by address key, in field order; components sorted by urlIndex. */
export function keyGroups<P>(fields: readonly FieldSpec<P>[]): Map<string, FieldSpec<P>[]> {
  const m = new Map<string, FieldSpec<P>[]>();
  for (const f of fields) {
    const k = urlKey(f);
    const g = m.get(k) ?? [];
    g.push(f);
    m.set(k, g);
  }
  for (const g of m.values()) g.sort((a, b) => (a.urlIndex ?? 0) - (b.urlIndex ?? 0));
  return m;
}

/** Shortest decimal of v (1…17 significant digits) for which `same(text)` holds; the 17-digit one otherwise. */
export function shortestNumber(v: number, same: (x: number) => boolean): string {
  for (let k = 1; k <= 17; k++) {
    const x = Number(v.toPrecision(k));
    if (same(x)) return String(x);
  }
  return String(v);
}

const sameParams = <P>(a: P, b: P): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The address text of one field's value in p (a choice's name, or the shortest exact number). */
export function fieldText<P>(spec: FieldSpec<P>, p: P): string | null {
  const v = spec.read(p);
  if (v === null) return null;
  if (spec.choices) return spec.choices[v]?.value ?? String(v);
  return shortestNumber(v, (x) => sameParams(spec.write(p, x), p));
}

/** Address text of a number rounded to `sig` significant digits, without trailing zeros. */
function rounded(v: number, sig: number): string {
  return String(Number(v.toPrecision(sig)));
}

/** The camera's address text: azimuth and elevation to 0.1°, distance to 3 significant digits. */
export function cameraText(c: CameraView): string {
  return [c.azimuth.toFixed(1), c.elevation.toFixed(1), rounded(c.distance, 3)].map((s) => String(Number(s))).join(',');
}

/** Percent-encode a value but keep commas readable. */
function enc(s: string): string {
  return encodeURIComponent(s).replace(/%2C/gi, ',');
}

/**
 * The query string ('' or '?…') of a state: the case, then every field key whose value differs from
 * the preset (all components of a list key), then the extra state that differs from its defaults,
 * then the pass-through pairs.
 */
export function encodeState<P extends BaseParams>(s: EncodableState<P>): string {
  const pairs: [string, string][] = [];
  const { params, family } = s;
  if (s.setup) pairs.push([SETUP_KEY, encodeSetup(s.setup)]);
  else for (const [key, specs] of keyGroups(family.fields)) {
    const applicable = specs.filter((f) => f.read(family.preset) !== null && f.read(params) !== null);
    if (applicable.length === 0) continue;
    const differs = applicable.some((f) => !Object.is(f.read(params), f.read(family.preset)));
    if (!differs) continue;
    pairs.push([key, applicable.map((f) => fieldText(f, params) ?? '').join(',')]);
  }
  const e = s.extra;
  if (family.twinKeys.length > 0) {
    // twins=1 runs the family's default twins; another choice is the list of their perturbations.
    const kinds = e.twinKinds.filter((k) => family.twinKeys.some((tk) => tk.kind === k));
    const defaultKinds = kinds.length === family.defaultTwinKinds.length && kinds.every((k, i) => k === family.defaultTwinKinds[i]);
    if (e.twins) pairs.push(['twins', defaultKinds ? '1' : kinds.join(',')]);
    for (const kind of kinds) {
      const v = e.twinSizes[kind];
      const key = family.twinKeys.find((tk) => tk.kind === kind)?.key;
      if (key !== undefined && v !== undefined && !Object.is(v, s.defaults.twinSize(kind))) pairs.push([key, String(v)]);
    }
  }
  if (e.camera) pairs.push(['cam', cameraText(e.camera)]);
  if (!e.follow) {
    pairs.push(['follow', '0']);
    if (e.target) pairs.push(['target', e.target.map((x) => rounded(x, 4)).join(',')]);
  }
  if (!e.playing && s.defaults.autoplay) pairs.push(['paused', '1']);
  if (e.setUp && family.setUp) pairs.unshift([family.setUp.key, '1']);
  if (pairs.length > 0 || s.caseName !== s.defaultCase) pairs.unshift(['case', s.caseName]);
  for (const kv of s.keep ?? []) pairs.push([kv[0], kv[1]]);
  return pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')}`;
}

/** The query's pairs, first occurrence of each key; a repeated key is an issue. */
export function queryEntries(search: string): { entries: Map<string, string>; issues: UrlIssue[] } {
  const entries = new Map<string, string>();
  const issues: UrlIssue[] = [];
  for (const [k, v] of new URLSearchParams(search)) {
    if (entries.has(k)) issues.push({ key: k, message: `${echoKey(k)}: given more than once; the first value is used.` });
    else entries.set(k, v);
  }
  return { entries, issues };
}

/** The case named in the query (any letter case), or null with an issue when it names none of `names`. */
export function decodeCase(entries: Map<string, string>, names: readonly string[], fallback: string): { caseName: string; issue: UrlIssue | null } {
  const raw = entries.get('case');
  if (raw === undefined) return { caseName: fallback, issue: null };
  const asked = raw.trim().toLowerCase();
  const hit = names.find((n) => n.toLowerCase() === asked);
  if (hit !== undefined) return { caseName: hit, issue: null };
  return {
    caseName: fallback,
    issue: { key: 'case', message: `case: “${echo(raw)}” is not a preset (one of ${names.join(', ')}); showing ${fallback}.` },
  };
}

/**
 * Decode the family's keys from the query against its preset. Every valid component is applied (in
 * field order); an invalid one keeps the preset's value and gives an issue naming the key and the rule.
 * `used` receives the keys read here.
 */
export function decodeFields<P extends BaseParams>(entries: Map<string, string>, family: FamilyUrlInfo<P>, used: Set<string>): DecodedFields<P> {
  const issues: UrlIssue[] = [];
  const edits: FieldEdit<P>[] = [];
  let params = family.preset;
  for (const [key, specs] of keyGroups(family.fields)) {
    const raw = entries.get(key);
    if (raw === undefined) continue;
    used.add(key);
    const applicable = specs.filter((f) => f.read(family.preset) !== null);
    if (applicable.length === 0) {
      const note = specs[0]?.disabledNote ?? 'it does not apply to this model.';
      issues.push({ key, message: `${key}: ${note} The value is ignored.` });
      continue;
    }
    const parts = raw.split(',');
    if (parts.length !== applicable.length) {
      const want = applicable.length === 1 ? 'one number' : `${applicable.length} comma-separated values`;
      issues.push({ key, message: `${key}: expects ${want}, got “${echo(raw)}”; using the preset's value.` });
      continue;
    }
    applicable.forEach((spec, i) => {
      const text = (parts[i] ?? '').trim();
      let value: number;
      if (spec.choices) {
        const idx = spec.choices.findIndex((c) => c.value.toLowerCase() === text.toLowerCase());
        if (idx < 0) {
          issues.push({ key, message: `${key}: “${echo(text)}” is not one of ${spec.choices.map((c) => c.value).join(', ')}; using the preset's value.` });
          return;
        }
        value = idx;
      } else {
        const r = validateFieldInput(spec, text);
        if (!r.ok) {
          issues.push({ key, message: `${key}: ${r.message.replace(/\.$/, '')}; using the preset's value.` });
          return;
        }
        value = r.value;
      }
      const apply = (p: P): P => spec.write(p, value);
      params = apply(params);
      edits.push({ key, apply });
    });
  }
  return { params, edits, issues };
}

function finiteList(raw: string, n: number): number[] | null {
  const parts = raw.split(',').map((s) => s.trim());
  if (parts.length !== n || parts.some((s) => s === '')) return null;
  const v = parts.map(Number);
  return v.every(Number.isFinite) ? v : null;
}

function flag(key: string, raw: string, issues: UrlIssue[]): boolean | null {
  const s = raw.trim().toLowerCase();
  if (s === '1' || s === 'true' || s === 'on' || s === 'yes') return true;
  if (s === '0' || s === 'false' || s === 'off' || s === 'no') return false;
  issues.push({ key, message: `${echoKey(key)}: “${echo(raw)}” is not 1 or 0; ignored.` });
  return null;
}

/** The twins' keys of an address, decoded (DecodedExtras' twins, twinKinds and twinSizes). */
export interface DecodedTwins {
  twins: boolean | null;
  twinKinds: string[] | null;
  twinSizes: Record<string, number>;
  issues: UrlIssue[];
}

/**
 * Decode the twins' keys against the running set-up's perturbations (`support.twinKeys`): twins= (a flag,
 * or the list of the twins' perturbations) and each size's key; `used` receives the keys read here. Apart
 * from decodeExtras, so that the page can read them once the address's fields have set up the run whose
 * perturbations they name (a fifth body's shift exists once a field asked for five).
 */
export function decodeTwins(entries: Map<string, string>, support: Pick<ExtraSupport, 'twinKeys'>, used: Set<string>): DecodedTwins {
  const issues: UrlIssue[] = [];
  const out: DecodedTwins = { twins: null, twinKinds: null, twinSizes: {}, issues };
  const twins = entries.get('twins');
  const keys = support.twinKeys;
  if (twins !== undefined) {
    used.add('twins');
    if (keys.length === 0) issues.push({ key: 'twins', message: 'twins: this model has no perturbations, so no twins; ignored.' });
    else if (/^[\s]*(1|0|true|false|on|off|yes|no)[\s]*$/i.test(twins)) out.twins = flag('twins', twins, issues);
    else {
      // A list of the twins' perturbations, each one of the family's, none twice.
      const kinds = twins.split(',').map((k) => k.trim());
      const bad = kinds.filter((k) => !keys.some((tk) => tk.kind === k));
      if (bad.length > 0 || kinds.length === 0) {
        issues.push({ key: 'twins', message: `twins: “${echo(bad.join(', ') || twins)}” is not one of this model's perturbations (${keys.map((tk) => tk.kind).join(', ')}); ignored.` });
      } else if (new Set(kinds).size !== kinds.length) {
        issues.push({ key: 'twins', message: `twins: “${echo(twins)}” names a perturbation twice; ignored.` });
      } else {
        out.twins = true;
        out.twinKinds = kinds;
      }
    }
  }
  // The sizes: the running family's keys, a generic d_<name> in any letter case (an element's
  // attribute names are lowercased).
  for (const [k, raw] of entries) {
    const tk = keys.find((x) => x.key === k) ?? (k.toLowerCase().startsWith('d_') ? keys.find((x) => x.key.toLowerCase() === k.toLowerCase()) : undefined);
    if (!tk) continue;
    used.add(k);
    const r = validateTwinSize(tk.symbol, tk.max, raw);
    if (r.ok) out.twinSizes[tk.kind] = r.value;
    else issues.push({ key: k, message: `${echoKey(k)}: ${r.message.replace(/\.$/, '')}; using the default.` });
  }
  return out;
}

/**
 * Decode the extra state's keys; `used` receives the keys read here. Without `twins` the twins' keys are
 * left for decodeTwins (their fields null, nothing read).
 */
export function decodeExtras(entries: Map<string, string>, support: ExtraSupport, used: Set<string>, twins = true): DecodedExtras {
  const tw: DecodedTwins = twins ? decodeTwins(entries, support, used) : { twins: null, twinKinds: null, twinSizes: {}, issues: [] };
  const issues: UrlIssue[] = [...tw.issues];
  const out: DecodedExtras = { twins: tw.twins, twinKinds: tw.twinKinds, twinSizes: tw.twinSizes, camera: null, follow: null, target: null, paused: null, setUp: null, issues };
  const get = (k: string): string | undefined => {
    const v = entries.get(k);
    if (v !== undefined) used.add(k);
    return v;
  };
  const cam = get('cam');
  if (cam !== undefined) {
    const v = finiteList(cam, 3);
    if (!v || !(v[2]! > 0) || Math.abs(v[1]!) > 90) {
      issues.push({ key: 'cam', message: `cam: expects azimuth,elevation,distance (degrees, |elevation| ≤ 90, distance > 0), got “${echo(cam)}”; default view.` });
    } else out.camera = { azimuth: v[0]!, elevation: v[1]!, distance: v[2]! };
  }
  const follow = get('follow');
  if (follow !== undefined) out.follow = flag('follow', follow, issues);
  const target = get('target');
  if (target !== undefined) {
    const v = finiteList(target, 3);
    if (!v) issues.push({ key: 'target', message: `target: expects three numbers x,y,z, got “${echo(target)}”; ignored.` });
    else out.target = [v[0]!, v[1]!, v[2]!];
  }
  const paused = get('paused');
  if (paused !== undefined) out.paused = flag('paused', paused, issues);
  const setUp = support.setUp;
  const asked = setUp ? get(setUp.key) : undefined;
  if (setUp && asked !== undefined) {
    if (setUp.here) out.setUp = flag(setUp.key, asked, issues);
    else issues.push({ key: setUp.key, message: `${setUp.key}: “${setUp.label}” is a set-up of ${setUp.owner}; ignored.` });
  }
  return out;
}

/** Issues for the keys nobody read (pass-through keys excepted). */
export function unknownKeys(entries: Map<string, string>, used: Set<string>, caseLabel: string): UrlIssue[] {
  const out: UrlIssue[] = [];
  for (const k of entries.keys()) {
    if (k === 'case' || used.has(k) || PASSTHROUGH_KEYS.includes(k)) continue;
    out.push({ key: k, message: `${echoKey(k)}: not a setting of ${caseLabel}; ignored.` });
  }
  return out;
}

/** The pass-through pairs of a query, to be kept when the address is rewritten. */
export function passthroughPairs(search: string): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of new URLSearchParams(search)) if (PASSTHROUGH_KEYS.includes(k)) out.push([k, v]);
  return out;
}
