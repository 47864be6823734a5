// The Simulation façade over a hybrid driver (docs/architecture.md "How to add a family"): the step
// bookkeeping, time, counters, status, the Zeno guard's summary, the work count and the impact log are
// forwarded here once (Simulation::runStatus()), so a family's façade keeps only what is its own — its
// names, energy, record, final state, time reversal and the extensions it offers.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "lgvci/core/extensions.hpp"
#include "lgvci/core/hybrid_driver.hpp"
#include "lgvci/core/interrupt.hpp"
#include "lgvci/core/record_schema.hpp"
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
/// integrator(), caseName() (the pieces of info()) and energy(), and sets energy0_ (E at its start),
/// reverseMomenta(), configJson(), minPhi(), layout(), writeRecord() and finalStateJson(), and overrides
/// the rest only where it differs (its impact record; the extensions it offers, findExtension()).
/// Every such run offers EnergyBalance: the mismatch of (75a) is measured here, from the driver's
/// impact log.
template <class Driver>
class DriverSimulation : public Simulation, public EnergyBalance {
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
      const double scale = std::max(std::abs(energy()), std::abs(energy0_));
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
  RunInfo info() const override { return {model(), family(), integrator(), caseName(), h()}; }
  RunStatus runStatus() const override {
    RunStatus s;
    s.time = driver_.state().t;
    s.steps = driver_.steps();
    s.impacts = driver_.totalImpacts();
    s.multiImpactSteps = driver_.multiImpactSteps();
    s.zenoGuardEvents = driver_.zenoGuardEvents();
    s.firstZenoGuardTime = driver_.firstZenoGuardTime();
    s.flowEvaluations = driver_.flowEvaluations();
    s.workUnits = driver_.workUnits();
    s.status = driver_.status();
    s.halted = driver_.halted();
    s.message = driver_.statusMessage();
    return s;
  }
  /// E + Σ ImpactEvent::dissipated over the impacts so far as the conserved balance (the driver's
  /// dissipated(): 0 for a family whose impacts keep the energy).
  Energies energies() const override {
    const double E = energy();
    return {E, energy0_, E + driver_.dissipated()};
  }
  const std::vector<ImpactEvent>& impactLog() const override { return driver_.impactLog(); }
  void clearImpactLog() override { driver_.clearImpactLog(); }
  /// The common impact record (a family with columns of its own overrides it).
  const RecordSchema<ImpactEvent>& impactSchema() const override { return lgvci::impactSchema(); }
  /// The largest |ImpactEvent::energyMismatch| of the run relative to max(|E|, |E0|) (0 for a family
  /// whose jump does not solve (75a)).
  double maxDiscreteEnergyMismatch() const override { return maxMismatch_; }

 protected:
  const Extension* findExtension(const std::type_info& type) const override { return offerExtension<EnergyBalance>(this, type); }

  // The family's pieces of info() and energies().
  virtual std::string model() const = 0;
  /// model() or, for a case with capabilities of its own, that case's family.
  virtual std::string family() const { return model(); }
  virtual std::string integrator() const = 0;
  virtual std::string caseName() const = 0;
  virtual double energy() const = 0;

  double h() const {
    if constexpr (detail::HasSettings<Driver>::value) return driver_.settings().h;
    else return driver_.def().h;
  }
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
  double energy0_ = 0.0;  // E at the run's start, set by the family's constructor (a member, not a call: energies() runs every step)

 private:
  int lastImpacts_ = 0;
  double maxMismatch_ = 0.0;
};

}  // namespace lgvci
