// What the rigid body's baseline runs (RK4, naive; docs/baselines.md) share: a driver over a model of
// the rigid body and its settings; the accessors the façade (rigid_body_simulation.cpp) reads are
// RigidBodyDriverRun's, which the LGVCI's own run (HybridIntegrator) shares and adds the contact phase to.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "lgvci/core/hybrid_driver.hpp"
#include "lgvci/rigid_body/hybrid_integrator.hpp"

namespace lgvci {

/// A baseline's run: Driver is HybridDriver<M> or NaiveDriver<M> over a rigid-body model M with
/// system(), inverseInertia() and phi(state); the driver's bookkeeping is RigidBodyDriverRun's.
template <class Driver>
class RigidBodyBaselineRun : public RigidBodyDriverRun<Driver> {
  using Base = RigidBodyDriverRun<Driver>;

 public:
  StepReport step() { return this->driver_.step(); }
  void reset() { this->driver_.reset(); }
  Energy energy() const { return energyOf(this->state()); }
  Energy energyOf(const RigidBodyState& s) const { return rigidBodyEnergy(this->system(), this->driver_.model().inverseInertia(), s); }
  double phi() const { return this->driver_.model().phi(this->state()); }
  const DriverSettings& settings() const { return this->driver_.settings(); }

 protected:
  RigidBodyBaselineRun(IntegratorDef def, Driver driver) : Base(def, std::move(driver)) {}
};

}  // namespace lgvci
