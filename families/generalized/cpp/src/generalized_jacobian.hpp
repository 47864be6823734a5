// The exact Jacobian of a step of the generalized model (docs/jacobians.md): the replay of the step's
// path with its derivatives (lgvci/vci/step_tangent.hpp), with the constraints' Hessians.
#pragma once

#include <cstddef>
#include <vector>

#include "lgvci/generalized/generalized_model.hpp"

namespace lgvci {

/// ∇²φ(q) of a constraint (constraints.hpp): 0 for a linear one; the planar point's −(a sin θ + b cos θ)
/// in (θ, θ); a ball pair's Hessian of |Δc| in its two angles.
void constraintHessian(const Constraint& c, const VecX& q, MatX& out);

/// The Jacobian ∂(q₁, p₁)/∂(q₀, p₀), row-major (2n)², of the step that took the driver from `start` to
/// `end` (length h) with the impact events log[first …]; `restTruncated`: the step's rest truncation changed
/// a state; `flows`: the flow evaluations the step took (one and no impact: the step is one Verlet flow,
/// whose Jacobian needs no replay). Throws std::domain_error naming the step where the map is not differentiable or not covered
/// (docs/jacobians.md "Where the map is not smooth").
void generalizedStepJacobian(const GeneralizedModel& model, const GeneralizedState& start, const GeneralizedState& end, double h,
                             const std::vector<ImpactEvent>& log, std::size_t first, bool restTruncated, long long flows, double* out);

}  // namespace lgvci
