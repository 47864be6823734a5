// Central differences of the step in the canonical chart against the exact Jacobian (docs/jacobians.md).
#include "lgvci/claims/jacobian_check.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

#include "lgvci/core/extensions.hpp"
#include "lgvci/core/types.hpp"

namespace lgvci {

JacobianComparison compareStepJacobian(const Simulation& sim, double delta) {
  const PhaseSpaceChart* chartOf = sim.extension<PhaseSpaceChart>();
  if (!chartOf) throw InvalidInput("jacobian", "the run has no canonical chart to difference in");
  JacobianComparison out;
  std::unique_ptr<Simulation> run = sim.clone();
  run->clearImpactLog();
  try {
    out.exact = stepTangentMap(*run);
  } catch (const std::domain_error& e) {
    out.refused = true;
    out.reason = e.what();
    return out;
  }
  out.impacts = static_cast<int>(run->impactLog().size());
  const auto chart = chartOf->canonicalChart();
  const std::vector<double> z0 = chart->read(sim);
  const std::size_t d = z0.size();
  out.differences.assign(d * d, 0.0);
  for (std::size_t j = 0; j < d; ++j) {
    const double dj = delta * std::max(1.0, std::abs(z0[j]));
    std::vector<double> ends[2];
    for (int s = 0; s < 2; ++s) {
      std::vector<double> z = z0;
      z[j] += s == 0 ? dj : -dj;
      std::unique_ptr<Simulation> r = chart->start(z);
      if (r->step().impacts != out.impacts) out.samePath = false;
      ends[s] = chart->read(*r);
    }
    for (std::size_t i = 0; i < d; ++i) out.differences[i * d + j] = (ends[0][i] - ends[1][i]) / (2.0 * dj);
  }
  double num = 0.0, den = 0.0;
  for (std::size_t k = 0; k < d * d; ++k) {
    num = std::max(num, std::abs(out.exact.matrix[k] - out.differences[k]));
    den = std::max(den, std::abs(out.exact.matrix[k]));
  }
  out.disagreement = num / den;
  return out;
}

JacobianSurvey surveyStepJacobians(Simulation& sim, long long steps, int perKind,
                                   const std::function<void(long long, const JacobianComparison&)>& onEach) {
  JacobianSurvey s;
  for (long long k = 0; k < steps && !sim.runStatus().halted; ++k) {
    std::unique_ptr<Simulation> probe = sim.clone();
    const int impacts = probe->step().impacts;
    int& count = impacts == 0 ? s.flight : impacts == 1 ? s.single : s.multi;
    if (count < perKind) {
      const JacobianComparison c = compareStepJacobian(sim);
      if (c.refused) {
        if (s.refused++ == 0) s.firstRefusal = c.reason;
      } else if (c.samePath) {
        if (onEach) onEach(k, c);
        if (c.disagreement > s.worst) {
          s.worst = c.disagreement;
          s.worstStep = k;
        }
        ++count;
      } else {
        ++s.skipped;
      }
    }
    sim.step();
    sim.clearImpactLog();
  }
  return s;
}

}  // namespace lgvci
