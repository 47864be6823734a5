// The potential V(q) of the Lagrangian (70) L = ½q̇ᵀMq̇ − V(q), with its gradient.
#pragma once

#include "lgvci/vci/state.hpp"

namespace lgvci {

/// Gravity along −e_axis acting on the mass m of coordinate `axis`:
///  linear:    V = m g q_a                      (the paper's examples, (80))
///  newtonian: V = m g R q_a / (R + q_a)        (inverse-square field of a planet of radius R with
///             surface gravity g; the "nonlinear gravity" of Fig. 5; needs q_a > −R)
///  pendulums: V = −m g ℓ Σ_i cos q_i           (Seghete & Murphey: every q_i an angle from
///             the downward vertical; `axis` unused)
struct Potential {
  enum class Kind { Linear, Newtonian, Pendulums };
  Kind kind = Kind::Linear;
  int axis = 1;
  double mass = 1.0;
  double g = 9.81;
  double radius = 10.0;  // newtonian only
  double length = 1.0;   // pendulums only: ℓ

  double value(const VecX& q) const;
  /// ∂V/∂q_axis (the gradient's only non-zero entry; not for pendulums).
  double slope(const VecX& q) const;
  void gradient(const VecX& q, VecX& out) const;
  /// False where V is undefined (newtonian: q_a ≤ −R).
  bool defined(const VecX& q) const;
  bool isLinear() const { return kind == Kind::Linear; }
};

}  // namespace lgvci
