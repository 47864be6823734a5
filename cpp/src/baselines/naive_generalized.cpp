// The naive baseline in generalized coordinates (docs/baselines.md "The naive baseline"): symplectic
// Euler in flight, reflection and push-back at the end of a step that ends inside the admissible set's
// complement, for the generalized models and the billiard.
#include "lgvci/baselines/naive_generalized.hpp"

#include "lgvci/core/text.hpp"
#include "lgvci/generalized/impact.hpp"

namespace lgvci {

bool symplecticEulerStep(const MatX& Minv, const Potential& V, const GeneralizedState& in, double h, GeneralizedState& out) {
  VecX g;
  V.gradient(in.q, g);
  VecX p = in.p - h * g;  // p ← p − h∇V(q)
  VecX q = in.q + h * (Minv * p);  // q ← q + h M⁻¹p
  if (!p.allFinite() || !q.allFinite() || !V.defined(q)) return false;
  out.t = in.t + h;
  out.p = std::move(p);
  out.q = std::move(q);
  return true;
}

bool NaiveGeneralizedModel::flight(const State& s, double h, State& out) {
  if (symplecticEulerStep(geometry_.inverseMass(), geometry_.system().V, s, h, out)) return true;
  failure_ = concat("the symplectic Euler step of ", h, " from t = ", s.t, " gave a non-finite state or left the potential's domain");
  return false;
}

int NaiveGeneralizedModel::resolve(State& s, std::vector<ImpactEvent>& events) {
  const std::vector<Constraint>& C = geometry_.system().constraints;
  const std::size_t first = events.size();
  const int n = naiveReflect(
      geometry_.inverseMass(), static_cast<int>(C.size()),
      [&](int k, const VecX& q) { return C[static_cast<std::size_t>(k)].value(q); },
      [&](int k, const VecX& q, VecX& g) { C[static_cast<std::size_t>(k)].gradient(q, g); },
      [&](int k, double lambda, const VecX& q) {
        ImpactEvent ev;
        ev.lambda = lambda;
        ev.point = C[static_cast<std::size_t>(k)].contactPoint(q);
        generalized_impact::setContacts(ev, 1);
        generalized_impact::setConstraint(ev, k);
        events.push_back(ev);
      },
      s);
  if (!s.q.allFinite() || !s.p.allFinite() || !geometry_.system().V.defined(s.q)) {
    events.resize(first);
    failure_ = concat("the reflection and push-back at t = ", s.t, " gave a non-finite state or left the potential's domain");
    return -1;
  }
  return n;
}

std::string NaiveGeneralizedModel::failureMessage(double t) const {
  return concat(failure_, "; the simulation is halted (in the step from t = ", t, ")");
}

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

NaiveDriver<NaiveGeneralizedModel> makeNaiveGeneralizedDriver(const GeneralizedDef& def) {
  const HybridDriver<GeneralizedModel> vci = makeGeneralizedDriver(def);  // the same validation and start
  return NaiveDriver<NaiveGeneralizedModel>(NaiveGeneralizedModel(vci.model()), vci.settings(), vci.initialState());
}

NaiveDriver<NaiveBilliardModel> makeNaiveBilliardDriver(const BilliardDef& def) {
  const HybridDriver<BilliardModel> vci = makeBilliardDriver(def);
  return NaiveDriver<NaiveBilliardModel>(NaiveBilliardModel(vci.model()), vci.settings(), vci.initialState());
}

}  // namespace lgvci
