// libFuzzer harness (issue 8): the configuration parser of every model family (through the façade
// createSimulation, as the CLI and the WebAssembly module use it), construction and a few hundred
// steps. Every input must end in exactly one of
//   - rejected: an error value whose message is "<field>: <rule>", both non-empty and printable;
//   - accepted: every record finite and time advanced after the steps, or a Newton failure that the
//     integrator reports (a message, the state unchanged and finite), and configJson() replays;
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
  return std::isfinite(sim.energy()) && std::isfinite(sim.minPhi());
}

constexpr int kSteps = 300;             // "a few hundred steps"
constexpr int kMaxImpactsPerStep = 16;  // bounded work per input: the Zeno guard's budget is capped

// The accepted configuration, replayed from its own resolved JSON with the Zeno budget capped.
SimulationResult cappedReplay(const Simulation& sim) {
  nlohmann::json j = nlohmann::json::parse(sim.configJson());
  if (j.contains("max_impacts_per_step") && j["max_impacts_per_step"].get<double>() > kMaxImpactsPerStep)
    j["max_impacts_per_step"] = kMaxImpactsPerStep;
  return createSimulation(j.dump());
}

}  // namespace

// Outcome counts, printed by replay_main.cpp.
namespace lgvci_fuzz {
long accepted = 0, rejected = 0, halted = 0;
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
    ++lgvci_fuzz::rejected;
    return 0;
  }
  SimulationResult replay = cappedReplay(*created.simulation);  // what was accepted replays
  if (!replay.ok()) violated("an accepted configuration replays", replay.error.message + ": " + text);
  Simulation& sim = *replay.simulation;
  const double t0 = sim.time();
  if (!finite(sim)) violated("accepted start is finite", text);
  for (int k = 0; k < kSteps; ++k) {
    const double before = sim.time();
    const StepReport r = sim.step();
    if (r.status == StepStatus::NewtonFailed) {  // reported, halted, nothing half-done
      if (sim.statusMessage().empty()) violated("a Newton failure has a message", text);
      if (!finite(sim) || sim.time() != before) violated("a Newton failure leaves the state", text);
      ++lgvci_fuzz::halted;
      break;
    }
    if (!finite(sim)) violated("accepted run stays finite", "step " + std::to_string(k) + ": " + text);
    if (sim.time() < before) violated("time never goes back", text);
  }
  if (sim.status() != StepStatus::NewtonFailed && !(sim.time() > t0))
    violated("time advances", "t = " + std::to_string(sim.time()) + ": " + sim.statusMessage() + ": " + text);
  ++lgvci_fuzz::accepted;
  return 0;
}
