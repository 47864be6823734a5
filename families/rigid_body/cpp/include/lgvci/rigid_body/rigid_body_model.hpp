// The rigid body over a plane as a model of the hybrid driver: flow F̃_Ld[h] (5.9), constraint
// Φ(x, R) ≥ 0 (6.9), jump F̃_Jump (4.21) with a chain for simultaneous contacts (Tran & Leok), or the
// jump whose multiplier solves the discrete energy balance (5.16a)/(5.19a) (the config's "jump").
#pragma once

#include <string>
#include <vector>

#include "lgvci/core/hybrid_driver.hpp"
#include "lgvci/rigid_body/collision.hpp"
#include "lgvci/rigid_body/contact_flow.hpp"
#include "lgvci/rigid_body/discrete_flow.hpp"
#include "lgvci/rigid_body/impact.hpp"
#include "lgvci/rigid_body/variational_jump.hpp"

namespace lgvci {

/// The physical system: body, mass properties, gravity g along −e3, plane.
struct RigidBodySystem {
  ShapePtr body;
  MassProperties mass;
  double gravity = 9.80665;
  Plane plane;
};

class RigidBodyModel {
 public:
  using State = lgvci::RigidBodyState;
  /// Cor. 4.4's jump does not depend on the time flowed after it; the variational one (5.16a) does,
  /// which the driver asks at run time (jumpUsesRemainingTime()).
  static constexpr bool kJumpUsesRemainingTime = false;

  /// `system` must be valid (HybridIntegrator validates it). `h` and `maxImpactsPerStep` are the
  /// driver's; they set the speed below which an impact starts persistent contact (contactSpeed()).
  RigidBodyModel(RigidBodySystem system, Retraction retraction, double tolerance, double contactTolerance,
                 bool strictDetection = false, double restitution = 1.0, double h = 0.01,
                 int maxImpactsPerStep = 64, JumpKind jump = JumpKind::Energy);

  /// (5.9) in flight; with active contacts the constrained step of ContactFlow (docs/rigid-body.md "Persistent contact").
  bool flow(const State& s, double tau, State& out);
  /// The driver's event function: min φ over the contact features that are not active (+max when
  /// every feature is active); the active ones are held at φ = 0 by the flow.
  double phi(const State& s) const;
  /// Φ(x, R) of (6.9) over the whole body, active contacts included.
  double collisionPhi(const State& s) const;
  double phiNoise(const State& s) const;
  double detectionCurvature(const State& s, double tau) const;
  /// Corollary 4.4 (restitution e: E⁺ = E⁻ − ΔE) at every touching point, as a chain; with
  /// JumpKind::Variational the chain's last impulse is re-solved so that the discrete energy (5.12) of
  /// the sub-step after the impact, tauAfter, is that of the sub-step before it, (before, tauBefore),
  /// less the chain's ΔE ((5.16a), (5.19a); docs/rigid-body.md "The variational jump"). Where that has no
  /// bounce root, or the sub-step before was one of the contact phase, Corollary 4.4's impulse is kept
  /// and the impact says so (rigid_impact::jump).
  int jump(State& s, const State& before, double tauBefore, double tauAfter, int budget,
           std::vector<ImpactEvent>& events);
  /// The driver's run-time choice: the variational jump waits for the sub-step after the impact.
  bool jumpUsesRemainingTime() const { return jump_ == JumpKind::Variational; }
  JumpKind jumpKind() const { return jump_; }
  std::string failureMessage(double t) const;
  /// The limit of a cascade that exhausted the Zeno budget (docs/rigid-body.md "Persistent contact"): at an
  /// impact whose touching points all approach at most g n3 h (slower than gravity alone makes a
  /// point in one step: a rebound that short is not resolved by the grid), the points are brought to
  /// rest on the plane and the body continues in persistent contact on them (the energy taken is
  /// logged as `dissipated`). Returns the impulses applied (0 or 1), or −1 for a faster impact.
  int settleCascade(State& s, std::vector<ImpactEvent>& events);
  std::string settleDescription(const State& s) const;
  /// g n3 h: the fastest approach settleCascade accepts.
  double settleSpeed() const { return settleSpeed_; }
  /// v_c: an impact whose contact points approach slower than this is resolved plastically and starts
  /// persistent contact: g n3 h · max((1 − e)/(2e), 1/(2 N)), N the Zeno budget (docs/rigid-body.md "Persistent contact").
  double contactSpeed() const { return contactSpeed_; }
  /// τ* = λmin(J)/|Π|: (5.9c) has a solution for |τΠ| < λmin(J) (docs/rigid-body.md "Hard impacts: sub-division").
  double solvableStep(const State& s) const;
  std::string subdivisionFailure(const State& s, double tau, bool withinBound) const;

  const RigidBodySystem& system() const { return system_; }
  const Mat3& inverseInertia() const { return Jinv_; }
  double radius() const { return radius_; }
  double restitution() const { return restitution_; }

 private:
  // Starts persistent contact at the touching points (plastic impact, docs/rigid-body.md "Persistent contact").
  int enterContact(State& s, double vscale, std::vector<ImpactEvent>& events);
  // E_d (5.12) of the sub-step before the impact, kept for the trials of one pending jump.
  double preImpactEnergy(const State& before, double tauBefore);

  RigidBodySystem system_;
  DiscreteFlow flow_;
  ContactFlow contactFlow_;
  double contactSpeed_ = 0.0;
  double settleSpeed_ = 0.0;
  bool contactFailed_ = false;
  Mat3 Jinv_;
  double radius_ = 0.0;
  double contactTolerance_ = 0.0;
  bool strict_ = false;
  double restitution_ = 1.0;
  double lambdaMin_ = 0.0;  // smallest principal moment of inertia
  double failedStep_ = 0.0;
  JumpKind jump_ = JumpKind::Energy;
  Retraction retraction_ = Retraction::Cayley;  // (5.9c)'s, for E_d
  struct { Vec3 x, gamma, Pi; double tau = -1.0, energy = 0.0; } preImpact_;  // preImpactEnergy's last argument and value
  std::vector<ContactPoint> contacts_;  // scratch, reused
};

extern template class HybridDriver<RigidBodyModel>;

}  // namespace lgvci
