// What the façades of the families in generalized coordinates (q, p) share (docs/architecture.md "How
// to add a family"): the rows their state records start with, and the choice between the VCI's driver
// and the naive baseline's (docs/baselines.md "The naive baseline"), whose models share φ and H.
#pragma once

#include <memory>
#include <type_traits>

#include "lgvci/core/record_schema.hpp"
#include "lgvci/core/simulation.hpp"

namespace lgvci {

/// The rows of a (q, p) state record that every such family starts with, in this order (the golden
/// hashes depend on it): t, q, p, E, impacts (the CSV), then phi, total_impacts, steps, status, E0 and
/// max_discrete_energy_mismatch (the record only). `Sim` is a DriverSimulation over a GeneralizedState;
/// it befriends QpRecord<Sim> for its state, driver and E0.
template <class Sim>
struct QpRecord {
  static void addCommonRows(RecordSchema<Sim>& s, int n) {
    using G = const Sim&;
    constexpr FieldUse csv = FieldUse::Csv, rec = FieldUse::Record;
    s.scalar("t", csv, [](G g, double* o) { o[0] = g.state().t; })
        .field("q", n, csv, [](G g, double* o) { for (long i = 0; i < g.state().q.size(); ++i) o[i] = g.state().q(i); })
        .field("p", n, csv, [](G g, double* o) { for (long i = 0; i < g.state().p.size(); ++i) o[i] = g.state().p(i); })
        .scalar("E", csv, [](G g, double* o) { o[0] = g.energy(); })
        .scalar("impacts", csv, [](G g, double* o) { o[0] = g.lastImpacts(); })
        .scalar("phi", rec, [](G g, double* o) { o[0] = g.minPhi(); })
        .scalar("total_impacts", rec, [](G g, double* o) { o[0] = static_cast<double>(g.driver_.totalImpacts()); })
        .scalar("steps", rec, [](G g, double* o) { o[0] = static_cast<double>(g.driver_.steps()); })
        .scalar("status", rec, [](G g, double* o) { o[0] = static_cast<double>(g.driver_.status()); })
        .scalar("E0", rec, [](G g, double* o) { o[0] = g.energy0_; })
        .scalar("max_discrete_energy_mismatch", rec, [](G g, double* o) { o[0] = g.maxDiscreteEnergyMismatch(); });
  }
};

/// A driver of type `Driver` for `def`: the VCI's, vci(def), when that is its type, else the naive
/// baseline's, naive(def) (a façade's setState rebuilds its own kind).
template <class Driver, class Def, class Vci, class Naive>
Driver makeQpDriver(const Def& def, Vci vci, Naive naive) {
  if constexpr (std::is_same_v<Driver, decltype(vci(def))>) return vci(def);
  else return naive(def);
}

/// The façade Sim<Driver> of a validated config: over the naive baseline's driver when the config asks
/// for it (def->naive), else over the VCI's.
template <template <class> class Sim, class Def, class Vci, class Naive>
std::unique_ptr<Simulation> makeQpSimulation(std::shared_ptr<const Def> def, Vci vci, Naive naive) {
  if (def->naive) return std::make_unique<Sim<decltype(naive(*def))>>(def, naive(*def));
  return std::make_unique<Sim<decltype(vci(*def))>>(def, vci(*def));
}

}  // namespace lgvci
