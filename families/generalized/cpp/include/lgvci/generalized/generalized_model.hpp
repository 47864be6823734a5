// Fetecau, Marsden, Ortiz & West's variational collision integrator (§4.1) as a model of the hybrid
// driver: constant SPD M, potential V, constraints φ_k ≥ 0; Verlet flight (73), impact from the
// discrete energy balance (75a) with the jump (76), several impacts per step by (78)–(79).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "lgvci/core/hybrid_driver.hpp"
#include "lgvci/generalized/constraints.hpp"
#include "lgvci/vci/energy_jump.hpp"
#include "lgvci/generalized/impact.hpp"
#include "lgvci/vci/potential.hpp"
#include "lgvci/generalized/simultaneous_impacts.hpp"
#include "lgvci/vci/verlet_flow.hpp"

namespace lgvci {

struct GeneralizedSystem {
  MatX M;  // constant, symmetric positive definite
  Potential V;
  std::vector<Constraint> constraints;
  /// Impacts at a configuration on several surfaces; Sequential is Fetecau et al.'s one constraint at a time.
  ImpactPolicy policy = ImpactPolicy::Sequential;
  /// Chain/Simultaneous only: snap coordinates left at rest by an impact to exactly (0, 0) (rest at
  /// q_i = 0, as the cradle's angles), energy kept by (75a) (simultaneous_impacts.cpp).
  bool restTruncation = false;
  /// Chain only: true = Seghete §III-D literally, the first and last links balance the discrete energies
  /// of the pre- and post-impact arcs; false (default) = every link balances the energy at q̃ (docs/generalized.md
  /// "Newton's cradle: simultaneous impacts": the discrete outer links turn an O(h²) energy gap into contact velocity).
  bool discreteOuterLinks = false;
  /// Sequential only: true = the jump (76) keeps H at q̃ (the config's "jump": "energy"); false (default)
  /// = its λ solves the discrete energy balance (75a) (docs/generalized.md "The energy jump"). For a chain
  /// the same choice is discreteOuterLinks; the simultaneous impulse keeps H.
  bool keepHamiltonian = false;
};

/// What a generalized model derives once from its validated system and never changes: shared by
/// every copy of the model (a clone, an ensemble member), as MuJoCo's mjModel is by its mjData.
struct GeneralizedConstants {
  GeneralizedSystem system;
  MatX Minv;                       // M⁻¹
  double contactTolerance = 1e-10;
  double scale = 1.0;              // largest constraint scale, for noise and tolerances
};

class GeneralizedModel {
 public:
  using State = GeneralizedState;
  /// (75a) balances E_d over the pre-impact arc against the arc flowed after the jump.
  static constexpr bool kJumpUsesRemainingTime = true;

  /// `system` must be valid (GeneralizedSimulation validates it).
  GeneralizedModel(GeneralizedSystem system, double contactTolerance);

  bool flow(const State& s, double tau, State& out);
  double phi(const State& s) const;
  double phiNoise(const State& s) const;
  /// ≥ sup d²φ_k/dτ² along a Verlet sample q(τ) = q + τv − (τ²/2)a: |H_k||q̇|² + |∇φ_k||a|.
  double detectionCurvature(const State& s, double tau) const;
  /// The chain at one configuration: while an active constraint (φ_k within the contact tolerance
  /// of the min) approaches along the post-impact arc, jump along its gradient ((75a)+(76)).
  int jump(State& s, const State& before, double tauBefore, double tauAfter, int budget,
           std::vector<ImpactEvent>& events);
  std::string failureMessage(double t) const;

  const GeneralizedSystem& system() const { return constants_->system; }
  const MatX& inverseMass() const { return constants_->Minv; }
  /// H = ½pᵀM⁻¹p + V(q).
  double hamiltonian(const State& s) const;
  /// Impacts whose rest truncation changed something, and the total |p_i| it set to zero.
  long long restTruncations() const { return restTruncations_; }
  double truncatedMomentum() const { return truncatedMomentum_; }
  void resetStatistics() { restTruncations_ = 0; truncatedMomentum_ = 0.0; }

 private:
  // The constant system, shared by reference between copies (and assignable: a run restarted from a
  // state, Simulation::setState, takes a fresh model).
  std::shared_ptr<const GeneralizedConstants> constants_;
  // The run's own: the last failure, and the rest truncation's statistics.
  std::string failure_;
  long long restTruncations_ = 0;
  double truncatedMomentum_ = 0.0;

  int simultaneousJump(State& s, const State& before, double tauBefore, double tauAfter, int budget,
                       std::vector<ImpactEvent>& events);
  double truncateResting(State& s, const VecX& p0, VecX& p, const std::vector<VecX>& normals, double Estar,
                         double tau, double delta, double mismatch);
};

extern template class HybridDriver<GeneralizedModel>;

}  // namespace lgvci
