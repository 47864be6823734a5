#include "lgvci/hybrid_integrator.hpp"

#include <cmath>
#include <sstream>

#include "lgvci/jump_map.hpp"
#include "lgvci/validation.hpp"

namespace lgvci {
namespace {

constexpr double kMachineEps = 2.220446049250313e-16;

void requireFiniteVec(const Vec3& v, const char* field) {
  if (!v.allFinite()) throw InvalidInput(field, "must be finite numbers");
}

}  // namespace

HybridIntegrator::HybridIntegrator(SystemDef system, IntegratorDef def, const State& initial)
    : system_(std::move(system)),
      def_(def),
      flow_(system_.mass, system_.gravity, def.retraction, def.tolerance),
      initial_(initial),
      state_(initial) {
  if (!system_.body) throw InvalidInput("body", "is missing");
  if (!std::isfinite(system_.mass.mass) || system_.mass.mass <= 0.0)
    throw InvalidInput("mass", "must be a finite number > 0");
  validateInertia(system_.mass.J);
  if (!std::isfinite(system_.gravity) || system_.gravity < 0.0)
    throw InvalidInput("gravity", "must be a finite number >= 0");
  if (!std::isfinite(def_.h) || def_.h <= 0.0) throw InvalidInput("h", "must be a finite number > 0");
  if (!std::isfinite(def_.tolerance) || def_.tolerance <= 0.0 || def_.tolerance > 1e-3)
    throw InvalidInput("tolerance", "must be in (0, 1e-3]");
  if (def_.maxImpactsPerStep < 1 || def_.maxImpactsPerStep > 1000000)
    throw InvalidInput("max_impacts_per_step", "must be an integer in [1, 1000000]");
  if (!std::isfinite(def_.contactTolerance) || def_.contactTolerance < 0.0 || def_.contactTolerance > 1e-3)
    throw InvalidInput("contact_tolerance", "must be in [0, 1e-3]");
  if (!std::isfinite(initial.t)) throw InvalidInput("t0", "must be a finite number");
  requireFiniteVec(initial.x, "x0");
  requireFiniteVec(initial.gamma, "gamma0");
  requireFiniteVec(initial.Pi, "Pi0");
  if (!initial.R.allFinite()) throw InvalidInput("R0", "must be finite numbers");
  if ((initial.R.transpose() * initial.R - Mat3::Identity()).cwiseAbs().maxCoeff() > 1e-9 ||
      initial.R.determinant() <= 0.0)
    throw InvalidInput("R0", "must be a rotation matrix (RᵀR = I to 1e-9, det R = +1)");
  validateRigidBodySystem(system_, def_, initial);  // limits and derived quantities (validation.hpp)
  Jinv_ = system_.mass.J.inverse();
  radius_ = system_.body->boundingRadius();
  gridStart_ = initial.t;
  const double phi0 = collisionFunction(*system_.body, system_.plane, initial.x, initial.R);
  if (!(phi0 >= 0.0)) {  // also refuses NaN
    std::ostringstream msg;
    msg << "the initial state penetrates the plane (Phi = " << phi0 << " < 0); raise x0 or change R0";
    throw InvalidInput("x0", msg.str());
  }
}

void HybridIntegrator::reset() {
  state_ = initial_;
  gridStart_ = initial_.t;
  gridSteps_ = 0;
  totalImpacts_ = 0;
  steps_ = 0;
  status_ = StepStatus::Ok;
  statusMessage_.clear();
  log_.clear();
}

Energy HybridIntegrator::energyOf(const State& s) const {
  const double m = system_.mass.mass;
  Energy e;
  e.translationalPotential = s.gamma.squaredNorm() / (2.0 * m) + m * system_.gravity * s.x.z();
  e.rotational = 0.5 * s.Pi.dot(Jinv_ * s.Pi);
  e.total = e.translationalPotential + e.rotational;
  return e;
}

// Φ = n·x + u·ρ_C carries an absolute rounding error of a few ulps of Σ|n_i x_i| + |ρ_C| (from the
// dot products and from R F). Impacts are located at Φ = 0 from the admissible side, as in the paper,
// but a trial step counts as penetrating only when Φ < −noise: right after an impact located at
// Φ ≈ 0 the samples next to it read Φ = ±4e-16, and without this hysteresis they would be "found"
// again as an impact at α = 0, forever.
double HybridIntegrator::phiNoise(const State& s) const {
  return 64.0 * kMachineEps * (system_.plane.normal().cwiseAbs().dot(s.x.cwiseAbs()) + radius_);
}

double HybridIntegrator::phiOf(const State& s) const {
  return collisionFunction(*system_.body, system_.plane, s.x, s.R);
}

double HybridIntegrator::phi() const { return phiOf(state_); }

bool HybridIntegrator::flow(const State& s, double h, State& out) {
  if (flow_.step(s, h, out)) return true;
  failedStep_ = h;
  return false;
}

// α ∈ [0, remaining] with Φ(F̃_Ld[αh](s)) = 0, to def_.tolerance, keeping the admissible side
// (Φ ≥ 0) as the paper does (§5.2, §7.3). Returns α; `atImpact` = F̃_Ld[αh](s).
bool HybridIntegrator::locateImpact(const State& s, double remaining, State& atImpact, double& alpha) {
  const double h = def_.h;
  const double tol = def_.tolerance;
  double a = 0.0, b = remaining;
  atImpact = s;
  if (def_.rootFinder == RootFinder::Bisection) {
    while (b - a > tol) {
      const double c = 0.5 * (a + b);
      if (c <= a || c >= b) break;  // no double strictly inside
      State sc;
      if (!flow(s, c * h, sc)) return false;
      if (phiOf(sc) >= 0.0) { a = c; atImpact = sc; } else { b = c; }
    }
    alpha = a;
    return true;
  }
  // Illinois regula falsi; a bisection step whenever two steps failed to halve the bracket.
  double fa = phiOf(s);
  State sb;
  if (!flow(s, b * h, sb)) return false;
  double fb = phiOf(sb);
  const double nearZero = phiNoise(s);  // a secant from a left end inside the noise aims into it
  int side = 0, sinceCheck = 0;
  bool bisect = false;
  double widthBefore = b - a;
  while (b - a > tol) {
    double c = (bisect || fa <= nearZero || fb == fa) ? 0.5 * (a + b) : (a * fb - b * fa) / (fb - fa);
    const double inset = 0.5 * tol;  // never evaluate closer than tol/2 to an end: pinches the bracket
    if (!(c > a + inset)) c = a + inset;
    if (!(c < b - inset)) c = b - inset;
    if (c <= a || c >= b) break;
    State sc;
    if (!flow(s, c * h, sc)) return false;
    const double fc = phiOf(sc);
    if (fc >= 0.0) {
      a = c; fa = fc; atImpact = sc;
      if (side == -1) fb *= 0.5;  // Illinois: the same end moved twice, halve the other's value
      side = -1;
    } else {
      b = c; fb = fc;
      if (side == 1) fa *= 0.5;
      side = 1;
    }
    bisect = false;
    if (++sinceCheck == 2) {
      bisect = (b - a) > 0.5 * widthBefore;
      widthBefore = b - a;
      sinceCheck = 0;
    }
  }
  alpha = a;
  return true;
}

// Jump map at one configuration (Corollary 4.4). When several points touch together the impulse
// acts at the barycentre of the approaching ones, and the chain repeats while any touching point
// still approaches (Seghete–Murphey: a chain of single impacts at one configuration; README).
int HybridIntegrator::resolveImpact(State& s, int budget) {
  const Vec3& n = system_.plane.normal();
  const double m = system_.mass.mass;
  const double delta = def_.contactTolerance * radius_;
  int applied = 0;
  for (int chain = 0; chain < budget; ++chain) {
    contactSet(*system_.body, system_.plane, s.x, s.R, delta, contacts_);
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
    const JumpResult j = jumpMap(n, chi, s.gamma, s.Pi, m, Jinv_);
    s.gamma = j.gamma;
    s.Pi = j.Pi;
    log_.push_back({s.t, j.lambda, s.x + s.R * rho, rho, count});
    ++applied;
    if (contacts_.size() == 1) break;  // a single point leaves with reversed normal velocity
  }
  return applied;
}

StepReport HybridIntegrator::step() {
  StepReport report;
  if (status_ == StepStatus::NewtonFailed) {
    report.status = status_;
    return report;
  }
  status_ = StepStatus::Ok;
  statusMessage_.clear();
  const double tEnd = gridStart_ + static_cast<double>(gridSteps_ + 1) * def_.h;
  State s = state_;
  double remaining = 1.0;
  int attempts = 0;
  bool ok = true;
  const size_t logSizeAtStart = log_.size();
  while (true) {
    State trial;
    if (!(ok = flow(s, remaining * def_.h, trial))) break;
    if (phiOf(trial) >= -phiNoise(trial)) {
      s = trial;
      s.t = tEnd;
      break;
    }
    if (attempts >= def_.maxImpactsPerStep || report.impacts >= def_.maxImpactsPerStep) {
      status_ = StepStatus::ZenoGuard;
      std::ostringstream msg;
      msg << "Zeno guard: " << report.impacts << " impacts (" << attempts << " located) in the step ending at t = " << tEnd
          << "; the step stopped at the last impact (t = " << s.t << ")";
      statusMessage_ = msg.str();
      break;
    }
    State atImpact;
    double alpha = 0.0;
    if (!(ok = locateImpact(s, remaining, atImpact, alpha))) break;
    s = atImpact;
    remaining -= alpha;
    report.impacts += resolveImpact(s, def_.maxImpactsPerStep - report.impacts);
    ++attempts;
  }
  if (!ok) {
    status_ = StepStatus::NewtonFailed;
    std::ostringstream msg;
    msg << "Newton's method did not converge for (5.9c) at t = " << state_.t << " (step " << failedStep_
        << ", residual " << flow_.lastSolve().residual << "); the simulation is halted";
    statusMessage_ = msg.str();
    log_.resize(logSizeAtStart);  // impacts of the discarded step did not happen
    report.status = status_;
    report.impacts = 0;
    return report;
  }
  state_ = s;
  ++steps_;
  totalImpacts_ += report.impacts;
  if (status_ == StepStatus::ZenoGuard) {  // the step ended off the grid: a new grid starts here
    gridStart_ = s.t;
    gridSteps_ = 0;
  } else {
    ++gridSteps_;
  }
  report.status = status_;
  return report;
}

}  // namespace lgvci
