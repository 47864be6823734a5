// The naive baseline for systems in generalized coordinates (docs/baselines.md "The naive baseline"):
// symplectic Euler in flight, and at the end of a step, for each violated constraint φ_i(q) < 0 in turn
// (once each), the elastic reflection of the normal momentum and one projection step back onto φ_i = 0.
// Used by the generalized models (particle, star, cradle) and by the billiard (n = 2).
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "lgvci/baselines/naive_driver.hpp"
#include "lgvci/billiard/billiard_config.hpp"
#include "lgvci/generalized/generalized_config.hpp"

namespace lgvci {

/// Symplectic Euler: p ← p − h∇V(q), q ← q + h M⁻¹p (the new p). False when the result is not finite
/// or q leaves V's domain.
bool symplecticEulerStep(const MatX& Minv, const Potential& V, const GeneralizedState& in, double h, GeneralizedState& out);

/// At the end of a step: for each constraint k = 0, 1, … with φ_k(q) < 0, in turn and once each (φ_k
/// evaluated after the earlier ones moved q), with g = ∇φ_k(q) and d = gᵀM⁻¹g:
///   when approaching (gᵀM⁻¹p < 0): p ← p − 2 (gᵀM⁻¹p / d) g   (elastic: the normal velocity reversed);
///   always: q ← q − (φ_k / d) M⁻¹g                             (one projection (Newton) step onto φ_k = 0).
/// `value(k, q)`, `gradient(k, q, out)`; `report(k, lambda, q)` is called for each reflection (p ← p −
/// lambda g) with q before the push-back. Returns the reflections applied.
template <class Value, class Gradient, class Report>
int naiveReflect(const MatX& Minv, int constraints, Value value, Gradient gradient, Report report, GeneralizedState& s) {
  int applied = 0;
  VecX g;
  for (int k = 0; k < constraints; ++k) {
    const double phi = value(k, s.q);
    if (!(phi < 0.0)) continue;
    gradient(k, s.q, g);
    const VecX Mg = Minv * g;
    const double d = g.dot(Mg);
    if (!(d > 0.0)) continue;  // a degenerate gradient: nothing to reflect along
    const double vn = Mg.dot(s.p);  // gᵀM⁻¹p = ∇φ·q̇
    if (vn < 0.0) {
      const double lambda = 2.0 * vn / d;
      s.p -= lambda * g;
      report(k, lambda, s.q);
      ++applied;
    }
    s.q -= (phi / d) * Mg;
  }
  return applied;
}

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
  /// The rest truncation is the VCI's (simultaneous_impacts.cpp); the naive baseline has none.
  long long restTruncations() const { return 0; }
  double truncatedMomentum() const { return 0.0; }
  void resetStatistics() {}

 private:
  GeneralizedModel geometry_;
  std::string failure_;
};

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

/// Validates like makeGeneralizedDriver / makeBilliardDriver (throws InvalidInput naming the field) and
/// builds the naive run from the same start.
NaiveDriver<NaiveGeneralizedModel> makeNaiveGeneralizedDriver(const GeneralizedDef& def);
NaiveDriver<NaiveBilliardModel> makeNaiveBilliardDriver(const BilliardDef& def);

}  // namespace lgvci
