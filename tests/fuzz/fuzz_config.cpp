// libFuzzer harness (issue 8): the configuration parser, the integrator's construction and a few
// hundred steps. Every input must end in exactly one of
//   - rejected: an InvalidInput whose what() is "<field>: <rule>", both non-empty and printable;
//   - accepted: every state finite and time advanced after the steps, or a Newton failure that the
//     integrator reports (a message, the state unchanged and finite), and toJson(def) parses back;
// anything else (a crash, another exception, a sanitizer report, a hang past -timeout) is a finding.
// Built with -fsanitize=fuzzer (CMake option LGVCI_FUZZ) or with replay_main.cpp as a plain ctest.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "lgvci/config.hpp"

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

bool finite(const State& s) {
  return std::isfinite(s.t) && s.x.allFinite() && s.R.allFinite() && s.gamma.allFinite() && s.Pi.allFinite();
}

constexpr int kSteps = 300;          // "a few hundred steps"
constexpr int kMaxImpactsPerStep = 16;  // bounded work per input: the Zeno guard's budget is capped

}  // namespace

// Outcome counts, printed by replay_main.cpp.
namespace lgvci_fuzz {
long accepted = 0, rejected = 0, halted = 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  SimulationDef def;
  try {
    def = parseConfig(text);
    def.integrator.maxImpactsPerStep = std::min(def.integrator.maxImpactsPerStep, kMaxImpactsPerStep);
    HybridIntegrator sim = makeIntegrator(def);
    const double t0 = sim.state().t;
    if (!finite(sim.state()) || !std::isfinite(sim.energy().total)) violated("accepted start is finite", text);
    for (int k = 0; k < kSteps; ++k) {
      const State before = sim.state();
      const StepReport r = sim.step();
      if (r.status == StepStatus::NewtonFailed) {  // reported, halted, nothing half-done
        if (sim.statusMessage().empty()) violated("a Newton failure has a message", text);
        if (!finite(sim.state()) || sim.state().t != before.t) violated("a Newton failure leaves the state", text);
        ++lgvci_fuzz::halted;
        break;
      }
      if (!finite(sim.state()) || !std::isfinite(sim.energy().total) || !std::isfinite(sim.phi()))
        violated("accepted run stays finite", "step " + std::to_string(k) + ": " + text);
      if (sim.state().t < before.t) violated("time never goes back", text);
    }
    if (sim.status() != StepStatus::NewtonFailed && !(sim.state().t > t0))
      violated("time advances", "t = " + std::to_string(sim.state().t) + ": " + sim.statusMessage() + ": " + text);
    (void)parseConfig(toJson(def));  // what was accepted can be written and read back
    ++lgvci_fuzz::accepted;
  } catch (const InvalidInput& e) {
    const std::string what = e.what(), field = e.field();
    if (field.empty() || what.size() <= field.size() + 2 || what.compare(0, field.size() + 2, field + ": ") != 0)
      violated("a rejection names a field and a rule", what);
    if (what.size() != std::strlen(e.what()) || !printableAscii(field))
      violated("a rejection's message is printable", what);
    ++lgvci_fuzz::rejected;
  }
  return 0;
}
