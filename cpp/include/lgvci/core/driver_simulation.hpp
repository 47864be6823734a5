// The Simulation façade over a hybrid driver (docs/architecture.md "How to add a family"): the step
// bookkeeping, time, counters, status, the Zeno guard's summary, the work count and the impact log are
// forwarded here once, so a family's façade keeps only what is its own — its names, energy, record,
// final state and time reversal.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "lgvci/core/hybrid_driver.hpp"
#include "lgvci/core/interrupt.hpp"
#include "lgvci/core/simulation.hpp"

namespace lgvci {
namespace detail {
// Does the run expose the driver's settings (HybridDriver) or only its integrator's definition?
template <class D, class = void>
struct HasSettings : std::false_type {};
template <class D>
struct HasSettings<D, std::void_t<decltype(std::declval<const D&>().settings().h)>> : std::true_type {};
}  // namespace detail

/// `Driver`: HybridDriver<Model>, or a family's wrapper around one with the same accessors (state(),
/// step(), reset(), totalImpacts(), steps(), multiImpactSteps(), dissipated(), status(),
/// statusMessage(), halted(), zenoGuardEvents(), firstZenoGuardTime(), flowEvaluations(), workUnits(), impactLog(),
/// clearImpactLog(), and settings() or def() for h). The derived class implements model(),
/// integrator(), reverseMomenta(), caseName(), configJson(), energy(), initialEnergy(), minPhi(),
/// layout(), writeRecord() and finalStateJson(), and overrides the rest only where it differs (its
/// impact record, its run counters: counterLayout(), writeCounters()).
template <class Driver>
class DriverSimulation : public Simulation {
 public:
  using State = std::decay_t<decltype(std::declval<const Driver&>().state())>;

  explicit DriverSimulation(Driver driver) : driver_(std::move(driver)) {}

  StepReport step() override {
    throwIfInterrupted();  // a computation asked to stop does so here, between steps (lgvci/core/interrupt.hpp)
    const std::size_t before = driver_.impactLog().size();
    const StepReport r = driver_.step();
    lastImpacts_ = r.impacts;
    const auto& log = driver_.impactLog();
    if (log.size() > before) {
      // (75a)'s mismatch relative to the energy scale at the step's end: E_d itself can be near zero.
      const double scale = std::max(std::abs(energy()), std::abs(initialEnergy()));
      for (std::size_t i = before; i < log.size(); ++i)
        maxMismatch_ = std::max(maxMismatch_, std::abs(log[i].energyMismatch) / (scale > 0.0 ? scale : 1.0));
    }
    return r;
  }
  void reset() override {
    driver_.reset();
    lastImpacts_ = 0;
    maxMismatch_ = 0.0;
  }
  double h() const override {
    if constexpr (detail::HasSettings<Driver>::value) return driver_.settings().h;
    else return driver_.def().h;
  }
  double time() const override { return driver_.state().t; }
  long long totalImpacts() const override { return driver_.totalImpacts(); }
  long long steps() const override { return driver_.steps(); }
  long long multiImpactSteps() const override { return driver_.multiImpactSteps(); }
  StepStatus status() const override { return driver_.status(); }
  const std::string& statusMessage() const override { return driver_.statusMessage(); }
  bool halted() const override { return driver_.halted(); }
  long long zenoGuardEvents() const override { return driver_.zenoGuardEvents(); }
  double firstZenoGuardTime() const override { return driver_.firstZenoGuardTime(); }
  long long flowEvaluations() const override { return driver_.flowEvaluations(); }
  long long workUnits() const override { return driver_.workUnits(); }
  const std::vector<ImpactEvent>& impactLog() const override { return driver_.impactLog(); }
  void clearImpactLog() override { driver_.clearImpactLog(); }
  /// The largest |ImpactEvent::energyMismatch| of the run relative to max(|E|, |E0|) (0 for a family
  /// whose jump does not solve (75a)).
  double maxDiscreteEnergyMismatch() const override { return maxMismatch_; }
  /// E + Σ ImpactEvent::dissipated over the impacts so far (the driver's dissipated(): 0 for a family
  /// whose impacts keep the energy).
  double conservedEnergy() const override { return energy() + driver_.dissipated(); }

 protected:
  const State& state() const { return driver_.state(); }
  /// Impacts of the last step (the record's "impacts" field).
  int lastImpacts() const { return lastImpacts_; }
  /// Time reversal of a state in generalized coordinates (q, p) (docs/baselines.md "Time reversal"):
  /// p → −p at the current q (the state's reverseMomentum, found by argument-dependent lookup); the run
  /// continues from there. For a family's reverseMomenta().
  void negateMomenta() {
    State s = driver_.state();
    reverseMomentum(s);
    driver_.setState(s);
  }

  Driver driver_;

 private:
  int lastImpacts_ = 0;
  double maxMismatch_ = 0.0;
};

}  // namespace lgvci
