// The rigid body's naive baseline (docs/baselines.md "The naive baseline"): semi-implicit Lie-group
// Euler in flight, Newton's impulse at the deepest point and a push-back at the end of a step that
// ends below the plane.
#include "lgvci/rigid_body/naive_rigid_body.hpp"

#include <cmath>

#include "lgvci/core/text.hpp"
#include "lgvci/rigid_body/collision.hpp"
#include "lgvci/rigid_body/impact.hpp"
#include "so3.hpp"

namespace lgvci {

NaiveRigidBodyModel::NaiveRigidBodyModel(RigidBodySystem system, double restitution, double h, int maxImpactsPerStep)
    : geometry_(std::move(system), Retraction::Cayley, 1e-15, 1e-10, false, restitution, h, maxImpactsPerStep),
      restitution_(restitution) {}

bool NaiveRigidBodyModel::flight(const State& s, double h, State& out) {
  const RigidBodySystem& sys = geometry_.system();
  const double m = sys.mass.mass;
  State next = s;
  next.gamma = s.gamma - (h * m * sys.gravity) * Vec3::UnitZ();  // γ ← γ − h m g e3
  next.x = s.x + (h / m) * next.gamma;                             // x ← x + h γ/m (the new γ)
  // π = RΠ is constant in flight: R ← R exp(h S(J⁻¹Π)), then Π = R_newᵀ π = exp(h S(ω))ᵀ Π.
  const Mat3 F = so3::expmap(h * (geometry_.inverseInertia() * s.Pi));
  next.R = s.R * F;
  next.Pi = F.transpose() * s.Pi;
  next.t = s.t + h;
  if (!(next.x.allFinite() && next.gamma.allFinite() && next.Pi.allFinite() && next.R.allFinite())) {
    failure_ = concat("the naive (symplectic Euler) step of ", h, " from t = ", s.t, " produced non-finite values");
    return false;
  }
  out = next;
  return true;
}

int NaiveRigidBodyModel::resolve(State& s, std::vector<ImpactEvent>& events) {
  const RigidBodySystem& sys = geometry_.system();
  const ContactPoint c = closestPoint(*sys.body, sys.plane, s.x, s.R);  // the deepest point, Φ = c.phi
  if (!std::isfinite(c.phi)) {
    failure_ = concat("the contact function phi is not a finite number at t = ", s.t);
    return -1;
  }
  if (!(c.phi < 0.0)) return 0;
  const double m = sys.mass.mass;
  const Mat3& Jinv = geometry_.inverseInertia();
  const Vec3& n = sys.plane.normal();
  const Vec3 r = s.R * c.rho;                                 // r = p − x
  const Vec3 omega = s.R * (Jinv * s.Pi);                     // spatial angular velocity
  const double vn = n.dot(s.gamma / m + omega.cross(r));      // normal velocity of p
  int applied = 0;
  if (vn < 0.0) {
    const Vec3 rn = r.cross(n);
    const double K = 1.0 / m + rn.dot(s.R * (Jinv * (s.R.transpose() * rn)));  // 1/m + (r×n)·I⁻¹(r×n)
    const double j = -(1.0 + restitution_) * vn / K;
    s.gamma += j * n;
    s.Pi += c.rho.cross(j * (s.R.transpose() * n));  // π ← π + r × j n in the body frame
    ImpactEvent ev;
    ev.lambda = j;
    ev.point = s.x + r - c.phi * n;  // the contact point after the push-back, on the plane
    ev.dissipated = (1.0 - restitution_ * restitution_) * vn * vn / (2.0 * K);  // kinetic energy the impulse took
    rigid_impact::set(ev, c.rho, 1);
    events.push_back(ev);
    applied = 1;
  }
  s.x -= c.phi * n;  // push back onto the plane
  if (!(s.x.allFinite() && s.gamma.allFinite() && s.Pi.allFinite())) {
    if (applied) events.pop_back();
    failure_ = concat("the naive impulse at t = ", s.t, " produced non-finite values");
    return -1;
  }
  return applied;
}

std::string NaiveRigidBodyModel::failureMessage(double t) const {
  return concat(failure_, "; the simulation is halted (in the step from t = ", t, ")");
}

NaiveDriver<NaiveRigidBodyModel> NaiveRigidBodyIntegrator::build(RigidBodySystem system, const IntegratorDef& def,
                                                                 const RigidBodyState& initial) {
  validateRigidBodySetup(system, def, initial);
  NaiveRigidBodyModel model(std::move(system), def.restitution, def.h, def.maxImpactsPerStep);
  return NaiveDriver<NaiveRigidBodyModel>(std::move(model), driverSettings(def), initial);
}

NaiveRigidBodyIntegrator::NaiveRigidBodyIntegrator(RigidBodySystem system, IntegratorDef def, const RigidBodyState& initial)
    : RigidBodyBaselineRun(def, build(std::move(system), def, initial)) {}

NaiveRigidBodyIntegrator makeNaiveRigidBodyIntegrator(const RigidBodyDef& def) {
  IntegratorDef settings = def.integrator;
  settings.family = IntegratorFamily::Naive;
  return NaiveRigidBodyIntegrator(makeSystem(def), settings, def.initial);
}

}  // namespace lgvci
