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
};

}  // namespace lgvci
