// The teacher's keys (lock=, hide=, autoplay=), the builder's link, and the locks in the controller
// (docs/course-material.md "Customise for class"), with the fake engine.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rigidHeldState as heldStateOf } from '../../../families/rigid_body/web/controls';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import type { RigidBodyParams } from '../../../families/rigid_body/web/params';
import { parseClassOptions, tryLineApplies } from '../../../web/src/config/class-options';
import { classEmbedLink, classLink } from '../../../web/src/config/class-link';
import { PASSTHROUGH_KEYS, passthroughPairs } from '../../../web/src/config/url-codec';
import { allControlKeys, checkControlNames, classNames, controlLabel, familyControlKeys, PRESET_CONTROL } from '../../../web/src/app/class-keys';
import { urlKey } from '../../../web/src/config/url-codec';
import { ClassLock } from '../../../web/src/app/class-lock';
import { Controller } from '../../../web/src/app/controller';
import { FAMILIES, familyTable } from '../../../web/src/app/families';
import { SimulationModel } from '../../../web/src/model/simulation-model';
import { createFakeEngine, FakeSimulation } from '../../../families/rigid_body/tests/web/unit/support/fake-engine';

describe('parseClassOptions', () => {
  it('reads the lists (trimmed, duplicates dropped in any letter case) and autoplay', () => {
    const r = parseClassOptions('?case=IV&lock=case, tilt,,Tilt&hide=gamma0&autoplay=0');
    expect(r.messages).toEqual([]);
    expect(r.options).toEqual({ lock: ['case', 'tilt'], hide: ['gamma0'], autoplay: false });
    expect(parseClassOptions('?autoplay=1').options.autoplay).toBe(true);
    expect(parseClassOptions('?autoplay=TRUE').options.autoplay).toBe(true);
    expect(parseClassOptions('').options).toEqual({ lock: [], hide: [], autoplay: null });
    expect(parseClassOptions('?lock=').options.lock).toEqual([]);
  });

  it('names each bad value as "<key>: <rule>" and keeps the good names', () => {
    const r = parseClassOptions('?lock=tilt,a b,<x>&hide=9lives&autoplay=maybe');
    expect(r.options).toEqual({ lock: ['tilt'], hide: [], autoplay: null });
    expect(r.messages).toEqual([
      'lock: "\u2068a b\u2069" is not a control key (letters and digits, e.g. case,tilt)',
      'lock: "\u2068<x>\u2069" is not a control key (letters and digits, e.g. case,tilt)',
      'hide: "\u20689lives\u2069" is not a control key (letters and digits, e.g. case,tilt)',
      'autoplay: must be 1 or 0 (got "\u2068maybe\u2069")',
    ]);
    expect(parseClassOptions(`?autoplay=${'x'.repeat(5000)}`).messages[0]!.length).toBeLessThan(100);
  });

  it('checks the names against the known control keys and writes them as the keys are spelt', () => {
    const r = checkControlNames({ lock: ['CASE', 'pi0', 'spin'], hide: ['Tilt'] }, ['case', 'Pi0', 'tilt'], ['case', 'tilt']);
    expect(r.lock).toEqual(['case', 'Pi0']);
    expect(r.hide).toEqual(['tilt']);
    expect(r.messages).toEqual(['lock: no control "\u2068spin\u2069" (this model\'s are case, tilt)']);
  });

  it('the address keeps the teacher keys when the state is rewritten', () => {
    for (const k of ['lock', 'hide', 'autoplay']) expect(PASSTHROUGH_KEYS).toContain(k);
    expect(passthroughPairs('?case=IV&tilt=3&lock=case,tilt&hide=h&autoplay=0')).toEqual([
      ['lock', 'case,tilt'],
      ['hide', 'h'],
      ['autoplay', '0'],
    ]);
  });
});

describe('control keys from the field specs', () => {
  it('every family offers the preset menu and the address key of each of its fields, once', () => {
    for (const f of FAMILIES) {
      const keys = familyControlKeys(f.controls);
      expect(keys[0]).toBe('case');
      expect(new Set(keys).size).toBe(keys.length);
      for (const spec of f.controls.fields) expect(keys).toContain(spec.urlKey ?? spec.id);
    }
    const all = allControlKeys();
    expect(all).toContain('restitution');
    expect(all).toContain('gamma0'); // one key for the three components
    expect(all).not.toContain('gamma0x');
  });

  it('restitution is the rigid body’s alone; the cradle’s keys (docs: the Munich example for the cradle)', () => {
    const owners = FAMILIES.filter((f) => familyControlKeys(f.controls).includes('restitution')).map((f) => f.name);
    expect(owners).toEqual(['rigid_body']);
    const cradle = FAMILIES.find((f) => f.name === 'cradle')!.controls;
    expect(familyControlKeys(cradle)).toEqual(['case', 'balls', 'pulled', 'angle', 'gap', 'policy', 'h', 'jump', 'speed']);
    const k = classNames(parseClassOptions('?case=cradle&lock=case,balls,pulled,angle,gap,h,jump,speed&locale=de').options, cradle);
    expect(k.messages).toEqual([]);
    expect(familyControlKeys(cradle).filter((key) => !k.lock.includes(key))).toEqual(['policy']);
  });

  it('unknown names are reported with the running family\'s keys; known ones of another family are kept', () => {
    const rigid = FAMILIES.find((f) => f.controls.fields.some((s) => s.id === 'restitution'))!.controls;
    const k = classNames({ lock: ['balls', 'nope'], hide: ['case'] }, rigid);
    expect(k.lock).toEqual(['balls']);
    expect(k.hide).toEqual(['case']);
    expect(k.messages).toHaveLength(1);
    expect(k.messages[0]).toMatch(/^lock: no control "\u2068nope\u2069" \(this model's are case, z0, gamma0, Pi0, tilt, azimuth, eps, restitution, h, jump, speed\)$/);
  });
});

describe('classLink', () => {
  const current = 'https://school.example/sim/?case=IV&tilt=10&plots=energy&paused=1&embed=1&locale=en#x';
  const choice = { start: null, lock: ['case', 'tilt'], hide: ['gamma0'], plots: ['energy', 'error'], locale: 'de', theme: 'default' as const, autoplay: true };

  it('keeps the current state, replaces the teacher keys and keeps commas readable', () => {
    expect(classLink(current, choice)).toBe('https://school.example/sim/?case=IV&tilt=10&lock=case,tilt&hide=gamma0&plots=energy,error&locale=de');
  });

  it('a preset start drops the state; no plots, the projector and no autoplay are written', () => {
    const l = classLink(current, { ...choice, start: 'cradle', lock: [], hide: [], plots: [], theme: 'projector', autoplay: false });
    expect(l).toBe('https://school.example/sim/?case=cradle&plots=none&theme=projector&autoplay=0&locale=de');
    expect(classEmbedLink(l)).toBe(`${l}&embed=1`);
    expect(classEmbedLink(`${l}&embed=0`)).toBe(`${l}&embed=1`);
  });

  it('the link reads back as the choice', () => {
    const l = new URL(classLink(current, choice));
    const back = parseClassOptions(l.search).options;
    expect(back).toEqual({ lock: ['case', 'tilt'], hide: ['gamma0'], autoplay: null });
  });
});

describe('locks in the controller', () => {
  beforeEach(() => {
    FakeSimulation.created = [];
  });

  function locked(lock: string[], caseName = 'IV') {
    const engine = createFakeEngine();
    const model = new SimulationModel(engine, familyTable());
    const ctl = new Controller(engine, model, caseName);
    expect(ctl.setField('tilt', 12)).toEqual({ ok: true }); // the teacher's start
    ctl.lock = new ClassLock(lock, [], ctl.family, ctl.params, { preset: PRESET_CONTROL, keyOf: urlKey, label: controlLabel });
    return { ctl, model };
  }

  it('an edit of a locked field is refused and changes nothing; an unlocked one still applies', () => {
    const { ctl } = locked(['tilt', 'gamma0']);
    const json = ctl.configJson;
    const r = ctl.setField('tilt', 20);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^Locked by your teacher: /);
    expect(ctl.setField('gamma0y', 0.5).ok).toBe(false);
    expect(ctl.configJson).toBe(json);
    expect((ctl.params as unknown as RigidBodyParams).tilt).toBeCloseTo((12 * Math.PI) / 180, 15);
    expect(ctl.setField('restitution', 0.5)).toEqual({ ok: true });
    expect((ctl.params as unknown as RigidBodyParams).restitution).toBe(0.5);
  });

  it('a locked speed (no restart) is refused too', () => {
    const { ctl } = locked(['speed']);
    const before = ctl.params.speed;
    expect(ctl.setField('speed', 2).ok).toBe(false);
    expect(ctl.params.speed).toBe(before);
  });

  it('another preset keeps the locked values; a locked preset menu refuses another preset', () => {
    const { ctl } = locked(['tilt']);
    expect(ctl.selectCase('II')).toEqual({ ok: true });
    expect(ctl.params.caseName).toBe('II');
    expect((ctl.params as unknown as RigidBodyParams).tilt).toBeCloseTo((12 * Math.PI) / 180, 15);
    const menu = locked(['case']).ctl;
    const r = menu.selectCase('II');
    expect(r.ok).toBe(false);
    expect(menu.params.caseName).toBe('IV');
  });

  it('a set-up that would change a locked value is refused; one that keeps it loads', () => {
    const { ctl } = locked(['tilt']);
    const json = ctl.configJson;
    const cfg = JSON.parse(json) as { plane: { tilt: number }; restitution?: number };
    const other = { ...cfg, plane: { ...cfg.plane, tilt: 0.1 } };
    const r = ctl.loadSetup(JSON.stringify(other));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^Locked by your teacher: /);
    expect(ctl.configJson).toBe(json);
    expect(ctl.loadSetup(json)).toEqual({ ok: true });
  });
});

describe('locks and a thrown body (real engine)', () => {
  let engine: LgvciModule;
  beforeAll(async () => {
    const { loadEngine } = await import('../../../web/src/engine/loader');
    engine = await loadEngine();
  });

  function thrown(lock: string[]) {
    const model = new SimulationModel(engine, familyTable());
    const ctl = new Controller(engine, model, 'I');
    ctl.lock = new ClassLock(lock, [], ctl.family, ctl.params, { preset: PRESET_CONTROL, keyOf: urlKey, label: controlLabel });
    model.step(120);
    const held = heldStateOf(model.curr)!;
    const json = ctl.configJson;
    return { r: ctl.holdAt(held, [1, -0.5, 6], [1.5, 0, 2]), ctl, json };
  }

  it('a throw that changes a locked γ₀ or height is refused and the run keeps its config', () => {
    for (const lock of [['gamma0'], ['z0']]) {
      const { r, ctl, json } = thrown(lock);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/^Locked by your teacher: /);
      expect(ctl.configJson).toBe(json);
    }
  });

  it('a throw is allowed when only other controls are locked', () => {
    const { r, ctl, json } = thrown(['restitution', 'tilt', 'case']);
    expect(r).toEqual({ ok: true });
    expect(ctl.configJson).not.toBe(json);
  });
});

describe('"Try this" on a teacher\'s page', () => {
  it('a line is not shown when it asks to change a locked or hidden control', () => {
    expect(tryLineApplies(['h'], new Set())).toBe(true);
    expect(tryLineApplies(['h'], new Set(['tilt', 'case']))).toBe(true);
    expect(tryLineApplies(['h'], new Set(['h']))).toBe(false);
    expect(tryLineApplies(['speed', 'len'], new Set(['len']))).toBe(false);
    expect(tryLineApplies(undefined, new Set(['h']))).toBe(true);
    expect(tryLineApplies([], new Set(['h']))).toBe(true);
  });

  it('every line that asks to change a control names it, as one of its family\'s control keys', () => {
    let named = 0;
    for (const f of FAMILIES) {
      const keys = familyControlKeys(f.controls);
      for (const [name, text] of Object.entries(f.cases)) {
        for (const k of text.tryKeys ?? []) expect(keys, `${f.name} ${name}: ${k}`).toContain(k);
        named += text.tryKeys?.length ?? 0;
      }
    }
    // the particle's line asks to halve h: its key is named, so a lock on h hides it
    const particle = FAMILIES.flatMap((f) => Object.entries(f.cases)).find(([n]) => n === 'particle')?.[1];
    expect(particle?.tryKeys).toEqual(['h']);
    expect(named).toBeGreaterThanOrEqual(9);
  });
});
