// The address codec (config/url-codec.ts) over the real families' field specs and the
// core's presets: every kind of field (linear, degrees, log, a list key, whole numbers, a named choice)
// goes to the address and back to the same parameters bit for bit and to the same config JSON; only
// values that differ from the preset are written; a wrong value gives an issue naming its key and
// rule and keeps the preset's value while the rest applies; unknown keys are reported, the embed
// helper's keys (embed, plots, theme) are not; the extra state (twins, camera, follow, paused) round-trips.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEmbedOptions, PLOT_KEYS, plotsPairs } from '../../../web/src/app/embed-options';
import type { BaseParams, FieldSpec } from '../../../web/src/config/fields';
import type { ExtraState, FamilyUrlInfo } from '../../../web/src/config/url-codec';
import {
  decodeCase,
  decodeExtras,
  decodeFields,
  decodeTwins,
  encodeState,
  fieldText,
  passthroughPairs,
  queryEntries,
  shortestNumber,
  unknownKeys,
} from '../../../web/src/config/url-codec';
import { caseFromQuery, extraSupport, familyParts, pageCases } from '../../../web/src/app/families';
import type { LgvciModule, Perturbation } from '../../../web/src/engine/lgvci_wasm';
import { PAPER_TWIN_SIZES } from '../../../families/rigid_body/web/twins';
import { DEFAULT_TWIN_SIZE } from '../../../web/src/model/twins';

let engine: LgvciModule;

beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

type P = BaseParams & Record<string, unknown>;

/** The page's presets: the core's, with the registry's words. */
const cases = () => pageCases(engine.families());

/** A preset's perturbations (the core's, read from a simulation of it). */
function perturbationsOf(caseName: string): Perturbation[] {
  const made = engine.createSimulation(engine.presetJson(caseName));
  if (!made.sim) throw new Error(made.error.message);
  const out = made.sim.perturbations();
  made.sim.delete();
  return out;
}

function family(caseName: string): { info: FamilyUrlInfo<P>; json(p: P): string; fields: readonly FieldSpec<P>[] } {
  const c = cases().find((k) => k.name === caseName);
  if (!c) throw new Error(caseName);
  const controls = familyParts(c.family).controls;
  const base: unknown = controls.parseConfig(engine.presetJson(caseName));
  const preset = controls.paramsFromConfig(caseName, base, 1) as P;
  const fields = controls.fields as readonly FieldSpec<P>[];
  return {
    info: { fields, preset, ...extraSupport(c.family, perturbationsOf(caseName)) },
    json: (p) => controls.paramsToConfigJson(base, p),
    fields,
  };
}

const EXTRA: ExtraState = {
  twins: false,
  twinKinds: ['position', 'attitude'],
  twinSizes: { ...PAPER_TWIN_SIZES },
  camera: null,
  follow: true,
  target: null,
  playing: true,
  setUp: false,
};
/** The sizes the page starts with: the rigid body's package's (the paper's), else the page's. */
const DEFAULTS = {
  twinSize: (kind: string): number => (kind === 'position' || kind === 'attitude' ? PAPER_TWIN_SIZES[kind] : DEFAULT_TWIN_SIZE),
  autoplay: true,
};

function spec(fields: readonly FieldSpec<P>[], id: string): FieldSpec<P> {
  const f = fields.find((s) => s.id === id);
  if (!f) throw new Error(id);
  return f;
}

/** Encode p of a case, decode the query against the preset again. */
function roundTrip(caseName: string, p: P, extra: ExtraState = EXTRA): { query: string; back: P; issues: string[] } {
  const f = family(caseName);
  const query = encodeState({ caseName, defaultCase: 'I', params: p, family: f.info, extra, defaults: DEFAULTS });
  const { entries, issues } = queryEntries(query);
  expect(decodeCase(entries, cases().map((c) => c.name), 'I').caseName).toBe(caseName);
  const used = new Set<string>();
  const d = decodeFields(entries, f.info, used);
  decodeExtras(entries, f.info, used);
  return {
    query,
    back: d.params,
    issues: [...issues, ...d.issues, ...unknownKeys(entries, used, caseName)].map((i) => i.message),
  };
}

describe('address codec: round trip of every field kind', () => {
  it('an unedited preset writes nothing (Case I) or only its case', () => {
    for (const c of cases()) {
      const f = family(c.name);
      const q = encodeState({ caseName: c.name, defaultCase: 'I', params: f.info.preset, family: f.info, extra: EXTRA, defaults: DEFAULTS });
      expect(q).toBe(c.name === 'I' ? '' : `?case=${c.name}`);
    }
  });

  it('rigid body (Case IV): height, a list key, degrees, the log ε, h and speed, bit for bit and the same config', () => {
    const f = family('IV');
    let p = f.info.preset;
    // values as the controls produce them: typed decimals, slider positions, log-slider 3-digit values
    const edits: [string, number][] = [
      ['x0z', 7.3],
      ['gamma0x', 1.5],
      ['gamma0z', -0.7],
      ['Pi0y', 3.3],
      ['tilt', 10],
      ['azimuth', 123.4],
      ['epsilon', 0.0123],
      ['h', 0.00316],
      ['speed', 2.5],
    ];
    for (const [id, v] of edits) p = spec(f.fields, id).write(p, v);
    const { query, back, issues } = roundTrip('IV', p);
    expect(issues).toEqual([]);
    // a list key carries all its components, the unedited ones at the preset's values
    const g = f.info.preset['gamma0'] as number[];
    const pi = f.info.preset['Pi0'] as number[];
    expect(query).toBe(`?case=IV&z0=7.3&gamma0=1.5,${g[1]},-0.7&Pi0=${pi[0]},3.3,${pi[2]}&tilt=10&azimuth=123.4&eps=0.0123&h=0.00316&speed=2.5`);
    expect(JSON.stringify(back)).toBe(JSON.stringify(p));
    expect(f.json(back)).toBe(f.json(p));
  });

  it('a value that is not a short decimal in display units still comes back bit for bit', () => {
    const f = family('II');
    // Case II's 2° tilt is stored in radians (π/90); 2° + one ulp of the radians is another plane
    const p = { ...f.info.preset, tilt: (f.info.preset['tilt'] as number) * (1 + 2 ** -50) };
    const { back } = roundTrip('II', p);
    expect(back['tilt']).toBe(p['tilt']);
    expect(f.json(back)).toBe(f.json(p));
    expect(shortestNumber(0.1 + 0.2, (x) => x === 0.1 + 0.2)).toBe('0.30000000000000004');
  });

  it('generalized models: the star’s height, θ₀ in degrees and the velocity list q̇₀; the particle’s list has two entries', () => {
    const star = family('star');
    let p = star.info.preset;
    for (const [id, v] of [['gy0', 2.25], ['gtheta0', -33], ['gvx0', 1.2], ['gomega0', 4]] as const) p = spec(star.fields, id).write(p, v);
    const r = roundTrip('star', p);
    expect(r.issues).toEqual([]);
    expect(r.query).toMatch(/^\?case=star&y0=2\.25&theta0=-33&v0=1\.2,[^,]+,4$/);
    expect(star.json(r.back)).toBe(star.json(p));

    const particle = family('particle');
    const q = spec(particle.fields, 'gvy0').write(particle.info.preset, -2);
    const rp = roundTrip('particle', q);
    expect(rp.query).toMatch(/^\?case=particle&v0=[^,]+,-2$/);
    expect(particle.json(rp.back)).toBe(particle.json(q));
  });

  it('the cradle: whole numbers, the pull angle, the gap and the policy by name', () => {
    const f = family('cradle');
    let p = f.info.preset;
    for (const [id, v] of [['cballs', 5], ['cpulled', 2], ['cangle', 15], ['cgap', 0.001], ['cpolicy', 1]] as const) p = spec(f.fields, id).write(p, v);
    const r = roundTrip('cradle', p);
    expect(r.issues).toEqual([]);
    expect(r.query).toBe('?case=cradle&balls=5&pulled=2&angle=15&gap=0.001&policy=simultaneous');
    expect(r.back).toEqual(p);
    expect(f.json(r.back)).toBe(f.json(p));
    expect(fieldText(spec(f.fields, 'cpolicy'), spec(f.fields, 'cpolicy').write(p, 2))).toBe('sequential');
  });
});

describe('address codec: wrong values and unknown keys', () => {
  function decode(caseName: string, query: string) {
    const f = family(caseName);
    const { entries, issues } = queryEntries(query);
    const used = new Set<string>();
    const d = decodeFields(entries, f.info, used);
    const x = decodeExtras(entries, f.info, used);
    return { f, d, x, issues: [...issues, ...d.issues, ...x.issues, ...unknownKeys(entries, used, caseName)] };
  }

  it('each wrong value names its key and rule and keeps the preset; the valid ones apply', () => {
    const { f, d, issues } = decode('IV', '?case=IV&tilt=45&gamma0=1,2&Pi0=0,abc,2&h=0&eps=0.2&speed=3&z0=8');
    const pre = f.info.preset;
    const msg = (k: string) => issues.filter((i) => i.key === k).map((i) => i.message);
    expect(msg('tilt')).toEqual([expect.stringMatching(/^tilt: Plane tilt angle in degrees must be between 0° and 30°; using the preset's value\.$/)]);
    expect(msg('gamma0')).toEqual([expect.stringMatching(/^gamma0: expects 3 comma-separated values, got “1,2”/)]);
    expect(msg('Pi0')).toEqual([expect.stringMatching(/^Pi0: .*“abc” is not a number/)]);
    expect(msg('h')).toEqual([expect.stringMatching(/^h: Time step h in seconds must be between/)]);
    expect(issues).toHaveLength(4);
    expect(d.params['tilt']).toBe(pre['tilt']);
    expect(d.params['gamma0']).toEqual(pre['gamma0']);
    // the valid components of a list key apply, the wrong one keeps the preset's
    expect(d.params['Pi0']).toEqual([0, (pre['Pi0'] as number[])[1], 2]);
    expect(d.params.h).toBe(pre.h);
    expect(d.params['epsilon']).toBe(0.2);
    expect(d.params.speed).toBe(3);
    expect((d.params['x0'] as number[])[2]).toBe(8);
  });

  it('cradle: a fraction of a ball, an unknown policy, a negative angle', () => {
    const { f, d, issues } = decode('cradle', '?case=cradle&balls=2.5&policy=magic&angle=-15&gap=0.002');
    expect(issues.map((i) => i.key)).toEqual(['balls', 'angle', 'policy']);
    expect(issues[0]?.message).toMatch(/^balls: Number of balls must be a whole number/);
    expect(issues[1]?.message).toMatch(/^angle: Pull angle in degrees must be between 0\.1° and 90°/);
    expect(issues[2]?.message).toBe("policy: “magic” is not one of chain, simultaneous, sequential; using the preset's value.");
    expect(d.params).toEqual({ ...f.info.preset, gap: 0.002 });
  });

  it('a key of another family or of nothing is reported; embed, plots and theme are not', () => {
    const { issues } = decode('I', '?case=I&balls=5&foo=1&eps=0.1&embed=1&plots=energy,error&theme=projector');
    expect(issues.map((i) => i.message)).toEqual([
      expect.stringMatching(/^eps: Only a cube or polyhedron \(Case IV, Sliding\) has ε-rounded corners\. The value is ignored\.$/),
      'balls: not a setting of I; ignored.',
      'foo: not a setting of I; ignored.',
    ]);
    expect(passthroughPairs('?case=I&embed=1&tilt=3&theme=projector')).toEqual([
      ['embed', '1'],
      ['theme', 'projector'],
    ]);
  });

  it('an unknown case falls back with a message; case names in any letter case', () => {
    const names = cases().map((c) => c.name);
    expect(decodeCase(queryEntries('?case=cube').entries, names, 'I')).toEqual({
      caseName: 'I',
      issue: { key: 'case', message: `case: “cube” is not a preset (one of ${names.join(', ')}); showing I.` },
    });
    expect(caseFromQuery('?case=CRADLE')).toBe('cradle');
    expect(caseFromQuery('?case=iii')).toBe('III');
    expect(caseFromQuery('')).toBe('I');
    expect(queryEntries('?h=0.01&h=0.02').issues).toEqual([{ key: 'h', message: 'h: given more than once; the first value is used.' }]);
  });

  it('extra state: twins for every family; a wrong size or perturbation, camera and flags are reported', () => {
    const rigid = decode('I', '?twins=1&dx=2&dtheta=1e-6&cam=10,95,3&follow=maybe&paused=1&target=1,2');
    expect(rigid.x).toMatchObject({ twins: true, twinKinds: null, twinSizes: { attitude: 1e-6 }, camera: null, follow: null, paused: true, target: null });
    expect(rigid.issues.map((i) => i.key)).toEqual(['dx', 'cam', 'follow', 'target']);
    expect(rigid.issues[0]?.message).toBe('dx: δx must be at most 1; using the default.');
    // the cradle's twins: a list of its perturbations, their sizes by d_<name>; its lacking set-up is reported
    const cradle = decode('cradle', '?case=cradle&twins=theta2,p_theta1&d_theta2=1e-6&D_P_THETA1=2e-7&flat=1');
    expect(cradle.x).toMatchObject({ twins: true, twinKinds: ['theta2', 'p_theta1'], twinSizes: { theta2: 1e-6, p_theta1: 2e-7 } });
    expect(cradle.issues.map((i) => i.message)).toEqual(['flat: “Drop flat” is a set-up of the rigid body (Case IV); ignored.']);
    const wrong = decode('billiard-ellipse', '?case=billiard-ellipse&twins=x,spin&d_x=0');
    expect(wrong.x).toMatchObject({ twins: null, twinKinds: null, twinSizes: {} });
    expect(wrong.issues.map((i) => i.message)).toEqual([
      'twins: “spin” is not one of this model\'s perturbations (x, y, p_x, p_y); ignored.',
      'd_x: δx must be positive (got 0); using the default.',
    ]);
    expect(decode('billiard-ellipse', '?case=billiard-ellipse&twins=y,y').issues.map((i) => i.message)).toEqual(['twins: “y,y” names a perturbation twice; ignored.']);
  });
});

describe('address codec: the extra state', () => {
  it('the twins’ keys can wait for the fields that set up the run whose perturbations they name', () => {
    const f = family('cradle');
    const { entries } = queryEntries('?case=cradle&balls=5&twins=theta1,theta5&d_theta5=1e-6');
    const used = new Set<string>();
    expect(decodeExtras(entries, f.info, used, false)).toMatchObject({ twins: null, twinKinds: null, twinSizes: {}, issues: [] });
    expect([...used]).toEqual([]);
    // the preset's three balls have no theta5; the five the address asks for have
    expect(decodeTwins(entries, f.info, new Set()).issues.map((i) => i.key)).toEqual(['twins']);
    const made = engine.createSimulation(JSON.stringify({ case: 'cradle', cradle: { balls: 5 } }));
    if (!made.sim) throw new Error(made.error.message);
    const five = extraSupport('cradle', made.sim.perturbations());
    made.sim.delete();
    expect(decodeTwins(entries, five, used)).toEqual({ twins: true, twinKinds: ['theta1', 'theta5'], twinSizes: { theta5: 1e-6 }, issues: [] });
    expect([...used].sort()).toEqual(['d_theta5', 'twins']);
  });


  it('twins, their sizes, the camera, follow with its target and paused go out and come back', () => {
    const f = family('III');
    const extra: ExtraState = {
      twins: true,
      twinKinds: ['position', 'attitude'],
      twinSizes: { position: 1e-6, attitude: PAPER_TWIN_SIZES.attitude },
      camera: { azimuth: -48.34, elevation: 21.06, distance: 43.217 },
      follow: false,
      target: [1.23456, -2, 6],
      playing: false,
      setUp: true,
    };
    const query = encodeState({ caseName: 'III', defaultCase: 'I', params: f.info.preset, family: f.info, extra, defaults: DEFAULTS, keep: [['embed', '1']] });
    expect(query).toBe('?case=III&flat=1&twins=1&dx=0.000001&cam=-48.3,21.1,43.2&follow=0&target=1.235,-2,6&paused=1&embed=1');
    const used = new Set<string>();
    const { entries } = queryEntries(query);
    expect(decodeExtras(entries, f.info, used)).toEqual({
      twins: true,
      twinKinds: null,
      twinSizes: { position: 1e-6 },
      camera: { azimuth: -48.3, elevation: 21.1, distance: 43.2 },
      follow: false,
      target: [1.235, -2, 6],
      paused: true,
      setUp: true,
      issues: [],
    });
    expect(unknownKeys(entries, used, 'III')).toEqual([]);
    // another family's twins: the chosen perturbations as a list, a size under d_<name>, back the same
    const b = family('billiard-stadium');
    const chosen: ExtraState = { ...EXTRA, twins: true, twinKinds: ['p_y', 'x'], twinSizes: { x: 1e-8, y: 1e-8, p_x: 1e-8, p_y: 2.5e-7 } };
    const bq = encodeState({ caseName: 'billiard-stadium', defaultCase: 'I', params: b.info.preset, family: b.info, extra: chosen, defaults: DEFAULTS });
    expect(bq).toBe('?case=billiard-stadium&twins=p_y,x&d_p_y=2.5e-7');
    const back = decodeExtras(queryEntries(bq).entries, b.info, new Set());
    expect(back).toMatchObject({ twins: true, twinKinds: ['p_y', 'x'], twinSizes: { p_y: 2.5e-7 }, issues: [] });
    // the family's default twins are twins=1
    expect(encodeState({ caseName: 'billiard-stadium', defaultCase: 'I', params: b.info.preset, family: b.info, extra: { ...chosen, twinKinds: ['x', 'y'] }, defaults: DEFAULTS })).toBe('?case=billiard-stadium&twins=1');
    // paused is written only where the page would otherwise play
    const reduced = encodeState({ caseName: 'I', defaultCase: 'I', params: family('I').info.preset, family: family('I').info, extra: { ...EXTRA, playing: false }, defaults: { ...DEFAULTS, autoplay: false } });
    expect(reduced).toBe('');
  });
});

describe('plots in the address (plotsPairs)', () => {
  it('follows "Show plots" against the mode default and keeps an asked list while shown', () => {
    expect(plotsPairs([], true)).toEqual([]);
    expect(plotsPairs([], false)).toEqual([['plots', 'none']]);
    expect(plotsPairs([['plots', 'none']], true)).toEqual([]);
    expect(plotsPairs([['embed', '1']], false)).toEqual([['embed', '1']]);
    expect(plotsPairs([['embed', '1']], true)).toEqual([['embed', '1'], ['plots', PLOT_KEYS.join(',')]]);
    expect(plotsPairs([['embed', '1'], ['plots', 'energy,error'], ['theme', 'projector']], true)).toEqual([
      ['embed', '1'],
      ['theme', 'projector'],
      ['plots', 'energy,error'],
    ]);
    expect(plotsPairs([['embed', '1'], ['plots', 'energy']], false)).toEqual([['embed', '1']]);
    // what plotsPairs writes, parseEmbedOptions reads back as the same visibility
    for (const embed of [false, true]) {
      for (const shown of [false, true]) {
        const pairs = plotsPairs(embed ? [['embed', '1']] : [], shown);
        const o = parseEmbedOptions(new URLSearchParams(pairs).toString()).options;
        const visible = o.embed ? (o.plots?.length ?? 0) > 0 : o.plots === null || o.plots.length > 0;
        expect(visible).toBe(shown);
      }
    }
  });
});
