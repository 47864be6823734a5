// The discrete energy E_d (5.12) of a sub-step of the flight map (5.9), and the jump whose multiplier
// solves the discrete energy balance (5.16a) across the impact instead of Corollary 4.4's continuous one
// (4.21c) (docs/rigid-body.md "The variational jump", docs/symplecticity.md "The impact step").
#pragma once

#include "lgvci/rigid_body/discrete_flow.hpp"
#include "lgvci/rigid_body/mass_properties.hpp"
#include "lgvci/rigid_body/state.hpp"

namespace lgvci {

/// The config's "jump": Corollary 4.4's multiplier, which keeps the continuous energy H across the
/// impact (4.21c), or the one that keeps the discrete energy of the sub-steps around it (5.16a) — with
/// it the impact step is symplectic (docs/symplecticity.md).
enum class JumpKind { Energy, Variational };

/// The rotational discrete energy tr((I − F) J_d)/s² of (5.12) for the sub-step of length s from the
/// body angular momentum Π, with F the solution of (5.9c) S(sΠ) = F J_d − J_d Fᵀ, in a form free of
/// cancellation: with f the Cayley parameter (G_c(f) = sΠ, (D.8)), tr((I − F) J_d) = 2 fᵀJf/(1 + |f|²);
/// with the exponential one (G(f) = sΠ, (D.3)), ((1 − cos θ)/θ²) fᵀJf, θ = |f|. Dividing by s² loses
/// nothing (f = O(s), found to relative round-off by Newton on f itself), where tr((I − F) J_d)/s² from
/// F would lose ~ε/s². s = 0 gives the limit ½ΠᵀJ⁻¹Π. NaN when Newton on f does not converge.
double rotationalDiscreteEnergy(const Vec3& Pi, double s, const Mat3& J, const Mat3& Jinv, Retraction retraction);

/// E_d(z, s) of (5.12) for the sub-step of length s ≥ 0 that (5.9) takes from z = (x, R, γ, Π):
/// ½ m |γ/m − ½ g s e₃|² + tr((I − F) J_d)/s² + ½ m g (2 x₃ + s γ₃/m − ½ g s²), gravity g along −e₃.
/// It does not depend on R; s = 0 gives H(z) = |γ|²/2m + ½ΠᵀJ⁻¹Π + m g x₃.
double discreteEnergy(const RigidBodyState& z, double s, const MassProperties& mass, const Mat3& Jinv, double gravity,
                      Retraction retraction);

struct DiscreteBalanceJump {
  bool ok = false;           // a bounce root was found (false: grazing, no root on the bounce side)
  double lambda = 0.0;       // its multiplier
  double residual = 0.0;     // E_d(z̃⁺(λ), s) − target at the returned λ (round-off when ok)
  double startResidual = 0.0;// the same at the starting λ (Corollary 4.4's): what the energy jump leaves
  int evaluations = 0;       // E_d evaluations (each one solve of (5.9c))
};

/// The multiplier λ of (5.16a) along the impulse direction (n, χ) of the impact state zt (its momenta
/// the ones entering the impulse): E_d((x̃, R̃, γ̃ + λn, Π̃ + λχ), s) = target, with s the sub-step after
/// the impact. Of the two roots the bounce one is taken, on which the contact point leaves:
/// v_n + aλ > 0 (v_n = n·γ̃/m + χ·J⁻¹Π̃, a = 1/m + χᵀJ⁻¹χ); the other passes through the plane.
/// Newton from lambda0 (Corollary 4.4's root) with the continuous slope v_n + aλ, then secant steps, kept
/// on the bounce side and inside a bracket once one is known. ok = false when the bounce side has no
/// root (a grazing impact: v_n² ≲ 2a|E_d − target|) or the iteration does not settle.
DiscreteBalanceJump solveDiscreteBalance(const RigidBodyState& zt, const Vec3& n, const Vec3& chi, double s, double target,
                                         double lambda0, const MassProperties& mass, const Mat3& Jinv, double gravity,
                                         Retraction retraction);

}  // namespace lgvci
