// Messages that echo a user value (docs/page.md "Messages that echo a value"): at most 60 characters of
// it, isolated from the text direction of the page's words (FSI … PDI, a <bdi> on the page); keys in
// their own case and characters; bad pass-through values named and kept out of share links; share links
// over the servers' limit refused.
import { describe, expect, it } from 'vitest';
import { Controller } from '../../../web/src/app/controller';
import { familyTable } from '../../../web/src/app/families';
import { parseEmbedOptions, plotsPairs } from '../../../web/src/app/embed-options';
import { validPassthroughPairs } from '../../../web/src/app/passthrough';
import { coreMessageText, explainConfigError } from '../../../web/src/config/messages';
import { SHARE_LINK_MAX, shareLinkTooLong } from '../../../web/src/config/share-link';
import { decodeFields, encodeSetup, passthroughPairs, queryEntries, unknownKeys } from '../../../web/src/config/url-codec';
import type { BaseParams, FieldSpec } from '../../../web/src/config/fields';
import { validateFieldInput } from '../../../web/src/config/validation';
import { chooseLocale } from '../../../web/src/i18n';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { SimulationModel } from '../../../web/src/model/simulation-model';
import { ECHO_MAX, FSI, PDI, clip, echo, echoKey, echoParts } from '../../../web/src/util/echo';
import { rigidControls } from '../../../families/rigid_body/web/controls';

const RLO = '\u202E';
/** A hostile value: a right-to-left override, then 100,000 characters. */
const HOSTILE = `${RLO}${'a'.repeat(50)}${'b'.repeat(100_000)}`;

/** The echoed values of a message and its own words. */
function split(message: string): { echoed: string[]; words: string } {
  const parts = echoParts(message);
  return { echoed: parts.filter((p) => p.echoed).map((p) => p.text), words: parts.filter((p) => !p.echoed).map((p) => p.text).join('') };
}

/** The message's echoed values are at most ECHO_MAX characters (and an ellipsis), and its own words hold no direction control. */
function expectIsolated(message: string): void {
  const { echoed, words } = split(message);
  expect(echoed.length).toBeGreaterThan(0);
  for (const v of echoed) expect([...v].length).toBeLessThanOrEqual(ECHO_MAX + 1);
  expect(words).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  expect(message.length).toBeLessThan(400);
}

describe('echo', () => {
  it('cuts a value at 60 characters with an ellipsis, never inside a surrogate pair, and leaves short ones alone', () => {
    expect(clip('x'.repeat(60))).toBe('x'.repeat(60));
    expect(clip('x'.repeat(61))).toBe(`${'x'.repeat(60)}…`);
    const emoji = '😀'.repeat(70);
    expect(clip(emoji)).toBe(`${'😀'.repeat(60)}…`);
    expect(clip('')).toBe('');
    expect(echo('abc')).toBe(`${FSI}abc${PDI}`);
  });

  it('isolates the value; an isolate mark inside it cannot end the isolate early', () => {
    expect(echo(`a${PDI}${RLO}b`)).toBe(`${FSI}a\uFFFD${RLO}b${PDI}`);
    expect(echoParts(`k: “${echo('v')}” and “${echo('w')}”.`)).toEqual([
      { text: 'k: “', echoed: false },
      { text: 'v', echoed: true },
      { text: '” and “', echoed: false },
      { text: 'w', echoed: true },
      { text: '”.', echoed: false },
    ]);
    expect(echoParts('plain')).toEqual([{ text: 'plain', echoed: false }]);
  });

  it('keys keep their case and characters; a key that is not plain ASCII is isolated like a value', () => {
    expect(echoKey('Pi0')).toBe('Pi0');
    expect(echoKey('shape.parts[2].a')).toBe('shape.parts[2].a');
    expect(echoKey('é')).toBe(`${FSI}é${PDI}`);
    expect(echoKey(`x${RLO}y`)).toBe(`${FSI}x${RLO}y${PDI}`);
  });
});

describe('the address: a 100,000-character value with a right-to-left override', () => {
  const fields = rigidControls.fields as unknown as readonly FieldSpec<BaseParams>[];

  it('a field key echoes 60 characters of it, isolated; the page’s words after it keep their direction', () => {
    const { entries } = queryEntries(`?tilt=${encodeURIComponent(HOSTILE)}`);
    const tilt = fields.find((f) => (f.urlKey ?? f.id) === 'tilt')!;
    const preset = { caseName: 'IV', h: 0.001, jump: 'energy', speed: 1, tilt: 0 } as BaseParams;
    const info = { fields: [tilt], preset, twinKeys: [], defaultTwinKinds: [], setUp: null };
    const d = decodeFields(entries, info, new Set());
    expect(d.issues).toHaveLength(1);
    const m = d.issues[0]!.message;
    expect(m.startsWith('tilt: ')).toBe(true);
    expectIsolated(m);
    expect(split(m).echoed[0]).toBe(`${RLO}${'a'.repeat(50)}${'b'.repeat(9)}…`);
  });

  it('the embed keys, the teacher’s keys, the language and an unknown key do the same', () => {
    for (const key of ['embed', 'plots', 'theme', 'view']) {
      const r = parseEmbedOptions(`?${key}=${encodeURIComponent(HOSTILE)}`);
      expect(r.messages, key).toHaveLength(1);
      expectIsolated(r.messages[0]!);
    }
    const locale = chooseLocale(`?locale=${encodeURIComponent(HOSTILE)}`, []).message;
    expect(locale).not.toBeNull();
    expectIsolated(locale!);
    const { entries } = queryEntries(`?${encodeURIComponent(HOSTILE)}=1`);
    const [unknown] = unknownKeys(entries, new Set(), 'Case I');
    expectIsolated(unknown!.message);
    expect(split(unknown!.message).words).toBe(': not a setting of Case I; ignored.');
  });

  it('a typed value is echoed the same way next to its control', () => {
    const h = rigidControls.fields.find((f) => f.id === 'h')!;
    const r = validateFieldInput(h, HOSTILE);
    expect(r.ok).toBe(false);
    if (!r.ok) expectIsolated(r.message);
  });

  it('a non-ASCII address key shows as itself, not as percent or byte escapes', () => {
    const { entries } = queryEntries('?%C3%A9t%C3%A9=1');
    expect(unknownKeys(entries, new Set(), 'Case I')[0]!.message).toBe(`${FSI}été${PDI}: not a setting of Case I; ignored.`);
  });
});

describe('the core’s refusals', () => {
  it('keep the key’s case ("h: must be a number", not "H: …")', () => {
    expect(explainConfigError('h: must be a number', {}).text).toBe('h: must be a number.');
    expect(explainConfigError('restitution: must be in [0, 1]', {}).text).toBe('restitution: must be in [0, 1].');
    // the words the page puts first are still a sentence's
    expect(explainConfigError('the discrete energy balance has no bounce root', {}).text).toBe('The discrete energy balance has no bounce root.');
  });

  it('show a non-ASCII key as its characters, isolated; a quoted value at most 60 characters', () => {
    expect(coreMessageText('\\xc3\\xa9: is not a known key')).toBe(`${FSI}é${PDI}: is not a known key`);
    expect(coreMessageText('shape.\\xe2\\x80\\xaex: is not a known key')).toBe(`${FSI}shape.${RLO}x${PDI}: is not a known key`);
    // control characters and bytes that are no UTF-8 stay escaped
    expect(coreMessageText('a\\x01\\xff: is not a known key')).toBe(`${FSI}a\\x01\\xff${PDI}: is not a known key`);
    const m = coreMessageText(`case: must be one of I, II (got '${'z'.repeat(5000)}')`);
    expect(m).toBe(`case: must be one of I, II (got '${FSI}${'z'.repeat(60)}…${PDI}')`);
  });

  it('on the real engine: a set-up with h a string keeps "h"; a key "é" is named as é', async () => {
    const { loadEngine } = await import('../../../web/src/engine/loader');
    const engine: LgvciModule = await loadEngine();
    const ctl = new Controller(engine, new SimulationModel(engine, familyTable()), 'I');
    const h = ctl.loadSetup(JSON.stringify({ case: 'I', h: 'x' }));
    expect(h.ok).toBe(false);
    if (!h.ok) expect(h.message).toMatch(/^h: /);
    const e = ctl.loadSetup(JSON.stringify({ case: 'I', é: 1 }));
    expect(e.ok).toBe(false);
    if (!e.ok) {
      expect(e.message).toContain(`${FSI}é${PDI}`);
      expect(e.message).not.toContain('\\x');
    }
    const long = ctl.loadSetup(JSON.stringify({ case: 'I', [`${RLO}${'k'.repeat(100_000)}`]: 1 }));
    expect(long.ok).toBe(false);
    if (!long.ok) expectIsolated(long.message);
  });
});

describe('pass-through keys in share links', () => {
  it('a bad value is left out, a list keeps its valid names, the first of a repeated key is kept', () => {
    const pairs = passthroughPairs('?case=IV&view=whyy&plots=energy,spin&theme=dark&embed=1&locale=xx&lock=a b,tilt&autoplay=maybe&hide=gamma0&embed=0');
    expect(validPassthroughPairs(pairs)).toEqual([
      ['plots', 'energy'],
      ['embed', '1'],
      ['lock', 'tilt'],
      ['hide', 'gamma0'],
    ]);
    expect(validPassthroughPairs(passthroughPairs('?view=why&locale=de&theme=projector&autoplay=0&plots=none'))).toEqual([
      ['view', 'why'],
      ['locale', 'de'],
      ['theme', 'projector'],
      ['autoplay', '0'],
      ['plots', 'none'],
    ]);
    // the share link's plots follow "Show plots" on the valid list
    expect(plotsPairs(validPassthroughPairs(passthroughPairs('?embed=1&plots=spin')), true)).toEqual([['embed', '1'], ['plots', 'energy,error,height,divergence,velocity']]);
  });
});

describe('the share link’s bound', () => {
  const base = 'https://course.example.org/sims/lgvci/';
  it(`a link of ${SHARE_LINK_MAX} characters is made; one character more is refused with its length`, () => {
    // the embed link is the longer one (…&embed=1): fill it to the bound exactly
    const pad = (n: number): string => `${base}?case=IV&setup=${'A'.repeat(n)}`;
    const fill = SHARE_LINK_MAX - `${pad(0)}&embed=1`.length;
    expect(shareLinkTooLong(pad(fill))).toBeNull();
    expect(shareLinkTooLong(pad(fill + 1))).toBe(SHARE_LINK_MAX + 1);
  });

  it('a set-up of 143 kB (a union of many shapes) gives a link over the bound', () => {
    const parts = Array.from({ length: 1500 }, (_, i) => ({ type: 'ellipsoid', semi_axes: [0.5 + i * 1e-3, 0.25, 0.125], position: [i * 1e-3, 0, 0] }));
    const json = JSON.stringify({ case: 'I', shape: { type: 'union', parts } });
    expect(json.length).toBeGreaterThan(100_000);
    expect(shareLinkTooLong(`${base}?setup=${encodeSetup(json)}`)).toBeGreaterThan(SHARE_LINK_MAX);
  });
});

