// The naive baseline's two pieces for systems in generalized coordinates (docs/baselines.md "The naive
// baseline"): symplectic Euler in flight, and at the end of a step, for each violated constraint
// φ_i(q) < 0 in turn (once each), the elastic reflection of the normal momentum and one projection step
// back onto φ_i = 0. A family's naive model (a model of NaiveDriver, lgvci/core/naive_driver.hpp) is
// these two over its own constraints.
#pragma once

#include "lgvci/core/types.hpp"
#include "lgvci/vci/potential.hpp"
#include "lgvci/vci/state.hpp"

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

}  // namespace lgvci
