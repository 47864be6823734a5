// The naive baseline for the rigid body (docs/baselines.md "The naive baseline"): a semi-implicit
// Lie-group Euler step in flight and, when a step ends with the body below the plane, Newton's impulse
// with restitution e at the deepest point followed by a translation back onto the plane — the impact
// treatment of game engines, without locating the impact.
#pragma once

#include <string>
#include <vector>

#include "lgvci/core/naive_driver.hpp"
#include "lgvci/rigid_body/baseline_run.hpp"
#include "lgvci/rigid_body/config.hpp"
#include "lgvci/rigid_body/hybrid_integrator.hpp"
#include "lgvci/rigid_body/rigid_body_model.hpp"

namespace lgvci {

/// The naive step as a model of NaiveDriver. Flight (gravity g along −e3, as the LGVCI's):
///   γ ← γ − h m g e3,  x ← x + h γ/m  (the new γ),
///   R ← R exp(h S(J⁻¹Π)),  Π ← R_newᵀ R_old Π,
/// i.e. the spatial angular momentum π = RΠ is constant in flight (no torque) and the body frame turns
/// by the body angular velocity of the step's start. At the step's end, when Φ(x, R) < 0 at the deepest
/// point p = x + Rρ (closestPoint, (6.9)), with r = p − x, n the plane's normal, I = R J Rᵀ and the
/// contact point's normal velocity v_n = n·(γ/m + R J⁻¹Π × r) < 0: the impulse j n with
///   j = −(1 + e) v_n / (1/m + (r × n)·I⁻¹(r × n)),
///   γ ← γ + j n,  π ← π + r × j n  (Π ← Π + ρ × j Rᵀn),
/// which reverses v_n with coefficient e; then x ← x − Φ n (the body translated back onto the plane).
class NaiveRigidBodyModel {
 public:
  using State = RigidBodyState;
  NaiveRigidBodyModel(RigidBodySystem system, double restitution, double h, int maxImpactsPerStep);

  bool flight(const State& s, double h, State& out);
  int resolve(State& s, std::vector<ImpactEvent>& events);
  std::string failureMessage(double t) const;

  const RigidBodySystem& system() const { return geometry_.system(); }
  const Mat3& inverseInertia() const { return geometry_.inverseInertia(); }
  /// Φ(x, R) (6.9) over the whole body.
  double phi(const State& s) const { return geometry_.collisionPhi(s); }

 private:
  RigidBodyModel geometry_;  // the system, J⁻¹ and Φ (its variational flow and jump are not used)
  double restitution_ = 1.0;
  std::string failure_;
};

/// The naive baseline's run, with the interface of HybridIntegrator and Rk4Integrator (the façade uses any).
class NaiveRigidBodyIntegrator : public RigidBodyBaselineRun<NaiveDriver<NaiveRigidBodyModel>> {
 public:
  /// Validates like HybridIntegrator (throws InvalidInput naming the field).
  NaiveRigidBodyIntegrator(RigidBodySystem system, IntegratorDef def, const RigidBodyState& initial);

 private:
  static NaiveDriver<NaiveRigidBodyModel> build(RigidBodySystem system, const IntegratorDef& def, const RigidBodyState& initial);
};

/// The naive baseline for a config (body, mass, plane and initial state as makeIntegrator builds them).
NaiveRigidBodyIntegrator makeNaiveRigidBodyIntegrator(const RigidBodyDef& def);

}  // namespace lgvci
