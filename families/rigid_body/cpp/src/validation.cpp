#include "validation.hpp"

#include <cmath>
#include <cstdio>

#include <Eigen/Eigenvalues>

#include "lgvci/core/text.hpp"

namespace lgvci {
namespace {

std::string num(double v) { return formatNumber(v); }

void requireRange(double v, double lo, double hi, const std::string& field) {
  if (!(v >= lo && v <= hi)) throw InvalidInput(field, "must be in [" + num(lo) + ", " + num(hi) + "] (got " + num(v) + ")");
}

}  // namespace


void validateMass(double mass) {
  if (!std::isfinite(mass) || !(mass > 0.0)) throw InvalidInput("mass", "must be a finite number > 0");
  requireRange(mass, limits::kMinMass, limits::kMaxMass, "mass");
}

void validateMagnitude(const Vec3& v, double limit, const std::string& field) {
  for (int i = 0; i < 3; ++i)
    if (!(std::abs(v(i)) <= limit))
      throw InvalidInput(field, "components must be finite with |value| <= " + num(limit) + " (got " + num(v(i)) + ")");
}

void validateInertiaScale(const Mat3& J, const std::string& field) {
  if (!J.allFinite()) throw InvalidInput(field, "the inertia tensor must be finite numbers");
  const Eigen::SelfAdjointEigenSolver<Mat3> es(J, Eigen::EigenvaluesOnly);
  const double lo = es.eigenvalues().minCoeff(), hi = es.eigenvalues().maxCoeff();
  if (!(lo > 0.0)) throw InvalidInput(field, "the inertia tensor must be positive definite");
  if (!(lo >= limits::kMinInertia && hi <= limits::kMaxInertia))
    throw InvalidInput(field, "the inertia tensor's eigenvalues must be in [1e-30, 1e30] (got " + num(lo) + " .. " + num(hi) + ")");
  if (!(hi <= limits::kMaxInertiaCondition * lo))
    throw InvalidInput(field, "the inertia tensor's condition number " + num(hi / lo) + " exceeds 1e12 (J⁻¹ would lose all digits)");
}

void validateRigidBodySystem(const RigidBodySystem& sys, const IntegratorDef& def, const RigidBodyState& s) {
  // Inputs: magnitudes.
  validateMass(sys.mass.mass);
  requireRange(sys.gravity, 0.0, limits::kMaxGravity, "gravity");
  validateMagnitude(s.x, limits::kMaxLength, "x0");
  validateMagnitude(s.gamma, limits::kMaxMomentum, "gamma0");
  validateMagnitude(s.Pi, limits::kMaxMomentum, "Pi0");

  // Derived: J⁻¹ (its scale and conditioning), the body's size.
  validateInertiaScale(sys.mass.J, "inertia");
  const double radius = sys.body->boundingRadius();
  if (!(radius >= 0.0 && radius <= 4.0 * limits::kMaxLength))
    throw InvalidInput("body", "its bounding radius " + num(radius) + " must be finite and <= 4e6");

  // Derived: the initial energy |γ|²/2m + m g x3 + ½ΠᵀJ⁻¹Π, term by term to name the cause.
  const double m = sys.mass.mass;
  const Mat3 Jinv = sys.mass.J.inverse();
  if (!std::isfinite(s.gamma.squaredNorm() / (2.0 * m)))
    throw InvalidInput("gamma0", "the kinetic energy |gamma0|^2/2m overflows");
  if (!std::isfinite(m * sys.gravity * s.x.z())) throw InvalidInput("x0", "the potential energy m g x3 overflows");
  const double rot = 0.5 * s.Pi.dot(Jinv * s.Pi);
  if (!std::isfinite(rot) || !Jinv.allFinite()) throw InvalidInput("Pi0", "the rotational energy overflows");

  // Derived: the step's scale. (5.9c) asks for F with G(f) = hΠ; the left-hand side is bounded,
  // |G_c(f)| = 2|Jf + f×Jf|/(1+|f|²) ≤ 2|Jf|/√(1+|f|²) < 2λmax(J) for the Cayley map (D.8) and
  // |G(f)| ≤ λmax(J)(|sin θ| + 1 − cos θ) ≤ (1+√2)λmax(J) for exp (D.3): beyond, no attitude update exists.
  const Eigen::SelfAdjointEigenSolver<Mat3> es(sys.mass.J, Eigen::EigenvaluesOnly);
  const double reach = (def.retraction == Retraction::Cayley ? 2.0 : 1.0 + std::sqrt(2.0)) * es.eigenvalues().maxCoeff();
  const double hPi = def.h * s.Pi.norm();
  if (!(hPi < reach))
    throw InvalidInput("Pi0", "|h Pi0| = " + num(hPi) + " is beyond the range " + num(reach) +
                                  " of the attitude equation (5.9c) for this inertia: no update exists; reduce h or Pi0");

  // Derived: Φ(x0, R0) must be a number (an undefined lowest point is the body's fault).
  const Vec3 u = s.R.transpose() * sys.plane.normal();
  const SupportPoint low = sys.body->lowest(u);
  if (!std::isfinite(low.value) || !low.rho.allFinite())
    throw InvalidInput("body", "its lowest point along R0^T n is not defined (Phi = " + num(low.value) + ")");
}

}  // namespace lgvci
