// The exact step Jacobian measured (docs/jacobians.md "Measured", written by scripts/figures.py, which names
// the set-ups): for each config, the largest disagreement with central differences on flight, single- and
// multi-impact steps, each step's exact symplecticity defect, det and the defect of the run's tangent map,
// and the cost of a step with its Jacobian against a plain step. JSON on stdout, one object per config.
//
//   lgvci_jacobian_report [--steps N] [--repeat R] [--no-timing] (--run CONFIG STEPS)...
//       the report over STEPS steps of each config (timing: wall time, the fastest of R runs of N steps)
//   lgvci_jacobian_report --cost CONFIG N plain|jacobian
//       N steps, for an instruction count under Callgrind (scripts/figures.py --callgrind)
//   lgvci_jacobian_report --matrix CONFIG N
//       the tangent map of N steps as JSON {"coordinates", "matrix"} (tests/web/unit/jacobian.test.ts)
//   lgvci_jacobian_report --lyapunov CONFIG N
//       the finite-time Lyapunov exponents of N steps as JSON {"exponents", "t"}
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "lgvci/claims/jacobian_check.hpp"
#include "lgvci/core/extensions.hpp"
#include "lgvci/core/jacobian.hpp"
#include "lgvci/core/simulation.hpp"

namespace {

using namespace lgvci;

std::unique_ptr<Simulation> make(const std::string& config) {
  SimulationResult r = createSimulation(config);
  if (!r.ok()) {
    std::fprintf(stderr, "%s: %s\n", config.c_str(), r.error.message.c_str());
    std::exit(2);
  }
  return std::move(r.simulation);
}

// Seconds per step of `steps` steps from the start, plain or with the Jacobian: the fastest of `repeat` runs.
double secondsPerStep(const std::string& config, long long steps, int repeat, bool jacobian) {
  double best = 1e300;
  for (int k = 0; k < repeat; ++k) {
    std::unique_ptr<Simulation> sim = make(config);
    const auto t0 = std::chrono::steady_clock::now();
    if (jacobian) {
      runTangentMap(*sim, steps, [](const Simulation& s, const double*) { const_cast<Simulation&>(s).clearImpactLog(); });
    } else {
      for (long long i = 0; i < steps; ++i) {
        sim->step();
        sim->clearImpactLog();
      }
    }
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best / static_cast<double>(steps);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && !std::strcmp(argv[1], "--matrix")) {  // the run's tangent map as JSON (the WebAssembly test's reference)
    const long long n = std::atoll(argv[3]);
    if (n < 0) return 2;
    std::unique_ptr<Simulation> sim = make(argv[2]);
    std::printf("%s\n", tangentMapJson(runTangentMap(*sim, n)).c_str());
    return 0;
  }
  if (argc == 4 && !std::strcmp(argv[1], "--lyapunov")) {  // the finite-time spectrum of N steps as JSON
    const long long n = std::atoll(argv[3]);
    if (n < 1) return 2;
    std::unique_ptr<Simulation> sim = make(argv[2]);
    std::printf("%s\n", lyapunovJson(lyapunovExponents(*sim, n)).c_str());
    return 0;
  }
  if (argc == 5 && !std::strcmp(argv[1], "--cost")) {
    const long long n = std::atoll(argv[3]);
    if (n < 0) return 2;
    std::unique_ptr<Simulation> sim = make(argv[2]);
    if (!std::strcmp(argv[4], "jacobian")) {
      runTangentMap(*sim, n, [](const Simulation& s, const double*) { const_cast<Simulation&>(s).clearImpactLog(); });
    } else {
      for (long long i = 0; i < n; ++i) {
        sim->step();
        sim->clearImpactLog();
      }
    }
    std::printf("{\"impacts\": %lld, \"state_hash\": \"%s\"}\n", sim->runStatus().impacts, sim->stateHashHex().c_str());
    return 0;
  }
  long long steps = 2000;
  int repeat = 5;
  bool timing = true;
  std::vector<std::pair<std::string, long long>> configs;  // each with the steps of its survey and run
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--no-timing"))
      timing = false;
    else if (i + 1 < argc && !std::strcmp(argv[i], "--steps"))
      steps = std::atoll(argv[++i]);
    else if (i + 1 < argc && !std::strcmp(argv[i], "--repeat"))
      repeat = std::atoi(argv[++i]);
    else if (i + 2 < argc && !std::strcmp(argv[i], "--run")) {
      configs.push_back({argv[i + 1], std::atoll(argv[i + 2])});
      i += 2;
    } else {
      std::fprintf(stderr,
                   "usage: lgvci_jacobian_report [--steps N] [--repeat R] [--no-timing] (--run CONFIG STEPS)...\n"
                   "       lgvci_jacobian_report --cost CONFIG N plain|jacobian\n"
                   "       lgvci_jacobian_report --matrix CONFIG N\n"
                   "       lgvci_jacobian_report --lyapunov CONFIG N\n");
      return 2;
    }
  }
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [config, surveySteps] : configs) {
    {
      std::unique_ptr<Simulation> sim = make(config);
      const JacobianSurvey s = surveyStepJacobians(*sim, surveySteps, 3);
      std::unique_ptr<Simulation> run = make(config);
      double flightDefect = 0.0, impactDefect = 0.0;  // the largest of one step's, by kind
      const TangentMap J = runTangentMap(*run, surveySteps, [&](const Simulation& r, const double* step) {
        const double defect = symplecticDefect(step, static_cast<int>(r.extension<StepJacobian>()->jacobianCoordinates().size()));
        double& worst = r.impactLog().empty() ? flightDefect : impactDefect;
        worst = std::max(worst, defect);
        const_cast<Simulation&>(r).clearImpactLog();
      });
      double norm2 = 0.0;
      for (double v : J.matrix) norm2 += v * v;
      const double plain = timing ? secondsPerStep(config, steps, repeat, false) : 0.0;
      const double withJ = timing ? secondsPerStep(config, steps, repeat, true) : 0.0;
      out.push_back({{"config", nlohmann::json::parse(config)},
                     {"refused", s.refused},
                     {"flight", s.flight},
                     {"single", s.single},
                     {"multi", s.multi},
                     {"skipped", s.skipped},
                     {"worst", s.worst},
                     {"run_steps", surveySteps},
                     {"run_impacts", run->runStatus().impacts},
                     {"det_minus_1", tangentDeterminant(J) - 1.0},
                     {"defect", tangentSymplecticDefect(J)},
                     {"flight_step_defect", flightDefect},
                     {"impact_step_defect", impactDefect},
                     {"norm2", norm2},
                     {"plain_ns", plain * 1e9},
                     {"jacobian_ns", withJ * 1e9},
                     {"ratio", timing ? withJ / plain : 0.0}});
      std::fprintf(stderr, "%s: worst %.2e, det-1 %.2e, defect %.2e, cost ratio %.2f\n", config.c_str(), s.worst,
                   tangentDeterminant(J) - 1.0, tangentSymplecticDefect(J), timing ? withJ / plain : 0.0);
    }
  }
  std::printf("%s\n", out.dump(1).c_str());
  return 0;
}
