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
#include "lgvci/generalized/potential.hpp"
#include "lgvci/generalized/state.hpp"

namespace lgvci {

struct BilliardSystem {
  BilliardTable table;
  double mass = 1.0;
  double g = 0.0;  // gravity along −y; V = m g y
};

/// A bounce in Birkhoff coordinates: s (arc length of the wall, counter-clockwise) and p_t = p·t̂.
struct Bounce {
  double t = 0.0;
  double s = 0.0;
  double pt = 0.0;
};

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
  /// (75a)+(76) at the wall when the post-impact arc approaches it; records the bounce's (s, p_t).
  int jump(State& s, const State& before, double tauBefore, double tauAfter, int budget, std::vector<ImpactEvent>& events);
  std::string failureMessage(double t) const;

  const BilliardSystem& system() const { return system_; }
  /// H = |p|²/(2m) + m g y.
  double hamiltonian(const State& s) const;
  /// The Birkhoff coordinates of the impact at time t (an ImpactEvent's t) since the last
  /// clearBounces(), or nullptr. The driver tries a jump several times while it locates the next
  /// impact; each try at the same impact replaces the entry.
  const Bounce* bounceAt(double t) const;
  void clearBounces() { bounces_.clear(); }

 private:
  BilliardSystem system_;
  MatX M_, Minv_;
  Potential V_;
  std::string failure_;
  std::vector<Bounce> bounces_;
};

extern template class HybridDriver<BilliardModel>;

}  // namespace lgvci
