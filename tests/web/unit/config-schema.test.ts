// The page's controls against the core's config schema (the module's configSchema(), docs/config.md):
// for every family of the page's registry, every preset and every numeric control that applies to
// it, the config the page sends to the core with the control at its slider's min and at its max
// (the family's own paramsToConfigJson) declares every key it writes and keeps every number inside
// the core's bounds for that path. A slider widened beyond the core's rule, or a writer that adds a
// key the core does not know, fails here rather than as a refusal in the browser.
import { beforeAll, describe, expect, it } from 'vitest';
import { FAMILIES } from '../../../web/src/app/families';
import type { FamilyInfo, LgvciModule } from '../../../web/src/engine/lgvci_wasm';

/** The part of the exported JSON-Schema-like shape the check reads. */
interface SchemaNode {
  type?: 'object' | 'array' | 'number' | 'integer' | 'string' | 'boolean';
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  $ref?: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** "#/properties/body" → that node of the root. */
function resolve(root: SchemaNode, node: SchemaNode): SchemaNode {
  if (!node.$ref) return node;
  let at: SchemaNode | undefined = root;
  for (const part of node.$ref.replace(/^#\//, '').split('/')) {
    at = part === 'properties' ? at : at?.properties?.[part];
  }
  if (!at) throw new Error(`unresolved ${node.$ref}`);
  return at;
}

/** Every value of `value` the schema does not allow, as "path: why". */
function violations(root: SchemaNode, node: SchemaNode, value: unknown, path = ''): string[] {
  const s = resolve(root, node);
  const at = path || 'config';
  if (s.oneOf) {
    const each = s.oneOf.map((o) => violations(root, o, value, path));
    return each.some((v) => v.length === 0) ? [] : each.flat();
  }
  switch (s.type) {
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return [`${at}: not a finite number`];
      const out: string[] = [];
      if (s.type === 'integer' && !Number.isInteger(value)) out.push(`${at}: ${value} is not an integer`);
      if (s.minimum !== undefined && !(value >= s.minimum)) out.push(`${at}: ${value} < minimum ${s.minimum}`);
      if (s.maximum !== undefined && !(value <= s.maximum)) out.push(`${at}: ${value} > maximum ${s.maximum}`);
      if (s.exclusiveMinimum !== undefined && !(value > s.exclusiveMinimum)) out.push(`${at}: ${value} <= exclusiveMinimum ${s.exclusiveMinimum}`);
      if (s.exclusiveMaximum !== undefined && !(value < s.exclusiveMaximum)) out.push(`${at}: ${value} >= exclusiveMaximum ${s.exclusiveMaximum}`);
      return out;
    }
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${at}: not a boolean`];
    case 'string':
      if (typeof value !== 'string') return [`${at}: not a string`];
      return s.enum && !s.enum.includes(value) ? [`${at}: "${value}" is not one of ${s.enum.join(', ')}`] : [];
    case 'array': {
      if (!Array.isArray(value)) return [`${at}: not an array`];
      const out: string[] = [];
      if (s.minItems !== undefined && value.length < s.minItems) out.push(`${at}: fewer than ${s.minItems} items`);
      if (s.maxItems !== undefined && value.length > s.maxItems) out.push(`${at}: more than ${s.maxItems} items`);
      if (s.items) value.forEach((v, i) => out.push(...violations(root, s.items!, v, `${at}[${i}]`)));
      return out;
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${at}: not an object`];
      const out: string[] = [];
      for (const [k, v] of Object.entries(value)) {
        const p = s.properties?.[k];
        const kp = path ? `${path}.${k}` : k;
        if (!p) out.push(`${kp}: not declared by the core's schema`);
        else out.push(...violations(root, p, v, kp));
      }
      return out;
    }
    default:
      throw new Error(`${at}: the schema node has no type`);
  }
}

let engine: LgvciModule;
let core: FamilyInfo[];
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
  core = engine.families();
});

describe("the page's controls stay inside the core's config schema", () => {
  it('every family of the page has a schema in the core', () => {
    for (const parts of FAMILIES) {
      const text = engine.configSchema(parts.name);
      expect(text, parts.name).not.toBe('');
      const schema = JSON.parse(text) as SchemaNode & { family: string };
      expect(schema.family).toBe(parts.name);
      expect(schema.type).toBe('object');
    }
    expect(engine.configSchema('no-such-family')).toBe('');
  });

  it('each numeric control at its slider min and max writes only declared keys, inside their bounds', () => {
    let checked = 0;
    for (const parts of FAMILIES) {
      const schema = JSON.parse(engine.configSchema(parts.name)) as SchemaNode;
      const info = core.find((f) => f.name === parts.name);
      if (!info) throw new Error(`the core has no family ${parts.name}`);
      const { controls } = parts;
      for (const preset of info.presets) {
        const base: unknown = controls.parseConfig(preset.json);
        const params = controls.paramsFromConfig(preset.name, base, 1);
        // The preset as the page sends it, before any control moves.
        expect(violations(schema, schema, JSON.parse(controls.paramsToConfigJson(base, params))), `${preset.name}`).toEqual([]);
        for (const field of controls.fields) {
          if (field.read(params) === null) continue;  // the control is disabled for this preset
          for (const v of [field.min, field.max]) {
            const config: unknown = JSON.parse(controls.paramsToConfigJson(base, field.write(params, v)));
            expect(violations(schema, schema, config), `${parts.name} ${preset.name}: ${field.id} = ${v}`).toEqual([]);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("every slider of a config row takes its range from the core's schema row (generated), inside its valid range", () => {
    const schemas = new Map<string, SchemaNode>();
    let rows = 0;
    for (const parts of FAMILIES) {
      for (const field of parts.controls.fields) {
        // Not a row: the playback speed (the page's, no restart) and the choices (the row's names).
        if (!field.restarts || field.choices) continue;
        const row = field.row;
        expect(row, `${parts.name}: ${field.id} has no row of the core's schema`).toBeDefined();
        if (!row) continue;
        expect([field.min, field.max, field.step, field.scale, field.unit], field.id).toEqual([row.min, row.max, row.step, row.scale, row.unit]);
        if (row.valid.min !== null) expect(field.min >= row.valid.min && !(row.valid.exclusiveMin && field.min === row.valid.min), field.id).toBe(true);
        if (row.valid.max !== null) expect(field.max <= row.valid.max && !(row.valid.exclusiveMax && field.max === row.valid.max), field.id).toBe(true);
        // The row is the core's: its path is declared in the family's exported schema.
        if (!schemas.has(parts.name)) schemas.set(parts.name, JSON.parse(engine.configSchema(parts.name)) as SchemaNode);
        let node: SchemaNode | undefined = schemas.get(parts.name);
        for (const key of row.path.split('.')) node = node?.properties?.[key];
        expect(node, `${parts.name}: ${field.id} → ${row.path}`).toBeDefined();
        rows++;
      }
    }
    expect(rows).toBeGreaterThan(20);
  });

  it('the check itself: a value past a bound and an undeclared key are reported', () => {
    const schema = JSON.parse(engine.configSchema('rigid_body')) as SchemaNode;
    const preset = JSON.parse(engine.presetJson('I')) as Record<string, unknown>;
    expect(violations(schema, schema, preset)).toEqual([]);
    expect(violations(schema, schema, { ...preset, restitution: 1.5 })).toEqual(['restitution: 1.5 > maximum 1']);
    expect(violations(schema, schema, { ...preset, colour: 'red' })).toEqual(['colour: not declared by the core\'s schema']);
    expect(violations(schema, schema, { ...preset, plane: { tilt: Math.PI / 2 } })[0]).toMatch(/^plane\.tilt: .* >= exclusiveMaximum/);
  });
});
