// Persistent contact: RATTLE on SE(3) over the flow (5.9) with the active contacts φ_f = 0 (docs/rigid-body.md
// "Persistent contact").
#include "lgvci/rigid_body/contact_flow.hpp"

#include <cmath>
#include <limits>

#include "lgvci/core/work.hpp"

namespace lgvci {
namespace {

constexpr int kMaxIterations = 60;

// The work units (lgvci/core/work.hpp) of the contact phase, over k active contacts: each pass of
// either stage (the gradients χ_f and the k×k Gram solve) 4 a contact; each iteration of the position
// stage as much again for its φ_f and solve, plus kFlowWork for the rotation's solve (5.9c), as a
// flight step's. Measured at 7–20 ns a unit on the rest, slide and rocking presets and on an
// octagonal prism resting on its 8 vertices (docs/method.md "The work limit"). The flow evaluation's
// own kFlowWork is charged by the driver.
constexpr long long contactWork(int k) { return 4LL * k; }

// Σ over the active contacts; the Gram matrices below are at most 8×8 and of rank ≤ 3 (a contact's
// gradient (n, χ_f) has χ_f ⊥ Rᵀn: one translation and two tilts), e.g. the four corners of a face.
// Their multipliers are then not unique (a statically indeterminate support): we take the minimum-
// norm ones, by iterated Tikhonov regularisation — Cholesky of A + μI, μ = 1e-12 max diag(A), and
// refinement, which converges to A⁺b for b in the range of A. Only + − × / and √: the same bits
// natively and in WebAssembly.
template <int N>
struct Gram {
  double a[N][N];
  double l[N][N];
  int k = 0;
  bool factor() {
    double mu = 0.0;
    if (k > 1) {
      for (int i = 0; i < k; ++i) mu = std::max(mu, a[i][i]);
      mu *= 1e-12;
    }
    for (int i = 0; i < k; ++i) {
      for (int j = 0; j <= i; ++j) {
        double s = a[i][j] + (i == j ? mu : 0.0);
        for (int p = 0; p < j; ++p) s -= l[i][p] * l[j][p];
        if (i == j) {
          if (!(s > 0.0)) return false;
          l[i][i] = std::sqrt(s);
        } else {
          l[i][j] = s / l[j][j];
        }
      }
    }
    return true;
  }
  void solveFactored(const double* b, double* x) const {
    double y[N];
    for (int i = 0; i < k; ++i) {
      double s = b[i];
      for (int p = 0; p < i; ++p) s -= l[i][p] * y[p];
      y[i] = s / l[i][i];
    }
    for (int i = k - 1; i >= 0; --i) {
      double s = y[i];
      for (int p = i + 1; p < k; ++p) s -= l[p][i] * x[p];
      x[i] = s / l[i][i];
    }
  }
  // x = A⁺b (b in the range of A): the regularised solve refined three times.
  void solve(const double* b, double* x) const {
    solveFactored(b, x);
    if (k == 1) return;
    for (int it = 0; it < 3; ++it) {
      double r[N], dx[N];
      for (int i = 0; i < k; ++i) {
        double s = b[i];
        for (int j = 0; j < k; ++j) s -= a[i][j] * x[j];
        r[i] = s;
      }
      solveFactored(r, dx);
      for (int i = 0; i < k; ++i) x[i] += dx[i];
    }
  }
};

double dot(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

}  // namespace

ContactFlow::ContactFlow(ShapePtr body, const Plane& plane, const MassProperties& mass, double gravity,
                         Retraction retraction, double tolerance)
    : body_(std::move(body)),
      plane_(plane),
      mass_(mass),
      Jinv_(mass.J.inverse()),
      g_(gravity),
      retraction_(retraction),
      tol_(tolerance) {}

void ContactFlow::gradients(const Mat3& R, const ContactSet& set, std::array<Vec3, kMax>& chi,
                            std::array<Vec3, kMax>& w) const {
  const Vec3 u = R.transpose() * plane_.normal();
  for (int i = 0; i < set.count; ++i) {
    const SupportPoint sp = body_->featureLowest(set.feature[static_cast<size_t>(i)], u);
    chi[static_cast<size_t>(i)] = sp.rho.cross(u);  // χ_f = ρ_f × Rᵀn (6.10)
    w[static_cast<size_t>(i)] = Jinv_ * chi[static_cast<size_t>(i)];
  }
}

double ContactFlow::project(const Mat3& R, ContactSet& set, Vec3& gamma, Vec3& Pi, double releaseSpeed) const {
  const Vec3& n = plane_.normal();
  const double m = mass_.mass;
  std::array<Vec3, kMax> chi, w;
  const Vec3 omega = Jinv_ * Pi;
  while (set.count > 0) {
    if (!spendWork(contactWork(set.count))) return 0.0;  // the step is discarded with work_limit
    gradients(R, set, chi, w);
    Gram<kMax> B;
    B.k = set.count;
    double v[kMax], q[kMax];
    for (int i = 0; i < set.count; ++i) {
      const size_t si = static_cast<size_t>(i);
      for (int j = 0; j < set.count; ++j) B.a[i][j] = 1.0 / m + dot(chi[si], w[static_cast<size_t>(j)]);
      v[i] = -(dot(n, gamma) / m + dot(chi[si], omega));  // minus the normal velocity of contact f
    }
    if (!B.factor()) return 0.0;  // no impulse direction (cannot happen for J > 0, m > 0)
    B.solve(v, q);
    // Release the contact that would pull hardest, if it would leave faster than releaseSpeed (Q_f B_ff
    // is the speed it separates with when left alone), then re-solve.
    int worst = -1;
    double worstSpeed = -releaseSpeed;
    for (int i = 0; i < set.count; ++i)
      if (q[i] * B.a[i][i] < worstSpeed) {
        worstSpeed = q[i] * B.a[i][i];
        worst = i;
      }
    if (worst >= 0) {
      set.remove(worst);
      continue;
    }
    double total = 0.0;
    Vec3 dPi = Vec3::Zero();
    for (int i = 0; i < set.count; ++i) {
      total += q[i];
      dPi += q[i] * chi[static_cast<size_t>(i)];
    }
    gamma += total * n;
    Pi += dPi;
    return total;
  }
  return 0.0;
}

ContactStepOutcome ContactFlow::step(const RigidBodyState& in, double tau, RigidBodyState& out, double phiTolerance) {
  const Vec3& n = plane_.normal();
  const double m = mass_.mass;
  ContactSet set = in.contact;
  std::array<Vec3, kMax> chi, w;
  failedInRotation_ = false;
  while (set.count > 0) {
    // A refused charge fails the flow; the driver then halts the step with work_limit.
    if (!spendWork(contactWork(set.count))) return ContactStepOutcome::Failed;
    gradients(in.R, set, chi, w);
    Gram<kMax> A;
    A.k = set.count;
    for (int i = 0; i < set.count; ++i)
      for (int j = 0; j < set.count; ++j)
        A.a[i][j] = tau * (1.0 / m + dot(chi[static_cast<size_t>(i)], w[static_cast<size_t>(j)]));
    if (!A.factor()) return ContactStepOutcome::Failed;
    // Position stage: quasi-Newton on P with the Jacobian of φ(x⁺, R⁺) at P = 0 to first order in τ
    // (∂x⁺/∂P_f = (τ/m) n, ∂(rotation)/∂P_f ≈ τ J⁻¹χ_f): linear convergence at rate O(τ|ω|).
    double P[kMax] = {0.0};
    Vec3 gt, Pt, xn;
    Mat3 Rn;
    NewtonResult rotation;
    double sumP = 0.0;
    double residual = std::numeric_limits<double>::infinity();
    int it = 0;
    for (; it < kMaxIterations; ++it) {
      if (!spendWork(kFlowWork + contactWork(set.count))) {
        lastIterations_ = it;
        return ContactStepOutcome::Failed;
      }
      sumP = 0.0;
      Pt = in.Pi;
      for (int i = 0; i < set.count; ++i) {
        sumP += P[i];
        Pt += P[i] * chi[static_cast<size_t>(i)];
      }
      gt = in.gamma - Vec3(0.0, 0.0, 0.5 * tau * m * g_) + sumP * n;
      xn = in.x + (tau / m) * gt;
      rotation = solveImplicit(tau * Pt, mass_.J, Jinv_, retraction_, tol_);  // (5.9c) with the contact moment
      if (!rotation.converged) {
        failedInRotation_ = true;
        lastIterations_ = it;
        return ContactStepOutcome::Failed;
      }
      Rn = in.R * rotation.F;
      const Vec3 un = Rn.transpose() * n;
      double r[kMax];
      residual = 0.0;
      for (int i = 0; i < set.count; ++i) {
        r[i] = -(dot(n, xn) + body_->featureLowest(set.feature[static_cast<size_t>(i)], un).value);
        residual = std::max(residual, std::abs(r[i]));
      }
      if (!(residual > phiTolerance)) break;  // also stops on NaN, caught below
      double dP[kMax];
      A.solve(r, dP);
      for (int i = 0; i < set.count; ++i) P[i] += dP[i];
    }
    lastIterations_ = it;
    lastResidual_ = residual;
    if (!(residual <= phiTolerance)) return ContactStepOutcome::Failed;
    // Unilateral: a contact whose force would pull at the start of the step is released.
    double scale = 0.0;
    for (int i = 0; i < set.count; ++i) scale += std::abs(P[i]);
    int worst = -1;
    double worstP = -std::max(1e-9 * scale, 1e-12 * m * g_ * std::abs(tau));
    for (int i = 0; i < set.count; ++i)
      if (P[i] < worstP) {
        worstP = P[i];
        worst = i;
      }
    if (worst >= 0) {
      set.remove(worst);
      continue;
    }
    // Velocity stage.
    out.t = in.t + tau;
    out.x = xn;
    out.R = Rn;
    out.gamma = gt - Vec3(0.0, 0.0, 0.5 * tau * m * g_);
    out.Pi = rotation.F.transpose() * Pt;
    out.contact = set;
    out.xLow = 0.0;  // its sums are not compensated (state.hpp)
    out.gammaLow = 0.0;
    // Every contact is kept through the velocity stage (Q_f may be slightly negative, the half-step
    // multiplier λ_{k+1} of RATTLE); whether it is released is the next position stage's P_f ≥ 0 —
    // a force decision, which sees gravity and the rotation, not a velocity one, which would drop a
    // corner the constrained motion then drives back into the plane.
    const double sumQ = project(out.R, out.contact, out.gamma, out.Pi, std::numeric_limits<double>::infinity());
    if (const WorkMeter* meter = activeWorkMeter(); meter && meter->exhausted()) return ContactStepOutcome::Failed;
    out.normalForce = (sumP + sumQ) / tau;  // sumP: Σ P_f of the converged position stage
    return ContactStepOutcome::Constrained;
  }
  return ContactStepOutcome::AllReleased;
}

}  // namespace lgvci
