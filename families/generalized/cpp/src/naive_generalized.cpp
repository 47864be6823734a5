// The generalized models' naive baseline (docs/baselines.md "The naive baseline"): symplectic Euler in
// flight, reflection and push-back at the end of a step that ends inside the admissible set's complement.
#include "lgvci/generalized/naive_generalized.hpp"

#include "lgvci/core/text.hpp"
#include "lgvci/generalized/impact.hpp"

namespace lgvci {

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

NaiveDriver<NaiveGeneralizedModel> makeNaiveGeneralizedDriver(const GeneralizedDef& def) {
  const HybridDriver<GeneralizedModel> vci = makeGeneralizedDriver(def);  // the same validation and start
  return NaiveDriver<NaiveGeneralizedModel>(NaiveGeneralizedModel(vci.model()), vci.settings(), vci.initialState());
}

}  // namespace lgvci
