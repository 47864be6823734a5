// The settings block of the single offline file (web/src/config/offline-file.ts): written so that no
// query can end it early or break the page's markup, read back exactly, and refused with the rule
// when it was edited into something else.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bakeSettings, EMPTY_SETTINGS_BLOCK, offlineFileName, readSettings, settingsBlock } from '../../../web/src/config/offline-file';

const FILE = `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8" />\n${EMPTY_SETTINGS_BLOCK}\n<script type="module">const s = "</head>";</script>\n</head>\n<body><div id="app"></div></body>\n</html>\n`;

/** The text of the settings block of `html` (what the browser's parser gives as its textContent). */
function blockText(html: string): string {
  const open = '<script type="application/json" id="lgvci-settings">';
  const start = html.indexOf(open) + open.length;
  return html.slice(start, html.indexOf('</script>', start));
}

describe('the offline file’s settings block', () => {
  it('holds any query: baked, then read back the same, the rest of the file untouched', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (tail) => {
        const query = `?${tail}`;
        const baked = bakeSettings(FILE, query);
        expect(readSettings(blockText(baked))).toBe(query);
        // nothing in the query can close the block or the head: the markup around it is the file's
        expect(baked.replace(blockText(baked), '')).toBe(FILE);
        expect(blockText(baked)).not.toMatch(/<\//);
      }),
    );
  });

  it('baking again replaces the settings, an empty query empties the block', () => {
    const once = bakeSettings(FILE, '?case=IV&lock=tilt');
    expect(readSettings(blockText(bakeSettings(once, '?case=cradle')))).toBe('?case=cradle');
    expect(bakeSettings(once, '')).toBe(FILE);
    expect(readSettings('')).toBe('');
  });

  it('refuses a file without the block, a query without "?", and an edited block, each with its rule', () => {
    expect(() => bakeSettings('<html><head></head><body></body></html>', '?case=IV')).toThrow(/no settings block in its <head>/);
    expect(() => settingsBlock('case=IV')).toThrow(/the query must start with "\?"/);
    expect(() => readSettings('{"case": "IV"}')).toThrow(/must be a JSON string starting with "\?"/);
    expect(() => readSettings('?case=IV')).toThrow(/is not JSON/);
  });

  it('names the file after the case, with nothing a file system refuses', () => {
    expect(offlineFileName('?case=IV&tilt=10', false)).toBe('lgvci-IV.html');
    expect(offlineFileName('?case=billiard-stadium', true)).toBe('lgvci-class-billiard-stadium.html');
    expect(offlineFileName('?tilt=10', false)).toBe('lgvci-setup.html');
    expect(offlineFileName('?case=../../x%2Fy', false)).toBe('lgvci--x-y.html');
  });
});
