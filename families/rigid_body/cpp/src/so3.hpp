// The skew map S: R^3 -> so(3) (2.1), its inverse, Asym, and the two retractions of Appendix D.
#pragma once

#include <cmath>

#include "lgvci/core/portable_math.hpp"
#include "lgvci/core/types.hpp"

namespace lgvci::so3 {

/// S(v) with S(v) w = v × w (2.1).
inline Mat3 skew(const Vec3& v) {
  Mat3 S;
  S << 0.0, -v.z(), v.y(), v.z(), 0.0, -v.x(), -v.y(), v.x(), 0.0;
  return S;
}

/// S⁻¹ of the skew-symmetric part of A: the vector v with S(v) = (A − Aᵀ)/2.
inline Vec3 unskew(const Mat3& A) {
  return 0.5 * Vec3(A(2, 1) - A(1, 2), A(0, 2) - A(2, 0), A(1, 0) - A(0, 1));
}

/// Asym(A) = A − Aᵀ.
inline Mat3 asym(const Mat3& A) { return A - A.transpose(); }

/// Cayley transform (D.7): Cay S(f) = I + 2/(1+|f|²) (S(f) + S(f)²).
inline Mat3 cayley(const Vec3& f) {
  const Mat3 S = skew(f);
  return Mat3::Identity() + (2.0 / (1.0 + f.squaredNorm())) * (S + S * S);
}

/// Rodrigues' formula (D.2): exp S(f), written with sin²(θ/2) to avoid cancellation for small θ.
inline Mat3 expmap(const Vec3& f) {
  const double th = f.norm();
  const Mat3 S = skew(f);
  if (th < 1e-8) return Mat3::Identity() + S + 0.5 * S * S;
  const double s = pmath::sin(0.5 * th) / (0.5 * th);
  return Mat3::Identity() + (pmath::sin(th) / th) * S + (0.5 * s * s) * S * S;
}

/// The rotation vector of R ∈ SO(3) with rotation angle θ < π: log R = S(ξ), R = exp S(ξ) (D.2), from
/// sin θ = |unskew(R)|, cos θ = (tr R − 1)/2; the series θ/sin θ ≈ 1 + θ²/6 for small θ.
inline Vec3 logmap(const Mat3& R) {
  const Vec3 v = unskew(R);
  const double s = v.norm();
  const double c = 0.5 * (R.trace() - 1.0);
  const double th = std::atan2(s, c);
  if (th < 1e-6) return (1.0 + th * th / 6.0) * v;
  return (th / s) * v;
}

/// The right Jacobian of SO(3): exp(−S(ξ)) d/dt exp(S(ξ)) = S(J_r(ξ) ξ̇), so the body angular velocity of
/// R = R̄ exp S(ξ) is Ω = J_r(ξ) ξ̇. J_r(ξ) = I − (1 − cos θ)/θ² S(ξ) + (θ − sin θ)/θ³ S(ξ)², θ = |ξ|
/// (Taylor series below θ = 1e-4, where the cancellation would cost digits).
inline Mat3 rightJacobian(const Vec3& xi) {
  const double th = xi.norm();
  const Mat3 S = skew(xi);
  double a, b;  // (1 − cos θ)/θ², (θ − sin θ)/θ³
  if (th < 1e-4) {
    a = 0.5 - th * th / 24.0;
    b = 1.0 / 6.0 - th * th / 120.0;
  } else {
    double sn, cs;
    pmath::sincos(th, sn, cs);
    const double h = pmath::sin(0.5 * th);
    a = 2.0 * h * h / (th * th);
    b = (th - sn) / (th * th * th);
  }
  return Mat3::Identity() - a * S + b * S * S;
}

/// sinθ/θ and (1 − cosθ)/θ² = ½ (sin(θ/2)/(θ/2))², the coefficients of exp's G(f) (D.3), with a series
/// where sinθ/θ cancels.
inline double sinc(double th) { return th < 1e-4 ? 1.0 - th * th / 6.0 : pmath::sin(th) / th; }
inline double cosc(double th) {
  const double s = sinc(0.5 * th);
  return 0.5 * s * s;
}

/// (θcosθ − sinθ)/θ³ and (θ sinθ − 2(1 − cosθ))/θ⁴, the derivatives' coefficients of Appendix D.1, with
/// series where the closed forms cancel.
inline double expCoefA(double th) {
  if (th < 0.1) { const double t2 = th * th; return -1.0 / 3.0 + t2 / 30.0 - t2 * t2 / 840.0 + t2 * t2 * t2 / 45360.0; }
  double s, c;
  pmath::sincos(th, s, c);
  return (th * c - s) / (th * th * th);
}
inline double expCoefB(double th) {
  if (th < 0.1) { const double t2 = th * th; return -1.0 / 12.0 + t2 / 180.0 - t2 * t2 / 6720.0 + t2 * t2 * t2 / 453600.0; }
  double s, c;
  pmath::sincos(th, s, c);
  return (th * s - 2.0 * (1.0 - c)) / (th * th * th * th);
}

}  // namespace lgvci::so3
