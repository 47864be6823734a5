// Ensembles on the real engine under Node: members run by several runners in any order and
// merged by the TS merge give exactly the binding's single-thread statistics and the native CLI's;
// the worker pool (with in-process workers) merges in member order; errors come back as values.
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EnsembleRunner, LgvciModule } from '../../../web/src/engine/lgvci_wasm';
import type { EnsembleOutcome, EnsembleWorkerLike } from '../../../web/src/app/workers/ensemble';
import { EnsemblePool, queueTarget } from '../../../web/src/app/workers/ensemble';
import { ensembleWorkerHandler } from '../../../web/src/app/workers/ensemble-worker-core';
import type { EnsembleReply, EnsembleRequest, EnsembleSpec } from '../../../web/src/model/ensemble';
import {
  EnsembleMerge,
  ensembleSpecJson,
  histogramTotal,
  memberMessage,
  parseStatistics,
  statisticsOf,
  validateEnsembleSteps,
  validateMembers,
  validatePerturbation,
  validateSeed,
} from '../../../web/src/model/ensemble';
import { cliPath, haveCli } from './support/cli';


let engine: LgvciModule;
beforeAll(async () => {
  const { loadEngine } = await import('../../../web/src/engine/loader');
  engine = await loadEngine();
});

function spec(over: Partial<EnsembleSpec> = {}): EnsembleSpec {
  return { configJson: engine.presetJson('IV'), kind: 'position', size: 1e-8, seed: 3, steps: 1500, samples: 50, members: 12, ...over };
}

function runner(s: EnsembleSpec): EnsembleRunner {
  const c = engine.createEnsemble(ensembleSpecJson(s));
  if (!c.ensemble) throw new Error(c.error.message);
  return c.ensemble;
}

describe('ensemble merge', () => {
  it('members run by three runners, out of order and in chunks, merge to the single-thread statistics', () => {
    const s = spec();
    const single = runner(s);
    const expected = single.runAll();
    const workers = [runner(s), runner(s), runner(s)];
    const merge = new EnsembleMerge(s.members, single.sampleCount());
    // Member k on worker k mod 3, the members in reverse order, 700 steps at a time.
    for (let k = s.members - 1; k >= 0; k--) {
      const w = workers[k % 3] as EnsembleRunner;
      expect(w.begin(k)).toBe(true);
      let chunks = 1;
      while (!w.advance(700)) chunks++;
      expect(chunks).toBe(3);
      const r = w.result();
      if (!r) throw new Error('no result');
      merge.add(memberMessage(r));
    }
    expect(merge.complete).toBe(true);
    const stats = statisticsOf(single, merge.merged());
    expect(JSON.stringify(stats)).toBe(JSON.stringify(JSON.parse(expected)));
    expect(histogramTotal(stats)).toBe(s.members);
    // The merge is in member order: member k's impacts are runMember(k)'s.
    for (const k of [0, 5, 11]) expect(merge.merged().impacts[k]).toBe(single.runMember(k)?.impacts);
    for (const r of [single, ...workers]) r.delete();
  });

  it.skipIf(!haveCli)('the page’s statistics equal lgvci --ensemble for the same K, seed and N (native = WASM)', () => {
    const s = spec({ kind: 'attitude', size: 1e-6, members: 10, steps: 2000, seed: 11, samples: 40 });
    const r = runner(s);
    const page = JSON.parse(r.runAll()) as Record<string, unknown>;
    r.delete();
    const cli = JSON.parse(
      execFileSync(
        cliPath,
        ['--case', 'IV', '--ensemble', '10', '--steps', '2000', '--seed', '11', '--kind', 'attitude', '--perturb', '1e-6', '--samples', '40', '--threads', '2', '--json'],
        { encoding: 'utf8' },
      ),
    ) as Record<string, unknown>;
    delete cli['threads'];
    delete cli['wall_seconds'];
    expect(page).toEqual(cli);
  });

  it('refuses results that do not fit: out of range, twice, wrong length, missing', () => {
    const m = new EnsembleMerge(2, 3);
    const msg = (member: number, n = 3) => ({ member, steps: 1, impacts: 0, energyError: 0, halted: false, err: new Float64Array(n) });
    expect(() => m.add(msg(2))).toThrow('member 2 is out of range');
    expect(() => m.add(msg(0, 4))).toThrow('has 4 samples, expected 3');
    m.add(msg(1));
    expect(() => m.add(msg(1))).toThrow('arrived twice');
    expect(() => m.merged()).toThrow('1 members missing');
    expect(() => parseStatistics('')).toThrow('do not fit');
  });
});

describe('ensemble binding errors are values', () => {
  it('names the field and the rule', () => {
    const bad = (over: Record<string, unknown>): string => {
      const c = engine.createEnsemble(JSON.stringify({ config: engine.presetJson('IV'), members: 3, steps: 10, ...over }));
      expect(c.ensemble).toBeNull();
      return c.error?.message ?? '';
    };
    expect(bad({ members: 0 })).toBe('members: must be an integer in [1, 10000]');
    expect(bad({ members: 2.5 })).toBe('members: must be a whole number in [0, 1000000000]');
    expect(bad({ size: 0 })).toMatch(/^size: must be a number in \(0, 1\]/);
    expect(bad({ kind: 'spin' })).toMatch(/^kind: must be one of position, attitude, x1, .* \(got 'spin'\)$/);
    // Every family has ensembles along its own perturbations (docs/ensembles.md "Perturbations").
    expect(bad({ config: engine.presetJson('star'), kind: 'position' })).toBe(
      "kind: must be one of y, x, theta, p_y, p_x, p_theta (got 'position')",
    );
    // (position offsets near the plane go upwards: the attitude kind is what can put a corner inside it)
    expect(bad({ config: '{"case":"IV","x0":[0,0,1.7330508],"gamma0":[0,0,0],"Pi0":[0,0,0]}', kind: 'attitude', size: 0.01, members: 20 })).toMatch(
      /^size: member \d+'s perturbed start is invalid: x: /,
    );
    expect(bad({ extra: 1 })).toMatch(/^extra: unknown key/);
  });

  it('the panel’s fields are validated with messages', () => {
    expect(validateMembers('1000')).toEqual({ ok: true, value: 1000 });
    expect(validateMembers('1001')).toEqual({ ok: false, message: 'Members must be between 1 and 1000.' });
    expect(validateMembers('0').ok).toBe(false);
    expect(validateMembers('2.5').ok).toBe(false);
    expect(validateEnsembleSteps('1e5')).toEqual({ ok: true, value: 100000 });
    expect(validateEnsembleSteps('1e8').ok).toBe(false);
    expect(validateSeed('0')).toEqual({ ok: true, value: 0 });
    expect(validateSeed('-1').ok).toBe(false);
    expect(validatePerturbation('1e-8π')).toEqual({ ok: true, value: 1e-8 * Math.PI });
    expect(validatePerturbation('1e-8')).toEqual({ ok: true, value: 1e-8 });
    expect(validatePerturbation('0').ok).toBe(false);
    expect(validatePerturbation('2').ok).toBe(false);
    expect(validatePerturbation('abc')).toEqual({ ok: false, message: 'Size: “abc” is not a number.' });
  });
});

/**
 * The page's worker code (app/workers/ensemble-worker-core.ts, what app/workers/ensemble.worker.ts runs on `self`)
 * in-process on the real engine, with asynchronous replies; it records the members it was asked to
 * run and the statistics text it sent.
 */
class InProcessWorker implements EnsembleWorkerLike {
  onmessage: ((e: MessageEvent<EnsembleReply>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  terminated = false;
  statisticsJson = '';
  private readonly handle: (m: EnsembleRequest) => void;
  constructor(private readonly log: number[]) {
    this.handle = ensembleWorkerHandler(
      () => Promise.resolve(engine),
      (m) => {
        if (m.type === 'statistics') this.statisticsJson = m.json;
        setTimeout(() => {
          if (!this.terminated) this.onmessage?.({ data: m } as MessageEvent<EnsembleReply>);
        }, 0);
      },
    );
  }
  postMessage(m: EnsembleRequest): void {
    if (this.terminated) return;
    if (m.type === 'run') this.log.push(m.member);
    this.handle(m);
  }
  terminate(): void {
    this.terminated = true;
  }
}

/** Runs the pool on `size` in-process workers; the outcome and the statistics text a worker sent. */
function runPool(s: EnsembleSpec, size: number, log: number[] = [], workers: InProcessWorker[] = []): Promise<{ outcome: EnsembleOutcome; json: string }> {
  return new Promise((resolve, reject) => {
    const pool = new EnsemblePool(
      {
        progress: () => {},
        done: (outcome) => resolve({ outcome, json: workers.map((w) => w.statisticsJson).find((j) => j !== '') ?? '' }),
        cancelled: () => reject(new Error('cancelled')),
        error: (m) => reject(new Error(m)),
      },
      () => {
        const w = new InProcessWorker(log);
        workers.push(w);
        return w;
      },
      size,
    );
    pool.start(s);
  });
}

describe('ensemble worker pool', () => {
  it('hands out every member once across the workers and reports the single-thread statistics', async () => {
    const s = spec({ members: 9, steps: 600 });
    const log: number[] = [];
    const workers: InProcessWorker[] = [];
    const { outcome } = await runPool(s, 3, log, workers);
    expect(workers.length).toBe(3);
    expect([...log].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(outcome.workers).toBe(3);
    const single = runner(s);
    expect(outcome.statistics).toEqual(parseStatistics(single.runAll()));
    single.delete();
    // Where the time went: one entry per worker, and the phases in order.
    const t = outcome.timing;
    expect(t?.runMs.length).toBe(3);
    expect(t && t.membersMs <= t.totalMs).toBe(true);
  });

  it('1, 2 and 3 workers of the page’s worker code send the same statistics text, the single-thread one', async () => {
    const s = spec({ members: 14, steps: 800, samples: 40 });
    const single = runner(s);
    const expected = single.runAll();
    single.delete();
    for (const size of [1, 2, 3]) {
      const log: number[] = [];
      const { json } = await runPool(s, size, log);
      expect(json).toBe(expected);
      expect(log.length).toBe(14);
    }
  });

  it('queues a few members on each worker, fewer towards the end (guided self-scheduling)', () => {
    // 10⁵-step members: 20 (2·10⁶ steps' worth) queued while at least 80 are left for 2 workers.
    expect(queueTarget(100_000, 100, 2)).toBe(20);
    expect(queueTarget(100_000, 20, 2)).toBe(5);
    // Never fewer than 2, so a worker has its next member when it finishes one.
    expect(queueTarget(100_000, 1, 2)).toBe(2);
    expect(queueTarget(10_000_000, 1000, 2)).toBe(2);
  });

  it('prewarm starts the workers, loads the module and runs the warm-up once; the run then uses them', async () => {
    const workers: InProcessWorker[] = [];
    const sent: string[] = [];
    const s = spec({ members: 4, steps: 300 });
    const outcome = new Promise<EnsembleOutcome>((resolve, reject) => {
      const pool = new EnsemblePool(
        { progress: () => {}, done: resolve, cancelled: () => reject(new Error('cancelled')), error: (m) => reject(new Error(m)) },
        () => {
          const w = new InProcessWorker([]);
          const post = w.postMessage.bind(w);
          w.postMessage = (m) => {
            sent.push(m.type);
            post(m);
          };
          workers.push(w);
          return w;
        },
        2,
      );
      pool.prewarm(ensembleSpecJson({ ...s, members: 1, steps: 100, samples: 1 }));
      pool.prewarm();
      setTimeout(() => {
        expect(workers.length).toBe(2);
        expect(sent).toEqual(['load', 'load']);
        pool.start(s);
      }, 0);
    });
    const o = await outcome;
    expect(workers.length).toBe(2);
    expect(sent.filter((m) => m === 'init').length).toBe(2);
    const single = runner(s);
    expect(o.statistics).toEqual(parseStatistics(single.runAll()));
    single.delete();
  });

  it('Cancel terminates the workers and reports how many members were done', () => {
    const workers: InProcessWorker[] = [];
    let cancelled: [number, number] | null = null;
    const pool = new EnsemblePool(
      { progress: () => {}, done: () => {}, cancelled: (d, t) => (cancelled = [d, t]), error: () => {} },
      () => {
        const w = new InProcessWorker([]);
        workers.push(w);
        return w;
      },
      2,
    );
    pool.start(spec({ members: 50, steps: 100 }));
    expect(pool.running).toBe(true);
    pool.cancel();
    expect(pool.running).toBe(false);
    expect(cancelled).toEqual([0, 50]);
    expect(workers.every((w) => w.terminated)).toBe(true);
  });

  it('an invalid spec is reported as an error and the pool is free again', async () => {
    const message = await new Promise<string>((resolve) => {
      const pool = new EnsemblePool(
        { progress: () => {}, done: () => resolve('done'), cancelled: () => resolve('cancelled'), error: resolve },
        () => new InProcessWorker([]),
        2,
      );
      pool.start(spec({ configJson: engine.presetJson('particle') }));
    });
    expect(message).toBe("kind: must be one of y, x, p_y, p_x (got 'position')");
  });
});
