// Algorithm 5.2 of Tran & Leok, written once for any model (the same hybrid step is Fetecau et al.'s
// §4.1 (73)–(79)): flow a trial step; if it leaves the admissible set φ ≥ 0 (at its end, or inside it
// when the model gives a curvature bound), locate the impact fraction α, apply the model's jump there,
// flow the rest, repeat for further impacts in the same step; grid time t = t0 + k h.
#pragma once

#include <array>
#include <limits>
#include <string>
#include <vector>

#include "lgvci/core/root_finders.hpp"
#include "lgvci/core/types.hpp"
#include "lgvci/core/work.hpp"

namespace lgvci {

/// Settings of the driver itself (the model has its own).
struct DriverSettings {
  double h = 0.01;
  double tolerance = 1e-15;  // ε_tol: impact-time bracket, as a fraction of h
  RootFinder rootFinder = RootFinder::Illinois;
  int maxImpactsPerStep = 64;  // Zeno guard
};

/// The largest Zeno budget a config may ask for, and the validation message's rule: each impact of a
/// step is located with tens of flow evaluations, and a step's work is bounded (kMaxFlowsPerStep,
/// kStepWorkBudget).
inline constexpr int kMaxImpactsPerStepLimit = 1000;
inline constexpr const char* kMaxImpactsPerStepRule =
    "must be an integer in [1, 1000] (each impact in a step is located with tens of flow evaluations, and the work "
    "of one step is bounded)";

/// The status of the last step. Ok: the step ended on the grid with nothing to report. NewtonFailed:
/// an implicit solve failed (halted). ZenoGuard: the step used up its impact budget; either the
/// model took the cascade's limit (a persistent contact phase) and the step still ended on the
/// grid, or it could not and the run is halted (halted() tells which). WorkLimit: the step needed more
/// flow evaluations than kMaxFlowsPerStep or more work units than kStepWorkBudget (lgvci/core/work.hpp)
/// (halted). A halted run stays at its last grid time t0 + k h.
enum class StepStatus { Ok = 0, NewtonFailed = 1, ZenoGuard = 2, WorkLimit = 3 };

/// "ok", "newton_failed", "zeno_guard", "work_limit" (the CLI's and the page's names).
inline const char* statusName(StepStatus s) {
  switch (s) {
    case StepStatus::Ok: return "ok";
    case StepStatus::NewtonFailed: return "newton_failed";
    case StepStatus::ZenoGuard: return "zeno_guard";
    case StepStatus::WorkLimit: return "work_limit";
  }
  return "unknown";
}
/// Every status, in code order: what the bindings export as statusCodes() (name → code).
inline constexpr StepStatus kStepStatuses[] = {StepStatus::Ok, StepStatus::NewtonFailed, StepStatus::ZenoGuard,
                                               StepStatus::WorkLimit};

/// One impulse of a jump. The typed fields are the ones the core reads: t, lambda and point (every
/// family), dissipated (HybridDriver sums it into dissipated()) and energyMismatch (DriverSimulation keeps
/// its largest relative value, maxDiscreteEnergyMismatch()); a family that does not produce the last two
/// leaves them 0. Anything else a family reports about an impact travels in `extra`, whose slots the
/// family names once, in its own impact schema (docs/architecture.md "Records"); the common impact record
/// (impactLayout()) shows only t, lambda and point.
struct ImpactEvent {
  /// The number of a family's own slots: enough for the largest family's (a body point, a
  /// contact count and the jump used, 5 values); fixed so that an event stays allocation-free and copyable.
  static constexpr int kExtraSlots = 5;

  double t = 0.0;
  double lambda = 0.0;            // multiplier of the jump
  Vec3 point = Vec3::Zero();      // contact point, inertial frame (barycentre if several)
  double dissipated = 0.0;        // kinetic energy lost by this impulse (restitution e < 1; else 0)
  double energyMismatch = 0.0;    // E_d after − E_d before the impact (75a) (families with the energy jump)
  std::array<double, kExtraSlots> extra{};  // the family's own values, named by its impact schema
};

struct StepReport {
  int impacts = 0;
  StepStatus status = StepStatus::Ok;
};

/// The driver over a Model with:
///   using State = …;  (with a member `double t`)
///   static constexpr bool kJumpUsesRemainingTime;  // Fetecau (75a) couples the jump to the sub-step after it
/// and optionally, for a model whose kJumpUsesRemainingTime is false but whose config may choose a jump
/// that balances the discrete energies of the sub-steps around the impact (Tran & Leok (5.16a), (5.19a);
/// docs/rigid-body.md "The variational jump"), the same choice made at run time:
///   bool jumpUsesRemainingTime() const;  // true: the jump waits for its post-impact sub-step, as above
///   bool flow(const State&, double tau, State& out);  // discrete flow by τ (any sign); false: solve failed
///   double phi(const State&) const;                    // min_k φ_k
///   double phiNoise(const State&) const;               // rounding error of φ (hysteresis of the impact test)
///   double detectionCurvature(const State&, double tau) const;  // ≥ sup d²φ/dτ² along the flow; 0: end-of-step rule
///   int jump(State& s, const State& before, double tauBefore, double tauAfter, int budget,
///            std::vector<ImpactEvent>& events);  // impulses applied (0..budget), −1 when it failed
///   std::string failureMessage(double t) const;     // after flow or jump failed
/// and optionally, the charge of one flow evaluation in work units (lgvci/core/work.hpp; kFlowWork if
/// absent): its solve and one φ, less what φ charges itself (a composite body's parts):
///   long long flowWork(const State&) const;
/// and optionally, to have a step whose implicit flow fails sub-divided instead of halted (docs/rigid-body.md
/// "Hard impacts: sub-division"; only for models whose kJumpUsesRemainingTime is false — with the run-time
/// choice the bound is taken at the jumped state and the pending jump is solved for the first sub-step):
///   double solvableStep(const State&) const;  // τ*: flow(s, τ) has a solution for every |τ| < τ*
///   std::string subdivisionFailure(const State&, double tau, bool withinBound) const;  // why it gave up
/// and optionally, to have a cascade that exhausts the Zeno budget resolved instead of halted (docs/rigid-body.md
/// "Persistent contact"; only for models whose kJumpUsesRemainingTime is false — with the run-time choice a
/// pending jump is applied first, and the cascade's limit, which needs no sub-step, at once):
///   int settleCascade(State& s, std::vector<ImpactEvent>& events);  // the cascade's limit at an impact
///       // (impulses applied, 0 or more), or −1 when the impact is too fast to be one
///   std::string settleDescription(const State& s) const;  // what the limit did, for the message
template <class Model>
class HybridDriver {
 public:
  using State = typename Model::State;

  HybridDriver(Model model, DriverSettings settings, const State& initial);

  /// One step of Algorithm 5.2. Every step that returns ends at t0 + k h; a step that cannot (a
  /// failed solve, a Zeno cascade the model cannot resolve, the work limit) is discarded and the run
  /// is halted there: further calls return at once.
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
  /// Flow evaluations (trial steps, impact-location and detection samples, sub-steps) one step may
  /// take: each is one bounded solve, so this bounds the work of a step for any input. A step that
  /// needs more is discarded and the run halted with WorkLimit (never silently truncated).
  static constexpr int kMaxFlowsPerStep = 8192;
  /// Samples of the in-step detection (strict detection, generalized models) per trial step; running
  /// out before every interval is certified halts the run with WorkLimit.
  static constexpr int kMaxDetectionSamples = 512;
  StepStatus status() const { return status_; }
  const std::string& statusMessage() const { return statusMessage_; }
  /// The run is halted (NewtonFailed, WorkLimit, or a ZenoGuard the model could not resolve).
  bool halted() const { return halted_; }
  /// Steps in which the Zeno guard fired so far (resolved or halting) and the time of the first
  /// one's last impact before the guard (NaN when none): the summary a later clean step keeps.
  long long zenoGuardEvents() const { return zenoEvents_; }
  double firstZenoGuardTime() const { return firstZenoTime_; }
  /// Flow evaluations of every step so far (discarded ones included), ≤ kMaxFlowsPerStep a step.
  long long flowEvaluations() const { return totalFlows_; }
  /// Work units of every step so far (discarded ones included; lgvci/core/work.hpp), ≤ kStepWorkBudget a step.
  long long workUnits() const { return totalWork_; }
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
  // What step() learnt of its first trial (flowed into trial_), as far as it got: whether the flow
  // solved, then φ at its end, then whether that end is inadmissible, then the detection bound K.
  struct FirstTrial {
    bool flowed = false;
    double phi = 0.0;
    bool hit = false;
    double curvature = 0.0;
  };
  // The step after its first trial when that trial does not end the step in flight: impacts,
  // sub-division, detection inside it. Its first pass takes the trial and what step() evaluated of it.
  StepReport stepGeneral(const FirstTrial& firstTrial);
  bool advance(const Segment& seg, double c, int budget, State& out, State* jumped, std::vector<ImpactEvent>* events,
               int* applied);
  // `curvature`: the model's detectionCurvature(seg.start, b·h) when the caller has it (else nullptr).
  bool detectInside(const Segment& seg, double b, double fb, int budget, double& cHit, State& sHit, double& fHit,
                    const double* curvature);
  // The model's jump waits for the sub-step after it: always (kJumpUsesRemainingTime) or as its config chose.
  bool jumpIsPending() const;
  // What a step that could not end on the grid leaves: the step discarded, the run halted.
  StepReport halt(StepStatus status, std::string message, size_t logSizeAtStart);
  StepReport stepMetered();
  // The step ran out of flows, detection samples or work units: whatever failed after that failed for it.
  bool outOfWork() const { return workExceeded_ || detectionExceeded_ || meter_.exhausted(); }

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
  bool halted_ = false;
  long long zenoEvents_ = 0;
  double firstZenoTime_ = std::numeric_limits<double>::quiet_NaN();
  int flows_ = 0;                  // flow evaluations of the current step
  long long totalFlows_ = 0;
  bool workExceeded_ = false;      // the current step ran out of kMaxFlowsPerStep
  WorkMeter meter_;                // the current step's work units (kStepWorkBudget)
  long long totalWork_ = 0;
  bool detectionExceeded_ = false; // a detection ran out of kMaxDetectionSamples
  std::vector<ImpactEvent> log_;
  std::vector<ImpactEvent> scratch_;  // events of a trial jump, reused
  State trial_;                       // step()'s first trial, reused
  // stepGeneral's and detectInside's states and intervals, kept between steps so that a state of
  // vectors is assigned into storage it already has instead of allocated on each step.
  struct GeneralScratch {
    Segment seg;
    State s, trial, jumped, sHit;
    Located<State> loc;
  };
  struct DetectionInterval { double a, fa, b, fb; };
  GeneralScratch generalScratch_;
  State sampleScratch_;
  std::vector<DetectionInterval> detectStack_;
};

}  // namespace lgvci
