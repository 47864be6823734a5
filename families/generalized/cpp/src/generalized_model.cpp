// Fetecau et al. §4.1 as a model of Algorithm 5.2: (73) in flight, (75a)+(76) at impact, (78)–(79)
// by the driver's repeated sub-steps.
#include "lgvci/generalized/generalized_model.hpp"

#include <algorithm>
#include <cmath>

#include "lgvci/core/hybrid_driver_impl.hpp"
#include "lgvci/core/text.hpp"
#include "lgvci/core/precision.hpp"

namespace lgvci {
namespace {

std::shared_ptr<const GeneralizedConstants> makeConstants(GeneralizedSystem system, double contactTolerance) {
  auto c = std::make_shared<GeneralizedConstants>();
  c->system = std::move(system);
  c->Minv = c->system.M.inverse();
  c->contactTolerance = contactTolerance;
  for (const auto& k : c->system.constraints) c->scale = std::max(c->scale, k.scale());
  return c;
}
}  // namespace

GeneralizedModel::GeneralizedModel(GeneralizedSystem system, double contactTolerance)
    : constants_(makeConstants(std::move(system), contactTolerance)) {}

bool GeneralizedModel::flow(const State& s, double tau, State& out) {
  if (verletFlow(constants_->Minv, constants_->system.V, s, tau, out)) return true;
  failure_ = concat("the Verlet step (73) of ", tau, " from t = ", s.t,
                    constants_->system.V.defined(s.q) ? " gave a non-finite state or left the potential's domain"
                                           : " started outside the potential's domain");
  return false;
}

double GeneralizedModel::phi(const State& s) const {
  double m = INFINITY;
  double noise = -1.0;
  for (const auto& c : constants_->system.constraints) {
    double v = c.value(s.q);
    // Two balls that touch and move together have φ = 0 up to rounding; a negative rounding error
    // there would read as "already inside" and pin the impact-time search to the step's start, so
    // a ball pair within the noise counts as touching (φ = 0).
    if (c.kind == Constraint::Kind::BallPair && v < 0.0) {
      if (noise < 0.0) noise = phiNoise(s);
      if (v >= -noise) v = 0.0;
    }
    m = std::min(m, v);
  }
  return m;
}

// φ_k sums terms of size |q| and the constraint's own scale: a few ulps of those (cf. the rigid body).
double GeneralizedModel::phiNoise(const State& s) const {
  return 64.0 * kMachineEps * (s.q.cwiseAbs().sum() + constants_->scale);
}

namespace {
// detectionCurvature's ∇V, M⁻¹∇V and M⁻¹p (the last also hamiltonian's), kept per thread between steps
// (both run on every step): no allocation, the same products.
thread_local VecX curvatureGradient, curvatureAcceleration, curvatureVelocity;
}  // namespace

double GeneralizedModel::detectionCurvature(const State& s, double tau) const {
  VecX& g = curvatureGradient;
  constants_->system.V.gradient(s.q, g);
  VecX& a = curvatureAcceleration;
  a.noalias() = constants_->Minv * g;
  VecX& Minvp = curvatureVelocity;
  Minvp.noalias() = constants_->Minv * s.p;
  const double speed = Minvp.norm() + std::abs(tau) * a.norm();
  double K = 0.0;
  for (const auto& c : constants_->system.constraints) {
    // Ball pairs: the paper's end-of-step rule (Seghete §III-A "check for negative values of φ_i(q(t_k))"):
    // a resting touching pair has φ = 0, which no global bound could certify; a pair closes at most
    // 2ℓ|θ̇|max h per step (0.013 m at the cradle's defaults, ≪ 2r) and φ is monotone along a step
    // unless the normal velocity reverses inside it (a graze).
    if (c.kind == Constraint::Kind::BallPair) continue;
    // A linear constraint is concave or convex along the parabola by −n·a alone.
    const double k = c.kind == Constraint::Kind::Linear ? -c.normal.dot(a)
                                                        : c.hessianBound() * speed * speed + c.gradientBound() * a.norm();
    K = std::max(K, k);
  }
  return K;
}

double GeneralizedModel::hamiltonian(const State& s) const {
  VecX& Minvp = curvatureVelocity;  // M⁻¹p into kept storage (the energy is evaluated on every step)
  Minvp.noalias() = constants_->Minv * s.p;
  return 0.5 * s.p.dot(Minvp) + constants_->system.V.value(s.q);
}

int GeneralizedModel::jump(State& s, const State& before, double tauBefore, double tauAfter, int budget,
                           std::vector<ImpactEvent>& events) {
  if (!spendWork(jumpWork())) return -1;  // the step's work budget (lgvci/core/work.hpp): the driver halts it
  if (constants_->system.policy != ImpactPolicy::Sequential) return simultaneousJump(s, before, tauBefore, tauAfter, budget, events);
  const GeneralizedSystem& sys = constants_->system;
  // E* = E_d(q_{i−1}, q̃, αh): the pre-impact arc (notes §3.1 step 2); every later sub-step of the
  // step carries the same value ((78a), (79a)).
  const double Estar = arcDiscreteEnergy(sys.M, constants_->Minv, sys.V, before, tauBefore, s.q);
  const size_t K = sys.constraints.size();
  double phiMin = INFINITY;
  std::vector<double> phis(K);
  for (size_t k = 0; k < K; ++k) phiMin = std::min(phiMin, phis[k] = sys.constraints[k].value(s.q));
  const double delta = constants_->contactTolerance * constants_->scale;
  VecX g, n;
  sys.V.gradient(s.q, g);
  int applied = 0;
  for (int chain = 0; chain < budget; ++chain) {
    if (chain > 0 && !spendWork(jumpWork())) return -1;
    const VecX w = constants_->Minv * (s.p - (0.5 * tauAfter) * g);  // post-impact arc velocity without a jump
    const double vtol = 1e-13 * (w.norm() + 1e-300);
    int pick = -1, approaching = 0;
    double worst = 0.0;
    for (size_t k = 0; k < K; ++k) {
      if (phis[k] > phiMin + delta) continue;
      sys.constraints[k].gradient(s.q, n);
      const double u = n.dot(w) / n.norm();
      if (u < -vtol) {
        ++approaching;
        if (pick < 0 || u < worst) { pick = static_cast<int>(k); worst = u; }
      }
    }
    if (pick < 0) break;
    sys.constraints[static_cast<size_t>(pick)].gradient(s.q, n);
    const EnergyJump j = sys.keepHamiltonian ? hamiltonianJump(sys.M, constants_->Minv, sys.V, s.q, s.p, n, tauAfter, Estar)
                                             : energyBalanceJump(sys.M, constants_->Minv, sys.V, s.q, s.p, n, tauAfter, Estar);
    if (!j.ok) {
      failure_ = sys.keepHamiltonian
                     ? concat("the energy jump has no non-zero multiplier at t = ", s.t, " (constraint ", pick,
                              " does not approach at the impact configuration)")
                     : concat("the discrete energy balance (75a) has no bounce root at t = ", s.t, " (constraint ", pick, ")");
      return -1;
    }
    s.p -= j.lambda * n;  // (76)
    s.pLow.setZero();     // the impact restarts the flight's residual of p (lgvci/vci/state.hpp)
    ImpactEvent ev;
    ev.t = s.t;
    ev.lambda = j.lambda;
    ev.point = sys.constraints[static_cast<size_t>(pick)].contactPoint(s.q);
    generalized_impact::setContacts(ev, approaching);
    generalized_impact::setConstraint(ev, pick);
    ev.energyMismatch = j.mismatch;
    events.push_back(ev);
    ++applied;
    if (approaching == 1) break;
  }
  return applied;
}

std::string GeneralizedModel::failureMessage(double t) const {
  return concat(failure_, "; the simulation is halted (in the step from t = ", t, ")");
}

template class HybridDriver<GeneralizedModel>;

}  // namespace lgvci
