// Algorithm 5.2 of Tran & Leok, written once for any model (the same hybrid step is Fetecau et al.'s
// §4.1 (73)–(79)): flow a trial step; if it leaves the admissible set φ ≥ 0 (at its end, or inside it
// when the model gives a curvature bound), locate the impact fraction α, apply the model's jump there,
// flow the rest, repeat for further impacts in the same step; grid time t = t0 + k h.
#pragma once

#include <string>
#include <vector>

#include "lgvci/core/root_finders.hpp"
#include "lgvci/core/types.hpp"

namespace lgvci {

/// Settings of the driver itself (the model has its own).
struct DriverSettings {
  double h = 0.01;
  double tolerance = 1e-15;  // ε_tol: impact-time bracket, as a fraction of h
  RootFinder rootFinder = RootFinder::Illinois;
  int maxImpactsPerStep = 64;  // Zeno guard
};

enum class StepStatus { Ok = 0, NewtonFailed = 1, ZenoGuard = 2 };  // NewtonFailed: an implicit solve failed

/// One impulse. Rigid body: point/bodyPoint/contacts; generalized models: constraint, energyMismatch.
struct ImpactEvent {
  double t = 0.0;
  double lambda = 0.0;            // multiplier of the jump
  Vec3 point = Vec3::Zero();      // contact point, inertial frame (barycentre if several)
  Vec3 bodyPoint = Vec3::Zero();  // contact point, body frame
  int contacts = 1;               // points touching together
  int constraint = -1;            // index k of the constraint φ_k that fired (generalized models)
  double energyMismatch = 0.0;    // E_d after − E_d before the impact (75a) (generalized models)
  double dissipated = 0.0;        // kinetic energy lost by this impulse (restitution e < 1; else 0)
};

struct StepReport {
  int impacts = 0;
  StepStatus status = StepStatus::Ok;
};

/// The driver over a Model with:
///   using State = …;  (with a member `double t`)
///   static constexpr bool kJumpUsesRemainingTime;  // Fetecau (75a) couples the jump to the sub-step after it
///   bool flow(const State&, double tau, State& out);  // discrete flow by τ (any sign); false: solve failed
///   double phi(const State&) const;                    // min_k φ_k
///   double phiNoise(const State&) const;               // rounding error of φ (hysteresis of the impact test)
///   double detectionCurvature(const State&, double tau) const;  // ≥ sup d²φ/dτ² along the flow; 0: end-of-step rule
///   int jump(State& s, const State& before, double tauBefore, double tauAfter, int budget,
///            std::vector<ImpactEvent>& events);  // impulses applied (0..budget), −1 when it failed
///   std::string failureMessage(double t) const;     // after flow or jump failed
/// and optionally, to have a step whose implicit flow fails sub-divided instead of halted (README
/// "Hard impacts: sub-division"; only for models whose jump does not use the remaining time):
///   double solvableStep(const State&) const;  // τ*: flow(s, τ) has a solution for every |τ| < τ*
///   std::string subdivisionFailure(const State&, double tau, bool withinBound) const;  // why it gave up
template <class Model>
class HybridDriver {
 public:
  using State = typename Model::State;

  HybridDriver(Model model, DriverSettings settings, const State& initial);

  /// One step of Algorithm 5.2. After a failure the run is halted: further calls return at once.
  StepReport step();
  void reset();
  /// Continue from `s` (e.g. the current state with its momenta negated: time reversal). The grid
  /// restarts at s.t; counters and the impact log carry on; a halted run stays halted.
  void setState(const State& s) {
    state_ = s;
    gridStart_ = s.t;
    gridSteps_ = 0;
  }

  const State& state() const { return state_; }
  const State& initialState() const { return initial_; }
  Model& model() { return model_; }
  const Model& model() const { return model_; }
  const DriverSettings& settings() const { return settings_; }
  long long totalImpacts() const { return totalImpacts_; }
  long long steps() const { return steps_; }
  long long multiImpactSteps() const { return multiImpactSteps_; }  // steps with ≥ 2 impulses
  /// Steps whose flow had to be sub-divided, and the sub-steps without an impact they took.
  long long subdividedSteps() const { return subdividedSteps_; }
  long long extraSubSteps() const { return extraSubSteps_; }
  /// Σ ImpactEvent::dissipated over the impacts of the steps taken: E + dissipated() = E0.
  double dissipated() const { return dissipated_; }
  /// Smallest sub-step, as a fraction of h, that sub-division tries: 2⁻¹², i.e. at most 4096 sub-steps
  /// per step (a run 4096 times slower than its h promises: h is far too large for the spin; it also
  /// bounds the work of one step for any input, e.g. under the fuzzer).
  static constexpr double kMinSubStep = 1.0 / 4096.0;
  StepStatus status() const { return status_; }
  const std::string& statusMessage() const { return statusMessage_; }
  /// Impacts since the last clearImpactLog().
  const std::vector<ImpactEvent>& impactLog() const { return log_; }
  void clearImpactLog() { log_.clear(); }

 private:
  // A stretch of the step starting at `start`; when `pending`, the model's jump at `start` is still
  // to be applied, with the pre-impact sub-step (before, tauBefore) and the time flowed after it.
  struct Segment {
    State start;
    bool pending = false;
    State before;
    double tauBefore = 0.0;
  };
  bool advance(const Segment& seg, double c, int budget, State& out, State* jumped, std::vector<ImpactEvent>* events,
               int* applied);
  bool detectInside(const Segment& seg, double b, double fb, int budget, double& cHit, State& sHit, double& fHit);

  Model model_;
  DriverSettings settings_;
  State initial_;
  State state_;
  double gridStart_ = 0.0;  // t_k = gridStart_ + gridSteps_ h avoids summing h
  long long gridSteps_ = 0;
  long long totalImpacts_ = 0;
  long long steps_ = 0;
  long long multiImpactSteps_ = 0;
  long long subdividedSteps_ = 0;
  long long extraSubSteps_ = 0;
  double dissipated_ = 0.0;
  StepStatus status_ = StepStatus::Ok;
  std::string statusMessage_;
  std::vector<ImpactEvent> log_;
  std::vector<ImpactEvent> scratch_;  // events of a trial jump, reused
};

}  // namespace lgvci
