// The one place where an embind simulation is constructed (the module's createSimulation façade). An
// invalid config comes back as a value with the core's "<field>: <rule>" message; nothing but an
// Error ever reaches callers (a constructor that throws would surface as a bare number). Callers
// own the returned object and must delete() it.
import type { HybridSimulation, LgvciModule } from './lgvci_wasm';

export type Created = { ok: true; sim: HybridSimulation } | { ok: false; field: string; message: string };

export function createSimulation(engine: LgvciModule, configJson: string): Created {
  let r: ReturnType<LgvciModule['createSimulation']>;
  try {
    r = engine.createSimulation(configJson);
  } catch (e) {
    // The façade returns errors as values; anything thrown here is a bug of the module, reported as
    // an Error with what can be said about it (a bare number is an exception pointer).
    const what = e instanceof Error ? e.message : `the engine threw ${typeof e} ${String(e)}`;
    return { ok: false, field: 'config', message: `config: the engine failed (${what})` };
  }
  if (r.sim) return { ok: true, sim: r.sim };
  return { ok: false, field: r.error.field, message: r.error.message };
}

/** createSimulation that throws an Error with the core's message for an invalid config. */
export function createSimulationOrThrow(engine: LgvciModule, configJson: string): HybridSimulation {
  const r = createSimulation(engine, configJson);
  if (!r.ok) throw new ConfigError(r.field, r.message);
  return r.sim;
}

/** An invalid config: `field` is the core's field name, `message` "<field>: <rule>". */
export class ConfigError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = 'ConfigError';
    this.field = field;
  }
}
