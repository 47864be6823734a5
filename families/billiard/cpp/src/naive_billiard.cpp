// The billiard's naive baseline (docs/baselines.md "The naive baseline").
#include "lgvci/billiard/naive_billiard.hpp"

#include "lgvci/core/text.hpp"

namespace lgvci {

NaiveBilliardModel::NaiveBilliardModel(BilliardModel geometry)
    : geometry_(std::move(geometry)), Minv_(MatX::Identity(2, 2) / geometry_.system().mass) {
  V_.kind = Potential::Kind::Linear;  // V = m g y, as the billiard's own flight
  V_.axis = 1;
  V_.mass = geometry_.system().mass;
  V_.g = geometry_.system().g;
}

bool NaiveBilliardModel::flight(const State& s, double h, State& out) {
  if (symplecticEulerStep(Minv_, V_, s, h, out)) return true;
  failure_ = concat("the symplectic Euler step of ", h, " from t = ", s.t, " gave a non-finite state");
  return false;
}

int NaiveBilliardModel::resolve(State& s, std::vector<ImpactEvent>& events) {
  const BilliardTable& T = geometry_.system().table;
  const std::size_t first = events.size();
  const int n = naiveReflect(
      Minv_, 1, [&](int, const VecX& q) { return T.phi(Vec2(q(0), q(1))); },
      [&](int, const VecX& q, VecX& g) {
        const Vec2 v = T.gradient(Vec2(q(0), q(1)));
        g.resize(2);
        g << v.x(), v.y();
      },
      [&](int, double lambda, const VecX& q) {
        ImpactEvent ev;
        ev.lambda = lambda;
        ev.point = Vec3(q(0), q(1), 0.0);
        ev.extra[billiard_impact::kConstraint] = 0;
        ev.extra[billiard_impact::kS] = T.arcLength(Vec2(q(0), q(1)));
        ev.extra[billiard_impact::kPt] = Vec2(s.p(0), s.p(1)).dot(T.tangent(Vec2(q(0), q(1))));
        events.push_back(ev);
      },
      s);
  if (!s.q.allFinite() || !s.p.allFinite()) {
    events.resize(first);
    failure_ = concat("the reflection and push-back at t = ", s.t, " gave a non-finite state");
    return -1;
  }
  return n;
}

std::string NaiveBilliardModel::failureMessage(double t) const {
  return concat(failure_, "; the simulation is halted (in the step from t = ", t, ")");
}

NaiveDriver<NaiveBilliardModel> makeNaiveBilliardDriver(const BilliardDef& def) {
  const HybridDriver<BilliardModel> vci = makeBilliardDriver(def);
  return NaiveDriver<NaiveBilliardModel>(NaiveBilliardModel(vci.model()), vci.settings(), vci.initialState());
}

}  // namespace lgvci
