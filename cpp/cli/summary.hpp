// A finished run's summary: the text or the JSON object on stdout (docs/cli.md "--json"), and on
// stderr what a run that ends "ok" must not hide (the Zeno guard, a halt, the cap of --until-impacts).
#pragma once

#include <string>

#include "lgvci/claims/momentum_maps.hpp"
#include "lgvci/core/run.hpp"
#include "lgvci/core/simulation.hpp"
#include "options.hpp"

namespace lgvci::cli {

/// What the run's flags added to it; empty strings (and no drift) when not asked for.
struct RunExtras {
  std::string reverseJson;                     // --reverse-check
  const MomentumMapDrift* momentum = nullptr;  // --momentum-maps
  std::string symplecticJson, symplecticLine;  // --symplecticity
  std::string jacobianJson, jacobianLine;      // --jacobian
  std::string lyapunovJson, lyapunovLine;      // --lyapunov
};

/// Writes the summary of `sim` after `done` (E0 its initial energy).
void printRunSummary(const Simulation& sim, const RunSummary& done, double E0, const CliOptions& o, const RunExtras& extras);

}  // namespace lgvci::cli
