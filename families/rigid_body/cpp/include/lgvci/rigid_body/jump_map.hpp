// The jump map F̃_Jump of Corollary 4.4 (4.21), with its energy condition (4.21c) generalised to a
// coefficient of restitution e (Fetecau et al. §2.5: the energy term of the contact force).
#pragma once

#include "lgvci/rigid_body/mass_properties.hpp"

namespace lgvci {

struct JumpResult {
  double lambda = 0.0;     // the outgoing root of the energy condition (4.21c), with restitution
  double dissipated = 0.0; // ΔE = (1 − e²)·½ v_n²/(1/m + χᵀJ⁻¹χ) ≥ 0, the kinetic energy lost
  Vec3 gamma = Vec3::Zero();
  Vec3 Pi = Vec3::Zero();
};

/// γ⁺ = γ⁻ + λ n, Π⁺ = Π⁻ + λ χ (4.21a–b) with E⁺ = E⁻ − ΔE in place of (4.21c):
/// λ = −(1 + e) v_n/a, a = 1/m + χᵀJ⁻¹χ, v_n = n·γ⁻/m + χ·J⁻¹Π⁻. The normal velocity of the contact
/// point becomes −e v_n; e = 1 (the default) is the paper's elastic jump, bit for bit. `Jinv` is J⁻¹.
JumpResult jumpMap(const Vec3& n, const Vec3& chi, const Vec3& gamma, const Vec3& Pi, double mass,
                   const Mat3& Jinv, double restitution = 1.0);

/// Normal velocity of a contact point with rotational gradient χ: n·γ/m + χ·J⁻¹Π.
double normalVelocity(const Vec3& n, const Vec3& chi, const Vec3& gamma, const Vec3& Pi,
                      double mass, const Mat3& Jinv);

}  // namespace lgvci
