// The generalized model's step Jacobian (docs/jacobians.md): which jumps are covered, the constraints'
// second derivatives, and the check that the replayed path is the driver's.
#include "generalized_jacobian.hpp"

#include <cmath>
#include <stdexcept>

#include "lgvci/core/portable_math.hpp"
#include "lgvci/core/text.hpp"
#include "lgvci/generalized/impact.hpp"
#include "lgvci/vci/step_tangent.hpp"

namespace lgvci {

void constraintHessian(const Constraint& c, const VecX& q, MatX& out) {
  const long n = q.size();
  out.setZero(n, n);
  if (c.kind == Constraint::Kind::Linear) return;
  if (c.kind == Constraint::Kind::PlanarPoint) {  // φ = y + a sin θ + b cos θ
    double s, co;
    pmath::sincos(q(2), s, co);
    out(2, 2) = -(c.a * s + c.b * co);
    return;
  }
  // Ball pair: Δc = c_j − c_i, ∂Δc/∂q_i = −ℓ(cos q_i, sin q_i), ∂Δc/∂q_j = ℓ(cos q_j, sin q_j), second
  // derivatives −ℓ(−sin q_i, cos q_i) and ℓ(−sin q_j, cos q_j), none mixed. With û = Δc/|Δc|:
  // ∂²|Δc|/∂q_a∂q_b = (J_a·J_b − (û·J_a)(û·J_b))/|Δc| + û·∂²Δc/∂q_a∂q_b.
  const int i = c.ball, j = c.ball + 1;
  double si, ci, sj, cj;
  pmath::sincos(q(i), si, ci);
  pmath::sincos(q(j), sj, cj);
  const Eigen::Vector2d d(c.spacing + c.length * (sj - si), -c.length * (cj - ci));
  const double r = d.norm();
  const Eigen::Vector2d u = d / r;
  const Eigen::Vector2d J[2] = {-c.length * Eigen::Vector2d(ci, si), c.length * Eigen::Vector2d(cj, sj)};
  const Eigen::Vector2d K[2] = {-c.length * Eigen::Vector2d(-si, ci), c.length * Eigen::Vector2d(-sj, cj)};
  const int idx[2] = {i, j};
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 2; ++b) out(idx[a], idx[b]) = (J[a].dot(J[b]) - u.dot(J[a]) * u.dot(J[b])) / r + (a == b ? u.dot(K[a]) : 0.0);
}

void generalizedStepJacobian(const GeneralizedModel& model, const GeneralizedState& start, const GeneralizedState& end, double h,
                             const std::vector<ImpactEvent>& log, std::size_t first, bool restTruncated, long long flows, double* out) {
  const GeneralizedSystem& sys = model.system();
  const auto refuse = [&](const std::string& why) {
    throw std::domain_error(concat("jacobian: the step from t = ", start.t, " has no exact Jacobian: ", why));
  };
  QpTangentSystem ts;
  ts.M = &sys.M;
  ts.Minv = &model.inverseMass();
  ts.V = &sys.V;
  if (log.size() == first) {  // no impulse: a flight step; one flow is the trial alone (HybridDriver::stepMetered)
    if (!qpFlightJacobian(ts, start, end, h, flows == 1, out))
      refuse("an impact was located in it but its jump applied no impulse (a graze): the map is not smooth there");
    return;
  }
  const std::vector<QpImpact> impacts = groupImpacts(log, first, generalized_impact::kConstraint);
  ts.constraint = [&sys](int k, const VecX& q, VecX& g, MatX& H) {
    const Constraint& c = sys.constraints[static_cast<std::size_t>(k)];
    c.gradient(q, g);
    constraintHessian(c, q, H);
  };
  for (const QpImpact& imp : impacts)
    if (imp.constraints.size() > 1)
      refuse(concat("its impact at t = ", imp.t, " has ", imp.constraints.size(),
                    " impulses at one configuration (contacts at once): the one-step map is not differentiable there, a "
                    "perturbation separates the contacts in time and the side decides the derivative"));
  if (sys.policy == ImpactPolicy::Sequential) {
    ts.jump = sys.keepHamiltonian ? QpJumpKind::Hamiltonian : QpJumpKind::DiscreteEnergy;
  } else {
    ts.jump = QpJumpKind::Hamiltonian;  // a chain's links with continuous chain energy reflect the normal velocity
    if (!impacts.empty()) {
      if (sys.policy == ImpactPolicy::Simultaneous)
        refuse("the simultaneous impulse's derivative is not implemented (docs/jacobians.md \"What is covered\")");
      if (sys.discreteOuterLinks)
        refuse(
            "the chain with discrete outer links (\"jump\": \"variational\") is not implemented (docs/jacobians.md \"What is covered\")");
      if (restTruncated) refuse("the rest truncation set coordinates to exactly zero in it (a snap, not a smooth map)");
    }
  }
  const QpStepTangent t = qpStepTangent(ts, start, h, impacts);
  if (!t.ok) refuse(t.why);
  const double mismatch = qpReplayMismatch(t, end);
  if (!(mismatch <= 1e-8))
    refuse(concat("its path could not be replayed (the replay ends ", mismatch,
                  " away from the step, relative): an impact without an impulse or a grazing one"));
  const long d = t.D.rows();
  for (long r = 0; r < d; ++r)
    for (long c = 0; c < d; ++c) out[r * d + c] = t.D(r, c);
}

}  // namespace lgvci
