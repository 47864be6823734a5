#include "lgvci/rigid_body/discrete_flow.hpp"

#include <cmath>
#include <limits>
#include <utility>

#include "lgvci/rigid_body/so3.hpp"

namespace lgvci {
namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

// The flight step's hot path in explicit scalar arithmetic (issue 14): no temporaries, no general LU,
// no heap. Every sum is formed in the order Eigen's fixed-size expressions use (a0 + (a1 + a2), the
// zero entries of S(f) included), so the results are the same bits as the Eigen code this replaced
// (tests/cpp/rigid_body/test_flow_kernels.cpp checks that against the Eigen expressions).
inline double dot3(double a0, double a1, double a2, double b0, double b1, double b2) {
  return a0 * b0 + (a1 * b1 + a2 * b2);
}
inline double sqnorm(const Vec3& v) { return dot3(v[0], v[1], v[2], v[0], v[1], v[2]); }
inline double norm(const Vec3& v) { return std::sqrt(sqnorm(v)); }
inline Vec3 mul(const Mat3& A, const Vec3& v) {
  return Vec3(dot3(A(0, 0), A(0, 1), A(0, 2), v[0], v[1], v[2]), dot3(A(1, 0), A(1, 1), A(1, 2), v[0], v[1], v[2]),
              dot3(A(2, 0), A(2, 1), A(2, 2), v[0], v[1], v[2]));
}
inline Vec3 cross(const Vec3& a, const Vec3& b) {
  return Vec3(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]);
}
inline bool finite3(const Vec3& v) { return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]); }

// (S(f) J)(i, j) with S(f) = [0 −f3 f2; f3 0 −f1; −f2 f1 0] (2.1), zero products included.
inline double skewTimes(const Vec3& f, const Mat3& J, int i, int j) {
  switch (i) {
    case 0: return 0.0 * J(0, j) + (-f[2] * J(1, j) + f[1] * J(2, j));
    case 1: return f[2] * J(0, j) + (0.0 * J(1, j) + -f[0] * J(2, j));
    default: return -f[1] * J(0, j) + (f[0] * J(1, j) + 0.0 * J(2, j));
  }
}
// S(v)(i, j).
inline double skewAt(const Vec3& v, int i, int j) {
  static constexpr int kIdx[3][3] = {{-1, 2, 1}, {2, -1, 0}, {1, 0, -1}};
  static constexpr double kSign[3][3] = {{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}};
  return kIdx[i][j] < 0 ? 0.0 : (kSign[i][j] > 0 ? v[kIdx[i][j]] : -v[kIdx[i][j]]);
}

// (θcosθ − sinθ)/θ³ and (θ sinθ − 2(1 − cosθ))/θ⁴, with series where the closed forms cancel.
double expCoefA(double th) {
  if (th < 0.1) { const double t2 = th * th; return -1.0 / 3.0 + t2 / 30.0 - t2 * t2 / 840.0 + t2 * t2 * t2 / 45360.0; }
  double s, c;
  pmath::sincos(th, s, c);
  return (th * c - s) / (th * th * th);
}
double expCoefB(double th) {
  if (th < 0.1) { const double t2 = th * th; return -1.0 / 12.0 + t2 / 180.0 - t2 * t2 / 6720.0 + t2 * t2 * t2 / 453600.0; }
  double s, c;
  pmath::sincos(th, s, c);
  return (th * s - 2.0 * (1.0 - c)) / (th * th * th * th);
}
double sinc(double th) { return th < 1e-4 ? 1.0 - th * th / 6.0 : pmath::sin(th) / th; }
double cosc(double th) {  // (1 − cosθ)/θ² = ½ (sin(θ/2)/(θ/2))²
  const double s = sinc(0.5 * th);
  return 0.5 * s * s;
}

// G_c(f) of (D.8): 2/(1 + |f|²) (Jf + f × Jf).
inline Vec3 cayleyG(const Vec3& f, const Mat3& J) {
  const Vec3 Jf = mul(J, f);
  const Vec3 c = cross(f, Jf);
  const double k = 2.0 / (1.0 + sqnorm(f));
  return Vec3(k * (Jf[0] + c[0]), k * (Jf[1] + c[1]), k * (Jf[2] + c[2]));
}

// G(f) of (D.3): sinc θ Jf + (1 − cos θ)/θ² f × Jf, θ = |f|.
inline Vec3 expG(const Vec3& f, const Mat3& J) {
  const double th = norm(f);
  const Vec3 Jf = mul(J, f);
  const Vec3 c = cross(f, Jf);
  const double s = sinc(th), cc = cosc(th);
  return Vec3(s * Jf[0] + cc * c[0], s * Jf[1] + cc * c[1], s * Jf[2] + cc * c[2]);
}

// ∇G_c of Appendix D.2: k (J + S(f)J − S(Jf)) − k² (Jf + f × Jf) fᵀ, k = 2/(1 + |f|²); column by column.
void cayleyJacobian(const Vec3& f, const Mat3& J, Mat3& A) {
  const double f0 = f[0], f1 = f[1], f2 = f[2];
  const double k = 2.0 / (1.0 + dot3(f0, f1, f2, f0, f1, f2));
  const double v0 = dot3(J(0, 0), J(0, 1), J(0, 2), f0, f1, f2);  // Jf
  const double v1 = dot3(J(1, 0), J(1, 1), J(1, 2), f0, f1, f2);
  const double v2 = dot3(J(2, 0), J(2, 1), J(2, 2), f0, f1, f2);
  const double w0 = k * (v0 + (f1 * v2 - f2 * v1));  // k (Jf + f × Jf)
  const double w1 = k * (v1 + (f2 * v0 - f0 * v2));
  const double w2 = k * (v2 + (f0 * v1 - f1 * v0));
  const double sv[3][3] = {{0.0, -v2, v1}, {v2, 0.0, -v0}, {-v1, v0, 0.0}};  // S(Jf)
  for (int j = 0; j < 3; ++j) {
    const double J0 = J(0, j), J1 = J(1, j), J2 = J(2, j), fj = f[j];
    A(0, j) = k * (((J0 + (0.0 * J0 + (-f2 * J1 + f1 * J2))) - sv[0][j]) - w0 * fj);
    A(1, j) = k * (((J1 + (f2 * J0 + (0.0 * J1 + -f0 * J2))) - sv[1][j]) - w1 * fj);
    A(2, j) = k * (((J2 + (-f1 * J0 + (f0 * J1 + 0.0 * J2))) - sv[2][j]) - w2 * fj);
  }
}

// ∇G of Appendix D.1: A Jf fᵀ + sinc(θ) J + B (f × Jf) fᵀ + cosc(θ) (S(f)J − S(Jf)).
void expJacobian(const Vec3& f, const Mat3& J, Mat3& A) {
  const double th = norm(f);
  const Vec3 Jf = mul(J, f);
  const Vec3 c = cross(f, Jf);
  const double a = expCoefA(th), s = sinc(th), b = expCoefB(th), cc = cosc(th);
  const Vec3 aJf(a * Jf[0], a * Jf[1], a * Jf[2]);
  const Vec3 bc(b * c[0], b * c[1], b * c[2]);
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i)
      A(i, j) = ((aJf[i] * f[j] + s * J(i, j)) + bc[i] * f[j]) +
                cc * (skewTimes(f, J, i, j) - skewAt(Jf, i, j));
}

// A x = b for a 3×3 A by Gaussian elimination with partial pivoting, unrolled: the operations (and
// so the bits) of Eigen's PartialPivLU on a fixed 3×3 (first largest |pivot|, divided multipliers,
// row-wise unit-lower then upper substitution) without its general machinery.
Vec3 solve3(Mat3 A, Vec3 b) {
  auto swapRows = [&](int r, int s) {
    for (int j = 0; j < 3; ++j) std::swap(A(r, j), A(s, j));
    std::swap(b[r], b[s]);
  };
  int p = 0;
  double big = std::abs(A(0, 0));
  if (std::abs(A(1, 0)) > big) { big = std::abs(A(1, 0)); p = 1; }
  if (std::abs(A(2, 0)) > big) { big = std::abs(A(2, 0)); p = 2; }
  if (big != 0.0) {
    if (p != 0) swapRows(0, p);
    A(1, 0) /= A(0, 0);
    A(2, 0) /= A(0, 0);
  }
  A(1, 1) -= A(1, 0) * A(0, 1);
  A(1, 2) -= A(1, 0) * A(0, 2);
  A(2, 1) -= A(2, 0) * A(0, 1);
  A(2, 2) -= A(2, 0) * A(0, 2);
  big = std::abs(A(1, 1));
  p = 1;
  if (std::abs(A(2, 1)) > big) { big = std::abs(A(2, 1)); p = 2; }
  if (big != 0.0) {
    if (p != 1) swapRows(1, 2);
    A(2, 1) /= A(1, 1);
  }
  A(2, 2) -= A(2, 1) * A(1, 2);
  // L y = P b (unit diagonal), then U x = y.
  const double y1 = b[1] - A(1, 0) * b[0];
  const double y2 = b[2] - (A(2, 0) * b[0] + A(2, 1) * y1);
  const double x2 = y2 / A(2, 2);
  const double x1 = (y1 - A(1, 2) * x2) / A(1, 1);
  const double x0 = (b[0] - (A(0, 1) * x1 + A(0, 2) * x2)) / A(0, 0);
  return Vec3(x0, x1, x2);
}

// The three residual/Jacobian pairs Newton runs on. A diagonal J (every preset: principal axes)
// drops the products with J's zero entries; adding an exact zero changes no non-zero bit, and F's
// zero entries come out +0 either way (I + …), so the result is the same bits as the general form.
struct CayleyGeneral {
  const Mat3& J;
  Vec3 G(const Vec3& f) const { return cayleyG(f, J); }
  void jacobian(const Vec3& f, Mat3& A) const { cayleyJacobian(f, J, A); }
};
struct CayleyDiagonal {
  double d0, d1, d2;
  Vec3 G(const Vec3& f) const {  // (D.8) with Jf = (d0 f0, d1 f1, d2 f2)
    const double v0 = d0 * f[0], v1 = d1 * f[1], v2 = d2 * f[2];
    const double k = 2.0 / (1.0 + dot3(f[0], f[1], f[2], f[0], f[1], f[2]));
    return Vec3(k * (v0 + (f[1] * v2 - f[2] * v1)), k * (v1 + (f[2] * v0 - f[0] * v2)), k * (v2 + (f[0] * v1 - f[1] * v0)));
  }
  void jacobian(const Vec3& f, Mat3& A) const {  // Appendix D.2 with J = diag(d)
    const double f0 = f[0], f1 = f[1], f2 = f[2];
    const double k = 2.0 / (1.0 + dot3(f0, f1, f2, f0, f1, f2));
    const double v0 = d0 * f0, v1 = d1 * f1, v2 = d2 * f2;
    const double w0 = k * (v0 + (f1 * v2 - f2 * v1));
    const double w1 = k * (v1 + (f2 * v0 - f0 * v2));
    const double w2 = k * (v2 + (f0 * v1 - f1 * v0));
    A(0, 0) = k * (d0 - w0 * f0);
    A(1, 0) = k * ((f2 * d0 - v2) - w1 * f0);
    A(2, 0) = k * ((-f1 * d0 - -v1) - w2 * f0);
    A(0, 1) = k * ((-f2 * d1 - -v2) - w0 * f1);
    A(1, 1) = k * (d1 - w1 * f1);
    A(2, 1) = k * ((f0 * d1 - v0) - w2 * f1);
    A(0, 2) = k * ((f1 * d2 - v1) - w0 * f2);
    A(1, 2) = k * ((-f0 * d2 - -v0) - w1 * f2);
    A(2, 2) = k * (d2 - w2 * f2);
  }
};
struct Exponential {
  const Mat3& J;
  Vec3 G(const Vec3& f) const { return expG(f, J); }
  void jacobian(const Vec3& f, Mat3& A) const { expJacobian(f, J, A); }
};

bool isDiagonal(const Mat3& J) {
  return J(0, 1) == 0.0 && J(0, 2) == 0.0 && J(1, 0) == 0.0 && J(1, 2) == 0.0 && J(2, 0) == 0.0 && J(2, 1) == 0.0;
}

// Newton (D.4) on G(f) = g from the linearisation (G_c ≈ 2Jf, G ≈ Jf near f = 0); stops when the
// residual is below tol·|g| or the step reaches round-off.
template <class Kernel>
NewtonResult newton(const Kernel& K, const Vec3& g, const Mat3& Jinv, bool cay, double tol, int maxIterations) {
  NewtonResult r;
  const double gnorm = norm(g);
  if (gnorm == 0.0) {  // F = I solves (D.1) exactly
    r.converged = true;
    return r;
  }
  Vec3 f = mul(Jinv, g);
  if (cay) f = Vec3(0.5 * f[0], 0.5 * f[1], 0.5 * f[2]);
  auto residual = [&](const Vec3& v) {
    const Vec3 G = K.G(v);
    return Vec3(G[0] - g[0], G[1] - g[1], G[2] - g[2]);
  };
  Vec3 res = residual(f);
  r.residual = norm(res);
  Mat3 jac;
  for (r.iterations = 0; r.iterations < maxIterations; ++r.iterations) {
    if (r.residual <= tol * gnorm) { r.converged = true; break; }
    K.jacobian(f, jac);
    const Vec3 df = solve3(jac, res);
    if (!finite3(df)) break;
    f = Vec3(f[0] - df[0], f[1] - df[1], f[2] - df[2]);
    res = residual(f);
    r.residual = norm(res);
    // A Newton step below round-off cannot improve f further: accept if the residual is at round-off.
    if (norm(df) <= 4.0 * kEps * norm(f)) {
      r.converged = r.residual <= 1e-12 * gnorm;
      ++r.iterations;
      break;
    }
  }
  if (!r.converged && r.residual <= 64.0 * kEps * gnorm && finite3(f)) r.converged = true;
  r.F = cay ? so3::cayley(f) : so3::expmap(f);
  return r;
}

}  // namespace

Vec3 cayleyResidualMap(const Vec3& f, const Mat3& J) { return cayleyG(f, J); }
Vec3 expResidualMap(const Vec3& f, const Mat3& J) { return expG(f, J); }

NewtonResult solveImplicit(const Vec3& g, const Mat3& J, Retraction retraction, double tol, int maxIterations) {
  return solveImplicit(g, J, J.inverse(), retraction, tol, maxIterations);
}

NewtonResult solveImplicit(const Vec3& g, const Mat3& J, const Mat3& Jinv, Retraction retraction, double tol,
                           int maxIterations) {
  if (retraction == Retraction::Exponential) return newton(Exponential{J}, g, Jinv, false, tol, maxIterations);
  if (isDiagonal(J)) return newton(CayleyDiagonal{J(0, 0), J(1, 1), J(2, 2)}, g, Jinv, true, tol, maxIterations);
  return newton(CayleyGeneral{J}, g, Jinv, true, tol, maxIterations);
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
