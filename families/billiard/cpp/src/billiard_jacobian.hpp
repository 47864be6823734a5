// The exact Jacobian of a billiard step (docs/jacobians.md): the VCI's replay with derivatives
// (lgvci/vci/step_tangent.hpp) and the wall's second derivatives.
#pragma once

#include <cstddef>
#include <vector>

#include "lgvci/billiard/billiard_model.hpp"

namespace lgvci {

/// ∇²φ(q) of the table (table.hpp): the ellipse's diag(−2/a², −2/b²); the stadium's 0 along its flat
/// walls (|x| < l) and −(I − ûûᵀ)/|q − c| in a cap (û the unit vector from the cap's centre c).
Eigen::Matrix2d tableHessian(const BilliardTable& table, const Vec2& q);

/// The Jacobian ∂(x, y, p_x, p_y)₁/∂(…)₀, row-major 4 × 4, of the step that took the driver from `start`
/// to `end` (length h) with the impact events log[first …], in `flows` flow evaluations (one and no impact:
/// a flight step, one Verlet flow, whose Jacobian needs no replay). Throws std::domain_error naming the step
/// where the map is not differentiable (docs/jacobians.md "Where the map is not smooth").
void billiardStepJacobian(const BilliardSystem& system, const GeneralizedState& start, const GeneralizedState& end, double h,
                          const std::vector<ImpactEvent>& log, std::size_t first, long long flows, double* out);

}  // namespace lgvci
