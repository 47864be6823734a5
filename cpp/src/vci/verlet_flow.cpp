// Velocity Verlet = the DEL (73) of L_d (71); the arc's discrete energy (72).
#include "lgvci/vci/verlet_flow.hpp"

namespace lgvci {

bool verletFlow(const MatX& Minv, const Potential& V, const GeneralizedState& in, double tau, GeneralizedState& out) {
  VecX g0;
  V.gradient(in.q, g0);
  const VecX v = Minv * in.p;
  const VecX a = Minv * g0;
  VecX q1 = in.q + tau * v - (0.5 * tau * tau) * a;
  if (!q1.allFinite() || !V.defined(q1)) return false;
  VecX g1;
  V.gradient(q1, g1);
  out.t = in.t + tau;
  out.p = in.p - (0.5 * tau) * (g0 + g1);
  out.q = std::move(q1);
  return out.p.allFinite();
}

double arcDiscreteEnergy(const MatX& M, const MatX& Minv, const Potential& V, const GeneralizedState& start, double tau,
                         const VecX& end) {
  VecX g0;
  V.gradient(start.q, g0);
  const VecX v = Minv * (start.p - (0.5 * tau) * g0);
  return 0.5 * v.dot(M * v) + 0.5 * (V.value(start.q) + V.value(end));
}

}  // namespace lgvci
