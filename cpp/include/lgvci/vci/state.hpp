// State (q, p) ∈ Rⁿ × Rⁿ of a system in generalized coordinates (Fetecau et al. §4.1, (q,p) form).
#pragma once

#include <Eigen/Dense>

namespace lgvci {

using VecX = Eigen::VectorXd;
using MatX = Eigen::MatrixXd;

struct GeneralizedState {
  double t = 0.0;
  VecX q;
  VecX p;  // discrete momentum p_k = D2 L_d(q_{k−1}, q_k, h) (50a)
  /// The rounding residuals of the flight's compensated sums (lgvci/core/compensated.hpp, docs/method.md
  /// "Round-off without drift"): the Verlet flight carries q + qLow and p + pLow; empty reads as zero.
  /// Not in the record: empty in a state built from numbers (a config's start, setState's record, a
  /// chart's coordinates); an impact restarts pLow at zero.
  VecX qLow, pLow;
};

/// Time reversal p → −p at the current q (docs/baselines.md "Time reversal"), the residual with it.
inline void reverseMomentum(GeneralizedState& s) {
  s.p = -s.p;
  s.pLow = -s.pLow;
}

}  // namespace lgvci
