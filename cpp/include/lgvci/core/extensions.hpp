// The family-specific interfaces a run may offer beside the generic Simulation (docs/architecture.md
// "Model and data"): a caller finds one by capability, `sim.extension<MomentumMaps>()`, nullptr when the
// run has none, and generic code (the claims, the CLI, the bindings) names no family. A family's façade
// derives from the ones it offers and answers Simulation::findExtension for them (offerExtension below).
#pragma once

#include <memory>
#include <string>
#include <typeinfo>
#include <vector>

#include "lgvci/core/canonical_chart.hpp"
#include "lgvci/core/simulation.hpp"

namespace lgvci {

/// The momentum maps of a run's symmetries (docs/momentum-maps.md), declared by the family from its
/// config: offered only when there is at least one (docs/momentum-maps.md "What each family conserves").
class MomentumMaps : public Extension {
 public:
  virtual const MomentumMapLayout& momentumMapLayout() const = 0;
  /// Writes momentumMapLayout().size() values of the current state, in its order (no allocation).
  virtual void writeMomentumMaps(double* out) const = 0;

 protected:
  ~MomentumMaps() = default;
};

/// The family's canonical chart of phase space centred at the run's current state
/// (lgvci/core/canonical_chart.hpp, docs/symplecticity.md "The charts").
class PhaseSpaceChart : public Extension {
 public:
  virtual std::shared_ptr<const CanonicalChart> canonicalChart() const = 0;

 protected:
  ~PhaseSpaceChart() = default;
};

/// The Birkhoff chart of the family's bounce map at the run's energy (lgvci/core/canonical_chart.hpp,
/// docs/symplecticity.md "The bounce map"): a point in a table with walls.
class BounceMap : public Extension {
 public:
  virtual std::shared_ptr<const BounceChart> bounceChart() const = 0;

 protected:
  ~BounceMap() = default;
};

/// The run counters the family keeps beside the ones every family has (RunStatus): whole numbers counted
/// since the start, each with its name and what it counts (docs/architecture.md "Records").
class FamilyCounters : public Extension {
 public:
  virtual const CounterLayout& counterLayout() const = 0;
  /// Writes counterLayout().size() values, in its order (each a whole number, exact in a double).
  virtual void writeCounters(double* out) const = 0;

 protected:
  ~FamilyCounters() = default;
};

/// The discrete energy balance (75a) of the jumps (docs/generalized.md, docs/rigid-body.md "The
/// variational jump"): the run's largest relative mismatch at an impact, from ImpactEvent::energyMismatch.
class EnergyBalance : public Extension {
 public:
  /// max over the run's impacts of |E_d after − E_d before| / max(|E|, |E0|); 0 when the jump does not
  /// solve (75a).
  virtual double maxDiscreteEnergyMismatch() const = 0;

 protected:
  ~EnergyBalance() = default;
};

/// Typed field updates (docs/architecture.md "The walk of h"): a new run of the same system with one
/// number of its definition changed, from its config's start, built without the config's parser — what
/// a config with that value gives, bit for bit. withField (lgvci/core/simulation.hpp) checks the row's
/// rule first and asks here; a path the family does not set this way (nullptr) goes through its parser.
class TypedFields : public Extension {
 public:
  virtual std::unique_ptr<Simulation> withNumber(const std::string& path, double value) const = 0;

 protected:
  ~TypedFields() = default;
};

/// The exact Jacobian of the one-step map in the family's canonical chart (PhaseSpaceChart; docs/jacobians.md):
/// the discrete flow's derivative, the impact times' derivatives from φ(Ψ_τ(z)) = 0 (the saltation terms) and
/// the jumps' derivatives, analytically. Offered by the runs whose integrator has one (the VCI's).
class StepJacobian : public Extension {
 public:
  /// The chart's 2n coordinate names, the q's then their p's (the rows and columns of the Jacobian).
  virtual const std::vector<std::string>& jacobianCoordinates() const = 0;
  /// Takes one step, exactly as Simulation::step() (the same state bits, counters and impact log), and
  /// writes the Jacobian ∂z₁/∂z₀ of that step, row-major (2n)², into `jacobian`. Throws
  /// std::domain_error naming the step when the step halted or the map is not differentiable there
  /// (docs/jacobians.md "Where the map is not smooth"); the step is taken all the same.
  virtual StepReport stepWithJacobian(double* jacobian) = 0;

 protected:
  ~StepJacobian() = default;
};

/// For a façade's findExtension: `self` as its extension E when `type` is E's, else nullptr.
template <class E, class Self>
const Extension* offerExtension(const Self* self, const std::type_info& type) {
  return type == typeid(E) ? static_cast<const Extension*>(static_cast<const E*>(self)) : nullptr;
}

/// The run's largest (75a) mismatch (EnergyBalance), 0 for a run without the extension.
inline double maxDiscreteEnergyMismatch(const Simulation& sim) {
  const EnergyBalance* b = sim.extension<EnergyBalance>();
  return b ? b->maxDiscreteEnergyMismatch() : 0.0;
}

}  // namespace lgvci
