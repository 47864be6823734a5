// The rigid body's simulation: validated set-up, Algorithm 5.2 (HybridDriver over RigidBodyModel),
// energy E = |γ|²/2m + m g e3·x + ½ΠᵀJ⁻¹Π of §7.2.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "lgvci/core/hybrid_driver.hpp"
#include "lgvci/rigid_body/rigid_body_model.hpp"

namespace lgvci {

/// Which scheme flows the rigid body: Tran & Leok's LGVCI (5.9), the non-variational RK4 baseline
/// (docs/baselines.md "Why variational? The RK4 baseline") or the naive baseline (docs/baselines.md
/// "The naive baseline").
enum class IntegratorFamily { Lgvci, Rk4, Naive };

/// Integrator settings, with the paper's defaults (§7).
struct IntegratorDef {
  double h = 0.01;
  double tolerance = 1e-15;  // ε_tol: impact-time bracket (fraction of h) and Newton tolerance
  Retraction retraction = Retraction::Cayley;
  RootFinder rootFinder = RootFinder::Illinois;  // reproduces §7 like bisection, ~15% faster
  int maxImpactsPerStep = 64;  // Zeno guard
  /// Points within contactTolerance × body radius of the closest point count as touching together.
  double contactTolerance = 1e-10;
  /// false: the paper's end-of-step check of Φ; true: also catch a corner dipping under the plane
  /// and coming back out inside one step (docs/method.md "Impact detection inside a step").
  bool strictDetection = false;
  IntegratorFamily family = IntegratorFamily::Lgvci;  // config "integrator": "lgvci" | "rk4" | "naive"
  /// Coefficient of restitution e ∈ [0, 1] of every impact (config "restitution"); 1: Cor. 4.4's
  /// elastic jump, bit for bit (docs/rigid-body.md "Restitution").
  double restitution = 1.0;
  /// The impact's multiplier (config "jump"): Corollary 4.4 (the default, the paper's bits) or the
  /// discrete energy balance (5.16a), with which the impact step is symplectic (docs/rigid-body.md
  /// "The variational jump").
  JumpKind jump = JumpKind::Energy;
};

struct Energy {
  double total = 0.0;
  double translationalPotential = 0.0;  // |γ|²/2m + m g e3·x   (T.P.E. of §7.2)
  double rotational = 0.0;              // ½ΠᵀJ⁻¹Π             (R.E.)
};

/// The validation every rigid-body run shares (throws InvalidInput naming the field), including Φ(x0, R0) ≥ 0.
void validateRigidBodySetup(const RigidBodySystem& system, const IntegratorDef& def, const RigidBodyState& initial);
/// E = |γ|²/2m + m g e3·x + ½ΠᵀJ⁻¹Π (§7.2), `Jinv` = J⁻¹.
Energy rigidBodyEnergy(const RigidBodySystem& system, const Mat3& Jinv, const RigidBodyState& s);

/// The driver's part of a rigid body's integrator settings (h, ε_tol, root finder, Zeno budget).
DriverSettings driverSettings(const IntegratorDef& def);

/// What every run of the rigid body forwards to its driver, written once (the LGVCI's HybridIntegrator
/// and the baselines' RigidBodyBaselineRun, lgvci/rigid_body/baseline_run.hpp): its settings, state and
/// system, time reversal, and the driver's bookkeeping that the façade (rigid_body_simulation.cpp) reads.
/// `Driver`: HybridDriver<M> or NaiveDriver<M> over a rigid-body model M with system().
template <class Driver>
class RigidBodyDriverRun {
 public:
  using State = typename Driver::State;

  /// Time reversal: γ → −γ, Π → −Π at the current configuration; the run continues from there.
  void reverseMomenta() {
    State s = driver_.state();
    s.gamma = -s.gamma;
    s.Pi = -s.Pi;
    driver_.setState(s);
  }

  const State& state() const { return driver_.state(); }
  const State& initialState() const { return driver_.initialState(); }
  const RigidBodySystem& system() const { return driver_.model().system(); }
  const IntegratorDef& def() const { return def_; }
  Vec3 spatialAngularMomentum() const { return state().R * state().Pi; }
  long long totalImpacts() const { return driver_.totalImpacts(); }
  long long steps() const { return driver_.steps(); }
  long long multiImpactSteps() const { return driver_.multiImpactSteps(); }
  /// Energy lost at the impacts so far (restitution < 1, docs/rigid-body.md "Restitution"): E + dissipated = E0.
  double dissipated() const { return driver_.dissipated(); }
  StepStatus status() const { return driver_.status(); }
  const std::string& statusMessage() const { return driver_.statusMessage(); }
  bool halted() const { return driver_.halted(); }
  long long zenoGuardEvents() const { return driver_.zenoGuardEvents(); }
  double firstZenoGuardTime() const { return driver_.firstZenoGuardTime(); }
  long long flowEvaluations() const { return driver_.flowEvaluations(); }
  long long workUnits() const { return driver_.workUnits(); }
  /// Impacts since the last clearImpactLog().
  const std::vector<ImpactEvent>& impactLog() const { return driver_.impactLog(); }
  void clearImpactLog() { driver_.clearImpactLog(); }
  /// Continue from `s` (the canonical chart's restart, docs/symplecticity.md): the grid restarts at s.t.
  void setState(const State& s) { driver_.setState(s); }

 protected:
  RigidBodyDriverRun(IntegratorDef def, Driver driver) : def_(def), driver_(std::move(driver)) {}

  IntegratorDef def_;
  Driver driver_;
};

class HybridIntegrator : public RigidBodyDriverRun<HybridDriver<RigidBodyModel>> {
 public:
  /// Validates everything (throws InvalidInput naming the field), including Φ(x0, R0) ≥ 0.
  HybridIntegrator(RigidBodySystem system, IntegratorDef def, const RigidBodyState& initial);

  /// One step of Algorithm 5.2 (time advances by h unless the integrator reports a problem).
  /// After NewtonFailed the simulation is halted: further calls return NewtonFailed at once.
  StepReport step() {
    const bool before = state().contact.count > 0;
    const size_t logged = driver_.impactLog().size();
    const StepReport r = driver_.step();
    const bool after = state().contact.count > 0;
    if (!before && after) ++contactEntries_;
    if (before && !after) ++contactReleases_;
    for (size_t k = logged; k < driver_.impactLog().size(); ++k) {  // the variational jump's fallbacks
      const rigid_impact::JumpUsed j = rigid_impact::jump(driver_.impactLog()[k]);
      if (j == rigid_impact::JumpUsed::NoBounceRoot) ++noBounceRoot_;
      if (j == rigid_impact::JumpUsed::AfterContactStep) ++afterContactStep_;
    }
    return r;
  }
  void reset() {
    driver_.reset();
    contactEntries_ = contactReleases_ = 0;
    noBounceRoot_ = afterContactStep_ = 0;
  }
  /// Time reversal: γ → −γ, Π → −Π at the current configuration, with the LGVCI's compensation word of
  /// γ₃ (lgvci/core/compensated.hpp; the baselines have none): the run continues from there.
  void reverseMomenta() {
    RigidBodyState s = driver_.state();
    s.gamma = -s.gamma;
    s.gammaLow = -s.gammaLow;  // the whole momentum e3·γ + gammaLow reversed
    s.Pi = -s.Pi;
    driver_.setState(s);
  }

  Energy energy() const { return energyOf(state()); }
  Energy energyOf(const RigidBodyState& s) const;
  /// Φ(x, R) (6.9) of the current state, active contacts included.
  double phi() const { return driver_.model().collisionPhi(state()); }
  /// Active contacts of the persistent-contact phase (0 in flight) and their normal force (N).
  int contactPoints() const { return state().contact.count; }
  double normalForce() const { return state().normalForce; }
  /// Phase switches so far: flight → contact, contact → flight (docs/rigid-body.md "Persistent contact").
  long long contactEntries() const { return contactEntries_; }
  long long contactReleases() const { return contactReleases_; }
  /// Impacts of the variational jump that kept Corollary 4.4's impulse (docs/rigid-body.md "The
  /// variational jump"): (5.16a) had no bounce root (a grazing impact), or the sub-step before the
  /// impact was one of the contact phase. 0 with the energy jump.
  long long jumpFallbacksNoRoot() const { return noBounceRoot_; }
  long long jumpFallbacksAfterContact() const { return afterContactStep_; }
  long long subdividedSteps() const { return driver_.subdividedSteps(); }
  long long extraSubSteps() const { return driver_.extraSubSteps(); }

 private:
  static HybridDriver<RigidBodyModel> build(RigidBodySystem system, const IntegratorDef& def, const RigidBodyState& initial);

  long long contactEntries_ = 0;
  long long contactReleases_ = 0;
  long long noBounceRoot_ = 0;
  long long afterContactStep_ = 0;
};

}  // namespace lgvci
