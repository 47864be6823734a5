// libFuzzer harness: the configuration parser of every model family (through the façade
// createSimulation, as the CLI and the WebAssembly module use it), construction and a few hundred
// steps. Every input must end in exactly one of
//   - rejected: an error value whose message is "<field>: <rule>", both non-empty and printable, in
//     the project's words (never the JSON library's "[json.exception...]" text);
//   - accepted: configJson() replays, and every step either ends on the grid, t = t0 + k h exactly,
//     with every record finite, or halts the run with a non-ok status and a message (a Newton
//     failure, the work limit, a Zeno cascade it cannot resolve), the state unchanged and finite;
//     each step's work is within its bounds: HybridDriver's kMaxFlowsPerStep flow evaluations and
//     kStepWorkBudget work units (lgvci/core/work.hpp); the run stops after kSteps steps or once it
//     has used kRunFlows flow evaluations or kRunWork work units, whichever comes first, so an input's
//     time is bounded well inside -timeout under ASan whatever it asks for (docs/validation.md);
// anything else (a crash, an exception, a sanitizer report, a hang past -timeout) is a finding.
// Built with -fsanitize=fuzzer (CMake option LGVCI_FUZZ) or with replay_main.cpp as a plain ctest.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lgvci/core/simulation.hpp"
#include "lgvci/core/work.hpp"
#include "lgvci/rigid_body/rigid_body_model.hpp"

namespace {

using namespace lgvci;

[[noreturn]] void violated(const char* property, const std::string& detail) {
  std::fprintf(stderr, "fuzz property violated: %s: %s\n", property, detail.c_str());
  std::abort();
}

bool printableAscii(const std::string& s) {
  for (const char c : s)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) return false;
  return true;
}

bool finite(const Simulation& sim) {
  for (const double v : sim.record())
    if (!std::isfinite(v)) return false;
  return std::isfinite(sim.energies().energy) && std::isfinite(sim.minPhi());
}

constexpr int kSteps = 300;             // "a few hundred steps"
constexpr int kMaxImpactsPerStep = 16;  // bounded work per input: the Zeno guard's budget is capped
constexpr long long kMaxFlowsPerStep = HybridDriver<RigidBodyModel>::kMaxFlowsPerStep;
// The run's work budget: 300 steps at kMaxFlowsPerStep would be 2.5·10^6 flows, about a minute under
// ASan + coverage (~25 µs a flow for a billiard step with ~50 impacts), past the 10-s -timeout; 5·10^4
// flows (plus at most one step's) is about a second there on a quiet machine.
constexpr long long kRunFlows = 50000;
// And in work units: a composite body's support points (an intersection's dual solve, a union's parts)
// are charged beside the flows; 4·10^6 units (plus at most one step's kStepWorkBudget) is about a
// second under ASan + coverage for the costliest units (an intersection's ascent iterations).
constexpr long long kRunWork = 4000000;

// The accepted configuration, replayed from its own resolved JSON with the Zeno budget capped.
SimulationResult cappedReplay(const Simulation& sim) {
  nlohmann::json j = nlohmann::json::parse(sim.configJson());
  if (j.contains("max_impacts_per_step") && j["max_impacts_per_step"].get<double>() > kMaxImpactsPerStep)
    j["max_impacts_per_step"] = kMaxImpactsPerStep;
  return createSimulation(j.dump());
}

}  // namespace

// Outcome counts, printed by replay_main.cpp ("halted": a reported Newton failure, work limit or
// unresolved Zeno cascade).
namespace lgvci_fuzz {
long accepted = 0, rejected = 0, halted = 0, workCapped = 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  SimulationResult created = createSimulation(text);
  if (!created.ok()) {
    const std::string& what = created.error.message;
    const std::string& field = created.error.field;
    if (field.empty() || what.size() <= field.size() + 2 || what.compare(0, field.size() + 2, field + ": ") != 0)
      violated("a rejection names a field and a rule", what);
    if (what.find('\0') != std::string::npos || !printableAscii(field))
      violated("a rejection's message is printable", what);
    // The library's text leaked, unless the input itself carried those words (a key may be named so).
    if (what.find("json.exception") != std::string::npos && text.find("json.exception") == std::string::npos)
      violated("a rejection is in the project's words", what);
    ++lgvci_fuzz::rejected;
    return 0;
  }
  SimulationResult replay = cappedReplay(*created.simulation);  // what was accepted replays
  if (!replay.ok()) violated("an accepted configuration replays", replay.error.message + ": " + text);
  Simulation& sim = *replay.simulation;
  const double t0 = sim.runStatus().time;
  if (!finite(sim)) violated("accepted start is finite", text);
  const double h = sim.info().h;
  const long long flowsAtStart = sim.runStatus().flowEvaluations;
  const long long workAtStart = sim.runStatus().workUnits;
  for (int k = 1; k <= kSteps; ++k) {
    if (sim.runStatus().flowEvaluations - flowsAtStart >= kRunFlows || sim.runStatus().workUnits - workAtStart >= kRunWork) {
      ++lgvci_fuzz::workCapped;  // accepted, with fewer steps checked
      break;
    }
    const double before = sim.runStatus().time;
    const long long flowsBefore = sim.runStatus().flowEvaluations;
    const long long workBefore = sim.runStatus().workUnits;
    const StepReport r = sim.step();
    if (sim.runStatus().flowEvaluations - flowsBefore > kMaxFlowsPerStep) violated("a step's work is bounded", text);
    if (sim.runStatus().workUnits - workBefore > kStepWorkBudget) violated("a step's work stays within the budget", text);
    if (sim.runStatus().status == StepStatus::WorkLimit && !sim.runStatus().halted) violated("a step out of work is halted", text);
    if (sim.runStatus().halted) {  // reported, halted, nothing half-done, at the last grid time
      if (r.status == StepStatus::Ok || sim.runStatus().status == StepStatus::Ok) violated("a halt has a non-ok status", text);
      if (sim.runStatus().message.empty()) violated("a halt has a message", text);
      if (!finite(sim) || sim.runStatus().time != before) violated("a halt leaves the state", text);
      ++lgvci_fuzz::halted;
      break;
    }
    if (!finite(sim)) violated("accepted run stays finite", "step " + std::to_string(k) + ": " + text);
    if (sim.runStatus().time != t0 + static_cast<double>(k) * h)
      violated("time on the grid or a non-ok status", "t = " + std::to_string(sim.runStatus().time) + " after " + std::to_string(k) + " steps: " + text);
  }
  ++lgvci_fuzz::accepted;
  return 0;
}
