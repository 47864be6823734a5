// A run of one config (docs/cli.md "Command-line program"), its perturbations, or its order study.
#include <chrono>
#include <cstdio>
#include <functional>
#include <iostream>
#include <optional>

#include "errors.hpp"
#include "lgvci/claims/momentum_maps.hpp"
#include "lgvci/claims/order_study.hpp"
#include "lgvci/claims/symplecticity.hpp"
#include "lgvci/core/interrupt.hpp"
#include "lgvci/core/jacobian.hpp"
#include "lgvci/core/json_bounds.hpp"
#include "lgvci/core/run.hpp"
#include "lgvci/core/simulation.hpp"
#include "lgvci/core/text.hpp"
#include "modes.hpp"
#include "output.hpp"
#include "progress.hpp"
#include "summary.hpp"

namespace lgvci::cli {

using nlohmann::json;

namespace {

// --perturbations (docs/ensembles.md "Perturbations").
int listPerturbations(const Simulation& sim, bool asJson) {
  json list = json::array();
  for (const Perturbation& p : sim.perturbations()) {
    list.push_back({{"name", p.name},
                    {"description", p.description},
                    {"field", p.field},
                    {"component", p.component},
                    {"op", p.op == Perturbation::Op::Shift ? "shift" : "turn"}});
    if (!asJson) std::printf("%-12s %s\n", p.name.c_str(), p.description.c_str());
  }
  if (asJson) std::cout << json{{"perturbations", list}}.dump() << "\n";
  flushStdout();
  return 0;
}

}  // namespace

int runOrderStudyMode(const CliOptions& o, const json& base) {  // a run that halts is exit 1
  OrderStudyResult r;
  try {
    r = runOrderStudy(base.dump(), o.stepsGiven ? o.steps : 0);
  } catch (const Interrupted&) {  // Ctrl-C: exit 130 (main.cpp), not a failed study
    throw;
  } catch (const std::runtime_error& e) {
    throw RunError(e.what());
  }
  std::cout << (o.asJson ? "{\"order_study\":" + orderStudyJson(r) + "}\n" : orderStudyText(r));
  flushStdout();
  return 0;
}

int runSingle(const CliOptions& o, const json& base) {
  SimulationResult created = createSimulation(base.dump());
  if (!created.ok()) {  // the core's message as a value: "<field>: <rule>"
    std::cerr << "lgvci: invalid input: " << created.error.message << "\n";
    return 2;
  }
  Simulation& sim = *created.simulation;
  if (o.listPerturbations) return listPerturbations(sim, o.asJson);

  std::optional<CsvWriter> csv;
  if (!o.csvPath.empty()) csv.emplace(sim, o.csvPath);
  const double E0 = sim.energies().initial;
  const double t0 = sim.runStatus().time;
  // --momentum-maps: their drift followed along this run (docs/momentum-maps.md).
  std::optional<MomentumMapTracker> momentum;
  if (o.momentumMaps) momentum.emplace(sim);
  // The loop shared with the Python module (lgvci/core/run.hpp); a callback after each step only when
  // there is something to do there (a CSV row, the momentum maps, progress), not a call per step for nothing.
  long long nextProgressCheck = sim.runStatus().workUnits + kProgressCheckWork;
  auto lastProgress = std::chrono::steady_clock::now();
  std::function<void(Simulation&)> afterStep;
  if (momentum || csv || gProgress.on)
    afterStep = [&](Simulation& s) {
      if (momentum) momentum->observe(s);
      if (csv) csv->writeRow(s);
      if (gProgress.on && s.runStatus().workUnits >= nextProgressCheck) {  // a long run says where it is (docs/cli.md "Long runs")
        nextProgressCheck = s.runStatus().workUnits + kProgressCheckWork;
        const auto now = std::chrono::steady_clock::now();
        if (std::chrono::duration<double>(now - lastProgress).count() >= gProgress.interval) {
          lastProgress = now;
          const RunStatus at = s.runStatus();
          std::cerr << "lgvci: step " << at.steps << " of " << o.steps << " (t = " << formatNumber(at.time) << ", " << at.impacts
                    << " impacts)\n";
        }
      }
    };
  const RunSummary runDone = runSteps(sim, o.steps, o.untilImpacts, afterStep);
  const long long done = runDone.steps;
  if (csv) csv->close();
  if (runDone.interrupted) {  // Ctrl-C: stopped between two steps; nothing is printed as if it had finished
    std::cerr << "lgvci: interrupted (SIGINT) after " << done << " of " << o.steps
              << " steps, at t = " << formatNumber(sim.runStatus().time);
    if (csv)
      std::cerr << "; '" << printable(csv->path()) << "' holds the start and those " << done << " steps, " << csv->rowsWritten()
                << " whole rows";
    std::cerr << "; no summary is printed\n";
    return kExitInterrupted;
  }
  requireFiniteResult(sim, t0, E0, runDone.maxAbsEnergyError, done);

  RunExtras extras;
  if (o.reverseSteps > 0) {  // a second run from the same config, so the main run's output is unchanged
    SimulationResult again = createSimulation(base.dump());
    if (!again.ok()) {
      std::cerr << "lgvci: invalid input: " << again.error.message << "\n";
      return 2;
    }
    extras.reverseJson = reverseCheckJson(runReverseCheck(*again.simulation, o.reverseSteps));
  }
  if (o.symplecticSamples > 0) {  // from the config's start, over the same steps: the main run's output is unchanged
    SimulationResult again = createSimulation(base.dump());
    if (!again.ok()) throw InvalidInput(again.error.field, again.error.message.substr(again.error.message.find(": ") + 2));
    extras.symplecticJson =
        symplecticityClaimJson(*again.simulation, o.steps, o.symplecticSamples, &extras.symplecticLine);  // with the bounce map's loop
  }
  if (o.jacobian || o.lyapunov) {  // from the config's start, over the same steps (docs/jacobians.md)
    const auto fresh = [&] {
      SimulationResult again = createSimulation(base.dump());
      if (!again.ok()) throw InvalidInput(again.error.field, again.error.message.substr(again.error.message.find(": ") + 2));
      return std::move(again.simulation);
    };
    try {
      if (o.jacobian) {
        const TangentMap map = runTangentMap(*fresh(), o.steps);
        extras.jacobianJson = tangentMapJson(map);
        extras.jacobianLine = concat(map.dimension(), "x", map.dimension(), " over ", map.steps, " steps, det ",
                                     formatNumber(tangentDeterminant(map)), ", symplecticity defect ",
                                     formatNumber(tangentSymplecticDefect(map)));
      }
      if (o.lyapunov) {
        const LyapunovSpectrum spectrum = lyapunovExponents(*fresh(), o.steps);
        extras.lyapunovJson = lyapunovJson(spectrum);
        std::string list;
        for (double x : spectrum.exponents) list += (list.empty() ? "" : ", ") + formatNumber(x);
        extras.lyapunovLine = concat("[", list, "] per unit time over t = ", formatNumber(spectrum.t - spectrum.t0));
      }
    } catch (const std::domain_error& e) {  // a step where the map is not differentiable: a property of the run
      throw RunError(std::string(o.jacobian && extras.jacobianJson.empty() ? "--jacobian" : "--lyapunov") + ": " + e.what());
    }
  }
  if (momentum) extras.momentum = &momentum->drift();
  printRunSummary(sim, runDone, E0, o, extras);
  flushStdout();
  return sim.runStatus().halted ? 1 : 0;
}

}  // namespace lgvci::cli
