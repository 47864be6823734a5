// Limits on the inputs and validation of the quantities computed from them: energy,
// bounding radius, J⁻¹, Φ at the start, the step's scale. Every violation is an InvalidInput naming
// the input field responsible. The limits are listed in docs/validation.md "Validation and limits".
#pragma once

#include <string>

#include "lgvci/core/json_bounds.hpp"
#include "lgvci/rigid_body/hybrid_integrator.hpp"

namespace lgvci {
namespace limits {
// Magnitudes: far enough from the double range that products of a few of them (energy m g x3,
// |γ|²/2m, J = m L², ΠᵀJ⁻¹Π) stay finite and normal, with room for the rounding bounds used inside.
inline constexpr double kMaxLength = 1e6;        // |coordinate| of x0, centres, vertices; sizes
inline constexpr double kMinSize = 1e-6;         // semi-axes, cube side
inline constexpr double kMinMass = 1e-9, kMaxMass = 1e9;
inline constexpr double kMaxGravity = 1e6;
inline constexpr double kMaxMomentum = 1e12;     // |component| of γ0 and Π0
inline constexpr double kMaxInertiaCondition = 1e12;  // λmax(J)/λmin(J)
inline constexpr double kMaxInertia = 1e30, kMinInertia = 1e-30;  // eigenvalues of J
}  // namespace limits

/// "mass: must be in [1e-9, 1e9]" unless finite and in range.
void validateMass(double mass);
/// Each component finite and |v_i| ≤ limit, else "<field>: ...".
void validateMagnitude(const Vec3& v, double limit, const std::string& field);
/// J symmetric positive definite with eigenvalues in [1e-30, 1e30] and condition ≤ 1e12; `field`
/// names the input J came from ("inertia" when given, "body" when computed from the body).
void validateInertiaScale(const Mat3& J, const std::string& field);

/// Everything the constructor of the rigid-body integrator must refuse beyond the per-field
/// checks: magnitudes of mass, gravity, h, t0, x0, γ0, Π0; J's scale and conditioning; the body's
/// bounding radius; a finite initial energy; a solvable first Newton problem (|hΠ0| against the
/// range of (5.9c)'s left-hand side); a finite Φ(x0, R0) ≥ 0.
void validateRigidBodySystem(const RigidBodySystem& system, const IntegratorDef& def, const RigidBodyState& initial);


}  // namespace lgvci
