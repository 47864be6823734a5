// Symplecticity, measured (docs/symplecticity.md), in WebAssembly: the binding's report has the keys
// the page's worker reads, bad input comes back as a value, and the loop's area values are the native
// CLI's bit for bit (the same core function, portable sin/cos for the loop's starts), and so are the
// bounce map's (portable trigonometry in the billiard's table).
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import { cliPath, haveCli } from './support/cli';

let engine: LgvciModule;
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

describe('symplecticity (WASM)', () => {
  it('the particle\'s loop: areas bit-identical to the native CLI; the VCI keeps it through the bounce', () => {
    expect(haveCli, `the native CLI ${cliPath} is missing: build it (cmake --build --preset native --target lgvci_cli)`).toBe(true);
    const r = engine.symplecticity(engine.presetJson('particle'), 100, 2, '');
    expect(r.error).toBeNull();
    const rep = r.report!;
    expect(rep.measure).toBe('loop_area');
    expect(rep.pair).toEqual(['y', 'p_y']);
    const cli = JSON.parse(execFileSync(cliPath, ['--case', 'particle', '--steps', '100', '--symplecticity', '2', '--json'], { encoding: 'utf8' })) as {
      symplecticity: { area: number[]; area_rel_change: number[]; start_area: number; loop_points: number[] };
    };
    expect(Array.from(rep.area!)).toEqual(cli.symplecticity.area);
    expect(Array.from(rep.areaRelChange!)).toEqual(cli.symplecticity.area_rel_change);
    expect(rep.startArea).toBe(cli.symplecticity.start_area);
    expect(Array.from(rep.loopPoints!)).toEqual(cli.symplecticity.loop_points);
    // The claim itself (Fetecau et al. §3.3): the first bounce (t = √(2/g) ≈ 0.45) is inside 100 steps.
    expect(Math.abs(rep.areaRelChange![1]!)).toBeLessThan(1e-10);
    // The loop to draw: start and image in the slice, one point per loop point.
    expect(rep.startQ!.length).toBe(rep.imageQ!.length);
    expect(rep.imageP!.length).toBe(rep.loopPoints![1]);
  });

  it('the billiard\'s loop exposes its bounces; the rigid body reports the defect and its floor', () => {
    const b = engine.symplecticity(engine.presetJson('billiard-ellipse'), 300, 1, '').report!;
    expect(b.bounces!.length).toBeGreaterThan(0);
    expect(b.bounces![0]!.length).toBe(2 * b.imageQ!.length);
    const d = engine.symplecticity(engine.presetJson('I'), 200, 2, '').report!;
    expect(d.measure).toBe('defect');
    expect(d.defect!.length).toBe(2);
    for (let k = 0; k < 2; k++) expect(d.defect![k]!).toBeLessThanOrEqual(d.floor![k]!);
  });

  it('the bounce map\'s loop: bit-identical to the native CLI (portable trigonometry in the table), kept by the VCI', () => {
    expect(haveCli, `the native CLI ${cliPath} is missing: build it (cmake --build --preset native --target lgvci_cli)`).toBe(true);
    for (const name of ['billiard-ellipse', 'billiard-stadium']) {
      const r = engine.bounceMap(engine.presetJson(name), 20);
      expect(r.error).toBeNull();
      const b = r.report!;
      const cli = JSON.parse(execFileSync(cliPath, ['--case', name, '--steps', '10', '--symplecticity', '1', '--json'], { encoding: 'utf8' })) as {
        symplecticity: { bounce_map: { s0: number; pt0: number; area: number[]; area_rel_change: number[]; max_edge: number[]; resolved_bounces: number } };
      };
      const c = cli.symplecticity.bounce_map;
      expect([b.s0, b.pt0], name).toEqual([c.s0, c.pt0]);
      expect(Array.from(b.area), name).toEqual(c.area);
      expect(Array.from(b.areaRelChange), name).toEqual(c.area_rel_change);
      expect(Array.from(b.maxEdge), name).toEqual(c.max_edge);
      expect(b.resolved, name).toBe(c.resolved_bounces);
      expect(b.s.length, name).toBe(21);
      for (let k = 0; k < b.resolved; k++) expect(Math.abs(b.areaRelChange[k]!), `${name} bounce ${k + 1}`).toBeLessThan(1e-7);
    }
    // A family without a bounce map, and a bad count, are values naming the rule.
    expect(engine.bounceMap(engine.presetJson('particle'), 20).error?.message).toBe('--symplecticity: the generalized family has no bounce map');
    expect(engine.bounceMap(engine.presetJson('billiard-ellipse'), 1).error?.field).toBe('bounces');
  });

  it('bad input is a value naming the field', () => {
    expect(engine.symplecticity(engine.presetJson('particle'), 0, 2, '').error?.field).toBe('steps');
    expect(engine.symplecticity(engine.presetJson('particle'), 10, 1001, '').error?.field).toBe('samples');
    const m = engine.symplecticity(engine.presetJson('I'), 10, 1, 'loop');
    expect(m.report).toBeNull();
    expect(m.error?.message).toMatch(/^--symplecticity: /);
    expect(engine.symplecticity('{"case": "nope"}', 10, 1, '').error?.field).toBe('case');
  });
});
