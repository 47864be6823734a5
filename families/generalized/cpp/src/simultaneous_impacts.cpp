// Seghete & Murphey's chain of impacts at one configuration ((4a)–(4c); discrete form §III-D with the
// α → 0 limits), the engines' simultaneous impulse, and the model's jump that uses them.
#include "lgvci/generalized/simultaneous_impacts.hpp"

#include <algorithm>
#include <cmath>

#include "lgvci/generalized/generalized_model.hpp"
#include "lgvci/core/text.hpp"
#include "lgvci/core/work.hpp"
#include "lgvci/core/precision.hpp"

namespace lgvci {
namespace {

// Normal velocity of surface k per unit gradient: ∇φ_kᵀ M⁻¹p / |∇φ_k|.
double normalSpeed(const VecX& n, const VecX& u) { return n.dot(u) / n.norm(); }

}  // namespace

bool impactChain(const MatX& Minv, const std::vector<VecX>& normals, double firstKinetic, int budget, VecX& p,
                 std::vector<ChainLink>& links, double vtol) {
  links.clear();
  const auto dof = static_cast<long long>(p.size()), K = static_cast<long long>(normals.size());
  while (true) {
    // Each link: M⁻¹p and every surface's normal speed (lgvci/core/work.hpp); refused, the chain stops
    // and the step that asked is discarded.
    if (!spendWork(kFlowWork + workOfMultiplyAdds(dof * (2 * dof + K)))) return false;
    const VecX u = Minv * p;
    const double tol = vtol * (u.norm() + 1e-300);
    int pick = -1;
    double worst = 0.0;
    for (size_t k = 0; k < normals.size(); ++k) {
      const double s = normalSpeed(normals[k], u);
      if (s < -tol && (pick < 0 || s < worst)) { pick = static_cast<int>(k); worst = s; }
    }
    if (pick < 0) return true;
    if (static_cast<int>(links.size()) >= budget) return false;
    const VecX& n = normals[static_cast<size_t>(pick)];
    const VecX m = Minv * n;
    // (4a)+(4b) at one q: ½(p − λn)ᵀM⁻¹(p − λn) = target, i.e. Aλ² + Bλ + C = 0.
    const double A = 0.5 * n.dot(m);
    const double B = -m.dot(p);  // > 0: the surface approaches
    double lambda = -B / A;      // C = 0: the non-zero root (a reflection of the normal velocity)
    if (links.empty() && std::isfinite(firstKinetic)) {
      const double C = 0.5 * p.dot(u) - firstKinetic;
      const double disc = B * B - 4.0 * A * C;
      // The root with the surface separating afterwards (λ < −B/(2A)), free of cancellation; without a
      // real root the link keeps the kinetic energy and the chain's last link balances (75a) alone.
      if (disc >= 0.0) lambda = (-B - std::sqrt(disc)) / (2.0 * A);
    }
    ChainLink link;
    link.surface = pick;
    link.lambda = lambda;
    link.pBefore = p;
    links.push_back(std::move(link));
    p -= lambda * n;
  }
}

VecX simultaneousImpulse(const MatX& Minv, const std::vector<VecX>& normals, const VecX& p, double vtol) {
  const size_t K = normals.size();
  VecX lambda = VecX::Zero(static_cast<long>(K));
  const VecX u = Minv * p;
  const double tol = vtol * (u.norm() + 1e-300);
  std::vector<int> set;
  bool approaching = false;
  for (size_t k = 0; k < K; ++k) {
    const double s = normalSpeed(normals[k], u);
    if (s <= tol) set.push_back(static_cast<int>(k));  // touching and not separating
    if (s < -tol) approaching = true;
  }
  if (!approaching) return lambda;
  const auto dof = static_cast<long long>(p.size());
  while (!set.empty()) {
    const long a = static_cast<long>(set.size());
    // G M⁻¹ Gᵀ and its LDLT (lgvci/core/work.hpp); refused, the impulse is left as it is and the step
    // that asked is discarded.
    if (!spendWork(kFlowWork + workOfMultiplyAdds(a * dof * (dof + a) + a * a * a / 3))) return lambda;
    MatX G(a, p.size());
    for (long r = 0; r < a; ++r) G.row(r) = normals[static_cast<size_t>(set[static_cast<size_t>(r)])].transpose();
    // p⁺ = p − Gᵀλ with G M⁻¹p⁺ = −G M⁻¹p: (G M⁻¹ Gᵀ) λ = 2 G M⁻¹ p (energy-conserving restitution 1).
    const MatX D = G * Minv * G.transpose();
    const VecX l = D.ldlt().solve(2.0 * (G * u));
    int pulling = -1;
    for (long r = 0; r < a; ++r)
      if (l(r) > 0.0 && (pulling < 0 || l(r) > l(pulling))) pulling = static_cast<int>(r);
    if (pulling < 0) {
      for (long r = 0; r < a; ++r) lambda(set[static_cast<size_t>(r)]) = l(r);
      return lambda;
    }
    set.erase(set.begin() + pulling);
  }
  return lambda;
}

int GeneralizedModel::simultaneousJump(State& s, const State& before, double tauBefore, double tauAfter, int budget,
                                       std::vector<ImpactEvent>& events) {
  const GeneralizedSystem& sys = constants_->system;
  // e_0 = E_d(q_{i−1}, q̃, αh), the discrete energy of the pre-impact arc: every link's energy equals it.
  const double Estar = arcDiscreteEnergy(sys.M, constants_->Minv, sys.V, before, tauBefore, s.q);
  const size_t K = sys.constraints.size();
  std::vector<double> phis(K);
  double phiMin = INFINITY;
  for (size_t k = 0; k < K; ++k) phiMin = std::min(phiMin, phis[k] = sys.constraints[k].value(s.q));
  // "Lies on several surfaces" (Seghete §III-D): within contactTolerance·scale of the impact surface.
  const double delta = constants_->contactTolerance * constants_->scale;
  std::vector<int> index;
  std::vector<VecX> normals;
  for (size_t k = 0; k < K; ++k) {
    if (phis[k] > phiMin + delta) continue;
    VecX n;
    sys.constraints[k].gradient(s.q, n);
    index.push_back(static_cast<int>(k));
    normals.push_back(std::move(n));
  }
  const double V0 = sys.V.value(s.q);
  const VecX p0 = s.p;
  VecX p = s.p;
  std::vector<ImpactEvent> out;
  double mismatch = 0.0;
  auto event = [&](int surface, double lambda) {
    ImpactEvent ev;
    ev.t = s.t;
    ev.lambda = lambda;
    const int k = index[static_cast<size_t>(surface)];
    generalized_impact::setConstraint(ev, k);
    ev.point = sys.constraints[static_cast<size_t>(k)].contactPoint(s.q);
    out.push_back(ev);
  };
  auto fail = [&](const char* what) {
    failure_ = concat("the discrete energy balance (75a) has no bounce root at t = ", s.t, " (", what, ")");
    return -1;
  };
  const double H0 = 0.5 * p0.dot(constants_->Minv * p0) + V0;
  if (sys.policy == ImpactPolicy::Chain) {
    std::vector<ChainLink> links;
    impactChain(constants_->Minv, normals, sys.discreteOuterLinks ? Estar - V0 : NAN, budget, p, links, 0.0);
    if (links.empty()) return 0;
    if (sys.discreteOuterLinks) {
      // Seghete §III-D literally: the last link ends on the post-impact arc, e_{m−1} = e_m =
      // E_d(q̃, q_n, (1 − α)h), i.e. (75a)+(76) from the momentum entering it (one link: Fetecau's jump).
      ChainLink& last = links.back();
      const VecX& n = normals[static_cast<size_t>(last.surface)];
      const EnergyJump j = energyBalanceJump(sys.M, constants_->Minv, sys.V, s.q, last.pBefore, n, tauAfter, Estar);
      if (!j.ok) return fail("last link of a chain");
      last.lambda = j.lambda;
      p = last.pBefore - j.lambda * n;
      mismatch = j.mismatch;
    } else {
      mismatch = 0.5 * p.dot(constants_->Minv * p) + V0 - H0;  // every link (4b) at q̃: round-off only
    }
    for (const ChainLink& l : links) event(l.surface, l.lambda);
  } else {
    const VecX lam = simultaneousImpulse(constants_->Minv, normals, p, 0.0);
    long ref = 0;
    lam.cwiseAbs().maxCoeff(&ref);
    if (!(lam(ref) < 0.0)) return 0;
    for (size_t k = 0; k < normals.size(); ++k) p -= lam(static_cast<long>(k)) * normals[k];
    mismatch = 0.5 * p.dot(constants_->Minv * p) + V0 - H0;
    for (size_t k = 0; k < normals.size(); ++k)
      if (lam(static_cast<long>(k)) < 0.0) event(static_cast<int>(k), lam(static_cast<long>(k)));
  }
  if (sys.restTruncation) {
    const bool discrete = sys.policy == ImpactPolicy::Chain && sys.discreteOuterLinks;
    mismatch = truncateResting(s, p0, p, normals, discrete ? Estar : H0, discrete ? tauAfter : 0.0, delta, mismatch);
  }
  s.p = p;
  s.pLow.setZero();  // the impact restarts the flight's residual of p (lgvci/vci/state.hpp)
  for (ImpactEvent& ev : out) generalized_impact::setContacts(ev, static_cast<int>(out.size()));
  out.back().energyMismatch = mismatch;
  events.insert(events.end(), out.begin(), out.end());
  return static_cast<int>(out.size());
}

// Rest truncation (the "appropriate truncation" of Seghete §IV, made precise). The chain equates the
// discrete energy of the pre-impact arc with the continuous energy at q̃ (first link) and back with
// the post-impact arc (last link); each conversion moves δ = O(h²) of energy, which the equal-mass
// swaps hand to the balls that should stop as a momentum ≈ δ/|q̇|. Left alone, those balls creep and
// later hit their neighbours (spurious impacts and chatter). So a coordinate touched by the chain that
// sits at rest within what the conversions can explain (|q_i| ≤ δ_sim/|∇φ|, |p_i| ≤ 4δ/|q̇|max + round-off)
// is set to exactly (0, 0); the departing coordinates' momenta are then rescaled by one factor μ so that
// (75a) still holds exactly: no energy is created or removed, only the O(h²) residual momentum.
double GeneralizedModel::truncateResting(State& s, const VecX& p0, VecX& p, const std::vector<VecX>& normals,
                                         double Estar, double tau, double delta, double mismatch) {
  const GeneralizedSystem& sys = constants_->system;
  const long n = p.size();
  const double V0 = sys.V.value(s.q);
  const double H0 = 0.5 * p0.dot(constants_->Minv * p0) + V0, H1 = 0.5 * p.dot(constants_->Minv * p) + V0;
  const double conv = std::abs(Estar - H0) + std::abs(Estar - H1);
  const double uMax = std::max((constants_->Minv * p0).cwiseAbs().maxCoeff(), (constants_->Minv * p).cwiseAbs().maxCoeff());
  if (!(uMax > 0.0)) return mismatch;
  const double pTol = 4.0 * conv / uMax + 64.0 * kMachineEps * std::max(p0.cwiseAbs().maxCoeff(), p.cwiseAbs().maxCoeff());
  double gMax = 0.0;
  for (const VecX& g : normals) gMax = std::max(gMax, g.cwiseAbs().maxCoeff());
  const double qTol = delta / gMax;
  VecX dep = VecX::Zero(n);  // the departing coordinates' momenta
  bool changed = false;
  for (long i = 0; i < n; ++i) {
    bool touched = false;
    for (const VecX& g : normals) touched = touched || g(i) != 0.0;
    if (!touched) continue;
    if (std::abs(s.q(i)) <= qTol && std::abs(p(i)) <= pTol) {
      if (p(i) != 0.0 || s.q(i) != 0.0) {
        truncatedMomentum_ += std::abs(p(i));
        changed = true;
      }
      p(i) = 0.0;
      s.q(i) = 0.0;
    } else {
      dep(i) = p(i);
    }
  }
  if (!changed) return mismatch;
  ++restTruncations_;
  if (!(dep.cwiseAbs().maxCoeff() > 0.0)) return mismatch;
  // f(μ) = E_d(q̃, q̃ + τv̄, τ) − E* with v̄ = M⁻¹(p + (μ − 1)p_dep − (τ/2)∇V(q̃)), by Newton from μ = 1.
  VecX g;
  sys.V.gradient(s.q, g);
  const VecX dv = constants_->Minv * dep;
  const VecX base = p - dep;
  double mu = 1.0, f = 0.0;
  for (int it = 0; it < 30; ++it) {
    const VecX v = constants_->Minv * (base + mu * dep - (0.5 * tau) * g);
    const VecX qe = s.q + tau * v;
    VecX ge;
    sys.V.gradient(qe, ge);
    f = 0.5 * v.dot(sys.M * v) + 0.5 * (V0 + sys.V.value(qe)) - Estar;
    const double df = v.dot(sys.M * dv) + 0.5 * tau * ge.dot(dv);
    if (std::abs(f) <= 4.0 * kMachineEps * (std::abs(Estar) + std::abs(V0)) || !(df != 0.0)) break;
    mu -= f / df;
  }
  p = base + mu * dep;
  return f;
}

}  // namespace lgvci
