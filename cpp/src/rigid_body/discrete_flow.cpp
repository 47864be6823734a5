#include "lgvci/rigid_body/discrete_flow.hpp"

#include <cmath>
#include <limits>

#include <Eigen/Dense>

#include "lgvci/rigid_body/so3.hpp"

namespace lgvci {
namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

// (θcosθ − sinθ)/θ³ and (θ sinθ − 2(1 − cosθ))/θ⁴, with series where the closed forms cancel.
double expCoefA(double th) {
  if (th < 0.1) { const double t2 = th * th; return -1.0 / 3.0 + t2 / 30.0 - t2 * t2 / 840.0 + t2 * t2 * t2 / 45360.0; }
  return (th * std::cos(th) - std::sin(th)) / (th * th * th);
}
double expCoefB(double th) {
  if (th < 0.1) { const double t2 = th * th; return -1.0 / 12.0 + t2 / 180.0 - t2 * t2 / 6720.0 + t2 * t2 * t2 / 453600.0; }
  return (th * std::sin(th) - 2.0 * (1.0 - std::cos(th))) / (th * th * th * th);
}
double sinc(double th) { return th < 1e-4 ? 1.0 - th * th / 6.0 : std::sin(th) / th; }
double cosc(double th) {  // (1 − cosθ)/θ² = ½ (sin(θ/2)/(θ/2))²
  const double s = sinc(0.5 * th);
  return 0.5 * s * s;
}

Mat3 cayleyJacobian(const Vec3& f, const Mat3& J) {  // ∇G_c of Appendix D.2
  const double k = 2.0 / (1.0 + f.squaredNorm());
  const Vec3 Jf = J * f;
  return k * ((J + so3::skew(f) * J - so3::skew(Jf)) - k * (Jf + f.cross(Jf)) * f.transpose());
}

Mat3 expJacobian(const Vec3& f, const Mat3& J) {  // ∇G of Appendix D.1
  const double th = f.norm();
  const Vec3 Jf = J * f;
  return expCoefA(th) * Jf * f.transpose() + sinc(th) * J + expCoefB(th) * f.cross(Jf) * f.transpose() +
         cosc(th) * (so3::skew(f) * J - so3::skew(Jf));
}

}  // namespace

Vec3 cayleyResidualMap(const Vec3& f, const Mat3& J) {  // (D.8)
  const Vec3 Jf = J * f;
  return (2.0 / (1.0 + f.squaredNorm())) * (Jf + f.cross(Jf));
}

Vec3 expResidualMap(const Vec3& f, const Mat3& J) {  // (D.3)
  const double th = f.norm();
  const Vec3 Jf = J * f;
  return sinc(th) * Jf + cosc(th) * f.cross(Jf);
}

NewtonResult solveImplicit(const Vec3& g, const Mat3& J, Retraction retraction, double tol, int maxIterations) {
  return solveImplicit(g, J, J.inverse(), retraction, tol, maxIterations);
}

NewtonResult solveImplicit(const Vec3& g, const Mat3& J, const Mat3& Jinv, Retraction retraction, double tol,
                           int maxIterations) {
  NewtonResult r;
  const double gnorm = g.norm();
  if (gnorm == 0.0) {  // F = I solves (D.1) exactly
    r.converged = true;
    return r;
  }
  const bool cay = retraction == Retraction::Cayley;
  Vec3 f = cay ? Vec3(0.5 * (Jinv * g)) : Vec3(Jinv * g);  // G_c ≈ 2Jf, G ≈ Jf near f = 0
  auto G = [&](const Vec3& v) { return cay ? cayleyResidualMap(v, J) : expResidualMap(v, J); };
  Vec3 res = G(f) - g;
  r.residual = res.norm();
  for (r.iterations = 0; r.iterations < maxIterations; ++r.iterations) {
    if (r.residual <= tol * gnorm) { r.converged = true; break; }
    const Mat3 jac = cay ? cayleyJacobian(f, J) : expJacobian(f, J);
    const Vec3 df = jac.partialPivLu().solve(res);
    if (!df.allFinite()) break;
    f -= df;
    res = G(f) - g;
    r.residual = res.norm();
    // A Newton step below round-off cannot improve f further: accept if the residual is at round-off.
    if (df.norm() <= 4.0 * kEps * f.norm()) {
      r.converged = r.residual <= 1e-12 * gnorm;
      ++r.iterations;
      break;
    }
  }
  if (!r.converged && r.residual <= 64.0 * kEps * gnorm && f.allFinite()) r.converged = true;
  r.F = cay ? so3::cayley(f) : so3::expmap(f);
  return r;
}

DiscreteFlow::DiscreteFlow(const MassProperties& mass, double gravity, Retraction retraction, double tolerance)
    : mass_(mass), Jinv_(mass.J.inverse()), g_(gravity), retraction_(retraction), tol_(tolerance) {}

bool DiscreteFlow::step(const State& in, double h, State& out) const {
  last_ = solveImplicit(h * in.Pi, mass_.J, Jinv_, retraction_, tol_);  // (5.9c)
  if (!last_.converged) return false;
  const double m = mass_.mass;
  out.t = in.t + h;
  out.x = in.x + (h / m) * in.gamma - Vec3(0.0, 0.0, 0.5 * g_ * h * h);  // (5.9a)
  out.gamma = in.gamma - Vec3(0.0, 0.0, m * g_ * h);                    // (5.9b)
  out.Pi = last_.F.transpose() * in.Pi;                                 // (5.9d)
  out.R = in.R * last_.F;                                               // (5.9e)
  return true;
}

}  // namespace lgvci
