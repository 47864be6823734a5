// The billiard's step Jacobian (docs/jacobians.md): M = mI, V = m g y, the table's one constraint.
#include "billiard_jacobian.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "lgvci/core/text.hpp"
#include "lgvci/vci/step_tangent.hpp"

namespace lgvci {

Eigen::Matrix2d tableHessian(const BilliardTable& T, const Vec2& q) {
  if (T.shape == BilliardTable::Shape::Ellipse) return Eigen::Vector2d(-2.0 / (T.a * T.a), -2.0 / (T.b * T.b)).asDiagonal();
  if (std::abs(q.x()) < T.l) return Eigen::Matrix2d::Zero();  // φ = r − |y|
  const Vec2 d = q - Vec2(std::clamp(q.x(), -T.l, T.l), 0.0);
  const double r = d.norm();
  const Vec2 u = d / r;
  return -(Eigen::Matrix2d::Identity() - u * u.transpose()) / r;
}

void billiardStepJacobian(const BilliardSystem& system, const GeneralizedState& start, const GeneralizedState& end, double h,
                          const std::vector<ImpactEvent>& log, std::size_t first, long long flows, double* out) {
  const MatX M = MatX::Identity(2, 2) * system.mass, Minv = MatX::Identity(2, 2) / system.mass;
  Potential V;  // as BilliardModel's: V = m g y
  V.kind = Potential::Kind::Linear;
  V.axis = 1;
  V.mass = system.mass;
  V.g = system.g;
  QpTangentSystem ts;
  ts.M = &M;
  ts.Minv = &Minv;
  ts.V = &V;
  ts.jump = system.keepHamiltonian ? QpJumpKind::Hamiltonian : QpJumpKind::DiscreteEnergy;
  const auto refuse = [&](const std::string& why) {
    throw std::domain_error(concat("jacobian: the step from t = ", start.t, " has no exact Jacobian: ", why));
  };
  if (log.size() == first) {  // no impulse: a flight step; one flow is the trial alone (HybridDriver::stepMetered)
    if (!qpFlightJacobian(ts, start, end, h, flows == 1, out))
      refuse("an impact was located in it but its jump applied no impulse (a graze): the map is not smooth there");
    return;
  }
  const BilliardTable& table = system.table;
  ts.constraint = [&table](int, const VecX& q, VecX& g, MatX& H) {
    const Vec2 p(q(0), q(1));
    const Vec2 n = table.gradient(p);
    g.resize(2);
    g << n.x(), n.y();
    H = tableHessian(table, p);
  };
  const QpStepTangent t = qpStepTangent(ts, start, h, groupImpacts(log, first, billiard_impact::kConstraint));
  if (!t.ok) refuse(t.why);
  const double mismatch = qpReplayMismatch(t, end);
  if (!(mismatch <= 1e-8)) refuse(concat("its path could not be replayed (the replay ends ", mismatch, " away from the step, relative)"));
  for (long r = 0; r < 4; ++r)
    for (long c = 0; c < 4; ++c) out[r * 4 + c] = t.D(r, c);
}

}  // namespace lgvci
