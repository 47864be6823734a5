// The momentum maps of a run and their drift (docs/momentum-maps.md): the conserved quantities of the
// symmetries each family declares (Simulation::momentumMapLayout(); Tran & Leok's and Fetecau et al.'s
// discrete Noether theorem), measured over the steps of a run.
#pragma once

#include <string>
#include <vector>

#include "lgvci/core/simulation.hpp"

namespace lgvci {

/// The momentum maps of `sim` now, momentumMapLayout().size() values.
std::vector<double> momentumMaps(const Simulation& sim);

/// The drift of every momentum map over a run: max over its steps k of |J(k) − J(0)|.
struct MomentumMapDrift {
  std::vector<std::string> names;
  std::vector<double> initial;   // J(0)
  std::vector<double> maxDrift;  // absolute
  long long steps = 0;           // steps taken (fewer than asked when the run halted)
  long long impacts = 0;         // impacts in them
};

/// Follows the momentum maps of a run step by step, without allocating per step.
class MomentumMapTracker {
 public:
  /// Starts at the current state of `sim`.
  explicit MomentumMapTracker(const Simulation& sim);
  /// After a step of the same simulation.
  void observe(const Simulation& sim);
  const MomentumMapDrift& drift() const { return drift_; }

 private:
  MomentumMapDrift drift_;
  std::vector<double> now_;
  long long impacts0_ = 0;
};

/// Steps `sim` `steps` times from its current state (stopping if it halts) and measures the drift.
MomentumMapDrift measureMomentumMapDrift(Simulation& sim, long long steps);

/// {"names": […], "max_drift": […], "initial": […], "steps": N, "impacts": K}.
std::string momentumMapDriftJson(const MomentumMapDrift& d);
/// One line per momentum map ("none" for a run without one), for the CLI's text output.
std::string momentumMapDriftText(const MomentumMapDrift& d);

}  // namespace lgvci
