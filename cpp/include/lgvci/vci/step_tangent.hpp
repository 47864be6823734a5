// The exact tangent map of one step of Fetecau et al.'s VCI in (q, p) (docs/jacobians.md): Verlet flight
// (73), impacts located at φ_k(Ψ_τ(z)) = 0, the jump (76) with λ from the discrete energy balance (75a)
// or keeping H. The step's path (its impact times and the constraints of their impulses) is the one
// the hybrid driver took; this replays it with the flow's and the jumps' derivatives, the impact times'
// derivatives (the saltation terms) by the implicit-function theorem on φ_k(Ψ_τ(z)) = 0, and λ's by the
// implicit-function theorem on (75a). Used by the families in (q, p) with the Verlet flight.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "lgvci/core/hybrid_driver.hpp"
#include "lgvci/vci/potential.hpp"
#include "lgvci/vci/state.hpp"

namespace lgvci {

/// ∂²V/∂q_i² at q: every potential of lgvci/vci/potential.hpp is a sum of terms in one coordinate each,
/// so its Hessian is diagonal.
double hessianDiagonal(const Potential& V, const VecX& q, long i);
/// ∇²V(q) of the potentials of lgvci/vci/potential.hpp.
void potentialHessian(const Potential& V, const VecX& q, MatX& out);

/// How an impulse's λ is chosen: the bounce root of (75a) (energyBalanceJump), or the one that keeps
/// H at q̃ (hamiltonianJump; a chain's link with continuous chain energy).
enum class QpJumpKind { DiscreteEnergy, Hamiltonian };

/// What the tangent of a step needs of its system: M, M⁻¹, V and the constraints' first and second
/// derivatives.
struct QpTangentSystem {
  const MatX* M = nullptr;
  const MatX* Minv = nullptr;
  const Potential* V = nullptr;
  /// ∇φ_k(q) and ∇²φ_k(q).
  std::function<void(int k, const VecX& q, VecX& gradient, MatX& hessian)> constraint;
  QpJumpKind jump = QpJumpKind::DiscreteEnergy;
};

/// One impact of a step: the time of its configuration q̃ and the constraints of its impulses, in the
/// order applied (a chain at one configuration has several).
struct QpImpact {
  double t = 0.0;
  std::vector<int> constraints;
};

/// The step's impacts from its impact events (consecutive events at the same t are one impact);
/// `constraintSlot`: the ImpactEvent::extra slot holding the constraint's index.
std::vector<QpImpact> groupImpacts(const std::vector<ImpactEvent>& log, std::size_t first, int constraintSlot);

struct QpStepTangent {
  bool ok = false;
  std::string why;  // when not ok
  VecX q, p;        // the replayed end of the step
  MatX D;           // ∂(q₁, p₁)/∂(q₀, p₀), 2n × 2n
};

/// The Jacobian of one Verlet step (73) of τ from q0 ending at q1 (its q⁺), row-major (2n)² into `out`:
/// [[I − (τ²/2)M⁻¹H₀, τM⁻¹], [−(τ/2)(H₀ + H₁) + (τ³/4)H₁M⁻¹H₀, I − (τ²/2)H₁M⁻¹]] with H = ∇²V at q0 and q1;
/// for a linear V, [[I, τM⁻¹], [0, I]]. A flight step's Jacobian, without a replay (the step is one flow).
void verletJacobian(const MatX& Minv, const Potential& V, const VecX& q0, const VecX& q1, double tau, double* out);

/// A step without impulses: verletJacobian, once the step is known to be the one flow Ψ_h(start) — at once
/// when `oneFlow` (the driver flowed once), else by flowing it again and comparing with `end`. False when it
/// was not (a located impact whose jump applied no impulse: a graze, where the map is not smooth).
bool qpFlightJacobian(const QpTangentSystem& sys, const GeneralizedState& start, const GeneralizedState& end, double h, bool oneFlow,
                      double* out);

/// The replay of a step of length h from `start` through `impacts` with its tangent map.
QpStepTangent qpStepTangent(const QpTangentSystem& sys, const GeneralizedState& start, double h, const std::vector<QpImpact>& impacts);

/// Whether the replayed end agrees with the driver's (relative to max(1, |z|)): the path was the one
/// taken. Returns the largest relative difference.
double qpReplayMismatch(const QpStepTangent& t, const GeneralizedState& end);

}  // namespace lgvci
