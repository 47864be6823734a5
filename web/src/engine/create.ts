// The one place where an embind Simulation is constructed. An invalid config comes back as a value
// (the core's "<field>: <rule>" message), never as a thrown number or an aborted module; callers own
// the returned object and must delete() it.
import type { LgvciModule, Simulation } from './lgvci_wasm';

export type Created = { ok: true; sim: Simulation } | { ok: false; message: string };

export function createSimulation(engine: LgvciModule, configJson: string): Created {
  const message = engine.validateConfig(configJson);
  if (message) return { ok: false, message };
  return { ok: true, sim: new engine.Simulation(configJson) };
}

/** createSimulation that throws an Error with the core's message for an invalid config. */
export function createSimulationOrThrow(engine: LgvciModule, configJson: string): Simulation {
  const r = createSimulation(engine, configJson);
  if (!r.ok) throw new Error(r.message);
  return r.sim;
}
