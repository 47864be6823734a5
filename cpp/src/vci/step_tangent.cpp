// The tangent map of a VCI step in (q, p) (docs/jacobians.md): the derivatives of the Verlet flow (73),
// of the impact times (φ_k(Ψ_τ(z)) = 0), of the pre-impact arc's discrete energy (72) and of the jump
// (75a)+(76), composed along the path the driver took.
//
// Every derivative is carried as a 2n × (2n + 1) matrix: columns 0 … 2n − 1 are ∂/∂z₀ with the next
// sub-step τ held, the last column is ∂/∂τ of that sub-step. The jump (75a) waits for the sub-step after
// it (HybridDriver's pending jump), so the state after an impact depends on the next impact's τ, which
// φ_k = 0 at the end of that sub-step then fixes: Dτ = −∇φ_k·∂q/∂z₀ / ∇φ_k·∂q/∂τ, and the total
// derivative is the held one plus the last column times Dτ.
#include "lgvci/vci/step_tangent.hpp"

#include <algorithm>
#include <cmath>

#include "lgvci/core/portable_math.hpp"
#include "lgvci/vci/energy_jump.hpp"
#include "lgvci/vci/verlet_flow.hpp"

namespace lgvci {
namespace {

using Row = Eigen::RowVectorXd;

// A point (q, p) with its derivative X = [∂q; ∂p] (2n × c).
struct Tangent {
  VecX q, p;
  MatX X;
};

// The Verlet step (73) of τ from (q, p) and its derivative: X columns of the start, dtau the row of τ's.
bool verletTangent(const QpTangentSystem& sys, const Tangent& in, double tau, const Row& dtau, Tangent& out) {
  const long n = in.q.size();
  GeneralizedState s, e;
  s.q = in.q;
  s.p = in.p;
  if (!verletFlow(*sys.Minv, *sys.V, s, tau, e)) return false;
  VecX g0, g1;
  MatX H0, H1;
  sys.V->gradient(in.q, g0);
  potentialHessian(*sys.V, in.q, H0);
  sys.V->gradient(e.q, g1);
  potentialHessian(*sys.V, e.q, H1);
  const auto Q = in.X.topRows(n);
  const auto P = in.X.bottomRows(n);
  const VecX pHalf = in.p - (0.5 * tau) * g0;
  const MatX Ph = P - (0.5 * tau) * (H0 * Q) - 0.5 * g0 * dtau;
  const MatX Qp = Q + tau * (*sys.Minv * Ph) + (*sys.Minv * pHalf) * dtau;
  const MatX Pp = Ph - (0.5 * tau) * (H1 * Qp) - 0.5 * g1 * dtau;
  out.q = e.q;
  out.p = e.p;
  out.X.resize(2 * n, in.X.cols());
  out.X.topRows(n) = Qp;
  out.X.bottomRows(n) = Pp;
  return true;
}

// E_d (72) of the arc of τ from (q, p) ending at qEnd (its q⁺), and its derivative row.
double arcEnergyTangent(const QpTangentSystem& sys, const Tangent& in, double tau, const Row& dtau, const VecX& qEnd, Row& dE) {
  const long n = in.q.size();
  GeneralizedState s;
  s.q = in.q;
  s.p = in.p;
  const double E = arcDiscreteEnergy(*sys.M, *sys.Minv, *sys.V, s, tau, qEnd);
  VecX g0, g1;
  MatX H0;
  sys.V->gradient(in.q, g0);
  potentialHessian(*sys.V, in.q, H0);
  sys.V->gradient(qEnd, g1);
  const VecX v = *sys.Minv * (in.p - (0.5 * tau) * g0);
  const VecX r = v + (0.5 * tau) * (*sys.Minv * g1);  // M⁻¹(Mv + (τ/2)∇V(q⁺))
  const VecX kq = -(0.5 * tau) * (H0 * r) + 0.5 * (g0 + g1);
  dE = r.transpose() * in.X.bottomRows(n) + kq.transpose() * in.X.topRows(n) + (0.5 * (g1.dot(v) - g0.dot(r))) * dtau;
  return E;
}

// One impulse (76) p ← p − λ∇φ_k(q̃) at q̃ = in.q, λ from (75a) with the post-impact sub-step tau2 and
// the pre-impact energy Estar (rows dtau2, dEstar), or keeping H; its derivative by the implicit-function
// theorem on (75a). False when the jump has no root (the driver's jump would have failed too).
bool impulseTangent(const QpTangentSystem& sys, const Tangent& in, int k, double tau2, const Row& dtau2, double Estar, const Row& dEstar,
                    Tangent& out, std::string& why) {
  const long n = in.q.size();
  const MatX& M = *sys.M;
  const MatX& Minv = *sys.Minv;
  VecX nk;
  MatX N;
  sys.constraint(k, in.q, nk, N);
  const EnergyJump j = sys.jump == QpJumpKind::Hamiltonian ? hamiltonianJump(M, Minv, *sys.V, in.q, in.p, nk, tau2, Estar)
                                                           : energyBalanceJump(M, Minv, *sys.V, in.q, in.p, nk, tau2, Estar);
  if (!j.ok) {
    why = "the jump has no root in the replayed step";
    return false;
  }
  const double lambda = j.lambda;
  const auto Q = in.X.topRows(n);
  const auto P = in.X.bottomRows(n);
  const VecX m = Minv * nk;
  Row dl;
  if (sys.jump == QpJumpKind::Hamiltonian) {
    // λ = 2 mᵀp / nᵀm, m = M⁻¹n: dλ = (2/a)(mᵀdp + (N M⁻¹p)ᵀdq̃) − (4s/a²)(N m)ᵀdq̃.
    const double a = nk.dot(m), s = m.dot(in.p);
    const VecX kq = (2.0 / a) * (N * (Minv * in.p)) - (4.0 * s / (a * a)) * (N * m);
    dl = (2.0 / a) * (m.transpose() * P) + kq.transpose() * Q;
  } else {
    // F(λ) = ½vᵀMv + ½(V(q̃) + V(q̃ + τ₂v)) − E* = 0, v = M⁻¹(p − (τ₂/2)∇V(q̃)) − λM⁻¹n: dF = 0 gives
    // dλ = [c·dp + kq·dq̃ + kτ dτ₂ − dE*] / (u·m), u = Mv + (τ₂/2)∇V(q_i), c = M⁻¹u.
    VecX g, gi;
    MatX H;
    sys.V->gradient(in.q, g);
    potentialHessian(*sys.V, in.q, H);
    const VecX w = Minv * (in.p - (0.5 * tau2) * g);
    const VecX v = w - lambda * m;
    sys.V->gradient(in.q + tau2 * v, gi);
    const VecX u = M * v + (0.5 * tau2) * gi;
    const VecX c = Minv * u;
    const double um = u.dot(m);
    if (!(std::abs(um) > 0.0)) {
      why = "the discrete energy balance (75a) is singular in λ at the impact (a double root: grazing)";
      return false;
    }
    const VecX kq = -(0.5 * tau2) * (H * c) - lambda * (N * c) + 0.5 * (g + gi);
    const double kt = 0.5 * (gi.dot(v) - g.dot(c));
    dl = (c.transpose() * P + kq.transpose() * Q + kt * dtau2 - dEstar) / um;
  }
  out.q = in.q;
  out.p = in.p - lambda * nk;
  out.X.resize(2 * n, in.X.cols());
  out.X.topRows(n) = Q;
  out.X.bottomRows(n) = P - nk * dl - lambda * (N * Q);
  return true;
}

}  // namespace

double hessianDiagonal(const Potential& V, const VecX& q, long i) {
  switch (V.kind) {
    case Potential::Kind::Linear:
      return 0.0;
    case Potential::Kind::Pendulums:
      return V.mass * V.g * V.length * pmath::cos(q(i));  // V = −m g ℓ Σ cos q_i
    case Potential::Kind::Newtonian: {                    // V' = m g R²/(R + y)², V'' = −2 m g R²/(R + y)³
      if (i != V.axis) return 0.0;
      const double d = V.radius + q(V.axis);
      return -2.0 * V.mass * V.g * V.radius * V.radius / (d * d * d);
    }
  }
  return 0.0;
}

void potentialHessian(const Potential& V, const VecX& q, MatX& out) {
  const long n = q.size();
  out.setZero(n, n);
  for (long i = 0; i < n; ++i) out(i, i) = hessianDiagonal(V, q, i);
}

void verletJacobian(const MatX& Minv, const Potential& V, const VecX& q0, const VecX& q1, double tau, double* out) {
  // Every potential of lgvci/vci/potential.hpp is a sum of terms in one coordinate each: H = diag(h).
  const long n = q0.size(), d = 2 * n;
  Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> D(out, d, d);
  D.setIdentity();
  D.topRightCorner(n, n) = tau * Minv;
  if (V.isLinear()) return;
  const double t2 = 0.5 * tau * tau, t3 = 0.25 * tau * tau * tau;
  VecX h0(n), h1(n);
  for (long i = 0; i < n; ++i) {
    h0(i) = hessianDiagonal(V, q0, i);
    h1(i) = hessianDiagonal(V, q1, i);
  }
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j < n; ++j) {
      D(i, j) -= t2 * Minv(i, j) * h0(j);             // I − (τ²/2)M⁻¹H₀
      D(n + i, j) = t3 * h1(i) * Minv(i, j) * h0(j);  // (τ³/4)H₁M⁻¹H₀
      D(n + i, n + j) -= t2 * h1(i) * Minv(i, j);     // I − (τ²/2)H₁M⁻¹
    }
    D(n + i, i) -= 0.5 * tau * (h0(i) + h1(i));  // −(τ/2)(H₀ + H₁)
  }
}

bool qpFlightJacobian(const QpTangentSystem& sys, const GeneralizedState& start, const GeneralizedState& end, double h, bool oneFlow,
                      double* out) {
  // Under a linear V the Verlet flow is exact (a constant force): flows split without an impulse compose
  // to the one flow, Ψ_a ∘ Ψ_b = Ψ_{a+b}, and the check is not needed.
  if (!oneFlow && !sys.V->isLinear()) {
    GeneralizedState s, e;
    s.q = start.q;
    s.p = start.p;
    if (!verletFlow(*sys.Minv, *sys.V, s, h, e)) return false;
    QpStepTangent t;
    t.q = e.q;
    t.p = e.p;
    if (!(qpReplayMismatch(t, end) <= 1e-8)) return false;
  }
  verletJacobian(*sys.Minv, *sys.V, start.q, end.q, h, out);
  return true;
}

std::vector<QpImpact> groupImpacts(const std::vector<ImpactEvent>& log, std::size_t first, int constraintSlot) {
  std::vector<QpImpact> out;
  for (std::size_t i = first; i < log.size(); ++i) {
    const int k = static_cast<int>(log[i].extra[static_cast<std::size_t>(constraintSlot)]);
    if (out.empty() || log[i].t != out.back().t) out.push_back({log[i].t, {}});
    out.back().constraints.push_back(k);
  }
  return out;
}

QpStepTangent qpStepTangent(const QpTangentSystem& sys, const GeneralizedState& start, double h, const std::vector<QpImpact>& impacts) {
  QpStepTangent r;
  const long n = start.q.size(), d = 2 * n;
  const Row last = Row::Unit(d + 1, d);  // the row of the sub-step's own τ
  Tangent a{start.q, start.p, MatX::Identity(d, d + 1)};
  double tPrev = start.t, tauSum = 0.0;
  Row dtauSum = Row::Zero(d);
  // The impact waiting for its post-impact sub-step: the state at q̃, its total derivative, E* and its row.
  bool pending = false;
  Tangent b;
  double Estar = 0.0;
  Row dEstar;
  std::vector<int> links;
  auto applyPending = [&](double tau2) {
    // Columns: ∂/∂z₀ from the impact's total derivative; the last column ∂/∂τ₂ (τ₂ the new sub-step).
    Tangent c = b;
    const Row dE = (Row(d + 1) << dEstar, 0.0).finished();
    for (int k : links) {
      Tangent next;
      if (!impulseTangent(sys, c, k, tau2, last, Estar, dE, next, r.why)) return false;
      c = std::move(next);
    }
    a = std::move(c);
    return true;
  };
  for (const QpImpact& imp : impacts) {
    const double tau = imp.t - tPrev;
    if (pending && !applyPending(tau)) return r;
    Tangent bh;  // the impact state, columns ∂/∂z₀ with τ held and ∂/∂τ
    if (!verletTangent(sys, a, tau, last, bh)) {
      r.why = "the Verlet step failed in the replayed step";
      return r;
    }
    VecX nk;
    MatX N;
    sys.constraint(imp.constraints.front(), bh.q, nk, N);
    const double rate = nk.dot(bh.X.col(d).head(n));  // dφ_k/dτ at the impact
    if (!(std::abs(rate) > 0.0)) {
      r.why = "the impact is grazing (dφ/dτ = 0 at the impact time): the impact time is not differentiable there";
      return r;
    }
    const Row dtau = -(nk.transpose() * bh.X.leftCols(d).topRows(n)) / rate;  // the saltation row
    Row dE;
    Estar = arcEnergyTangent(sys, a, tau, last, bh.q, dE);
    dEstar = dE.head(d) + dE(d) * dtau;
    b.q = bh.q;
    b.p = bh.p;
    b.X.resize(d, d + 1);
    b.X.leftCols(d) = bh.X.leftCols(d) + bh.X.col(d) * dtau;
    b.X.col(d).setZero();
    links = imp.constraints;
    pending = true;
    tPrev = imp.t;
    tauSum += tau;
    dtauSum += dtau;
  }
  const double tauLast = h - tauSum;
  if (pending && !applyPending(tauLast)) return r;
  Tangent e;
  if (!verletTangent(sys, a, tauLast, last, e)) {
    r.why = "the Verlet step failed in the replayed step";
    return r;
  }
  r.q = e.q;
  r.p = e.p;
  r.D = e.X.leftCols(d) - e.X.col(d) * dtauSum;  // τ_last = h − Σ τ_i
  r.ok = true;
  return r;
}

double qpReplayMismatch(const QpStepTangent& t, const GeneralizedState& end) {
  double worst = 0.0;
  for (long i = 0; i < end.q.size(); ++i) {
    worst = std::max(worst, std::abs(t.q(i) - end.q(i)) / std::max(1.0, std::abs(end.q(i))));
    worst = std::max(worst, std::abs(t.p(i) - end.p(i)) / std::max(1.0, std::abs(end.p(i))));
  }
  return worst;
}

}  // namespace lgvci
