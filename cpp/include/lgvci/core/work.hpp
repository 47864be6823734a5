// The work budget of one step (docs/method.md "Time on the grid, the Zeno guard and the work limit"):
// a deterministic count of what a step computes, in work units, so that no step of any valid config
// runs for long and a step that would is halted with StepStatus::WorkLimit at the same place natively
// and in WebAssembly (the count depends on the computation's path alone, which is bit-identical; no
// clock is read).
//
// A work unit is about one support-function evaluation of an ellipsoid (≈ 10–20 ns natively). What is
// charged, before the work is done:
//   - every flow evaluation of a driver (a trial step, an impact-location or detection sample, a
//     sub-step, a naive step): the model's flowWork(), which covers the flow's own solve and one Φ of a
//     body with one part (kFlowWork for a family that declares none);
//   - what a model charges itself, as it runs, for work whose cost the flow's charge does not cover
//     (spendWork): a composite body's support calls (a union its parts' own costs, an intersection
//     each active set, ascent iteration and line-search evaluation of its dual solve), a constrained
//     contact step's passes and iterations over its contacts, a jump's chain links. docs/method.md
//     ("The work limit") lists each family's charges and their calibration.
// The driver installs a meter for the step (WorkScope); a charge that does not fit in what is left is
// refused and the work it stands for is not done, so a step never spends more than its budget.
#pragma once

namespace lgvci {

/// Work units one step may spend: at the calibration of docs/method.md ("The work limit": the slowest
/// units measured ≈ 20 ns natively on the 2-core development machine) about 50 ms. The presets use at
/// most a few thousand units a step (docs/method.md lists their costliest steps).
inline constexpr long long kStepWorkBudget = 2500000;
/// The charge of one flow evaluation of a family that declares no flowWork(): its solve and one Φ.
inline constexpr long long kFlowWork = 8;
/// The units of `count` multiply-adds of dense linear algebra on heap vectors (a generalized model's
/// products with M⁻¹, its constraints' φ): 8 a unit, rounded up.
inline constexpr long long workOfMultiplyAdds(long long count) { return (count + 7) / 8; }

/// The work of one step: what was spent and what is left of the budget.
class WorkMeter {
 public:
  explicit WorkMeter(long long limit = kStepWorkBudget) : limit_(limit) {}
  /// Takes `units` from what is left, before the work they stand for is done: false — and nothing
  /// taken — when they do not fit; the meter is then exhausted and refuses every later charge.
  bool spend(long long units) {
    if (exhausted_ || units > limit_ - used_) {
      exhausted_ = true;
      return false;
    }
    used_ += units;
    return true;
  }
  bool exhausted() const { return exhausted_; }
  long long used() const { return used_; }
  long long limit() const { return limit_; }
  void restart(long long limit = kStepWorkBudget) {
    used_ = 0;
    limit_ = limit;
    exhausted_ = false;
  }

 private:
  long long used_ = 0;
  long long limit_;
  bool exhausted_ = false;
};

namespace work_detail {
inline thread_local WorkMeter* active = nullptr;  // the meter of the step this thread is running
}  // namespace work_detail

/// The meter of the step this thread is running, nullptr outside a step.
inline WorkMeter* activeWorkMeter() { return work_detail::active; }
/// Spends `units` of the running step's budget (see WorkMeter::spend); outside a step nothing is
/// metered and this is true.
inline bool spendWork(long long units) {
  WorkMeter* m = work_detail::active;
  return m == nullptr || m->spend(units);
}

/// Makes `meter` the running step's meter on this thread until the scope ends (scopes nest: the one
/// before is restored).
class WorkScope {
 public:
  explicit WorkScope(WorkMeter& meter) : previous_(work_detail::active) { work_detail::active = &meter; }
  ~WorkScope() { work_detail::active = previous_; }
  WorkScope(const WorkScope&) = delete;
  WorkScope& operator=(const WorkScope&) = delete;

 private:
  WorkMeter* previous_;
};

}  // namespace lgvci
