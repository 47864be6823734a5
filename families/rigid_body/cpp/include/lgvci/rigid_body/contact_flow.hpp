// Persistent contact (docs/rigid-body.md "Persistent contact"): the discrete flow (5.9) with the active contacts
// φ_f(x, R) = n·x + min_{ρ ∈ feature f} n·Rρ = 0 as holonomic constraints, a RATTLE-type variational
// step on SE(3) (Hairer–Lubich–Wanner VII.1.4 on the LGVI (5.9) of Tran & Leok, the forced LGVI of
// Lee–Leok–McClamroch), with the multipliers the normal force; a contact is released when its
// multiplier would pull (unilateral constraint, Signorini).
#pragma once

#include <array>

#include "lgvci/rigid_body/collision.hpp"
#include "lgvci/rigid_body/discrete_flow.hpp"

namespace lgvci {

enum class ContactStepOutcome { Constrained, AllReleased, Failed };

class ContactFlow {
 public:
  ContactFlow(ShapePtr body, const Plane& plane, const MassProperties& mass, double gravity, Retraction retraction,
              double tolerance);

  /// One step of size τ > 0 from `in` with in.contact active:
  ///   γ̃ = γ − (τ/2) m g e3 + Σ P_f n,  Π̃ = Π + Σ P_f χ_f,  x⁺ = x + (τ/m) γ̃,
  ///   S(τΠ̃) = F J_d − J_d Fᵀ, R⁺ = R F,  φ_f(x⁺, R⁺) = 0          (position stage, P_f = τλ_f/2)
  ///   γ⁺ = γ̃ − (τ/2) m g e3 + Σ Q_f n,  Π⁺ = FᵀΠ̃ + Σ Q_f χ_f⁺,  φ̇_f(x⁺, R⁺; γ⁺, Π⁺) = 0  (velocity stage)
  /// with χ_f = ρ_f × Rᵀn (6.10). A contact whose P_f < 0 (the force would pull at the start) is
  /// released and the step redone without it; the velocity stage keeps every contact (Q_f may pull a
  /// little, as RATTLE's half-step multiplier does): release is this force decision, not a velocity sign.
  /// AllReleased: no contact left, the caller flies the step instead. `phiTolerance`: |φ_f(x⁺, R⁺)| reached.
  ContactStepOutcome step(const RigidBodyState& in, double tau, RigidBodyState& out, double phiTolerance);

  /// The velocity stage on its own: impulses Q_f along (n, χ_f) that bring the normal velocity
  /// n·γ/m + χ_f·J⁻¹Π of every contact in `set` to 0 (minimum norm); a contact that would need a pull
  /// Q_f < 0 large enough to stop it separating faster than `releaseSpeed` is dropped from `set`
  /// and the rest re-solved. Returns Σ Q_f. (Also the plastic impact that starts a contact phase.)
  double project(const Mat3& R, ContactSet& set, Vec3& gamma, Vec3& Pi, double releaseSpeed) const;

  /// Iterations of the last position stage (for tests and benchmarks), and its residual max |φ_f|.
  int lastIterations() const { return lastIterations_; }
  double lastResidual() const { return lastResidual_; }
  bool lastFailedInRotation() const { return failedInRotation_; }

 private:
  static constexpr int kMax = ContactSet::kMax;
  using Vec = std::array<double, kMax>;
  // χ_f at attitude R for every contact of `set`, with w_f = J⁻¹χ_f.
  void gradients(const Mat3& R, const ContactSet& set, std::array<Vec3, kMax>& chi, std::array<Vec3, kMax>& w) const;

  ShapePtr body_;
  Plane plane_;
  MassProperties mass_;
  Mat3 Jinv_;
  double g_;
  Retraction retraction_;
  double tol_;
  int lastIterations_ = 0;
  double lastResidual_ = 0.0;
  bool failedInRotation_ = false;
};

}  // namespace lgvci
