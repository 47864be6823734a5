// The billiard as a model of Algorithm 5.2: Verlet flight (73), the table's φ, the jump (75a)+(76).
#include "lgvci/billiard/billiard_model.hpp"

#include <algorithm>
#include <cmath>

#include "lgvci/core/hybrid_driver_impl.hpp"
#include "lgvci/core/text.hpp"
#include "lgvci/vci/energy_jump.hpp"
#include "lgvci/vci/verlet_flow.hpp"

namespace lgvci {
namespace {
constexpr double kMachineEps = 2.220446049250313e-16;

Vec2 planar(const VecX& q) { return Vec2(q(0), q(1)); }
}  // namespace

BilliardModel::BilliardModel(BilliardSystem system)
    : system_(std::move(system)), M_(MatX::Identity(2, 2) * system_.mass), Minv_(MatX::Identity(2, 2) / system_.mass) {
  V_.kind = Potential::Kind::Linear;  // V = m g y: zero, exactly, for g = 0
  V_.axis = 1;
  V_.mass = system_.mass;
  V_.g = system_.g;
}

bool BilliardModel::flow(const State& s, double tau, State& out) {
  if (verletFlow(Minv_, V_, s, tau, out)) return true;
  failure_ = concat("the Verlet step (73) of ", tau, " from t = ", s.t, " gave a non-finite state");
  return false;
}

double BilliardModel::phi(const State& s) const { return system_.table.phi(planar(s.q)); }

double BilliardModel::phiNoise(const State& s) const {
  const BilliardTable& T = system_.table;
  if (T.shape == BilliardTable::Shape::Ellipse) {  // three terms of size ≤ 1 near the wall
    const double x = s.q(0) / T.a, y = s.q(1) / T.b;
    return 64.0 * kMachineEps * (1.0 + x * x + y * y);
  }
  return 64.0 * kMachineEps * (s.q.cwiseAbs().sum() + T.scale());
}

double BilliardModel::detectionCurvature(const State&, double) const {
  return system_.g * system_.table.verticalSlopeBound();
}

double BilliardModel::hamiltonian(const State& s) const { return 0.5 * s.p.squaredNorm() / system_.mass + V_.value(s.q); }

int BilliardModel::jump(State& s, const State& before, double tauBefore, double tauAfter, int budget,
                        std::vector<ImpactEvent>& events) {
  if (budget <= 0) return 0;
  const BilliardTable& T = system_.table;
  const Vec2 q = planar(s.q);
  const Vec2 n2 = T.gradient(q);
  VecX n(2);
  n << n2.x(), n2.y();
  VecX g;
  V_.gradient(s.q, g);
  const VecX w = Minv_ * (s.p - (0.5 * tauAfter) * g);  // post-impact arc velocity without a jump
  if (!(n.dot(w) / n.norm() < -1e-13 * (w.norm() + 1e-300))) return 0;  // leaving the wall already
  // E* = E_d of the pre-impact arc (notes §3.1 step 2), the energy the post-impact arc must have.
  const double Estar = arcDiscreteEnergy(M_, Minv_, V_, before, tauBefore, s.q);
  const EnergyJump j = system_.keepHamiltonian ? hamiltonianJump(M_, Minv_, V_, s.q, s.p, n, tauAfter, Estar)
                                               : energyBalanceJump(M_, Minv_, V_, s.q, s.p, n, tauAfter, Estar);
  if (!j.ok) {
    failure_ = system_.keepHamiltonian ? concat("the energy jump has no non-zero multiplier at t = ", s.t,
                                                " (the particle does not approach the wall at the impact configuration)")
                                       : concat("the discrete energy balance (75a) has no bounce root at t = ", s.t);
    return -1;
  }
  s.p -= j.lambda * n;  // (76)
  s.pLow.setZero();     // the impact restarts the flight's residual of p (lgvci/vci/state.hpp)
  ImpactEvent ev;
  ev.t = s.t;
  ev.lambda = j.lambda;
  ev.point = Vec3(q.x(), q.y(), 0.0);
  ev.energyMismatch = j.mismatch;
  ev.extra[billiard_impact::kConstraint] = 0;
  ev.extra[billiard_impact::kS] = T.arcLength(q);
  ev.extra[billiard_impact::kPt] = Vec2(s.p(0), s.p(1)).dot(T.tangent(q));
  events.push_back(ev);
  return 1;
}

std::string BilliardModel::failureMessage(double t) const {
  return concat(failure_, "; the simulation is halted (in the step from t = ", t, ")");
}

template class HybridDriver<BilliardModel>;

}  // namespace lgvci
