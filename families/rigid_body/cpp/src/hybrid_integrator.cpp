// Validation of the rigid body's set-up and its energy (§7.2); the stepping is HybridDriver's.
#include "lgvci/rigid_body/hybrid_integrator.hpp"

#include <cmath>

#include "validation.hpp"
#include "lgvci/core/driver_schema.hpp"
#include "lgvci/core/text.hpp"

namespace lgvci {
namespace {

void requireFiniteVec(const Vec3& v, const char* field) {
  if (!v.allFinite()) throw InvalidInput(field, "must be finite numbers");
}

}  // namespace

void validateRigidBodySetup(const RigidBodySystem& system, const IntegratorDef& def, const RigidBodyState& initial) {
  if (!system.body) throw InvalidInput("body", "is missing");
  if (!std::isfinite(system.mass.mass) || system.mass.mass <= 0.0)
    throw InvalidInput("mass", "must be a finite number > 0");
  validateInertia(system.mass.J);
  if (!std::isfinite(system.gravity) || system.gravity < 0.0)
    throw InvalidInput("gravity", "must be a finite number >= 0");
  checkDriverSettings(driverSettings(def), initial.t);  // h, t0, tolerance, the Zeno budget: the core's rules
  if (!std::isfinite(def.contactTolerance) || def.contactTolerance < 0.0 || def.contactTolerance > 1e-3)
    throw InvalidInput("contact_tolerance", "must be in [0, 1e-3]");
  if (!(def.restitution >= 0.0 && def.restitution <= 1.0)) throw InvalidInput("restitution", "must be in [0, 1]");
  requireFiniteVec(initial.x, "x0");
  requireFiniteVec(initial.gamma, "gamma0");
  requireFiniteVec(initial.Pi, "Pi0");
  if (!initial.R.allFinite()) throw InvalidInput("R0", "must be finite numbers");
  if ((initial.R.transpose() * initial.R - Mat3::Identity()).cwiseAbs().maxCoeff() > 1e-9 ||
      initial.R.determinant() <= 0.0)
    throw InvalidInput("R0", "must be a rotation matrix (RᵀR = I to 1e-9, det R = +1)");
  validateRigidBodySystem(system, def, initial);  // limits and derived quantities (validation.hpp)
  const double phi0 = collisionFunction(*system.body, system.plane, initial.x, initial.R);
  // Φ ≥ 0 up to Φ's own rounding error (collisionRoundOff): a state the integrator reached resting or
  // sliding on the plane (Φ = −2e-16) is a start, as the driver's trial steps count it admissible.
  if (!(phi0 >= -collisionRoundOff(system.plane, initial.x, system.body->boundingRadius()))) {  // also refuses NaN
    throw InvalidInput("x0", concat("the initial state penetrates the plane (Phi = ", phi0, " < 0); raise x0 or change R0"));
  }
}

DriverSettings driverSettings(const IntegratorDef& def) {
  DriverSettings settings;
  settings.h = def.h;
  settings.tolerance = def.tolerance;
  settings.rootFinder = def.rootFinder;
  settings.maxImpactsPerStep = def.maxImpactsPerStep;
  return settings;
}

HybridDriver<RigidBodyModel> HybridIntegrator::build(RigidBodySystem system, const IntegratorDef& def, const RigidBodyState& initial) {
  validateRigidBodySetup(system, def, initial);
  RigidBodyModel model(std::move(system), def.retraction, def.tolerance, def.contactTolerance, def.strictDetection,
                       def.restitution, def.h, def.maxImpactsPerStep, def.jump);
  return HybridDriver<RigidBodyModel>(std::move(model), driverSettings(def), initial);
}

HybridIntegrator::HybridIntegrator(RigidBodySystem system, IntegratorDef def, const RigidBodyState& initial)
    : RigidBodyDriverRun(def, build(std::move(system), def, initial)) {}

Energy rigidBodyEnergy(const RigidBodySystem& sys, const Mat3& Jinv, const RigidBodyState& s) {
  const double m = sys.mass.mass;
  Energy e;
  e.translationalPotential = s.gamma.squaredNorm() / (2.0 * m) + m * sys.gravity * s.x.z();
  e.rotational = 0.5 * s.Pi.dot(Jinv * s.Pi);
  e.total = e.translationalPotential + e.rotational;
  return e;
}

Energy HybridIntegrator::energyOf(const RigidBodyState& s) const {
  return rigidBodyEnergy(system(), driver_.model().inverseInertia(), s);
}

}  // namespace lgvci
