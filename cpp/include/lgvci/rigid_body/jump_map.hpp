// The jump map F̃_Jump of Corollary 4.4 (4.21).
#pragma once

#include "lgvci/rigid_body/mass_properties.hpp"

namespace lgvci {

struct JumpResult {
  double lambda = 0.0;  // the non-zero root of the energy equation (4.21c)
  Vec3 gamma = Vec3::Zero();
  Vec3 Pi = Vec3::Zero();
};

/// γ⁺ = γ⁻ + λ n, Π⁺ = Π⁻ + λ χ with λ = −2(n·γ⁻/m + χ·J⁻¹Π⁻)/(1/m + χᵀJ⁻¹χ), the non-zero root of
/// (4.21c). `Jinv` is J⁻¹. Reverses the normal velocity n·γ/m + χ·J⁻¹Π of the contact point.
JumpResult jumpMap(const Vec3& n, const Vec3& chi, const Vec3& gamma, const Vec3& Pi, double mass,
                   const Mat3& Jinv);

/// Normal velocity of a contact point with rotational gradient χ: n·γ/m + χ·J⁻¹Π.
double normalVelocity(const Vec3& n, const Vec3& chi, const Vec3& gamma, const Vec3& Pi,
                      double mass, const Mat3& Jinv);

}  // namespace lgvci
