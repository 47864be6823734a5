// The toy family (toy_family.cpp), registered from outside the library, through the core's generic
// machinery: its bounce times against the closed form t_k = (2k + 1)·√(2 y0 / g), a restart from a
// state (setState), an ensemble along its generic perturbation "y", and the reverse check. Prints one
// line per check and exits 1 on the first that fails.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <lgvci/lgvci.hpp>

#include "toy_family.hpp"

namespace {

int failed = 0;

void check(bool ok, const std::string& what) {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
  if (!ok) ++failed;
}

}  // namespace

int main() {
  toy::registerToyFamily();
  lgvci::SystemResult made = lgvci::System::create(R"({"model": "toy_ball", "y0": 2, "h": 0.01})");
  if (!made.ok()) return std::fprintf(stderr, "%s\n", made.error.message.c_str()), 1;
  const lgvci::System& system = *made.system;
  check(system.family().name == "toy_ball", "the registry knows the family");

  // Bounce times against the closed form.
  auto run = system.newRun();
  std::vector<double> times;
  for (int k = 0; k < 1000; ++k) {
    run->step();
    for (const lgvci::ImpactEvent& e : run->impactLog()) times.push_back(e.t);
    run->clearImpactLog();
  }
  double worst = 0.0;
  for (std::size_t k = 0; k < times.size(); ++k)
    worst = std::max(worst, std::abs(times[k] - (2.0 * static_cast<double>(k) + 1.0) * std::sqrt(2.0 * 2.0 / 9.81)));
  check(times.size() == 8 && worst < 1e-12, "8 bounces in 10 s at the closed-form times (worst error " + std::to_string(worst) + ")");

  // A restart from the state after 1000 steps continues as the run does.
  auto restarted = system.newRun(run->record());
  auto copy = run->clone();
  for (int k = 0; k < 500; ++k) {
    restarted->step();
    copy->step();
  }
  check(restarted->record() == copy->record(), "setState: the run from a state continues bit for bit");

  // An ensemble along the family's first perturbation (a shift of y, from its reversal fields).
  lgvci::EnsembleSpec spec;
  spec.config = system.configJson();
  spec.members = 16;
  spec.steps = 500;
  spec.samples = 5;
  spec.size = 1e-3;
  const lgvci::Ensemble ensemble(spec);
  const lgvci::EnsembleStatistics stats = lgvci::ensembleStatistics(ensemble, lgvci::runEnsemble(ensemble));
  check(ensemble.spec().kind == "y" && stats.members == 16 && stats.halted == 0, "an ensemble of 16 members along 'y'");

  // Time reversal: the exact flow returns to the start.
  auto back = system.newRun();
  const lgvci::ReverseCheck rc = lgvci::runReverseCheck(*back, 300);
  check(rc.distances.size() == 2 && rc.distances[0].value < 1e-9, "the reverse check returns to the start");

  // Bad input is a value naming the field.
  const lgvci::SimulationResult bad = lgvci::createSimulation(R"({"model": "toy_ball", "y0": -1})");
  check(!bad.ok() && bad.error.message == "y0: must be in [0, 100]", "a bad config is refused naming the field");
  return failed ? 1 : 0;
}
