// Tran & Leok's Case IV (the cube) for 1000 steps through the façade; prints the time,
// the impacts, the energy and the state hash (the CLI's "state_hash" of `lgvci --case IV --steps 1000`).
#include <cstdio>

#include <lgvci/lgvci.hpp>

int main() {
  lgvci::SimulationResult created = lgvci::createSimulation(lgvci::presetJson("IV"));
  if (!created.ok()) return std::fprintf(stderr, "%s\n", created.error.message.c_str()), 2;
  lgvci::Simulation& sim = *created.simulation;
  for (int k = 0; k < 1000 && !sim.runStatus().halted; ++k) sim.step();  // Algorithm 5.2, one step of h each
  const lgvci::RunStatus run = sim.runStatus();  // time, counts and the last step's status, in one value
  if (run.halted) return std::fprintf(stderr, "%s\n", run.message.c_str()), 1;
  std::printf("lgvci %s\ntime %.6f\nimpacts %lld\nenergy %.17g\nstate_hash %s\n", lgvci::version(), run.time, run.impacts,
              sim.energies().energy, sim.stateHashHex().c_str());
}
