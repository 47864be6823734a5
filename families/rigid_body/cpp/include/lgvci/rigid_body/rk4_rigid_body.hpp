// The non-variational baseline (docs/baselines.md "Why variational? The RK4 baseline"): classical RK4 on the rigid body's
// equations of motion ẋ = γ/m, γ̇ = −m g e3, q̇ = ½ q ⊗ (0, ω), Π̇ = Π × ω with ω = J⁻¹Π (the
// continuous system whose discretisation (5.9) is), the unit quaternion renormalised after each step.
// Same Φ (6.9), same driver (Algorithm 5.2's impact location) and the same impulse at the contact
// point (4.21), which for one frictionless point is Newton's law with restitution 1.
#pragma once

#include <string>
#include <vector>

#include "lgvci/rigid_body/baseline_run.hpp"
#include "lgvci/rigid_body/config.hpp"
#include "lgvci/core/hybrid_driver.hpp"
#include "lgvci/rigid_body/hybrid_integrator.hpp"
#include "lgvci/rigid_body/rigid_body_model.hpp"

namespace lgvci {

using Vec4 = Eigen::Matrix<double, 4, 1>;

/// Quaternion q = (w, x, y, z) with R(q) body→inertial; helpers of the RK4 baseline.
namespace quat {
/// q ⊗ p (Hamilton product).
Vec4 multiply(const Vec4& q, const Vec4& p);
/// R(q) for a unit q.
Mat3 toRotation(const Vec4& q);
/// A unit q with R(q) = R (Shepperd's method, the largest of w, x, y, z first); w ≥ 0 when it is the largest.
Vec4 fromRotation(const Mat3& R);
}  // namespace quat

/// The rigid body's state with the quaternion RK4 integrates; R = R(q) is kept in step with it.
struct Rk4State : RigidBodyState {
  Vec4 q = Vec4(1.0, 0.0, 0.0, 0.0);
};

/// Rk4State from (x, R, γ, Π): q from R, and R replaced by R(q) so the two agree to the last bit.
Rk4State toRk4State(const RigidBodyState& s);

/// One classical RK4 step (Runge–Kutta 1901/Kutta 1901; four stages, weights 1/6, 1/3, 1/3, 1/6) of
/// size τ (any sign) followed by q ← q/|q|, R ← R(q).
class Rk4Flow {
 public:
  Rk4Flow(double mass, const Mat3& Jinv, double gravity) : m_(mass), Jinv_(Jinv), g_(gravity) {}
  void step(const Rk4State& in, double tau, Rk4State& out) const;

 private:
  struct Deriv {
    Vec3 dx, dgamma;
    Vec4 dq;
    Vec3 dPi;
  };
  Deriv rhs(const Vec3& gamma, const Vec4& q, const Vec3& Pi) const;

  double m_;
  Mat3 Jinv_;
  double g_;
};

/// RK4 as a model of HybridDriver: flow = Rk4Flow; φ, its noise, the strict-detection bound and the
/// jump (a chain at the barycentre for simultaneous contacts) are the rigid body's own.
class Rk4RigidBodyModel {
 public:
  using State = Rk4State;
  static constexpr bool kJumpUsesRemainingTime = false;

  Rk4RigidBodyModel(RigidBodySystem system, double contactTolerance, bool strictDetection, double restitution = 1.0);

  bool flow(const State& s, double tau, State& out);
  double phi(const State& s) const { return geometry_.phi(s); }
  double phiNoise(const State& s) const { return geometry_.phiNoise(s); }
  double detectionCurvature(const State& s, double tau) const { return geometry_.detectionCurvature(s, tau); }
  int jump(State& s, const State& before, double tauBefore, double tauAfter, int budget,
           std::vector<ImpactEvent>& events) {
    return geometry_.jump(s, before, tauBefore, tauAfter, budget, events);
  }
  std::string failureMessage(double t) const;

  const RigidBodySystem& system() const { return geometry_.system(); }
  const Mat3& inverseInertia() const { return geometry_.inverseInertia(); }

 private:
  RigidBodyModel geometry_;  // Φ, contacts and the jump (its variational flow is not used)
  Rk4Flow rk4_;
  double failedStep_ = 0.0;
};

extern template class HybridDriver<Rk4RigidBodyModel>;

/// The RK4 baseline's run, with the same interface as HybridIntegrator (the façade uses either).
class Rk4Integrator : public RigidBodyBaselineRun<HybridDriver<Rk4RigidBodyModel>> {
 public:
  /// Validates like HybridIntegrator (throws InvalidInput naming the field).
  Rk4Integrator(RigidBodySystem system, IntegratorDef def, const RigidBodyState& initial);

 private:
  static HybridDriver<Rk4RigidBodyModel> build(RigidBodySystem system, const IntegratorDef& def, const RigidBodyState& initial);
};

/// The RK4 baseline for a config (body, mass, plane and initial state as makeIntegrator builds them).
Rk4Integrator makeRk4Integrator(const RigidBodyDef& def);

}  // namespace lgvci
