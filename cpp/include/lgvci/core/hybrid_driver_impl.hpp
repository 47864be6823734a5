// The definitions of HybridDriver<Model> (Algorithm 5.2). Include it in exactly one .cpp per model and
// instantiate there (`template class HybridDriver<MyModel>;`); everyone else includes hybrid_driver.hpp.
#pragma once

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <utility>

#include "lgvci/core/hybrid_driver.hpp"
#include "lgvci/core/text.hpp"

namespace lgvci {
namespace detail {
// Does the model offer sub-division (solvableStep and subdivisionFailure)?
template <class M, class = void>
struct CanSubdivide : std::false_type {};
template <class M>
struct CanSubdivide<M, std::void_t<decltype(std::declval<const M&>().solvableStep(std::declval<const typename M::State&>())),
                                   decltype(std::declval<const M&>().subdivisionFailure(
                                       std::declval<const typename M::State&>(), 0.0, false))>>
    : std::bool_constant<!M::kJumpUsesRemainingTime> {};
}  // namespace detail

template <class Model>
HybridDriver<Model>::HybridDriver(Model model, DriverSettings settings, const State& initial)
    : model_(std::move(model)), settings_(settings), initial_(initial), state_(initial), gridStart_(initial.t) {}

template <class Model>
void HybridDriver<Model>::reset() {
  state_ = initial_;
  gridStart_ = initial_.t;
  gridSteps_ = 0;
  totalImpacts_ = 0;
  steps_ = 0;
  multiImpactSteps_ = 0;
  subdividedSteps_ = 0;
  extraSubSteps_ = 0;
  dissipated_ = 0.0;
  status_ = StepStatus::Ok;
  statusMessage_.clear();
  log_.clear();
}

template <class Model>
bool HybridDriver<Model>::advance(const Segment& seg, double c, int budget, State& out, State* jumped,
                                  std::vector<ImpactEvent>* events, int* applied) {
  const double tau = c * settings_.h;
  if constexpr (Model::kJumpUsesRemainingTime) {
    if (seg.pending) {
      State j = seg.start;
      std::vector<ImpactEvent>& ev = events ? *events : scratch_;
      if (!events) scratch_.clear();
      const int n = model_.jump(j, seg.before, seg.tauBefore, tau, budget, ev);
      if (n < 0) return false;
      if (applied) *applied = n;
      if (jumped) *jumped = j;
      return model_.flow(j, tau, out);
    }
  }
  if (applied) *applied = 0;
  if (jumped) *jumped = seg.start;
  return model_.flow(seg.start, tau, out);
}

// A trial step whose end is admissible may still have dipped below φ = 0 inside it (a fast-spinning
// tip). With a bound K ≥ d²φ/dτ² along the flow, φ ≥ min(φ(a), φ(b)) − K ((b − a)h)²/8 on [a, b]:
// intervals where that bound is not above −noise are halved and sampled, left first, until a sample
// is inadmissible (a bracket for the root finder) or every interval is certified or narrower than tol.
template <class Model>
bool HybridDriver<Model>::detectInside(const Segment& seg, double b, double fb, int budget, double& cHit,
                                       State& sHit, double& fHit) {
  const double h = settings_.h;
  const double K = model_.detectionCurvature(seg.start, b * h);
  cHit = -1.0;
  if (!(K > 0.0)) return true;
  const double noise = model_.phiNoise(seg.start);
  struct Interval { double a, fa, b, fb; };
  std::vector<Interval> stack{{0.0, model_.phi(seg.start), b, fb}};
  int evaluations = 0;
  constexpr int kMaxEvaluations = 512;
  while (!stack.empty() && evaluations < kMaxEvaluations) {
    const Interval iv = stack.back();
    stack.pop_back();
    const double w = (iv.b - iv.a) * h;
    if (std::min(iv.fa, iv.fb) - K * w * w / 8.0 >= -noise) continue;  // certified
    const double mid = 0.5 * (iv.a + iv.b);
    if (iv.b - iv.a <= settings_.tolerance || mid <= iv.a || mid >= iv.b) continue;
    State sm;
    if (!advance(seg, mid, budget, sm, nullptr, nullptr, nullptr)) return false;
    ++evaluations;
    const double fm = model_.phi(sm);
    if (fm < -model_.phiNoise(sm)) {
      cHit = mid;
      sHit = sm;
      fHit = fm;
      return true;
    }
    stack.push_back({mid, fm, iv.b, iv.fb});  // right half after the left one
    stack.push_back({iv.a, iv.fa, mid, fm});
  }
  return true;
}

template <class Model>
StepReport HybridDriver<Model>::step() {
  StepReport report;
  if (status_ == StepStatus::NewtonFailed) {
    report.status = status_;
    return report;
  }
  status_ = StepStatus::Ok;
  statusMessage_.clear();
  const double h = settings_.h;
  const int maxImpacts = settings_.maxImpactsPerStep;
  const double tEnd = gridStart_ + static_cast<double>(gridSteps_ + 1) * h;
  Segment seg;
  seg.start = state_;
  State s = state_;  // the state the step ends with
  double remaining = 1.0;
  // Sub-division (README "Hard impacts: sub-division"): the trial flows `chunk` ≤ `remaining` (as a
  // fraction of h). It is the whole remainder unless the implicit flow failed for it; then it is
  // halved, each sub-step a variational step of its own with impacts located and applied as usual,
  // and after each impact the whole remainder is tried again. A step that never fails takes exactly
  // the path (and the bits) it took without sub-division.
  double chunk = remaining;
  int subSteps = 0;      // sub-steps flowed without an impact in them
  bool halved = false;   // the step was sub-divided
  std::string subdivisionMessage;
  int attempts = 0;
  bool ok = true;
  bool phiFailed = false;  // φ came back NaN or infinite (not a failed implicit solve)
  const size_t logSizeAtStart = log_.size();
  while (true) {
    const int budget = maxImpacts - report.impacts;
    State trial, jumped;
    int applied = 0;
    scratch_.clear();
    std::vector<ImpactEvent> trialEvents;
    if (!(ok = advance(seg, chunk, budget, trial, &jumped, &trialEvents, &applied))) {
      if constexpr (detail::CanSubdivide<Model>::value) {
        // (5.9c)-type equations have a solution for |τ| < τ* (the model's bound): halve until the
        // sub-step is inside it. Give up when a sub-step at most half the bound still fails (the
        // solver, not the existence, failed) or below 2⁻¹² h (the step is far too large).
        const double bound = model_.solvableStep(seg.start);
        const bool withinBound = chunk * h <= 0.5 * bound;
        if (!phiFailed && !withinBound && 0.5 * chunk >= kMinSubStep) {
          chunk *= 0.5;
          halved = true;
          ok = true;
          continue;
        }
        if (!phiFailed) subdivisionMessage = model_.subdivisionFailure(seg.start, chunk * h, withinBound);
      }
      break;
    }
    double fTrial = model_.phi(trial);
    if (!(ok = std::isfinite(fTrial))) {  // the model's geometry failed: halt, never carry a NaN on
      phiFailed = true;
      break;
    }
    double bEnd = chunk;
    bool hit = fTrial < -model_.phiNoise(trial);
    if (!hit) {
      double cHit = -1.0, fHit = 0.0;
      State sHit;
      if (!(ok = detectInside(seg, chunk, fTrial, budget, cHit, sHit, fHit))) break;
      if (cHit > 0.0) {
        hit = true;
        bEnd = cHit;
        trial = sHit;
        fTrial = fHit;
      }
    }
    if (!hit) {
      log_.insert(log_.end(), trialEvents.begin(), trialEvents.end());  // a pending jump happened
      report.impacts += applied;
      s = trial;
      if (chunk < remaining) {  // a sub-step of a sub-divided step: the next one starts here
        remaining -= chunk;
        chunk = std::min(chunk, remaining);
        seg.start = trial;
        seg.pending = false;
        ++subSteps;
        continue;
      }
      s.t = tEnd;
      break;
    }
    if (attempts >= maxImpacts || report.impacts >= maxImpacts) {
      log_.insert(log_.end(), trialEvents.begin(), trialEvents.end());
      report.impacts += applied;
      s = jumped;
      status_ = StepStatus::ZenoGuard;
      statusMessage_ = concat("Zeno guard: ", report.impacts, " impacts (", attempts, " located) in the step ending at t = ", tEnd,
                              "; the step stopped at the last impact (t = ", s.t, ")");
      break;
    }
    auto eval = [&](double c, State& out, double& phi) {
      if (!advance(seg, c, budget, out, nullptr, nullptr, nullptr)) return false;
      phi = model_.phi(out);
      if (std::isfinite(phi)) return true;
      phiFailed = true;
      return false;
    };
    Located<State> loc;
    if (settings_.rootFinder == RootFinder::Bisection) {
      ok = locateByBisection(seg.start, bEnd, settings_.tolerance, eval, loc);
    } else {
      ok = locateByIllinois(seg.start, model_.phi(seg.start), bEnd, fTrial, settings_.tolerance,
                            model_.phiNoise(seg.start), eval, loc);
    }
    if (!ok) break;
    remaining -= loc.alpha;
    if constexpr (Model::kJumpUsesRemainingTime) {
      // The jump pending at the segment's start now knows its post-impact sub-step: αh.
      State before = seg.start;
      if (seg.pending) {
        std::vector<ImpactEvent> events;
        const int n = model_.jump(before, seg.before, seg.tauBefore, loc.alpha * h, budget, events);
        if (!(ok = n >= 0)) break;
        log_.insert(log_.end(), events.begin(), events.end());
        report.impacts += n;
      }
      seg.before = before;
      seg.tauBefore = loc.alpha * h;
      seg.start = loc.atImpact;
      seg.pending = true;
      s = seg.start;
    } else {
      s = loc.atImpact;
      const int n = model_.jump(s, s, 0.0, remaining * h, maxImpacts - report.impacts, log_);
      if (!(ok = n >= 0)) break;
      report.impacts += n;
      seg.start = s;
    }
    chunk = remaining;  // the impulse changed the momenta: try the whole remainder again
    ++attempts;
  }
  if (!ok) {
    status_ = StepStatus::NewtonFailed;
    if (phiFailed) {
      statusMessage_ = concat("the contact function phi is not a finite number in the step after t = ", state_.t,
                              " (the body's geometry could not be evaluated there); the simulation is halted");
    } else if (!subdivisionMessage.empty()) {
      statusMessage_ = subdivisionMessage;
    } else {
      statusMessage_ = model_.failureMessage(state_.t);
    }
    log_.resize(logSizeAtStart);  // impacts of the discarded step did not happen
    report.status = status_;
    report.impacts = 0;
    return report;
  }
  state_ = s;
  ++steps_;
  totalImpacts_ += report.impacts;
  for (size_t k = logSizeAtStart; k < log_.size(); ++k) dissipated_ += log_[k].dissipated;
  if (halved) {
    ++subdividedSteps_;
    extraSubSteps_ += subSteps;
  }
  if (report.impacts >= 2) ++multiImpactSteps_;
  if (status_ == StepStatus::ZenoGuard) {  // the step ended off the grid: a new grid starts here
    gridStart_ = s.t;
    gridSteps_ = 0;
  } else {
    ++gridSteps_;
  }
  report.status = status_;
  return report;
}

}  // namespace lgvci
