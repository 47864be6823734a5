// E_d (5.12) of a sub-step of (5.9) without cancellation, and the multiplier of (5.16a).
#include "lgvci/rigid_body/variational_jump.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/LU>

#include "lgvci/core/portable_math.hpp"
#include "lgvci/core/precision.hpp"
#include "lgvci/core/work.hpp"
#include "so3.hpp"

namespace lgvci {
namespace {

// sinθ/θ, (1 − cosθ)/θ² and the derivatives' coefficients of Appendix D.1 (so3.hpp).
using so3::cosc;
using so3::sinc;
using so3::skew;
using so3::expCoefA;
using so3::expCoefB;

// G(f) = g for the retraction's parameter f by Newton with the exact Jacobian (Appendix D): Cayley
// G_c(f) = k (Jf + f × Jf), k = 2/(1 + |f|²), ∇G_c = k (J + S(f)J − S(Jf)) − k² (Jf + f × Jf) fᵀ;
// exp G(f) = sinc θ Jf + cosc θ f × Jf, ∇G = A Jf fᵀ + sinc θ J + B (f × Jf) fᵀ + cosc θ (S(f)J − S(Jf)).
// From the linearisation (J⁻¹g/2, J⁻¹g), on the branch through I (5.9)'s flow takes. Converged when a step
// is below round-off of f or the residual is zero; false after 50 steps.
bool retractionParameter(const Vec3& g, const Mat3& J, const Mat3& Jinv, Retraction retraction, Vec3& f) {
  const bool cay = retraction == Retraction::Cayley;
  f = Jinv * g;
  if (cay) f *= 0.5;
  for (int it = 0; it < 50; ++it) {
    const Vec3 Jf = J * f;
    const Vec3 c = f.cross(Jf);
    Vec3 G;
    Mat3 D;
    if (cay) {
      const double k = 2.0 / (1.0 + f.squaredNorm());
      G = k * (Jf + c);
      D = k * (J + skew(f) * J - skew(Jf)) - (k * k) * (Jf + c) * f.transpose();
    } else {
      const double th = f.norm();
      const double sc = sinc(th), cc = cosc(th);
      G = sc * Jf + cc * c;
      D = expCoefA(th) * Jf * f.transpose() + sc * J + expCoefB(th) * c * f.transpose() + cc * (skew(f) * J - skew(Jf));
    }
    const Vec3 r = G - g;
    if (r.isZero(0.0)) return true;
    const Vec3 df = D.partialPivLu().solve(r);
    if (!df.allFinite()) return false;
    f -= df;
    if (df.norm() <= 2.0 * kMachineEps * f.norm()) return f.allFinite();
  }
  return false;
}

}  // namespace

double rotationalDiscreteEnergy(const Vec3& Pi, double s, const Mat3& J, const Mat3& Jinv, Retraction retraction) {
  if (s == 0.0 || Pi.isZero(0.0)) return 0.5 * Pi.dot(Jinv * Pi);  // the limit s → 0 (f/s → J⁻¹Π/2 or J⁻¹Π)
  // The step's work budget (lgvci/core/work.hpp): a Newton solve of the retraction with a general 3×3
  // LU, twice a flow's charge (docs/method.md "The work limit"); refused, NaN, and the driver halts
  // the step with work_limit.
  if (!spendWork(2 * kFlowWork)) return std::numeric_limits<double>::quiet_NaN();
  Vec3 f;
  if (!retractionParameter(s * Pi, J, Jinv, retraction, f)) return std::numeric_limits<double>::quiet_NaN();
  const Vec3 u = f / s;  // O(1): f = O(s)
  if (retraction == Retraction::Cayley) return 2.0 * u.dot(J * u) / (1.0 + f.squaredNorm());
  return cosc(f.norm()) * u.dot(J * u);
}

double discreteEnergy(const RigidBodyState& z, double s, const MassProperties& mass, const Mat3& Jinv, double gravity,
                      Retraction retraction) {
  const double m = mass.mass;
  // (x₁ − x₀)/s = γ/m − ½ g s e₃ by (5.9a); ½ m g e₃·(x₁ + x₀) = m g x₃ + ½ m g s (γ₃/m − ½ g s).
  Vec3 v = z.gamma / m;
  v.z() -= 0.5 * gravity * s;
  return 0.5 * m * v.squaredNorm() + rotationalDiscreteEnergy(z.Pi, s, mass.J, Jinv, retraction) +
         m * gravity * (z.x.z() + 0.5 * s * v.z());
}

DiscreteBalanceJump solveDiscreteBalance(const RigidBodyState& zt, const Vec3& n, const Vec3& chi, double s, double target,
                                         double lambda0, const MassProperties& mass, const Mat3& Jinv, double gravity,
                                         Retraction retraction) {
  DiscreteBalanceJump out;
  const double m = mass.mass;
  const double a = 1.0 / m + chi.dot(Jinv * chi);
  const double vn = n.dot(zt.gamma) / m + chi.dot(Jinv * zt.Pi);
  const double vertex = -vn / a;  // v_n + aλ = 0: below it the pass-through side
  RigidBodyState z = zt;
  auto residual = [&](double lambda) {
    z.gamma = zt.gamma + lambda * n;
    z.Pi = zt.Pi + lambda * chi;
    ++out.evaluations;
    return discreteEnergy(z, s, mass, Jinv, gravity, retraction) - target;
  };
  // Round-off of E_d − target: a few ulps of the energies that enter it.
  const double scale = std::abs(target) + 0.5 * zt.gamma.squaredNorm() / m + 0.5 * zt.Pi.dot(Jinv * zt.Pi) +
                       m * gravity * std::abs(zt.x.z());
  const double tol = 4.0 * kMachineEps * scale;
  double lam = lambda0, r = residual(lam);
  out.startResidual = r;
  if (!(lam > vertex) || !std::isfinite(r)) return out;
  double lo = vertex, hi = std::numeric_limits<double>::infinity();  // r(lo) < 0 < r(hi) once both are known
  double prevLam = lam, prevR = r;
  bool havePrev = false;
  for (int it = 0; it < 60 && std::abs(r) > tol; ++it) {
    if (r > 0.0) hi = lam;
    else lo = lam;
    double slope = vn + a * lam;  // dH/dλ along (n, χ): E_d's slope to O(s²), > 0 on the bounce side
    if (havePrev && lam != prevLam) {
      const double secant = (r - prevR) / (lam - prevLam);
      if (secant > 0.0 && std::isfinite(secant)) slope = secant;
    }
    double next = lam - r / slope;
    // Keep the iterate on the bounce side and inside the bracket, else halve the bracket — towards the
    // vertex while no λ with r < 0 is known, so that a grazing impact ends at the vertex with r > 0.
    if (!(next > lo && next < hi)) next = std::isfinite(hi) ? 0.5 * (lo + hi) : 0.5 * (lo + lam);
    if (next == lam) break;
    prevLam = lam;
    prevR = r;
    havePrev = true;
    lam = next;
    r = residual(lam);
    if (!std::isfinite(r)) return out;
    if (std::abs(lam - prevLam) <= 2.0 * kMachineEps * std::abs(lam)) break;  // λ at round-off
  }
  out.lambda = lam;
  out.residual = r;
  out.ok = std::abs(r) <= 64.0 * tol && vn + a * lam > 0.0;
  return out;
}

}  // namespace lgvci
