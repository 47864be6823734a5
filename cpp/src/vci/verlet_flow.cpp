// Velocity Verlet = the DEL (73) of L_d (71); the arc's discrete energy (72).
#include "lgvci/vci/verlet_flow.hpp"

#include <utility>

#include "lgvci/core/compensated.hpp"

namespace lgvci {

bool verletFlow(const MatX& Minv, const Potential& V, const GeneralizedState& in, double tau, GeneralizedState& out) {
  // Kick, drift, kick: p½ = p − (τ/2)∇V(q), q⁺ = q + τM⁻¹p½, p⁺ = p½ − (τ/2)∇V(q⁺), the header's (q⁺, p⁺)
  // in exact arithmetic, each addition compensated (lgvci/core/compensated.hpp): a linear potential's
  // kick is the same every step and would round the same way (docs/method.md "Round-off without drift").
  const long n = in.q.size();
  const double half = 0.5 * tau;
  VecX g;
  V.gradient(in.q, g);
  VecX p = in.p, pLow = in.pLow.size() == n ? in.pLow : VecX::Zero(n);
  for (long i = 0; i < n; ++i) compensatedAdd(p(i), pLow(i), -half * g(i));
  const VecX v = Minv * p;
  VecX q = in.q, qLow = in.qLow.size() == n ? in.qLow : VecX::Zero(n);
  for (long i = 0; i < n; ++i) compensatedAdd(q(i), qLow(i), tau * v(i));
  if (!q.allFinite() || !V.defined(q)) return false;
  V.gradient(q, g);
  for (long i = 0; i < n; ++i) compensatedAdd(p(i), pLow(i), -half * g(i));
  out.t = in.t + tau;
  out.q = std::move(q);
  out.p = std::move(p);
  out.qLow = std::move(qLow);
  out.pLow = std::move(pLow);
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
