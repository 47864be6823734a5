#include "lgvci/rigid_body/discrete_flow.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "so3.hpp"
#include "lgvci/core/compensated.hpp"
#include "lgvci/core/precision.hpp"

namespace lgvci {
namespace {


// The flight step's hot path in explicit scalar arithmetic: no temporaries, no general LU,
// no heap. Every sum is formed in the order Eigen's fixed-size expressions use (a0 + (a1 + a2), the
// zero entries of S(f) included), so the results are the same bits as the Eigen code this replaced
// (families/rigid_body/tests/cpp/test_flow_kernels.cpp checks that against the Eigen expressions).
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

using so3::cosc;
using so3::expCoefA;
using so3::expCoefB;
using so3::sinc;

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

// Cay S(f) = I + k (S + S²), k = 2/(1 + |f|²) (D.7), written out: the bits of so3::cayley (Eigen's
// fixed-size product sums a0 + (a1 + a2); the products with S's zero entries only add exact zeros, and
// I + … turns every zero into +0 either way) without its temporaries.
inline void cayleyMatrix(const Vec3& f, Mat3& F) {
  const double f0 = f[0], f1 = f[1], f2 = f[2];
  const double k = 2.0 / (1.0 + dot3(f0, f1, f2, f0, f1, f2));
  F(0, 0) = 1.0 + k * (-f2 * f2 + -f1 * f1);
  F(1, 1) = 1.0 + k * (-f2 * f2 + -f0 * f0);
  F(2, 2) = 1.0 + k * (-f1 * f1 + -f0 * f0);
  F(0, 1) = 0.0 + k * (-f2 + f1 * f0);
  F(0, 2) = 0.0 + k * (f1 + f2 * f0);
  F(1, 0) = 0.0 + k * (f2 + f0 * f1);
  F(1, 2) = 0.0 + k * (-f0 + f2 * f1);
  F(2, 0) = 0.0 + k * (-f1 + f0 * f2);
  F(2, 1) = 0.0 + k * (f0 + f1 * f2);
}

// The three residual/Jacobian pairs Newton runs on. A diagonal J (every preset: principal axes)
// drops the products with J's zero entries; adding an exact zero changes no non-zero bit, and F's
// zero entries come out +0 either way (I + …), so the result is the same bits as the general form.
struct CayleyGeneral {
  static constexpr bool kDirect = false;
  const Mat3& J;
  Vec3 G(const Vec3& f) const { return cayleyG(f, J); }
  void jacobian(const Vec3& f, Mat3& A) const { cayleyJacobian(f, J, A); }
};
struct CayleyDiagonal {
  static constexpr bool kDirect = true;
  double d0, d1, d2;
  bool isotropic;  // J = cI (ImplicitKernel::CayleyIsotropic): f in closed form
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
// (D.8) for a diagonal J as ONE scalar equation. With (I + S(f))⁻¹ = (I − S(f) + ffᵀ)/(1 + |f|²),
// G_c(f) = g is 2Jf = g − f × g + (f·g) f, i.e. M(s) f = g with M(s) = 2J − sI − S(g) and s = f·g. For
// a_i = 2J_i − s: det M = D(s) = a1a2a3 + Σ a_i g_i², f = adj(M) g / D, and s = f·g is the root of the
// quartic P(s) = s D(s) − N(s), N = Σ g_i² a_j a_k + |g|⁴. Newton on P starts from s0 = f0·g, f0 = J⁻¹g/2
// (the O(|f|²) term of f is ⊥ g, so s0 is off by O(|f|²) relatively; a series start to O(|f|⁴) saved an
// iteration but measured no faster, docs/benchmarks.md "Benchmark"). A step costs ~40 flops instead of a 3×3
// Jacobian and elimination. Returns the iterations used, or −1 if Newton on P did not settle within
// maxIterations or left the branch through I (the caller then falls back to Newton on f).
int cayleyDiagonalDirect(double d0, double d1, double d2, bool isotropic, double e0, double e1, double e2, const Vec3& g,
                         int maxIterations, Vec3& f) {
  const double q0 = g[0] * g[0], q1 = g[1] * g[1], q2 = g[2] * g[2];
  const double G2 = q0 + (q1 + q2), G4 = G2 * G2;
  if (isotropic) {  // d0 == d1 == d2, known from J beforehand (implicitKernel)
    // J = cI (a ball, the cube of Case IV): f ∥ g, s(2c − s) = |g|², so f = g/(c + √(c² − |g|²)) in
    // closed form (|f| ≤ |g|/c ≤ 1: the branch through I); no solution when |g| > c.
    const double r2 = d0 * d0 - G2;
    if (!(r2 >= 0.0) || maxIterations < 1) return -1;
    const double inv = 1.0 / (d0 + std::sqrt(r2));
    f = Vec3(g[0] * inv, g[1] * inv, g[2] * inv);
    return 1;
  }
  double s = 0.5 * (q0 * e0 + (q1 * e1 + q2 * e2));  // f0·g, f0 = J⁻¹g/2 (e = diag J⁻¹)
  for (int it = 1; it <= maxIterations; ++it) {
    const double a0 = 2.0 * d0 - s, a1 = 2.0 * d1 - s, a2 = 2.0 * d2 - s;
    const double p12 = a1 * a2, p02 = a0 * a2, p01 = a0 * a1;
    const double D = a0 * p12 + (a0 * q0 + (a1 * q1 + a2 * q2));
    const double N = (q0 * p12 + (q1 * p02 + q2 * p01)) + G4;
    const double dD = -(p12 + (p02 + p01)) - G2;                            // D′(s)
    const double dN = -(q0 * (a1 + a2) + (q1 * (a0 + a2) + q2 * (a0 + a1)));  // N′(s)
    const double dP = D + (s * dD - dN);
    const double ddP = 2.0 * dD + 2.0 * (s * (a0 + (a1 + a2)) - G2);      // P″ = 2D′ + sD″ − N″
    const double ds = (s * D - N) / dP;
    s -= ds;
    const double amin = std::min(2.0 * d0 - s, std::min(2.0 * d1 - s, 2.0 * d2 - s));
    if (!(std::isfinite(s) && amin > 0.0 && dP > 0.0)) return -1;
    // Stop when what is left cannot move f: Newton leaves an error e ≈ |P″/2P′| ds² in s, and
    // ∂f/∂s = M⁻¹f with ‖M⁻¹‖ ≤ 1/min a_i (xᵀMx = xᵀAx), so |δf|/|f| ≤ e/min a_i; ask for ≤ ε/2.
    if (std::abs(ddP) * (ds * ds) <= kMachineEps * dP * amin) {
      const double b0 = 2.0 * d0 - s, b1 = 2.0 * d1 - s, b2 = 2.0 * d2 - s;
      const double c12 = b1 * b2, c02 = b0 * b2, c01 = b0 * b1;
      const double det = b0 * c12 + (b0 * q0 + (b1 * q1 + b2 * q2));
      // adj(M) g for M = diag(b) − S(g), b_i − b_j = 2(J_i − J_j).
      const double n0 = g[0] * (c12 + G2) + g[1] * g[2] * (b1 - b2);
      const double n1 = g[1] * (c02 + G2) + g[0] * g[2] * (b2 - b0);
      const double n2 = g[2] * (c01 + G2) + g[0] * g[1] * (b0 - b1);
      const double inv = 1.0 / det;
      f = Vec3(n0 * inv, n1 * inv, n2 * inv);
      // Only the branch through I: beyond |g| = λmin(J) the quartic can have roots whose F turns by
      // more than 90° (|f| ≥ 1); those are left to Newton on f, whose failure sub-divides the step.
      return sqnorm(f) < 1.0 ? it : -1;
    }
  }
  return -1;
}

struct Exponential {
  static constexpr bool kDirect = false;
  const Mat3& J;
  Vec3 G(const Vec3& f) const { return expG(f, J); }
  void jacobian(const Vec3& f, Mat3& A) const { expJacobian(f, J, A); }
};

bool isDiagonal(const Mat3& J) {
  return J(0, 1) == 0.0 && J(0, 2) == 0.0 && J(1, 0) == 0.0 && J(1, 2) == 0.0 && J(2, 0) == 0.0 && J(2, 1) == 0.0;
}

// Newton (D.4) on G(f) = g from the linearisation (G_c ≈ 2Jf, G ≈ Jf near f = 0); stops when the
// residual is below tol·|g| or the step reaches round-off. Writes every field of `r` (DiscreteFlow
// solves into the result it keeps, lastSolve(), instead of copying a returned one).
template <class Kernel>
void newton(const Kernel& K, const Vec3& g, const Mat3& Jinv, bool cay, double tol, int maxIterations, NewtonResult& r) {
  r.iterations = 0;
  r.residual = 0.0;
  r.converged = false;
  const double gnorm = norm(g);
  if (gnorm == 0.0) {  // F = I solves (D.1) exactly
    r.converged = true;
    r.F.setIdentity();
    return;
  }
  Vec3 f;
  r.iterations = -1;
  if constexpr (Kernel::kDirect)
    r.iterations = cayleyDiagonalDirect(K.d0, K.d1, K.d2, K.isotropic, Jinv(0, 0), Jinv(1, 1), Jinv(2, 2), g, maxIterations, f);
  if (r.iterations < 0) {  // no direct solution: Newton on f from the linearisation
    r.iterations = 0;
    f = mul(Jinv, g);
    if (cay) f = Vec3(0.5 * f[0], 0.5 * f[1], 0.5 * f[2]);
  }
  auto residual = [&](const Vec3& v) {
    const Vec3 G = K.G(v);
    return Vec3(G[0] - g[0], G[1] - g[1], G[2] - g[2]);
  };
  Vec3 res = residual(f);
  if constexpr (Kernel::kDirect) {
    if (r.iterations > 0) {  // polish: one step with ∇G_c ≈ 2J (off by O(|f|)) from the computed residual
      f = Vec3(f[0] - 0.5 * Jinv(0, 0) * res[0], f[1] - 0.5 * Jinv(1, 1) * res[1],
               f[2] - 0.5 * Jinv(2, 2) * res[2]);
      res = residual(f);
    }
  }
  r.residual = norm(res);
  Mat3 jac;
  for (; r.iterations < maxIterations; ++r.iterations) {
    if (r.residual <= tol * gnorm) { r.converged = true; break; }
    K.jacobian(f, jac);
    const Vec3 df = solve3(jac, res);
    if (!finite3(df)) break;
    f = Vec3(f[0] - df[0], f[1] - df[1], f[2] - df[2]);
    res = residual(f);
    r.residual = norm(res);
    // A Newton step below round-off cannot improve f further: accept if the residual is at round-off.
    if (norm(df) <= 4.0 * kMachineEps * norm(f)) {
      r.converged = r.residual <= 1e-12 * gnorm;
      ++r.iterations;
      break;
    }
  }
  if (!r.converged && (r.residual <= tol * gnorm || r.residual <= 64.0 * kMachineEps * gnorm) && finite3(f))
    r.converged = true;
  if (cay) cayleyMatrix(f, r.F);
  else r.F = so3::expmap(f);
}

}  // namespace

// Which residual/Jacobian pair solves (D.1) for this J and retraction: fixed by the body, so
// DiscreteFlow picks it once (its constructor) instead of testing J on every step.
ImplicitKernel implicitKernel(const Mat3& J, Retraction retraction) {
  if (retraction == Retraction::Exponential) return ImplicitKernel::Exponential;
  if (!isDiagonal(J)) return ImplicitKernel::CayleyGeneral;
  return J(0, 0) == J(1, 1) && J(1, 1) == J(2, 2) ? ImplicitKernel::CayleyIsotropic : ImplicitKernel::CayleyDiagonal;
}

namespace {
// The dispatch of solveImplicit, inlined into DiscreteFlow::step: no call layer between a step and its Newton.
inline void solveWith(ImplicitKernel kernel, const Vec3& g, const Mat3& J, const Mat3& Jinv, double tol, int maxIterations,
                      NewtonResult& r) {
  if (kernel == ImplicitKernel::CayleyDiagonal || kernel == ImplicitKernel::CayleyIsotropic) {  // every preset's
    newton(CayleyDiagonal{J(0, 0), J(1, 1), J(2, 2), kernel == ImplicitKernel::CayleyIsotropic}, g, Jinv, true, tol,
           maxIterations, r);
  } else if (kernel == ImplicitKernel::CayleyGeneral) {
    newton(CayleyGeneral{J}, g, Jinv, true, tol, maxIterations, r);
  } else {
    newton(Exponential{J}, g, Jinv, false, tol, maxIterations, r);
  }
}
}  // namespace

void solveImplicit(ImplicitKernel kernel, const Vec3& g, const Mat3& J, const Mat3& Jinv, double tol, int maxIterations,
                   NewtonResult& r) {
  solveWith(kernel, g, J, Jinv, tol, maxIterations, r);
}

Vec3 cayleyResidualMap(const Vec3& f, const Mat3& J) { return cayleyG(f, J); }
Vec3 expResidualMap(const Vec3& f, const Mat3& J) { return expG(f, J); }

NewtonResult solveImplicit(const Vec3& g, const Mat3& J, Retraction retraction, double tol, int maxIterations) {
  return solveImplicit(g, J, J.inverse(), retraction, tol, maxIterations);
}

NewtonResult solveImplicit(const Vec3& g, const Mat3& J, const Mat3& Jinv, Retraction retraction, double tol,
                           int maxIterations) {
  NewtonResult r;
  solveImplicit(implicitKernel(J, retraction), g, J, Jinv, tol, maxIterations, r);
  return r;
}

DiscreteFlow::DiscreteFlow(const MassProperties& mass, double gravity, Retraction retraction, double tolerance)
    : mass_(mass), Jinv_(mass.J.inverse()), g_(gravity), tol_(tolerance),
      kernel_(implicitKernel(mass.J, retraction)) {}

bool DiscreteFlow::step(const RigidBodyState& in, double h, RigidBodyState& out) const {
  solveWith(kernel_, h * in.Pi, mass_.J, Jinv_, tol_, 50, last_);  // (5.9c)
  if (!last_.converged) return false;
  if (h != coefH_) {  // (5.9a–b)'s h/m and ½mgh: once per step size, not per step
    const double m = mass_.mass;
    hOverM_ = h / m;
    halfImpulse_ = 0.5 * (m * g_ * h);
    coefH_ = h != 0.0 ? h : std::numeric_limits<double>::quiet_NaN();  // ±0 not kept: 0 == −0, their signs differ
  }
  out.t = in.t + h;
  // (5.9a–b) as kick, drift, kick along e3: γ₃ − ½mgh, x₃ + (h/m)γ₃, γ₃ − ½mgh, which is x + hγ/m − ½gh²e3,
  // γ − mghe3 in exact arithmetic; the three additions compensated (lgvci/core/compensated.hpp), so
  // that the roundings of the fixed kick and of the drift do not add up to an energy drift
  // (docs/method.md "Round-off without drift"). The energy sees x through x₃ only.
  double gz = in.gamma.z(), gzLow = in.gammaLow, xz = in.x.z(), xzLow = in.xLow;
  compensatedAdd(gz, gzLow, -halfImpulse_);
  compensatedAdd(xz, xzLow, hOverM_ * gz);
  compensatedAdd(gz, gzLow, -halfImpulse_);
  out.x = Vec3(in.x.x() + hOverM_ * in.gamma.x(), in.x.y() + hOverM_ * in.gamma.y(), xz);  // (5.9a)
  out.gamma = Vec3(in.gamma.x(), in.gamma.y(), gz);                                       // (5.9b)
  out.xLow = xzLow;
  out.gammaLow = gzLow;
  const Mat3& F = last_.F;
  if (&in != &out) {  // the products straight into `out` (the same coefficients as through a temporary)
    out.Pi.noalias() = F.transpose() * in.Pi;  // (5.9d)
    out.R.noalias() = in.R * F;                // (5.9e)
  } else {
    out.Pi = F.transpose() * in.Pi;
    out.R = in.R * F;
  }
  return true;
}

}  // namespace lgvci
