// The rigid body over a plane as a model of Algorithm 5.2: (5.9), (6.9), Corollary 4.4 or (5.16a).
#include "lgvci/rigid_body/rigid_body_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/Eigenvalues>

#include "lgvci/core/hybrid_driver_impl.hpp"
#include "lgvci/core/text.hpp"
#include "lgvci/rigid_body/jump_map.hpp"
#include "lgvci/core/precision.hpp"

namespace lgvci {
namespace {
}  // namespace

RigidBodyModel::RigidBodyModel(RigidBodySystem system, Retraction retraction, double tolerance, double contactTolerance,
                               bool strictDetection, double restitution, double h, int maxImpactsPerStep,
                               JumpKind jump)
    : system_(std::move(system)),
      flow_(system_.mass, system_.gravity, retraction, tolerance),
      contactFlow_(system_.body, system_.plane, system_.mass, system_.gravity, retraction, tolerance),
      Jinv_(system_.mass.J.inverse()),
      radius_(system_.body->boundingRadius()),
      contactTolerance_(contactTolerance),
      strict_(strictDetection),
      restitution_(restitution),
      lambdaMin_(Eigen::SelfAdjointEigenSolver<Mat3>(system_.mass.J, Eigen::EigenvaluesOnly).eigenvalues().minCoeff()),
      jump_(jump),
      retraction_(retraction) {
  // A bounce at approach speed v with restitution e is followed by rebounds e v, e² v, … whose flights
  // (2 e^k v / g n3 for the contact point's normal motion) add up to T = 2 e v / (g n3 (1 − e)): when
  // T ≤ h the whole cascade lies inside one step and its limit — the point stays on the plane, the
  // normal kinetic energy all lost — is taken at once. With e near 1 the bound is the Zeno budget N:
  // a bounce shorter than h/N would exhaust it in every step. e = 0: every impact is plastic.
  const double gn = system_.gravity * system_.plane.normal().z() * h;
  const double cascade = restitution_ > 0.0 ? (1.0 - restitution_) / (2.0 * restitution_) : std::numeric_limits<double>::infinity();
  contactSpeed_ = gn * std::max(cascade, 1.0 / (2.0 * std::max(1, maxImpactsPerStep)));
  settleSpeed_ = gn;
}

bool RigidBodyModel::flow(const State& s, double tau, State& out) {
  contactFailed_ = false;
  if (s.contact.count > 0) {
    const ContactStepOutcome r = contactFlow_.step(s, tau, out, phiNoise(s) / 8.0);
    if (r == ContactStepOutcome::Constrained) return true;
    if (r == ContactStepOutcome::Failed) {
      failedStep_ = tau;
      contactFailed_ = true;
      return false;
    }
  }
  if (flow_.step(s, tau, out)) {
    out.contact.count = 0;
    out.normalForce = 0.0;
    return true;
  }
  failedStep_ = tau;
  return false;
}

double RigidBodyModel::phi(const State& s) const {
  if (s.contact.count == 0) return collisionFunction(*system_.body, system_.plane, s.x, s.R);
  const Vec3& n = system_.plane.normal();
  const SupportPoint p = system_.body->lowestExcept(s.R.transpose() * n, s.contact.feature.data(), s.contact.count);
  return p.feature < 0 ? std::numeric_limits<double>::max() : n.dot(s.x) + p.value;
}

double RigidBodyModel::collisionPhi(const State& s) const {
  return collisionFunction(*system_.body, system_.plane, s.x, s.R);
}

// Φ = n·x + u·ρ_C carries an absolute rounding error of a few ulps of Σ|n_i x_i| + |ρ_C| (from the
// dot products and from R F). Impacts are located at Φ = 0 from the admissible side, as in the paper,
// but a trial step counts as penetrating only when Φ < −noise: right after an impact located at
// Φ ≈ 0 the samples next to it read Φ = ±4e-16, and without this hysteresis they would be "found"
// again as an impact at α = 0, forever.
double RigidBodyModel::phiNoise(const State& s) const {
  return collisionRoundOff(system_.plane, s.x, radius_);
}

// The paper's rule (§5.2) checks Φ at the end of the trial step only: 0. With strict detection, a
// bound on d²Φ/dτ² along the flow: the centre accelerates by −g e3 (n·ẍ = −g n3 ≤ 0, counted as +g n3
// to stay on the safe side), a body point at distance ≤ r adds |ω|² r + |ω̇| r with ω = J⁻¹Π and
// ω̇ = J⁻¹(Π × ω) (Euler). |Π| is conserved in flight, so w = ‖J⁻¹‖_F |Π| ≥ |ω| and |ω̇| ≤ w² hold
// along the whole step.
double RigidBodyModel::detectionCurvature(const State& s, double /*tau*/) const {
  if (!strict_) return 0.0;
  const double w = s.Pi.norm() * Jinv_.norm();
  return system_.gravity * system_.plane.normal().z() + 2.0 * w * w * radius_;
}

// Jump map at one configuration (Corollary 4.4). When several points touch together the impulse
// acts at the barycentre of the approaching ones, and the chain repeats while any touching point
// still approaches (Seghete–Murphey: a chain of single impacts at one configuration; docs/rigid-body.md "Simultaneous and degenerate impacts").
// An impact slower than contactSpeed() (every touching point approaching at most that fast) is the
// limit of its own cascade of rebounds: the touching points' normal velocities are brought to 0
// (ContactFlow::project; a point that would separate faster than v_c is left to separate) and the body
// continues in persistent contact on them; the kinetic energy lost is reported like a restitution loss.
int RigidBodyModel::enterContact(State& s, double vscale, std::vector<ImpactEvent>& events) {
  const double m = system_.mass.mass;
  ContactSet set;
  for (const auto& c : contacts_) set.add(c.feature);
  const double before = s.gamma.squaredNorm() / (2.0 * m) + 0.5 * s.Pi.dot(Jinv_ * s.Pi);
  // A touching point separating slower than v_c would be back within the step (the same cascade
  // argument): it joins the contact; the first position stage releases it if its force would pull.
  const double impulse = contactFlow_.project(s.R, set, s.gamma, s.Pi, contactSpeed_ + 1e-13 * vscale);
  s.contact = set;
  s.normalForce = 0.0;
  if (set.count == 0 || impulse == 0.0) return 0;
  const double after = s.gamma.squaredNorm() / (2.0 * m) + 0.5 * s.Pi.dot(Jinv_ * s.Pi);
  Vec3 rho = Vec3::Zero();
  for (int i = 0; i < set.count; ++i) {
    const auto it = std::find_if(contacts_.begin(), contacts_.end(), [&](const ContactPoint& c) { return c.feature == set.feature[static_cast<size_t>(i)]; });
    rho += it->rho;
  }
  rho /= set.count;
  ImpactEvent ev;
  ev.t = s.t;
  ev.lambda = impulse;
  ev.point = s.x + s.R * rho;
  rigid_impact::set(ev, rho, set.count);
  rigid_impact::setJump(ev, rigid_impact::JumpUsed::Plastic);
  ev.dissipated = std::max(0.0, before - after);
  events.push_back(ev);
  return 1;
}

double RigidBodyModel::preImpactEnergy(const State& before, double tauBefore) {
  // E_d does not depend on R; the pending jump's trials share (before, tauBefore).
  if (tauBefore != preImpact_.tau || before.x != preImpact_.x || before.gamma != preImpact_.gamma || before.Pi != preImpact_.Pi) {
    preImpact_.x = before.x;
    preImpact_.gamma = before.gamma;
    preImpact_.Pi = before.Pi;
    preImpact_.tau = tauBefore;
    preImpact_.energy = discreteEnergy(before, tauBefore, system_.mass, Jinv_, system_.gravity, retraction_);
  }
  return preImpact_.energy;
}

int RigidBodyModel::jump(State& s, const State& before, double tauBefore, double tauAfter, int budget,
                         std::vector<ImpactEvent>& events) {
  const Vec3& n = system_.plane.normal();
  const double m = system_.mass.mass;
  const double delta = contactTolerance_ * radius_;
  // (5.16a) balances the discrete energy (5.12) of the sub-step before the impact; a sub-step of the
  // contact phase (RATTLE, with its multipliers) has none.
  const bool variational = jump_ == JumpKind::Variational;
  const bool afterContactStep = variational && (before.contact.count > 0 || s.contact.count > 0);
  // The impact ends any contact phase: every touching point (the active ones too) is treated afresh.
  s.contact.count = 0;
  s.normalForce = 0.0;
  // One configuration: the touching points (ρ, χ) are the same for the whole chain; only γ, Π change.
  contactSet(*system_.body, system_.plane, s.x, s.R, delta, contacts_);
  double approach = 0.0;
  for (const auto& c : contacts_) approach = std::max(approach, -normalVelocity(n, c.chi, s.gamma, s.Pi, m, Jinv_));
  if (approach <= contactSpeed_)
    return budget > 0 ? enterContact(s, s.gamma.norm() / m + (Jinv_ * s.Pi).norm() * radius_, events) : 0;
  int applied = 0;
  Vec3 gammaIn = Vec3::Zero(), PiIn = Vec3::Zero(), chiLast = Vec3::Zero();  // the momenta entering the chain's last link, its direction
  double lost = 0.0;            // the chain's ΔE
  for (int chain = 0; chain < budget; ++chain) {
    const double vscale = s.gamma.norm() / m + (Jinv_ * s.Pi).norm() * radius_;
    const double vtol = 1e-13 * vscale;
    Vec3 rhoSum = Vec3::Zero(), chiSum = Vec3::Zero();
    int count = 0;
    for (const auto& c : contacts_) {
      if (normalVelocity(n, c.chi, s.gamma, s.Pi, m, Jinv_) < -vtol) {
        rhoSum += c.rho;
        chiSum += c.chi;
        ++count;
      }
    }
    if (count == 0) break;
    const Vec3 rho = rhoSum / count;
    const Vec3 chi = chiSum / count;
    if (variational) {
      gammaIn = s.gamma;
      PiIn = s.Pi;
      chiLast = chi;
    }
    const JumpResult j = jumpMap(n, chi, s.gamma, s.Pi, m, Jinv_, restitution_);
    s.gamma = j.gamma;
    s.gammaLow = 0.0;  // the impact restarts the flight's residual of e3·γ (state.hpp)
    s.Pi = j.Pi;
    ImpactEvent ev;
    ev.t = s.t;
    ev.lambda = j.lambda;
    ev.point = s.x + s.R * rho;
    rigid_impact::set(ev, rho, count);
    ev.dissipated = j.dissipated;
    lost += j.dissipated;
    events.push_back(ev);
    ++applied;
    if (contacts_.size() == 1) break;  // a single point leaves with reversed normal velocity
  }
  if (!variational || applied == 0) return applied;
  // The variational jump (docs/rigid-body.md "The variational jump"): the last link's multiplier from
  // (5.16a) (or (5.19a) at a later impact of the step), E_d(z̃⁺, tauAfter) = E_d(before, tauBefore) − ΔE,
  // along the same direction, from Corollary 4.4's root; the links before it keep H, as Seghete & Murphey's chain.
  ImpactEvent& last = events.back();
  if (afterContactStep) {
    rigid_impact::setJump(last, rigid_impact::JumpUsed::AfterContactStep);
    return applied;
  }
  State entering = s;
  entering.gamma = gammaIn;
  entering.Pi = PiIn;
  const double target = preImpactEnergy(before, tauBefore) - lost;
  const DiscreteBalanceJump v =
      solveDiscreteBalance(entering, n, chiLast, tauAfter, target, last.lambda, system_.mass, Jinv_, system_.gravity, retraction_);
  bool ok = v.ok && std::isfinite(target);
  const Vec3 gamma = gammaIn + v.lambda * n, Pi = PiIn + v.lambda * chiLast;
  if (ok && contacts_.size() > 1) {  // no touching point may approach after the chain
    const double vtol = 1e-13 * (gamma.norm() / m + (Jinv_ * Pi).norm() * radius_);
    for (const auto& c : contacts_) ok = ok && normalVelocity(n, c.chi, gamma, Pi, m, Jinv_) >= -vtol;
  }
  if (!ok) {  // Corollary 4.4's impulse stays; what it leaves of (5.16a) is reported
    rigid_impact::setJump(last, rigid_impact::JumpUsed::NoBounceRoot);
    last.energyMismatch = v.startResidual;
    return applied;
  }
  s.gamma = gamma;
  s.Pi = Pi;
  last.lambda = v.lambda;
  last.energyMismatch = v.residual;
  rigid_impact::setJump(last, rigid_impact::JumpUsed::DiscreteBalance);
  return applied;
}

// A cascade that used up the Zeno budget: typically a face or an edge landing nearly flat with e near
// 1, whose corners take turns. An impulse λ at corner A changes the normal velocity of another corner
// C by λ(1/m + χ_C·J⁻¹χ_A); for the opposite corner of a face of Case IV's cube (χ_C = −χ_A,
// χ_AᵀJ⁻¹χ_A = 3) that is −2λ: it falls twice as fast as the centre rises. The next impact comes from a neighbour driven by the impulse, not from gravity, so the single-point
// cascade bound v_c does not see it. When every touching point approaches at most g n3 h, the
// cascade's limit (the face on the plane, the normal kinetic energy of the touching points lost) is
// what the grid can resolve: the plastic hand-over of enterContact.
int RigidBodyModel::settleCascade(State& s, std::vector<ImpactEvent>& events) {
  const Vec3& n = system_.plane.normal();
  const double m = system_.mass.mass;
  s.contact.count = 0;
  s.normalForce = 0.0;
  contactSet(*system_.body, system_.plane, s.x, s.R, contactTolerance_ * radius_, contacts_);
  double approach = 0.0;
  for (const auto& c : contacts_) approach = std::max(approach, -normalVelocity(n, c.chi, s.gamma, s.Pi, m, Jinv_));
  if (!(approach <= settleSpeed_)) return -1;
  return enterContact(s, s.gamma.norm() / m + (Jinv_ * s.Pi).norm() * radius_, events);
}

std::string RigidBodyModel::settleDescription(const State& s) const {
  if (s.contact.count == 0)
    return "its impacts were resolved plastically (every touching point brought to rest on the plane) and the body flew on";
  return concat("the body continues in persistent contact on ", s.contact.count,
                s.contact.count == 1 ? " point" : " points", " (the normal kinetic energy of its impacts is logged as dissipated)");
}

std::string RigidBodyModel::failureMessage(double t) const {
  auto number = [](double v) { return std::isfinite(v) ? formatNumber(v) : std::string("not a finite number"); };
  if (contactFailed_) {
    if (contactFlow_.lastFailedInRotation())
      return concat("Newton's method did not converge for (5.9c) in the contact phase at t = ", t, " (step ", failedStep_,
                    "); the simulation is halted");
    return concat("the contact constraints phi_f = 0 could not be met in the step after t = ", t, " (residual ",
                  number(contactFlow_.lastResidual()), " after ", contactFlow_.lastIterations(),
                  " iterations); the simulation is halted");
  }
  return concat("Newton's method did not converge for (5.9c) at t = ", t, " (step ", failedStep_, ", residual ",
                number(flow_.lastSolve().residual), "); the simulation is halted");
}

// Existence for (5.9c), S(τΠ) = F J_d − J_d Fᵀ, i.e. G(f) = g := τΠ with G the Cayley map G_c(f) =
// 2(Jf + f×Jf)/(1 + |f|²) (D.8) or the exponential one (D.3). On the sphere |f| = r, f·(f×Jf) = 0 gives
// f·G_c(f) = 2 fᵀJf/(1 + r²) ≥ 2 λmin r²/(1 + r²), so for |g| < 2 λmin r/(1 + r²) the homotopy G − s g
// (s ∈ [0, 1]) has no zero on the sphere and G − g has the degree of G at 0, which is 1 (G(f)·f > 0
// away from 0, ∇G(0) = 2J): a solution inside the ball. r = 1 gives |g| < λmin(J), with a rotation
// of less than 90° (2 atan r). For exp, f·G(f) = (sin θ/θ) fᵀJf ≥ λmin θ sin θ on |f| = θ, and θ = π/2
// gives the same bound. So |τΠ| < λmin(J) always has an update; the range bound |G_c| < 2 λmax(J)
// (validation.cpp) is where none can exist.
double RigidBodyModel::solvableStep(const State& s) const {
  const double p = s.Pi.norm();
  return p > 0.0 ? lambdaMin_ / p : std::numeric_limits<double>::infinity();
}

std::string RigidBodyModel::subdivisionFailure(const State& s, double tau, bool withinBound) const {
  const double p = s.Pi.norm();
  if (withinBound)
    return concat("Newton's method did not converge for (5.9c) at t = ", s.t, " on a sub-step of ", tau,
                  " although |tau Pi| = ", tau * p, " is below the bound lambda_min(J) = ", lambdaMin_,
                  " that guarantees a solution; the simulation is halted");
  return concat("the attitude equation (5.9c) has no solution at t = ", s.t, " even on a sub-step of ", tau,
                " (about 2^-12 h): |tau Pi| = ", tau * p, " is beyond the bound lambda_min(J) = ", lambdaMin_,
                " that the inertia allows (|Pi| = ", p, "); more than 4096 sub-steps per step would be needed: reduce h");
}

template class HybridDriver<RigidBodyModel>;

}  // namespace lgvci
