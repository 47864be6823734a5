// The host API's one declaration (docs/host-api.md): the methods a course page calls on the simulator,
// their arguments and answers, the events it sends and the protocol's version. The <lgvci-sim>
// element's methods (element/lgvci-element.ts), the iframe's postMessage dispatcher (api/frame.ts) and
// the published description dist/api.json (vite.config.ts, checked in as docs/api.json) are all made
// from it, so a change of the protocol is a change of this file and a visible diff of docs/api.json.
// No imports: vite.config.ts reads it at build time.

/** The protocol's version: raised by any change a page written for the previous one could notice. */
export const API_VERSION = 1;

/** The JSON types an argument can have. */
export type ArgType = 'string' | 'number' | 'integer' | 'number-or-string';

export interface ArgSpec {
  readonly name: string;
  readonly type: ArgType;
  /** The smallest and largest value of a number or integer. */
  readonly min?: number;
  readonly max?: number;
  readonly doc: string;
}

export interface MethodSpec {
  readonly args: readonly ArgSpec[];
  /** What the answer holds (a JSON shape in words, docs/host-api.md). */
  readonly returns: string;
  readonly doc: string;
}

export interface EventSpec {
  /** The event's fields (name → JSON type in words). */
  readonly detail: Readonly<Record<string, string>>;
  readonly doc: string;
}

/** The most steps one call of step(n) takes (a frame of the page takes at most a few hundred). */
export const MAX_STEPS_PER_CALL = 100_000;

export const METHODS = {
  getState: {
    args: [],
    returns: 'State: { t, steps, impacts, energy, energy0, halted, playing, record: { <record field>: number | number[] }, fields: { <field id>: number } }',
    doc: "The current state: time, steps, impacts, the energies, the core's record of the step by field name, and the controls' values by field id.",
  },
  set: {
    args: [
      { name: 'field', type: 'string', doc: "A control's field id (getState().fields lists the running model's)." },
      { name: 'value', type: 'number-or-string', doc: 'The value in the control\'s units, as typed ("0.3") or as a number.' },
    ],
    returns: '{ field, value }: the value applied',
    doc: "Set a control through the page's own validation and the teacher's locks; a refusal names the field and the rule.",
  },
  play: { args: [], returns: '{ playing: boolean }', doc: 'Play (not after a halt: reset first).' },
  pause: { args: [], returns: '{ playing: boolean }', doc: 'Pause.' },
  reset: { args: [], returns: 'State', doc: 'Back to the start of the current set-up.' },
  step: {
    args: [{ name: 'n', type: 'integer', min: 1, max: MAX_STEPS_PER_CALL, doc: 'Steps to take (the run is paused first).' }],
    returns: 'State',
    doc: 'Pause and take n fixed steps at once; stops early at a halt.',
  },
} as const satisfies Record<string, MethodSpec>;

export type MethodName = keyof typeof METHODS;

/** The TypeScript type of an argument of a JSON type. */
type TsType<T> = T extends 'string' ? string : T extends 'number' | 'integer' ? number : T extends 'number-or-string' ? number | string : never;
type ArgTuple<A> = { -readonly [I in keyof A]: A[I] extends { readonly type: infer T } ? TsType<T> : never };

/** The methods as functions (the element's, element/lgvci-element.ts), their parameters from the declaration. */
export type ApiMethods = {
  [K in MethodName]: (...args: ArgTuple<(typeof METHODS)[K]['args']>) => ApiResult;
};

export const EVENTS = {
  ready: { detail: { version: 'integer', fields: 'string[]' }, doc: 'The simulator is mounted (again after an attribute change) and answers calls.' },
  step: { detail: { t: 'number', steps: 'integer', impacts: 'integer', energy: 'number' }, doc: 'The run advanced: at most once per animation frame, with the last state.' },
  impact: { detail: { t: 'number', point: 'number[3]', impulse: 'number' }, doc: "An impact: its time, contact point (the core's impact record's point) and impulse λ, in the order of the core's records; at most 256 a frame, the rest in the next frames." },
  halt: { detail: { t: 'number', status: 'string', message: 'string' }, doc: "The run halted (the core's status and its words); reset or set a field to go on." },
} as const satisfies Record<string, EventSpec>;

export type EventName = keyof typeof EVENTS;

/** An error answer: which argument or field, and the rule it broke, in words. */
export interface ApiError {
  readonly field: string;
  readonly message: string;
}

export type ApiResult<T = unknown> = { ok: true; value: T } | { ok: false; error: ApiError };

/**
 * The arguments of a call checked against the declaration: the method exists, the count matches, each
 * has its type and range. Returns the error naming the argument and the rule, or null.
 */
export function checkCall(method: unknown, args: unknown): ApiError | null {
  if (typeof method !== 'string' || !Object.prototype.hasOwnProperty.call(METHODS, method)) {
    return { field: 'method', message: `must be one of ${Object.keys(METHODS).join(', ')} (got ${JSON.stringify(String(method)).slice(0, 62)})` };
  }
  const spec: MethodSpec = METHODS[method as MethodName];
  if (!Array.isArray(args)) return { field: 'args', message: 'must be an array' };
  if (args.length !== spec.args.length) {
    return { field: 'args', message: `${method} takes ${spec.args.length} argument${spec.args.length === 1 ? '' : 's'} (${spec.args.map((a) => a.name).join(', ') || 'none'}), got ${args.length}` };
  }
  for (let i = 0; i < spec.args.length; i++) {
    const a = spec.args[i]!;
    const v: unknown = args[i];
    const isNumber = typeof v === 'number' && Number.isFinite(v);
    switch (a.type) {
      case 'string':
        if (typeof v !== 'string') return { field: a.name, message: 'must be a string' };
        break;
      case 'number-or-string':
        if (!isNumber && typeof v !== 'string') return { field: a.name, message: 'must be a finite number or a string' };
        break;
      case 'number':
      case 'integer':
        if (!isNumber) return { field: a.name, message: 'must be a finite number' };
        if (a.type === 'integer' && !Number.isInteger(v)) return { field: a.name, message: 'must be a whole number' };
        if (a.min !== undefined && (v as number) < a.min) return { field: a.name, message: `must be at least ${a.min}` };
        if (a.max !== undefined && (v as number) > a.max) return { field: a.name, message: `must be at most ${a.max}` };
        break;
    }
  }
  return null;
}

/** The protocol as published (dist/api.json, docs/api.json): version, methods, events, message shapes. */
export function apiDescription(): unknown {
  return {
    name: 'lgvci-host-api',
    version: API_VERSION,
    element: {
      tag: 'lgvci-sim',
      methods: 'each method below, on the element; it returns ApiResult',
      events: 'each event below as a DOM CustomEvent "lgvci-<name>" with the event\'s fields as its detail',
    },
    iframe: {
      allowOrigins: 'the page\'s address key api-origins: origins separated by commas, e.g. api-origins=https://course.example.org',
      request: '{ lgvci: version, id: string | number, method: string, args: array }',
      reply: '{ lgvci: version, id, ok: true, value } | { lgvci: version, id, ok: false, error: { field, message } }',
      event: '{ lgvci: version, event: string, detail: object }',
    },
    result: '{ ok: true, value } | { ok: false, error: { field, message } }',
    methods: Object.fromEntries(Object.entries(METHODS).map(([k, m]) => [k, { args: m.args, returns: m.returns, doc: m.doc }])),
    events: EVENTS,
  };
}

/** dist/api.json's text (and docs/api.json's): the description, two-space indented, with a final newline. */
export function apiJsonText(): string {
  return `${JSON.stringify(apiDescription(), null, 2)}\n`;
}
