// The canonical chart of a system in generalized coordinates (docs/symplecticity.md "The charts"):
// z = (q, p) itself, p = M q̇ the conjugate momentum of L = ½ q̇ᵀMq̇ − V(q), so ω = Σ dq_i ∧ dp_i.
// Shared by the families in generalized coordinates, whose façades read q, p
// from their state record and restart a clone of themselves at a given (q, p).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "lgvci/core/canonical_chart.hpp"
#include "lgvci/core/simulation.hpp"

namespace lgvci {

/// z = (q, p) of a run's state record (fields "q" and "p", n each).
inline std::vector<double> readQpRecord(const Simulation& run) {
  const std::vector<double> r = run.record();
  const RecordField& q = run.layout().field("q");
  const RecordField& p = run.layout().field("p");
  std::vector<double> z(r.begin() + q.offset, r.begin() + q.offset + q.size);
  z.insert(z.end(), r.begin() + p.offset, r.begin() + p.offset + p.size);
  return z;
}

/// The chart of `base` (a copy of the façade Sim, whose impact log is cleared here): `restart(sim, z)`
/// sets the copy's driver state to (q, p) = z at the base's time. `qNames`: the n coordinate names
/// (the momenta are named "p_" + each).
template <class Sim, class Restart>
std::shared_ptr<const CanonicalChart> makeQpChart(std::shared_ptr<Sim> base, const std::vector<std::string>& qNames,
                                                 int slicePair, Restart restart) {
  base->clearImpactLog();
  std::vector<std::string> names = qNames;
  for (const std::string& q : qNames) names.push_back("p_" + q);
  return std::make_shared<const CanonicalChart>(
      names, slicePair, [](const Simulation& run) { return readQpRecord(run); },
      [base, restart](const std::vector<double>& z) -> std::unique_ptr<Simulation> {
        auto run = std::make_unique<Sim>(*base);
        restart(*run, z);
        return run;
      });
}

}  // namespace lgvci
