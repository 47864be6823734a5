// (75a) with (76): the bounce root λ of the discrete energy balance across the impact.
#include "lgvci/vci/energy_jump.hpp"

#include <cmath>

#include "lgvci/core/double_double.hpp"
#include "lgvci/core/precision.hpp"

namespace lgvci {
namespace {

// E_d(q̃, q̃ + τ₂v⁺, τ₂) − E* with v⁺ = M⁻¹(p − λn) − (τ₂/2)M⁻¹∇V(q̃), and its derivative in λ.
struct Balance {
  double f = 0.0, df = 0.0;
  bool defined = true;
};
Balance balance(const MatX& M, const Potential& V, const VecX& qt, const VecX& w, const VecX& m,
                double tau2, double Estar, double lambda) {
  Balance b;
  const VecX v = w - lambda * m;
  const VecX qi = qt + tau2 * v;
  if (!V.defined(qi)) { b.defined = false; return b; }
  VecX gi;
  V.gradient(qi, gi);
  b.f = 0.5 * v.dot(M * v) + 0.5 * (V.value(qt) + V.value(qi)) - Estar;
  b.df = -v.dot(M * m) - 0.5 * tau2 * gi.dot(m);
  return b;
}

}  // namespace

EnergyJump energyBalanceJump(const MatX& M, const MatX& Minv, const Potential& V, const VecX& qt, const VecX& p,
                             const VecX& n, double tau2, double Estar) {
  EnergyJump r;
  VecX g;
  V.gradient(qt, g);
  const VecX m = Minv * n;
  const VecX w = Minv * (p - (0.5 * tau2) * g);  // v⁺ at λ = 0
  // With V linear along the post-impact arc: A λ² + B λ + C = 0 (notes §3.1), A = ½nᵀM⁻¹n, B = −nᵀM⁻¹p,
  // solved in double-double and rounded once (lgvci/core/double_double.hpp): A and B rounded to double
  // lean one way at a curved wall, a drift of the energy bounce after bounce.
  const dd::Double2 twoA = dd::dot(n, m), minusB = dd::dot(m, p);
  const double C = 0.5 * w.dot(M * w) + V.value(qt) + 0.5 * tau2 * g.dot(w) - Estar;
  if (!(twoA.hi > 0.0)) return r;
  dd::Double2 disc = dd::add(dd::mul(minusB, minusB), dd::neg(dd::mul(twoA, 2.0 * C)));  // B² − 4AC
  if (disc.hi < 0.0) {
    if (disc.hi < -1e-12 * minusB.hi * minusB.hi) return r;  // no real root: the energy cannot be matched
    disc = dd::Double2{};
  }
  const dd::Double2 sq = dd::sqrt(disc);
  // The smaller root: the largest outward impulse (−λn with λ < 0), computed without cancellation.
  double lambda = minusB.hi < 0.0 ? dd::div(dd::add(minusB, dd::neg(sq)), twoA).hi
                                  : dd::div(dd::Double2{2.0 * C, 0.0}, dd::add(minusB, sq)).hi;
  if (!V.isLinear()) {
    const double scale = std::abs(Estar) + std::abs(V.value(qt)) + 0.5 * w.dot(M * w);
    for (int it = 0; it < 50; ++it) {
      const Balance bl = balance(M, V, qt, w, m, tau2, Estar, lambda);
      if (!bl.defined || !(bl.df != 0.0)) return r;
      if (std::abs(bl.f) <= 4.0 * kMachineEps * scale) break;
      const double step = bl.f / bl.df;
      lambda -= step;
      if (std::abs(step) <= 4.0 * kMachineEps * std::abs(lambda)) break;
    }
  }
  const Balance fin = balance(M, V, qt, w, m, tau2, Estar, lambda);
  // Reject the pass-through root (λ ≈ 0, q_i ∉ C): the bounce leaves ∂C, n·v⁺ > 0 along the post-impact arc.
  if (!fin.defined || !std::isfinite(lambda) || !(n.dot(w - lambda * m) > 0.0)) return r;
  r.ok = true;
  r.lambda = lambda;
  r.mismatch = fin.f;
  return r;
}

EnergyJump hamiltonianJump(const MatX& M, const MatX& Minv, const Potential& V, const VecX& qt, const VecX& p,
                           const VecX& n, double tau2, double Estar) {
  EnergyJump r;
  const VecX m = Minv * n;
  const dd::Double2 a = dd::dot(n, m), vn = dd::dot(m, p);  // nᵀM⁻¹n, nᵀM⁻¹p, rounded once in λ as above
  if (!(a.hi > 0.0) || !(vn.hi < 0.0)) return r;
  r.lambda = dd::div(dd::mul(vn, 2.0), a).hi;
  VecX g;
  V.gradient(qt, g);
  const VecX w = Minv * (p - (0.5 * tau2) * g);  // the post-impact arc's velocity without the jump
  const Balance fin = balance(M, V, qt, w, m, tau2, Estar, r.lambda);
  r.ok = fin.defined && std::isfinite(r.lambda);
  r.mismatch = fin.f;
  return r;
}

}  // namespace lgvci
