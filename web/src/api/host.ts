// The host API on a mounted app (docs/host-api.md): each method of the protocol (api/protocol.ts)
// done the way the page's own controls do it — set() through Controller.setField, the path of the
// panel's fields, with its validation and the teacher's locks — and the protocol's events taken from
// the model: `step` at most once per animation frame, `impact` per impact record (at most
// MAX_IMPACT_EVENTS a frame, the rest in the next frames), `halt` when a step halts the run. Every answer is an ApiResult; nothing
// a caller sends is thrown back at it or evaluated.
import type { App } from '../app/app';
import type { Impact } from '../model/run';
import type { ApiResult, EventName, MethodName } from './protocol';
import { API_VERSION, checkCall } from './protocol';

/**
 * The most impact events one animation frame sends (a cascade of thousands is not a flood of messages
 * in one frame); the rest wait for the next frames, in order.
 */
export const MAX_IMPACT_EVENTS = 256;
/** The most impacts waiting to be sent: beyond it (a run of millions of impacts in one call) the later ones are not sent. */
export const MAX_PENDING_IMPACTS = 100_000;

export interface HostState {
  t: number;
  steps: number;
  impacts: number;
  energy: number;
  energy0: number;
  halted: boolean;
  playing: boolean;
  /** The core's record of the current step, by field name (a vector field as an array). */
  record: Record<string, number | number[]>;
  /** The controls' values by field id (in the controls' units), those that apply to the running set-up. */
  fields: Record<string, number>;
}

export type HostEmit = (name: EventName, detail: Record<string, unknown>) => void;

export class HostApi {
  private readonly app: App;
  private readonly emit: HostEmit;
  private raf = 0;
  private lastSteps = -1;
  private lastT = NaN;
  private readonly pending: Impact[] = [];
  private readonly cleanups: (() => void)[] = [];

  constructor(app: App, emit: HostEmit) {
    this.app = app;
    this.emit = emit;
    const model = app.model;
    this.cleanups.push(
      model.onImpacts((recs) => {
        for (const r of recs) if (this.pending.length < MAX_PENDING_IMPACTS) this.pending.push(r);
      }),
      model.on((e) => {
        if (e === 'status' && model.halted && model.status) {
          const name = Object.entries(model.codes).find(([, c]) => c === model.status?.code)?.[0] ?? String(model.status.code);
          this.emit('halt', { t: model.status.t, status: name, message: model.status.message });
        }
        if (e === 'load' || e === 'reset') this.pending.length = 0;
      }),
    );
    const tick = (): void => {
      this.raf = requestAnimationFrame(tick);
      this.flush();
    };
    this.raf = requestAnimationFrame(tick);
  }

  /** The ready event's fields. */
  readyDetail(): Record<string, unknown> {
    return { version: API_VERSION, fields: Object.keys(this.fieldValues()) };
  }

  /** This frame's events: the impacts taken since the last frame, then one step event if the run moved. */
  flush(): void {
    for (const r of this.pending.splice(0, MAX_IMPACT_EVENTS)) this.emit('impact', { t: r.t, point: [...r.point], impulse: r.lambda });
    const c = this.app.model.curr;
    if (c.steps !== this.lastSteps || c.t !== this.lastT) {
      this.lastSteps = c.steps;
      this.lastT = c.t;
      this.emit('step', { t: c.t, steps: c.steps, impacts: c.impacts, energy: c.energy });
    }
  }

  /** Answer a call: its arguments checked against the protocol, then done; never throws. */
  call(method: unknown, args: unknown): ApiResult {
    const bad = checkCall(method, args);
    if (bad) return { ok: false, error: bad };
    const a = args as unknown[];
    try {
      return this.run(method as MethodName, a);
    } catch (e) {
      return { ok: false, error: { field: String(method), message: (e as Error).message } };
    }
  }

  private run(method: MethodName, a: unknown[]): ApiResult {
    const app = this.app;
    switch (method) {
      case 'getState':
        return { ok: true, value: this.state() };
      case 'set': {
        const field = a[0] as string;
        const r = app.controller.setField(field, a[1] as string | number);
        if (!r.ok) return { ok: false, error: { field, message: r.message } };
        return { ok: true, value: { field, value: this.fieldValues()[field] ?? null } };
      }
      case 'play':
        if (app.model.halted) return { ok: false, error: { field: 'play', message: 'the run halted: reset() or set() a field first' } };
        app.play();
        return { ok: true, value: { playing: app.playing } };
      case 'pause':
        app.pause();
        return { ok: true, value: { playing: app.playing } };
      case 'reset':
        app.reset();
        return { ok: true, value: this.state() };
      case 'step':
        app.step(a[0] as number);
        return { ok: true, value: this.state() };
    }
  }

  private fieldValues(): Record<string, number> {
    const c = this.app.controller;
    const out: Record<string, number> = {};
    for (const spec of c.family.fields) {
      const v = spec.read(c.params);
      if (v !== null) out[spec.id] = v;
    }
    return out;
  }

  state(): HostState {
    const m = this.app.model;
    const c = m.curr;
    const row = m.run.state();
    const record: Record<string, number | number[]> = {};
    for (const f of m.family.layout.fields) {
      record[f.name] = f.size === 1 ? (row[f.offset] ?? NaN) : Array.from(row.subarray(f.offset, f.offset + f.size));
    }
    return {
      t: c.t,
      steps: c.steps,
      impacts: c.impacts,
      energy: c.energy,
      energy0: c.energy0,
      halted: m.halted,
      playing: this.app.playing,
      record,
      fields: this.fieldValues(),
    };
  }

  destroy(): void {
    cancelAnimationFrame(this.raf);
    for (const f of this.cleanups.splice(0)) f();
  }
}
