// Simultaneous impacts at one configuration (Seghete & Murphey §II-C/§III-D): the variational
// chain of single impacts with unknown intermediate velocities (their (4a)–(4c)), and, for contrast,
// the one elastic impulse vector over all active contacts that physics engines use.
#pragma once

#include <vector>

#include "lgvci/vci/state.hpp"

namespace lgvci {

/// How GeneralizedModel resolves an impact configuration that lies on several contact surfaces.
enum class ImpactPolicy {
  Sequential,    // Fetecau et al.'s (75a)+(76) per constraint (the particle and the star)
  Chain,         // Seghete & Murphey's chain: one link per surface, each with its own energy balance
  Simultaneous,  // one elastic impulse vector Σλ_k∇φ_k for all active contacts at once
};

/// One link of a chain: p⁺ = p⁻ − λ∇φ_surface (the (76) sign; λ < 0 pushes the bodies apart).
struct ChainLink {
  int surface = -1;  // index into the normals given to impactChain
  double lambda = 0.0;
  VecX pBefore;      // momentum entering the link
};

/// The continuous chain (4a)–(4c) at one configuration for L = ½q̇ᵀMq̇ − V(q): starting from momentum
/// `p`, while some surface k has an approaching normal velocity ∇φ_kᵀM⁻¹p < −vtol·|M⁻¹p|, apply a link
/// on the most approaching one (ties: lowest index). Order rule: a link is only ever placed on an
/// approaching surface, so its energy equation (4b), quadratic in λ with roots {0, λ*}, has λ* ≠ 0:
/// no link has a zero multiplier. (v,v,0) thus starts with surface 2, not the naive surface 1.
/// The first link's energy target is `firstEnergy` − V(q) as kinetic energy (the discrete energy of
/// the pre-impact arc, e_0 = e_1 of Seghete's discrete chain); NaN means "keep the kinetic energy"
/// (every later link: e_i = e_{i+1} at one q, i.e. a reflection). Returns false when the budget ran out.
bool impactChain(const MatX& Minv, const std::vector<VecX>& normals, double firstKinetic, int budget, VecX& p,
                 std::vector<ChainLink>& links, double vtol = 1e-13);

/// The engines' simultaneous elastic impulse: multipliers λ_k (p⁺ = p − Σλ_k∇φ_k) such that every
/// contact's normal velocity is reversed, G M⁻¹p⁺ = −G M⁻¹p, which conserves kinetic energy; a contact
/// whose multiplier would pull (λ_k > 0) is dropped and the rest re-solved (an active set). Contacts
/// separating already (∇φ_kᵀM⁻¹p > vtol·|M⁻¹p|) are not included. Returns the multipliers (0 for
/// contacts left out); all zero when no contact approaches.
VecX simultaneousImpulse(const MatX& Minv, const std::vector<VecX>& normals, const VecX& p, double vtol = 1e-13);

}  // namespace lgvci
