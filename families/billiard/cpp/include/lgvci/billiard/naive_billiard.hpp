// The billiard's naive baseline (docs/baselines.md "The naive baseline"): symplectic Euler in flight,
// reflection and push-back at the wall at the end of a step (lgvci/vci/naive_step.hpp).
#pragma once

#include <string>
#include <vector>

#include "lgvci/billiard/billiard_config.hpp"
#include "lgvci/core/naive_driver.hpp"
#include "lgvci/vci/naive_step.hpp"

namespace lgvci {

/// The billiard's naive step (n = 2, M = mI, V = m g y), a model of NaiveDriver.
class NaiveBilliardModel {
 public:
  using State = GeneralizedState;
  explicit NaiveBilliardModel(BilliardModel geometry);

  bool flight(const State& s, double h, State& out);
  int resolve(State& s, std::vector<ImpactEvent>& events);
  std::string failureMessage(double t) const;

  double phi(const State& s) const { return geometry_.phi(s); }
  double hamiltonian(const State& s) const { return geometry_.hamiltonian(s); }

 private:
  BilliardModel geometry_;
  MatX Minv_;
  Potential V_;
  std::string failure_;
};

/// Validates like makeBilliardDriver (throws InvalidInput naming the field) and builds the naive run
/// from the same start.
NaiveDriver<NaiveBilliardModel> makeNaiveBilliardDriver(const BilliardDef& def);

}  // namespace lgvci
