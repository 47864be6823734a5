// What the rigid body's baseline runs (RK4, naive; docs/baselines.md) share: a driver over a model of
// the rigid body, its settings, and the accessors the façade (rigid_body_simulation.cpp) reads, written
// once over the driver. The LGVCI's own run (HybridIntegrator) adds the contact phase to these.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "lgvci/core/hybrid_driver.hpp"
#include "lgvci/rigid_body/hybrid_integrator.hpp"

namespace lgvci {

/// A baseline's run: Driver is HybridDriver<M> or NaiveDriver<M> over a rigid-body model M with
/// system(), inverseInertia() and phi(state).
template <class Driver>
class RigidBodyBaselineRun {
 public:
  using State = typename Driver::State;

  StepReport step() { return driver_.step(); }
  void reset() { driver_.reset(); }
  /// Time reversal: γ → −γ, Π → −Π (the configuration unchanged); the run continues from there.
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
  const DriverSettings& settings() const { return driver_.settings(); }
  Energy energy() const { return energyOf(state()); }
  Energy energyOf(const RigidBodyState& s) const { return rigidBodyEnergy(system(), driver_.model().inverseInertia(), s); }
  double phi() const { return driver_.model().phi(state()); }
  Vec3 spatialAngularMomentum() const { return state().R * state().Pi; }
  long long totalImpacts() const { return driver_.totalImpacts(); }
  long long steps() const { return driver_.steps(); }
  long long multiImpactSteps() const { return driver_.multiImpactSteps(); }
  double dissipated() const { return driver_.dissipated(); }  // restitution < 1 (docs/rigid-body.md "Restitution")
  StepStatus status() const { return driver_.status(); }
  const std::string& statusMessage() const { return driver_.statusMessage(); }
  bool halted() const { return driver_.halted(); }
  long long zenoGuardEvents() const { return driver_.zenoGuardEvents(); }
  double firstZenoGuardTime() const { return driver_.firstZenoGuardTime(); }
  long long flowEvaluations() const { return driver_.flowEvaluations(); }
  const std::vector<ImpactEvent>& impactLog() const { return driver_.impactLog(); }
  void clearImpactLog() { driver_.clearImpactLog(); }
  /// Continue from `s` (the canonical chart's restart, docs/symplecticity.md): the grid restarts at s.t.
  void setState(const State& s) { driver_.setState(s); }

 protected:
  RigidBodyBaselineRun(IntegratorDef def, Driver driver) : def_(def), driver_(std::move(driver)) {}

  IntegratorDef def_;
  Driver driver_;
};

}  // namespace lgvci
