// The host API's protocol (web/src/api/protocol.ts, docs/host-api.md): its published description is
// the checked-in docs/api.json (a change of the protocol is a diff of that file; regenerate it with
// UPDATE_API_JSON=1 and this test), the docs' protocol table names every method with its arguments and
// every event with its fields, calls are checked against the declaration, and the iframe's allowed
// origins are read from the address.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_VERSION, EVENTS, METHODS, apiJsonText, checkCall } from '../../../web/src/api/protocol';
import { parseApiOrigins } from '../../../web/src/api/frame';
import { repoRoot } from './support/cli';

const API_JSON = `${repoRoot}docs/api.json`;

describe('host API protocol', () => {
  it('docs/api.json is the description made from the declaration', () => {
    if (process.env['UPDATE_API_JSON'] === '1') writeFileSync(API_JSON, apiJsonText());
    expect(readFileSync(API_JSON, 'utf8')).toBe(apiJsonText());
    const d = JSON.parse(apiJsonText()) as { version: number; methods: Record<string, unknown>; events: Record<string, unknown> };
    expect(d.version).toBe(API_VERSION);
    expect(Object.keys(d.methods)).toEqual(Object.keys(METHODS));
    expect(Object.keys(d.events)).toEqual(Object.keys(EVENTS));
  });

  it("docs/host-api.md's table has a row per method with its arguments and per event with its fields, and the version", () => {
    const md = readFileSync(`${repoRoot}docs/host-api.md`, 'utf8');
    expect(md).toContain(`version ${API_VERSION}`);
    const rows = md.split('\n').filter((l) => l.startsWith('| `'));
    for (const [name, m] of Object.entries(METHODS)) {
      const row = rows.find((r) => r.startsWith(`| \`${name}(`));
      expect(row, name).toBeDefined();
      expect(row).toContain(`\`${name}(${m.args.map((a) => a.name).join(', ')})\``);
      for (const a of m.args) expect(row).toContain(`${a.name}: ${a.type}`);
    }
    for (const [name, e] of Object.entries(EVENTS)) {
      const row = rows.find((r) => r.startsWith(`| \`lgvci-${name}\``));
      expect(row, name).toBeDefined();
      for (const f of Object.keys(e.detail)) expect(row).toContain(`\`${f}\``);
    }
  });

  it('a call is checked against the declaration: method, count, types, ranges, each named with its rule', () => {
    expect(checkCall('getState', [])).toBeNull();
    expect(checkCall('set', ['restitution', 0.3])).toBeNull();
    expect(checkCall('set', ['restitution', '0,3'])).toBeNull(); // the field's own parser decides
    expect(checkCall('step', [10])).toBeNull();
    expect(checkCall('eval', ['1'])).toEqual({ field: 'method', message: expect.stringMatching(/^must be one of getState, set, play, pause, reset, step/) });
    expect(checkCall('toString', [])?.field).toBe('method'); // not an inherited property
    expect(checkCall('step', {})).toEqual({ field: 'args', message: 'must be an array' });
    expect(checkCall('step', [])).toEqual({ field: 'args', message: 'step takes 1 argument (n), got 0' });
    expect(checkCall('step', [0])).toEqual({ field: 'n', message: 'must be at least 1' });
    expect(checkCall('step', [2.5])).toEqual({ field: 'n', message: 'must be a whole number' });
    expect(checkCall('step', [NaN])).toEqual({ field: 'n', message: 'must be a finite number' });
    expect(checkCall('step', [1e9])?.message).toMatch(/^must be at most/);
    expect(checkCall('set', [1, 2])).toEqual({ field: 'field', message: 'must be a string' });
    expect(checkCall('set', ['h', null])).toEqual({ field: 'value', message: 'must be a finite number or a string' });
  });

  it('api-origins: origins only, normalised; anything else named and left out', () => {
    expect(parseApiOrigins('?case=IV')).toEqual({ origins: [], messages: [] });
    expect(parseApiOrigins('?api-origins=https://course.example.org,http://localhost:8000/').origins).toEqual(['https://course.example.org', 'http://localhost:8000']);
    const bad = parseApiOrigins('?api-origins=*,https://a.example/path,javascript:alert(1),https://ok.example');
    expect(bad.origins).toEqual(['https://ok.example']);
    expect(bad.messages).toHaveLength(3);
    expect(bad.messages[0]).toBe('api-origins: each entry must be an origin such as https://course.example.org (got "*")');
  });
});
