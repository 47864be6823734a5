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
// Can the model take the limit of a cascade that exhausted the Zeno budget (settleCascade)?
template <class M, class = void>
struct CanSettle : std::false_type {};
template <class M>
struct CanSettle<M, std::void_t<decltype(std::declval<M&>().settleCascade(std::declval<typename M::State&>(),
                                                                          std::declval<std::vector<ImpactEvent>&>())),
                                decltype(std::declval<const M&>().settleDescription(std::declval<const typename M::State&>()))>>
    : std::bool_constant<!M::kJumpUsesRemainingTime> {};
// Does the model charge its own flow evaluations (flowWork), or kFlowWork each?
template <class M, class = void>
struct HasFlowWork : std::false_type {};
template <class M>
struct HasFlowWork<M, std::void_t<decltype(std::declval<const M&>().flowWork(std::declval<const typename M::State&>()))>>
    : std::true_type {};
template <class M>
long long flowWorkOf(const M& model, const typename M::State& s) {
  if constexpr (HasFlowWork<M>::value) return model.flowWork(s);
  else return kFlowWork;
}
// Does the model choose at run time whether its jump waits for the sub-step after it (jumpUsesRemainingTime)?
template <class M, class = void>
struct ChoosesRemainingTime : std::false_type {};
template <class M>
struct ChoosesRemainingTime<M, std::void_t<decltype(std::declval<const M&>().jumpUsesRemainingTime())>> : std::true_type {};
}  // namespace detail

template <class Model>
bool HybridDriver<Model>::jumpIsPending() const {
  if constexpr (Model::kJumpUsesRemainingTime) return true;
  else if constexpr (detail::ChoosesRemainingTime<Model>::value) return model_.jumpUsesRemainingTime();
  else return false;
}

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
  halted_ = false;
  totalFlows_ = 0;
  totalWork_ = 0;
  zenoEvents_ = 0;
  firstZenoTime_ = std::numeric_limits<double>::quiet_NaN();
  log_.clear();
}

template <class Model>
StepReport HybridDriver<Model>::halt(StepStatus status, std::string message, size_t logSizeAtStart) {
  status_ = status;
  statusMessage_ = std::move(message);
  halted_ = true;
  log_.resize(logSizeAtStart);  // impacts of the discarded step did not happen
  StepReport report;
  report.status = status_;
  return report;
}

template <class Model>
bool HybridDriver<Model>::advance(const Segment& seg, double c, int budget, State& out, State* jumped,
                                  std::vector<ImpactEvent>* events, int* applied) {
  // The step's budgets (flows, work units): fail, and step() halts with WorkLimit.
  if (flows_ >= kMaxFlowsPerStep || !meter_.spend(detail::flowWorkOf(model_, seg.start))) {
    workExceeded_ = true;
    return false;
  }
  ++flows_;
  ++totalFlows_;
  const double tau = c * settings_.h;
  if (jumpIsPending()) {
    if (seg.pending) {
      if (jumped) *jumped = seg.start;  // what flowed if the jump fails (the sub-division's bound)
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
// At most kMaxDetectionSamples samples: an interval still uncertified after them is not passed over
// silently — the detection fails (detectionExceeded_) and step() halts the run with WorkLimit.
template <class Model>
bool HybridDriver<Model>::detectInside(const Segment& seg, double b, double fb, int budget, double& cHit,
                                       State& sHit, double& fHit, const double* curvature) {
  const double h = settings_.h;
  const double K = curvature ? *curvature : model_.detectionCurvature(seg.start, b * h);
  cHit = -1.0;
  if (!(K > 0.0)) return true;
  const double noise = model_.phiNoise(seg.start);
  std::vector<DetectionInterval>& stack = detectStack_;  // kept storage: no allocation per step
  stack.clear();
  stack.push_back({0.0, model_.phi(seg.start), b, fb});
  int evaluations = 0;
  while (!stack.empty()) {
    const DetectionInterval iv = stack.back();
    stack.pop_back();
    const double w = (iv.b - iv.a) * h;
    if (std::min(iv.fa, iv.fb) - K * w * w / 8.0 >= -noise) continue;  // certified
    const double mid = 0.5 * (iv.a + iv.b);
    if (iv.b - iv.a <= settings_.tolerance || mid <= iv.a || mid >= iv.b) continue;
    if (evaluations >= kMaxDetectionSamples) {
      detectionExceeded_ = true;
      return false;
    }
    State& sm = sampleScratch_;  // kept storage (a state of vectors would allocate on each sample)
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
  if (halted_) {
    StepReport report;
    report.status = status_;
    return report;
  }
  // Everything the step computes is charged to its meter (lgvci/core/work.hpp), its own flows here and
  // what the model's geometry spends (a composite body's support functions) through the scope.
  meter_.restart();
  StepReport report;
  {
    WorkScope scope(meter_);
    report = stepMetered();
  }
  totalWork_ += meter_.used();
  return report;
}

template <class Model>
StepReport HybridDriver<Model>::stepMetered() {
  StepReport report;
  status_ = StepStatus::Ok;
  statusMessage_.clear();
  flows_ = 0;
  workExceeded_ = false;
  detectionExceeded_ = false;
  const double h = settings_.h;
  const double tEnd = gridStart_ + static_cast<double>(gridSteps_ + 1) * h;
  // Algorithm 5.2's trial step: the whole step from the grid state (what the first pass of
  // stepGeneral's loop flows: advance() by c = 1, τ = 1·h = h). A step in flight — the trial solved,
  // its end admissible (φ ≥ −noise) and no bound that asks for samples inside it (detectInside with
  // K ≤ 0) — ends here, with the state, counters and log stepGeneral would leave, without its
  // segment and copies of the state (docs/benchmarks.md "Flight step"). Any other step continues in
  // stepGeneral from this trial and what was evaluated of it (φ, the admissibility, the bound K), so
  // every step evaluates the model as before, each of these once.
  // The trial's flow is charged as advance() charges every flow; a refused charge leaves it unflowed
  // (flowed false), and stepGeneral then halts the run with WorkLimit, as it does for any flow.
  FirstTrial first;
  if (meter_.spend(detail::flowWorkOf(model_, state_))) {
    ++flows_;
    ++totalFlows_;
    first.flowed = model_.flow(state_, h, trial_);
  } else {
    workExceeded_ = true;
  }
  if (first.flowed) {
    first.phi = model_.phi(trial_);
    // A charge refused while flowing or evaluating φ (a composite body's support points) left work
    // undone: the step is not taken here, whatever its values (stepGeneral discards it).
    if (std::isfinite(first.phi) && !meter_.exhausted()) {
      first.hit = first.phi < -model_.phiNoise(trial_);
      if (!first.hit) {
        first.curvature = model_.detectionCurvature(state_, h);
        if (!(first.curvature > 0.0)) {
          state_ = trial_;
          state_.t = tEnd;
          ++steps_;
          ++gridSteps_;
          report.status = status_;
          return report;
        }
      }
    }
  }
  return stepGeneral(first);
}

template <class Model>
StepReport HybridDriver<Model>::stepGeneral(const FirstTrial& firstTrial) {
  StepReport report;
  const double h = settings_.h;
  const int maxImpacts = settings_.maxImpactsPerStep;
  const double tStart = state_.t;
  const double tEnd = gridStart_ + static_cast<double>(gridSteps_ + 1) * h;
  // The step's states live in kept storage (generalScratch_), assigned rather than constructed: a
  // state of vectors (a generalized model's q, p and their compensation words) then allocates nothing
  // once its vectors have their size; the values are the same as from fresh states.
  Segment& seg = generalScratch_.seg;
  seg.start = state_;
  seg.pending = false;
  seg.tauBefore = 0.0;
  State& s = generalScratch_.s;  // the state the step ends with
  s = state_;
  double remaining = 1.0;
  // Sub-division (docs/rigid-body.md "Hard impacts: sub-division"): the trial flows `chunk` ≤ `remaining` (as a
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
  // The Zeno guard (docs/rigid-body.md "Persistent contact"): after maxImpacts impacts in the step, a model that
  // can take the limit of the cascade (settleCascade) does so at each further impact — at most
  // maxImpacts more — and the step ends on the grid; otherwise, or when the limit does not apply (the
  // impact is too fast to be part of a cascade), the step is discarded and the run halted.
  bool settling = false;
  int settled = 0;          // impacts resolved by the cascade's limit
  double guardT = 0.0;      // the last impact before the guard fired
  bool zenoHalt = false;
  std::string zenoWhy;
  const size_t logSizeAtStart = log_.size();
  bool first = true;  // the trial step() flowed: the first pass takes it instead of flowing again
  while (true) {
    const int budget = std::max(0, maxImpacts - report.impacts);
    State& trial = generalScratch_.trial;
    State& jumped = generalScratch_.jumped;
    int applied = 0;
    scratch_.clear();
    std::vector<ImpactEvent> trialEvents;
    const bool firstPass = first;  // advance(seg, 1, …) from the grid state, no jump pending: step()'s trial
    first = false;
    if (firstPass) {
      ok = firstTrial.flowed;
      if (ok) {
        std::swap(trial, trial_);  // its storage, not a copy (a state of vectors would allocate one)
        jumped = seg.start;
      }
    } else {
      ok = advance(seg, chunk, budget, trial, &jumped, &trialEvents, &applied);
    }
    if (!ok) {
      if constexpr (detail::CanSubdivide<Model>::value) {
        // (5.9c)-type equations have a solution for |τ| < τ* (the model's bound): halve until the
        // sub-step is inside it. Give up when a sub-step at most half the bound still fails (the
        // solver, not the existence, failed) or below 2⁻¹² h (the step is far too large).
        // The state whose flow failed: after a pending jump (a run-time choice), the jumped one.
        const State& flowed = seg.pending ? jumped : seg.start;
        const double bound = model_.solvableStep(flowed);
        const bool withinBound = chunk * h <= 0.5 * bound;
        if (!outOfWork() && !phiFailed && !withinBound && 0.5 * chunk >= kMinSubStep) {
          chunk *= 0.5;
          halved = true;
          ok = true;
          continue;
        }
        if (!outOfWork() && !phiFailed) subdivisionMessage = model_.subdivisionFailure(flowed, chunk * h, withinBound);
      }
      break;
    }
    double fTrial = firstPass ? firstTrial.phi : model_.phi(trial);
    if (!(ok = std::isfinite(fTrial))) {  // the model's geometry failed: halt, never carry a NaN on
      phiFailed = true;
      break;
    }
    double bEnd = chunk;
    bool hit = firstPass ? firstTrial.hit : fTrial < -model_.phiNoise(trial);
    if (!hit) {
      double cHit = -1.0, fHit = 0.0;
      State& sHit = generalScratch_.sHit;
      if (!(ok = detectInside(seg, chunk, fTrial, budget, cHit, sHit, fHit, firstPass ? &firstTrial.curvature : nullptr))) break;
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
    if (!settling && (attempts >= maxImpacts || report.impacts >= maxImpacts)) {
      guardT = jumped.t;
      if constexpr (detail::CanSettle<Model>::value) {
        settling = true;  // locate this impact and take the cascade's limit there
      } else {
        zenoHalt = true;
        zenoWhy = "this integrator has no contact phase to hand the cascade to";
        ok = false;
        break;
      }
    }
    if (settling && settled >= maxImpacts) {
      zenoHalt = true;
      zenoWhy = concat("taking the cascade's limit did not end it either (", settled, " more impacts)");
      ok = false;
      break;
    }
    auto eval = [&](double c, State& out, double& phi) {
      if (!advance(seg, c, budget, out, nullptr, nullptr, nullptr)) return false;
      phi = model_.phi(out);
      if (std::isfinite(phi)) return true;
      phiFailed = true;
      return false;
    };
    Located<State>& loc = generalScratch_.loc;
    if (settings_.rootFinder == RootFinder::Bisection) {
      ok = locateByBisection(seg.start, bEnd, settings_.tolerance, eval, loc);
    } else {
      ok = locateByIllinois(seg.start, model_.phi(seg.start), bEnd, fTrial, settings_.tolerance,
                            model_.phiNoise(seg.start), eval, loc);
    }
    if (!ok) break;
    remaining -= loc.alpha;
    if (jumpIsPending() && !settling) {
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
      if (seg.pending) {  // a run-time pending jump before the cascade's limit: its sub-step was αh
        State before = seg.start;
        std::vector<ImpactEvent> events;
        const int n = model_.jump(before, seg.before, seg.tauBefore, loc.alpha * h, budget, events);
        if (!(ok = n >= 0)) break;
        log_.insert(log_.end(), events.begin(), events.end());
        report.impacts += n;
        seg.pending = false;
      }
      s = loc.atImpact;
      int n = 0;
      if (settling) {
        if constexpr (detail::CanSettle<Model>::value) {
          n = model_.settleCascade(s, log_);
          if (n < 0) {
            zenoHalt = true;
            zenoWhy = concat("the impact at t = ", s.t, " is too fast to be part of a cascade that ends in contact");
            ok = false;
            break;
          }
          ++settled;
        }
      } else {
        n = model_.jump(s, s, 0.0, remaining * h, budget, log_);
        if (!(ok = n >= 0)) break;
      }
      report.impacts += n;
      seg.start = s;
    }
    chunk = remaining;  // the impulse changed the momenta: try the whole remainder again
    ++attempts;
  }
  if (settling || zenoHalt) {  // the summary a later clean step keeps
    if (zenoEvents_ == 0) firstZenoTime_ = guardT;
    ++zenoEvents_;
  }
  // A step in which any charge was refused left that work undone (a composite body's support point
  // among it): it is discarded whatever its values, never carried on.
  if (meter_.exhausted()) ok = false;
  if (!ok) {
    if (outOfWork()) {
      std::string what = meter_.exhausted()
                             ? concat("needed more than ", meter_.limit(), " work units (flow evaluations, and the support points of a composite body: docs/method.md \"The work limit\")")
                         : workExceeded_ ? concat("needed more than ", kMaxFlowsPerStep, " flow evaluations (trial steps, impact-location and detection samples, sub-steps)")
                                         : concat("could not be certified free of impacts with ", kMaxDetectionSamples, " detection samples");
      return halt(StepStatus::WorkLimit,
                  concat("work limit: the step from t = ", tStart, " to t = ", tEnd, " ", what, " (", attempts,
                         " impacts located in it); the run is halted at t = ", tStart),
                  logSizeAtStart);
    }
    if (zenoHalt) {
      return halt(StepStatus::ZenoGuard,
                  concat("Zeno guard: the step from t = ", tStart, " to t = ", tEnd, " located more than ", maxImpacts,
                         " impacts (the last at t = ", guardT, ") and ", zenoWhy, "; the run is halted at t = ", tStart),
                  logSizeAtStart);
    }
    if (phiFailed) {
      return halt(StepStatus::NewtonFailed,
                  concat("the contact function phi is not a finite number in the step after t = ", state_.t,
                         " (the body's geometry could not be evaluated there); the simulation is halted"),
                  logSizeAtStart);
    }
    return halt(StepStatus::NewtonFailed, !subdivisionMessage.empty() ? subdivisionMessage : model_.failureMessage(state_.t),
                logSizeAtStart);
  }
  if (settling) {
    status_ = StepStatus::ZenoGuard;
    if constexpr (detail::CanSettle<Model>::value) {
      statusMessage_ = concat("Zeno guard: the step from t = ", tStart, " to t = ", tEnd, " met ", maxImpacts,
                              " impacts (the last at t = ", guardT, "); the cascade's limit was taken: ", model_.settleDescription(s));
    }
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
  ++gridSteps_;
  report.status = status_;
  return report;
}

}  // namespace lgvci
