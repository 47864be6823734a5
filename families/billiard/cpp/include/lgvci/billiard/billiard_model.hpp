// The billiard (docs/billiard.md) as a model of the hybrid driver: a point particle of mass m in a
// convex table with elastic walls, optional gravity g along −y. Flight is Fetecau et al.'s trapezoidal
// VCI (73) (velocity Verlet: the exact straight line for V = 0), the wall is the one constraint
// φ(q) ≥ 0 of the table, the impact is the energy jump (75a)+(76) — with M = mI and V = 0 the mirror
// reflection p⁺ = p − 2(p·n̂)n̂. The generalized models' free functions do the arithmetic.
#pragma once

#include <string>
#include <vector>

#include "lgvci/billiard/table.hpp"
#include "lgvci/core/hybrid_driver.hpp"
#include "lgvci/vci/potential.hpp"
#include "lgvci/vci/state.hpp"

namespace lgvci {

struct BilliardSystem {
  BilliardTable table;
  double mass = 1.0;
  double g = 0.0;  // gravity along −y; V = m g y
  /// The config's "jump": "energy": the bounce keeps H (|p| at the wall, the mirror reflection) instead
  /// of solving (75a) (docs/billiard.md "The energy jump").
  bool keepHamiltonian = false;
};

/// The billiard's own values of an impact, in ImpactEvent::extra (docs/billiard.md "The bounce map";
/// named once here and in the façade's impact schema: "constraint", "s", "p_t").
namespace billiard_impact {
constexpr int kConstraint = 0;  // extra[0]: the index of the wall's constraint (the table is one, 0)
constexpr int kS = 1;           // extra[1]: s, the arc length of the wall at the bounce (counter-clockwise)
constexpr int kPt = 2;          // extra[2]: p_t = p·t̂, the tangential momentum (the same before and after)
static_assert(kPt < ImpactEvent::kExtraSlots, "the billiard's impact slots fit ImpactEvent::extra");
}  // namespace billiard_impact

class BilliardModel {
 public:
  using State = GeneralizedState;
  /// (75a) balances E_d over the pre-impact arc against the arc flowed after the jump.
  static constexpr bool kJumpUsesRemainingTime = true;

  /// `system` must be valid, its table prepared (billiard_config.cpp validates it).
  explicit BilliardModel(BilliardSystem system);

  bool flow(const State& s, double tau, State& out);
  double phi(const State& s) const;
  double phiNoise(const State& s) const;
  /// φ is concave (the table is convex), so along the flight q(τ) = q + τv − (τ²/2) g e_y:
  /// d²φ/dτ² = q̇ᵀ∇²φ q̇ − g ∂φ/∂y ≤ g sup|∂φ/∂y|. With g = 0 it is 0: a chord between two points
  /// of the table stays in it, and the end-of-step test misses no wall.
  double detectionCurvature(const State& s, double tau) const;
  /// (75a)+(76) (or the H-keeping reflection) at the wall when the post-impact arc approaches it; the event carries the bounce's
  /// Birkhoff coordinates (s, p_t) in its billiard_impact slots.
  int jump(State& s, const State& before, double tauBefore, double tauAfter, int budget, std::vector<ImpactEvent>& events);
  std::string failureMessage(double t) const;

  const BilliardSystem& system() const { return system_; }
  /// H = |p|²/(2m) + m g y.
  double hamiltonian(const State& s) const;

 private:
  BilliardSystem system_;
  MatX M_, Minv_;
  Potential V_;
  std::string failure_;
};

extern template class HybridDriver<BilliardModel>;

}  // namespace lgvci
