// The <lgvci-sim> element's attributes → the page's query string (web/src/element/attributes.ts): the
// element takes the same keys as the address, read from the codec itself, not from a second list.
import { describe, expect, it } from 'vitest';
import { attributesToQuery, isHostAttribute } from '../../../web/src/element/attributes';
import { addressKeys } from '../../../web/src/element/address-keys';
import { EXTRA_KEYS, PASSTHROUGH_KEYS, queryEntries } from '../../../web/src/config/url-codec';
import { parseEmbedOptions } from '../../../web/src/app/embed-options';

const attrs = (pairs: [string, string][]): { name: string; value: string }[] => pairs.map(([name, value]) => ({ name, value }));


describe('attributesToQuery', () => {
  it('maps each attribute to the query key of the same name, in order, and makes the element an embed unless it says otherwise', () => {
    expect(attributesToQuery(attrs([['case', 'cradle'], ['plots', 'energy'], ['locale', 'de']]))).toBe('?case=cradle&plots=energy&locale=de&embed=1');
    expect(attributesToQuery(attrs([['embed', '0'], ['case', 'IV']]))).toBe('?embed=0&case=IV');
    expect(attributesToQuery([])).toBe('?embed=1');
    expect(parseEmbedOptions(attributesToQuery([])).options.embed).toBe(true);
  });

  it('keeps values as the address would carry them (commas, spaces, signs), decoded by the codec to the same text', () => {
    const q = attributesToQuery(attrs([['case', 'IV'], ['gamma0', '1, -2,3'], ['tilt', '10'], ['eps', '0.2']]));
    const { entries, issues } = queryEntries(q);
    expect(issues).toEqual([]);
    expect([...entries]).toEqual([
      ['case', 'IV'],
      ['gamma0', '1, -2,3'],
      ['tilt', '10'],
      ['eps', '0.2'],
      ['embed', '1'],
    ]);
  });

  it("leaves the host page's attributes out (id, class, style, aria-*, data-*, handlers)", () => {
    const q = attributesToQuery(
      attrs([
        ['id', 'sim1'],
        ['class', 'wide'],
        ['style', 'height:400px'],
        ['aria-label', 'Newton’s cradle'],
        ['data-step', '3'],
        ['onclick', 'x()'],
        ['tabindex', '0'],
        ['case', 'cradle'],
      ]),
    );
    expect(q).toBe('?case=cradle&embed=1');
  });

  it('passes a key the codec does not know through, so the codec reports it inside the element as it would from the address', () => {
    expect(attributesToQuery(attrs([['tilt', 'steep'], ['colour', 'red']]))).toBe('?tilt=steep&colour=red&embed=1');
  });

  it('can write every key of the address as an attribute: none is the host page’s, and each comes back in its own spelling from the lowercased name HTML gives', () => {
    const keys = addressKeys();
    // The codec's keys at the time of writing include these; a family's new field joins the check by itself.
    for (const k of ['case', 'setup', 'embed', 'plots', 'theme', 'locale', 'paused', 'cam', 'tilt', 'Pi0']) expect(keys).toContain(k);
    expect(keys.length).toBeGreaterThan(PASSTHROUGH_KEYS.length + EXTRA_KEYS.length + 2);
    // Two keys differing only in case could not both be attributes.
    expect(new Set(keys.map((k) => k.toLowerCase())).size).toBe(keys.length);
    const known = new Set(keys.map((k) => k.toLowerCase()));
    for (const k of keys) {
      expect(isHostAttribute(k, '1', known), k).toBe(false);
      expect(new URLSearchParams(attributesToQuery(attrs([[k.toLowerCase(), 'v']]), keys)).get(k), k).toBe('v');
    }
  });

  it('reads dir as the address key it is (a launch direction in degrees) unless it holds one of HTML’s text directions', () => {
    const keys = addressKeys();
    expect(keys).toContain('dir');
    expect(attributesToQuery(attrs([['dir', '30']]), keys)).toBe('?dir=30&embed=1');
    expect(attributesToQuery(attrs([['dir', 'rtl']]), keys)).toBe('?embed=1');
    expect(attributesToQuery(attrs([['dir', '30']]))).toBe('?embed=1');
  });

  it('gives a lowercased attribute the address key’s spelling (Pi0), and an unknown name as written', () => {
    const keys = addressKeys();
    expect(attributesToQuery(attrs([['case', 'IV'], ['pi0', '4,-4,4'], ['spin', '2']]), keys)).toBe('?case=IV&Pi0=4%2C-4%2C4&spin=2&embed=1');
  });
});
