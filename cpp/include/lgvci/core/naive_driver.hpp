// The naive baseline's driver (docs/baselines.md "The naive baseline"): the impact treatment of game
// engines and textbooks. Each step is one flight step of size h (symplectic Euler); when the step ends
// inside the obstacle (some φ < 0) the model reflects the normal velocity there, at the end of the step,
// without locating the impact, and pushes the body back onto the surface. There is no root finding, no
// sub-step and no Zeno guard: one flight evaluation per step. Impacts are logged with the step's end
// time. It keeps HybridDriver's accessors, so DriverSimulation forwards it unchanged.
#pragma once

#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "lgvci/core/hybrid_driver.hpp"

namespace lgvci {

/// The driver over a Model with:
///   using State = …;  (with a member `double t`)
///   bool flight(const State&, double h, State& out);   // one symplectic Euler step; false: non-finite
///   int resolve(State& s, std::vector<ImpactEvent>& events);  // at the step's end: reflect and push
///       // back every violated constraint (φ < 0); impulses applied (≥ 0), −1 when the result is not finite
///   std::string failureMessage(double t) const;        // after flight or resolve failed
template <class Model>
class NaiveDriver {
 public:
  using State = typename Model::State;

  NaiveDriver(Model model, DriverSettings settings, const State& initial)
      : model_(std::move(model)), settings_(settings), initial_(initial), state_(initial), gridStart_(initial.t) {}

  /// One step. A step that fails (non-finite values) is discarded and the run halted with NewtonFailed
  /// (the status every family's driver uses for a failed flow): further calls return at once.
  StepReport step() {
    StepReport report;
    if (halted_) {
      report.status = status_;
      return report;
    }
    status_ = StepStatus::Ok;
    statusMessage_.clear();
    const std::size_t logStart = log_.size();
    ++totalFlows_;
    State next;
    bool ok = model_.flight(state_, settings_.h, next);
    int impacts = 0;
    const double tEnd = gridStart_ + static_cast<double>(gridSteps_ + 1) * settings_.h;  // t_k = t0 + k h
    if (ok) {
      next.t = tEnd;
      impacts = model_.resolve(next, log_);
      ok = impacts >= 0;
    }
    if (!ok) {
      log_.resize(logStart);
      status_ = StepStatus::NewtonFailed;
      statusMessage_ = model_.failureMessage(state_.t);
      halted_ = true;
      report.status = status_;
      return report;
    }
    for (std::size_t k = logStart; k < log_.size(); ++k) {
      log_[k].t = tEnd;  // the impact is not located: it is logged at the end of the step that saw it
      dissipated_ += log_[k].dissipated;
    }
    state_ = next;
    ++steps_;
    ++gridSteps_;
    totalImpacts_ += impacts;
    if (impacts >= 2) ++multiImpactSteps_;
    report.impacts = impacts;
    return report;
  }

  void reset() {
    state_ = initial_;
    gridStart_ = initial_.t;
    gridSteps_ = 0;
    totalImpacts_ = steps_ = multiImpactSteps_ = totalFlows_ = 0;
    dissipated_ = 0.0;
    status_ = StepStatus::Ok;
    statusMessage_.clear();
    halted_ = false;
    log_.clear();
  }
  /// Continue from `s` (time reversal); the grid restarts at s.t, counters and the log carry on.
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
  long long multiImpactSteps() const { return multiImpactSteps_; }
  /// Σ ImpactEvent::dissipated (restitution e < 1).
  double dissipated() const { return dissipated_; }
  StepStatus status() const { return status_; }
  const std::string& statusMessage() const { return statusMessage_; }
  bool halted() const { return halted_; }
  /// No Zeno guard: a step resolves each violated constraint once.
  long long zenoGuardEvents() const { return 0; }
  double firstZenoGuardTime() const { return std::numeric_limits<double>::quiet_NaN(); }
  /// One flight evaluation per step.
  long long flowEvaluations() const { return totalFlows_; }
  const std::vector<ImpactEvent>& impactLog() const { return log_; }
  void clearImpactLog() { log_.clear(); }

 private:
  Model model_;
  DriverSettings settings_;
  State initial_;
  State state_;
  double gridStart_ = 0.0;
  long long gridSteps_ = 0;
  long long totalImpacts_ = 0;
  long long steps_ = 0;
  long long multiImpactSteps_ = 0;
  long long totalFlows_ = 0;
  double dissipated_ = 0.0;
  StepStatus status_ = StepStatus::Ok;
  std::string statusMessage_;
  bool halted_ = false;
  std::vector<ImpactEvent> log_;
};

}  // namespace lgvci
