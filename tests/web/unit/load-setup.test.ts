// Loading a set-up (Controller.loadSetup) and restarting from a held body (Controller.holdAt) on the
// real engine: the page's own export restores the same run bit for bit (the core's state hash), a
// refusal is the core's "field: rule" in words with the rule as the detail and the run goes on, and
// the address carries a set-up the preset and the fields cannot say (setup=, base64url).
import { beforeAll, describe, expect, it } from 'vitest';
import { Controller } from '../../../web/src/app/controller';
import { familyTable, pageCases } from '../../../web/src/app/families';
import { capSpeed, holdAxes, planeAxes } from '../../../web/src/app/throw-wiring';
import { rigidHeldState as heldStateOf } from '../../../families/rigid_body/web/controls';
import { decodeSetup, encodeSetup, encodeState } from '../../../web/src/config/url-codec';
import type { ResolvedRigidBodyConfig } from '../../../families/rigid_body/web/config';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { SimulationModel } from '../../../web/src/model/simulation-model';

let engine: LgvciModule;
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

function app(caseName: string) {
  const model = new SimulationModel(engine, familyTable());
  const ctl = new Controller(engine, model, caseName);
  return { model, ctl };
}

/** What "Download JSON" saves: the running resolved config, pretty-printed (controls/panel.ts). */
const exported = (model: SimulationModel): string => `${JSON.stringify(JSON.parse(model.resolvedJson), null, 2)}\n`;

describe('loading a set-up', () => {
  it('the page’s own export of every preset, loaded on another family, runs the same steps bit for bit', () => {
    for (const c of pageCases(engine.families())) {
      const a = app(c.name);
      const file = exported(a.model);
      const hash0 = a.model.run.stateHash();
      a.model.step(200);
      const hash200 = a.model.run.stateHash();
      const b = app(c.name === 'particle' ? 'IV' : 'particle');
      const r = b.ctl.loadSetup(file);
      expect(r, c.name).toEqual({ ok: true });
      expect(b.model.family.id, c.name).toBe(a.model.family.id);
      expect(b.ctl.params.caseName, c.name).toBe(c.name);
      expect(b.model.run.stateHash(), c.name).toBe(hash0);
      b.model.step(200);
      expect(b.model.run.stateHash(), c.name).toBe(hash200);
      a.model.dispose();
      b.model.dispose();
    }
  });

  it('an edited set-up round-trips, and its controls show the loaded values', () => {
    const a = app('IV');
    expect(a.ctl.setField('x0z', 7.5).ok).toBe(true);
    expect(a.ctl.setField('gamma0y', -2).ok).toBe(true);
    const file = exported(a.model);
    a.model.step(300);
    const b = app('I');
    expect(b.ctl.loadSetup(file).ok).toBe(true);
    b.model.step(300);
    expect(b.model.run.stateHash()).toBe(a.model.run.stateHash());
    expect(b.ctl.params).toMatchObject({ caseName: 'IV', x0: [0, 0, 7.5] });
    expect((b.ctl.params as unknown as { gamma0: number[] }).gamma0[1]).toBe(-2);
    // Preset + fields say it: the address needs no whole set-up.
    expect(b.ctl.custom).toBe(true);
    expect(b.ctl.setupText()).toBeNull();
  });

  it('a CLI config without "case" loads, labelled with its family’s first preset', () => {
    const b = app('particle');
    const r = b.ctl.loadSetup('{"body": {"type": "ellipsoid", "semi_axes": [1, 2, 3]}, "x0": [0, 0, 9], "gamma0": [1, 0, 0]}');
    expect(r).toEqual({ ok: true });
    expect(b.model.family.id).toBe('rigid_body');
    expect((b.model.config as ResolvedRigidBodyConfig).x0).toEqual([0, 0, 9]);
    expect(b.ctl.params.caseName).toBe(pageCases(engine.families()).find((c) => c.family === 'rigid_body')?.name);
    // Not the preset with other field values: the address carries the whole config.
    expect(decodeSetup(encodeSetup(b.ctl.setupText() ?? ''))).toBe(b.ctl.configJson);
  });

  it('refuses bad text with the core’s rule in words, the rule as the detail, and keeps the run', () => {
    const { model, ctl } = app('IV');
    const before = model.resolvedJson;
    const cases: [string, RegExp, RegExp][] = [
      ['{"case": "IV", "x0": [0, 0, -5]}', /inside the plane/, /^x0: /],
      ['{"case": "cradle", "cradle": {"balls": 99}}', /ball/, /^cradle\.balls: /],
      ['{"x0": [0, 0,', /./, /^[a-z_0-9.]+: /i],
      ['[1, 2]', /./, /^[a-z_0-9.]+: /i],
      ['{"case": "nonsense"}', /./, /^case: /],
    ];
    for (const [text, words, rule] of cases) {
      const r = ctl.loadSetup(text);
      expect(r.ok, text).toBe(false);
      if (r.ok) continue;
      expect(r.message, text).toMatch(words);
      expect(r.message, text).not.toMatch(/NaN|undefined/);
      expect(`${r.detail ?? r.message}`, text).toMatch(rule);
      expect(model.resolvedJson, text).toBe(before);
      expect(ctl.custom, text).toBe(false);
    }
  });

  it('the address writes setup= in place of the field keys when it is given', () => {
    const a = app('IV');
    const preset = a.ctl.family.paramsFromConfig('IV', a.ctl.family.parseConfig(engine.presetJson('IV')), 1);
    const state = {
      caseName: 'IV',
      defaultCase: 'I',
      params: { ...a.ctl.params, x0: [0, 0, 5] },
      family: { fields: a.ctl.family.fields, preset, twinKeys: [], defaultTwinKinds: [], setUp: null },
      extra: { twins: false, twinKinds: [], twinSizes: {}, camera: null, follow: true, target: null, playing: true, setUp: false },
      defaults: { twinSize: () => 1e-8, autoplay: true },
    };
    expect(encodeState(state)).toBe('?case=IV&z0=5');
    const q = new URLSearchParams(encodeState({ ...state, setup: '{"x0": [1, 2, 5]}' }));
    expect([...q.keys()]).toEqual(['case', 'setup']);
    expect(decodeSetup(q.get('setup') ?? '')).toBe('{"x0": [1, 2, 5]}');
  });

  it('setup= is base64url of the UTF-8 text and refuses what is not', () => {
    const text = '{"note": "θ₀ – ü", "x0": [0, 0, 1]}';
    const enc = encodeSetup(text);
    expect(enc).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSetup(enc)).toBe(text);
    expect(decodeSetup('not base64!')).toBeNull();
    expect(decodeSetup('_w')).toBeNull(); // 0xff: not UTF-8
  });
});

describe('restarting from a held body', () => {
  it('keeps the attitude and Π of the held state, with the new centre and γ = m v', () => {
    const { model, ctl } = app('I');
    model.step(120);
    const held = heldStateOf(model.curr);
    expect(held).not.toBeNull();
    if (!held) return;
    expect(ctl.heldOf(model.curr)).toEqual(held);
    const m = (model.config as ResolvedRigidBodyConfig).mass;
    const r = ctl.holdAt(held, [1, -0.5, 6], [1.5, 0, 2]);
    expect(r).toEqual({ ok: true });
    const c = model.config as ResolvedRigidBodyConfig;
    expect(c.x0).toEqual([1, -0.5, 6]);
    expect(c.gamma0).toEqual([1.5 * m, 0, 2 * m]);
    expect(c.R0.flat()).toEqual(held.R);
    expect(c.Pi0).toEqual(held.Pi);
    expect(model.curr.t).toBe(0);
    // x off the vertical and another attitude: only the whole set-up says it.
    const text = ctl.setupText();
    expect(text).not.toBeNull();
    const again = app('IV');
    expect(again.ctl.loadSetup(text ?? '').ok).toBe(true);
    expect(again.model.run.stateHash()).toBe(model.run.stateHash());
  });

  it('refuses a centre that puts the body inside the plane, in words, and keeps the run', () => {
    const { model, ctl } = app('I');
    const held = heldStateOf(model.curr);
    if (!held) throw new Error('no held state');
    const before = model.resolvedJson;
    const r = ctl.holdAt(held, [0, 0, 0.2], null);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/inside the plane/);
    expect(model.resolvedJson).toBe(before);
  });

  it('only placed, the held body keeps its γ', () => {
    const { model, ctl } = app('I');
    model.step(120);
    const held = heldStateOf(model.curr);
    if (!held) throw new Error('no held state');
    expect(ctl.holdAt(held, [0.5, 0, 4], null)).toEqual({ ok: true });
    expect((model.config as ResolvedRigidBodyConfig).gamma0).toEqual(held.gamma);
  });

  it('a throw is scaled down as a whole to the fastest one', () => {
    expect(capSpeed([1, -2, 0.5], 20)).toEqual({ v: [1, -2, 0.5], capped: false });
    const big = capSpeed([30, 0, 40], 20);
    expect(big.capped).toBe(true);
    expect(big.v[0]).toBeCloseTo(12, 12);
    expect(big.v[2]).toBeCloseTo(16, 12);
  });

  it('a fixed drag plane: → and ↑ are the camera’s right and up in the plane', () => {
    // the billiard's table (normal z) seen from above, tilted toward +y: → is +x, ↑ is +y
    const s = Math.SQRT1_2;
    const a = planeAxes([0, 0, 1], [1, 0, 0], [0, s, s]);
    expect(a.right).toEqual([1, 0, 0]);
    expect(a.up[1]).toBeCloseTo(1, 12);
    expect(a.up[2]).toBeCloseTo(0, 12);
    // the particle's plane y = 0 seen from −y: ↑ is +z, → is +x
    const b = planeAxes([0, 1, 0], [1, 0, 0], [0, 0.2, 0.98]);
    expect(b.right).toEqual([1, 0, 0]);
    expect(b.up[2]).toBeCloseTo(1, 12);
    // from the other side (camera right −x): → is −x
    expect(planeAxes([0, 1, 0], [-1, 0, 0], [0, 0, 1]).right).toEqual([-1, 0, 0]);
    // seen edge-on (the camera's right along the normal): still two axes in the plane
    const e = planeAxes([1, 0, 0], [1, 0, 0], [0, 0, 1]);
    expect(e.right[0]).toBeCloseTo(0, 12);
    expect(Math.hypot(...e.up)).toBeCloseTo(1, 12);
  });

  it('the hold plane is vertical and faces the camera, or the view’s plane looking straight down', () => {
    const a = holdAxes([3, 4, 2]);
    expect(a.normal[0]).toBeCloseTo(0.6, 12);
    expect(a.normal[1]).toBeCloseTo(0.8, 12);
    expect(a.normal[2]).toBe(0);
    expect(a.up).toEqual([0, 0, 1]);
    expect(a.right[0] * a.normal[0] + a.right[1] * a.normal[1]).toBeCloseTo(0, 12);
    expect(holdAxes([0.01, 0, 1]).normal).toEqual([0, 0, 1]);
  });

  it('a snapshot without R, γ and Π holds nothing', () => {
    expect(heldStateOf({ x: [0, 0, 1] })).toBeNull();
    expect(heldStateOf(null)).toBeNull();
  });
});
