// Classical RK4 on the rigid body's equations, driven by Algorithm 5.2's impact location (baseline).
#include "lgvci/rigid_body/rk4_rigid_body.hpp"

#include <cmath>

#include "lgvci/core/hybrid_driver_impl.hpp"
#include "lgvci/core/text.hpp"

namespace lgvci {

namespace quat {

Vec4 multiply(const Vec4& q, const Vec4& p) {
  return Vec4(q(0) * p(0) - q(1) * p(1) - q(2) * p(2) - q(3) * p(3),
              q(0) * p(1) + q(1) * p(0) + q(2) * p(3) - q(3) * p(2),
              q(0) * p(2) - q(1) * p(3) + q(2) * p(0) + q(3) * p(1),
              q(0) * p(3) + q(1) * p(2) - q(2) * p(1) + q(3) * p(0));
}

Mat3 toRotation(const Vec4& q) {
  const double w = q(0), x = q(1), y = q(2), z = q(3);
  Mat3 R;
  R << 1.0 - 2.0 * (y * y + z * z), 2.0 * (x * y - w * z), 2.0 * (x * z + w * y),
      2.0 * (x * y + w * z), 1.0 - 2.0 * (x * x + z * z), 2.0 * (y * z - w * x),
      2.0 * (x * z - w * y), 2.0 * (y * z + w * x), 1.0 - 2.0 * (x * x + y * y);
  return R;
}

Vec4 fromRotation(const Mat3& R) {
  const double tr = R(0, 0) + R(1, 1) + R(2, 2);
  Vec4 q;
  if (tr >= R(0, 0) && tr >= R(1, 1) && tr >= R(2, 2)) {
    const double s = 2.0 * std::sqrt(1.0 + tr);  // 4w
    q << 0.25 * s, (R(2, 1) - R(1, 2)) / s, (R(0, 2) - R(2, 0)) / s, (R(1, 0) - R(0, 1)) / s;
  } else if (R(0, 0) >= R(1, 1) && R(0, 0) >= R(2, 2)) {
    const double s = 2.0 * std::sqrt(1.0 + R(0, 0) - R(1, 1) - R(2, 2));  // 4x
    q << (R(2, 1) - R(1, 2)) / s, 0.25 * s, (R(0, 1) + R(1, 0)) / s, (R(0, 2) + R(2, 0)) / s;
  } else if (R(1, 1) >= R(2, 2)) {
    const double s = 2.0 * std::sqrt(1.0 + R(1, 1) - R(0, 0) - R(2, 2));  // 4y
    q << (R(0, 2) - R(2, 0)) / s, (R(0, 1) + R(1, 0)) / s, 0.25 * s, (R(1, 2) + R(2, 1)) / s;
  } else {
    const double s = 2.0 * std::sqrt(1.0 + R(2, 2) - R(0, 0) - R(1, 1));  // 4z
    q << (R(1, 0) - R(0, 1)) / s, (R(0, 2) + R(2, 0)) / s, (R(1, 2) + R(2, 1)) / s, 0.25 * s;
  }
  return q / q.norm();
}

}  // namespace quat

Rk4State toRk4State(const RigidBodyState& s) {
  Rk4State r;
  static_cast<RigidBodyState&>(r) = s;
  r.q = quat::fromRotation(s.R);
  r.R = quat::toRotation(r.q);
  return r;
}

// Euler's equations in the body frame and the attitude kinematics Ṙ = R S(ω) as q̇ = ½ q ⊗ (0, ω).
Rk4Flow::Deriv Rk4Flow::rhs(const Vec3& gamma, const Vec4& q, const Vec3& Pi) const {
  const Vec3 omega = Jinv_ * Pi;
  Deriv d;
  d.dx = gamma / m_;
  d.dgamma = Vec3(0.0, 0.0, -m_ * g_);
  d.dq = 0.5 * quat::multiply(q, Vec4(0.0, omega.x(), omega.y(), omega.z()));
  d.dPi = Pi.cross(omega);
  return d;
}

void Rk4Flow::step(const Rk4State& in, double tau, Rk4State& out) const {
  const double a = 0.5 * tau;
  const Deriv k1 = rhs(in.gamma, in.q, in.Pi);
  const Deriv k2 = rhs(in.gamma + a * k1.dgamma, in.q + a * k1.dq, in.Pi + a * k1.dPi);
  const Deriv k3 = rhs(in.gamma + a * k2.dgamma, in.q + a * k2.dq, in.Pi + a * k2.dPi);
  const Deriv k4 = rhs(in.gamma + tau * k3.dgamma, in.q + tau * k3.dq, in.Pi + tau * k3.dPi);
  const double w = tau / 6.0;
  out.t = in.t + tau;
  out.x = in.x + w * (k1.dx + 2.0 * k2.dx + 2.0 * k3.dx + k4.dx);
  out.gamma = in.gamma + w * (k1.dgamma + 2.0 * k2.dgamma + 2.0 * k3.dgamma + k4.dgamma);
  out.Pi = in.Pi + w * (k1.dPi + 2.0 * k2.dPi + 2.0 * k3.dPi + k4.dPi);
  const Vec4 q = in.q + w * (k1.dq + 2.0 * k2.dq + 2.0 * k3.dq + k4.dq);
  out.q = q / q.norm();  // the customary renormalisation
  out.R = quat::toRotation(out.q);
}

Rk4RigidBodyModel::Rk4RigidBodyModel(RigidBodySystem system, double contactTolerance, bool strictDetection, double restitution)
    : geometry_(std::move(system), Retraction::Cayley, 1e-15, contactTolerance, strictDetection, restitution),
      rk4_(geometry_.system().mass.mass, geometry_.inverseInertia(), geometry_.system().gravity) {}

bool Rk4RigidBodyModel::flow(const State& s, double tau, State& out) {
  State next;
  rk4_.step(s, tau, next);
  if (!(next.x.allFinite() && next.gamma.allFinite() && next.Pi.allFinite() && next.q.allFinite())) {
    failedStep_ = tau;
    return false;
  }
  out = next;
  return true;
}

std::string Rk4RigidBodyModel::failureMessage(double t) const {
  return concat("the RK4 step produced non-finite values at t = ", t, " (step ", failedStep_, "); the simulation is halted");
}

template class HybridDriver<Rk4RigidBodyModel>;

HybridDriver<Rk4RigidBodyModel> Rk4Integrator::build(RigidBodySystem system, const IntegratorDef& def, const RigidBodyState& initial) {
  validateRigidBodySetup(system, def, initial);
  Rk4RigidBodyModel model(std::move(system), def.contactTolerance, def.strictDetection, def.restitution);
  return HybridDriver<Rk4RigidBodyModel>(std::move(model), driverSettings(def), toRk4State(initial));
}

Rk4Integrator::Rk4Integrator(RigidBodySystem system, IntegratorDef def, const RigidBodyState& initial)
    : RigidBodyBaselineRun(def, build(std::move(system), def, initial)) {}

Rk4Integrator makeRk4Integrator(const RigidBodyDef& def) {
  IntegratorDef settings = def.integrator;
  settings.family = IntegratorFamily::Rk4;
  return Rk4Integrator(makeSystem(def), settings, def.initial);
}

}  // namespace lgvci
