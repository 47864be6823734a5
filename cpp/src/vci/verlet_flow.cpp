// Velocity Verlet = the DEL (73) of L_d (71); the arc's discrete energy (72).
#include "lgvci/vci/verlet_flow.hpp"

#include <utility>

#include "lgvci/core/compensated.hpp"

namespace lgvci {

namespace {
// ∇V and M⁻¹p½ of a step, kept per thread between steps: their storage is reused (an allocation a
// step otherwise); the products and their bits are those of fresh vectors.
thread_local VecX gradientScratch, velocityScratch;

// The step into `out`, a state other than `in`, reusing its vectors' storage (no allocation once
// they have the size): `out` is written even when the step fails.
bool verletInto(const MatX& Minv, const Potential& V, const GeneralizedState& in, double tau, GeneralizedState& out) {
  // Kick, drift, kick: p½ = p − (τ/2)∇V(q), q⁺ = q + τM⁻¹p½, p⁺ = p½ − (τ/2)∇V(q⁺), the header's (q⁺, p⁺)
  // in exact arithmetic, each addition compensated (lgvci/core/compensated.hpp): a linear potential's
  // kick is the same every step and would round the same way (docs/method.md "Round-off without drift").
  const long n = in.q.size();
  const double half = 0.5 * tau;
  out.q = in.q;
  out.p = in.p;
  if (in.qLow.size() == n) out.qLow = in.qLow; else out.qLow.setZero(n);
  if (in.pLow.size() == n) out.pLow = in.pLow; else out.pLow.setZero(n);
  VecX& g = gradientScratch;
  V.gradient(in.q, g);
  for (long i = 0; i < n; ++i) compensatedAdd(out.p(i), out.pLow(i), -half * g(i));
  VecX& v = velocityScratch;
  v.noalias() = Minv * out.p;
  for (long i = 0; i < n; ++i) compensatedAdd(out.q(i), out.qLow(i), tau * v(i));
  if (!out.q.allFinite() || !V.defined(out.q)) return false;
  V.gradient(out.q, g);
  for (long i = 0; i < n; ++i) compensatedAdd(out.p(i), out.pLow(i), -half * g(i));
  out.t = in.t + tau;
  return out.p.allFinite();
}
}  // namespace

bool verletFlow(const MatX& Minv, const Potential& V, const GeneralizedState& in, double tau, GeneralizedState& out) {
  if (&in != &out) return verletInto(Minv, V, in, tau, out);
  GeneralizedState next;  // in place: `in` stays as it is unless the step succeeds
  if (!verletInto(Minv, V, in, tau, next)) return false;
  out = std::move(next);
  return true;
}

double arcDiscreteEnergy(const MatX& M, const MatX& Minv, const Potential& V, const GeneralizedState& start, double tau,
                         const VecX& end) {
  VecX g0;
  V.gradient(start.q, g0);
  const VecX v = Minv * (start.p - (0.5 * tau) * g0);
  return 0.5 * v.dot(M * v) + 0.5 * (V.value(start.q) + V.value(end));
}

}  // namespace lgvci
