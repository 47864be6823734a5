// The impact of Fetecau et al. (75a)+(76): at q̃ ∈ ∂C the momentum jumps along the constraint's
// gradient, p̃⁺ = p̃⁻ − λ∇φ(q̃), with λ the bounce root of the discrete energy balance
// E_d(q̃, q_i(λ), τ₂) = E* (the pass-through root λ ≈ 0 is rejected); or with λ keeping H at q̃.
#pragma once

#include "lgvci/vci/potential.hpp"
#include "lgvci/vci/state.hpp"

namespace lgvci {

struct EnergyJump {
  bool ok = false;
  double lambda = 0.0;
  double mismatch = 0.0;  // E_d(q̃, q_i, τ₂) − E* at the returned λ
};

/// `qt` = q̃, `p` = p̃⁻ (momentum at q̃ from the pre-impact arc), `n` = ∇φ(q̃), `tau2` = time flowed
/// after the impact, `Estar` = E_d of the pre-impact arc. Linear V: the quadratic's root in closed
/// form; otherwise Newton from the linearised root. Fails (ok = false) without a bounce root.
EnergyJump energyBalanceJump(const MatX& M, const MatX& Minv, const Potential& V, const VecX& qt, const VecX& p,
                             const VecX& n, double tau2, double Estar);

/// The jump (76) that keeps the continuous energy H = ½pᵀM⁻¹p + V at q̃ instead (the config's "jump":
/// "energy"): ½(p − λn)ᵀM⁻¹(p − λn) = ½pᵀM⁻¹p, the non-zero root λ = 2 nᵀM⁻¹p / nᵀM⁻¹n, which reverses the
/// normal velocity nᵀM⁻¹p. `mismatch` is what it leaves of (75a), E_d(q̃, q_i, τ₂) − E* (same arguments
/// as energyBalanceJump). Fails (ok = false) unless nᵀM⁻¹p < 0 (the constraint approaches at q̃).
EnergyJump hamiltonianJump(const MatX& M, const MatX& Minv, const Potential& V, const VecX& qt, const VecX& p,
                           const VecX& n, double tau2, double Estar);

}  // namespace lgvci
