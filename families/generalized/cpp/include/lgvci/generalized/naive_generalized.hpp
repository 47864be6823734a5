// The naive baseline of the generalized models (docs/baselines.md "The naive baseline"): symplectic
// Euler in flight, reflection and push-back at the end of a step (lgvci/vci/naive_step.hpp) over the
// model's constraints.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "lgvci/core/naive_driver.hpp"
#include "lgvci/generalized/generalized_config.hpp"
#include "lgvci/vci/naive_step.hpp"

namespace lgvci {

/// The generalized models' naive step, a model of NaiveDriver. The constant system is the VCI model's
/// (φ, H and M⁻¹ are read from it; its flow and jump are not used).
class NaiveGeneralizedModel {
 public:
  using State = GeneralizedState;
  explicit NaiveGeneralizedModel(GeneralizedModel geometry) : geometry_(std::move(geometry)) {}

  bool flight(const State& s, double h, State& out);
  int resolve(State& s, std::vector<ImpactEvent>& events);
  std::string failureMessage(double t) const;

  double phi(const State& s) const { return geometry_.phi(s); }
  double hamiltonian(const State& s) const { return geometry_.hamiltonian(s); }
  const MatX& inverseMass() const { return geometry_.inverseMass(); }
  /// The rest truncation is the VCI's (simultaneous_impacts.cpp); the naive baseline has none.
  long long restTruncations() const { return 0; }
  double truncatedMomentum() const { return 0.0; }
  void resetStatistics() {}

 private:
  GeneralizedModel geometry_;
  std::string failure_;
};

/// Validates like makeGeneralizedDriver (throws InvalidInput naming the field) and builds the naive run
/// from the same start.
NaiveDriver<NaiveGeneralizedModel> makeNaiveGeneralizedDriver(const GeneralizedDef& def);

}  // namespace lgvci
