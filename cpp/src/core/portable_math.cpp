// sin/cos after Sun's fdlibm (k_sin.c, k_cos.c, e_rem_pio2.c; "Developed at SunPro ... Permission to
// use, copy, modify, and distribute this software is freely granted, provided that this notice is
// preserved."): Cody–Waite reduction by π/2 in three 33-bit parts, then the minimax kernels on
// [−π/4, π/4]. Only +, −, × and comparisons: deterministic under -ffp-contract=off.
#include "core/portable_math.hpp"

#include <cmath>

namespace lgvci::pmath {
namespace {

constexpr double kInvPio2 = 6.36619772367581382433e-01;  // 2/π
constexpr double kPio2_1 = 1.57079632673412561417e+00;   // first 33 bits of π/2
constexpr double kPio2_1t = 6.07710050650619224932e-11;  // π/2 − kPio2_1
constexpr double kPio2_2 = 6.07710050630396597660e-11;   // second 33 bits of π/2
constexpr double kPio2_2t = 2.02226624879595063154e-21;  // π/2 − (kPio2_1 + kPio2_2)
constexpr double kPio2_3 = 2.02226624871116645580e-21;   // third 33 bits of π/2
constexpr double kPio2_3t = 8.47842766036889956997e-32;  // π/2 − (kPio2_1 + kPio2_2 + kPio2_3)

constexpr double S1 = -1.66666666666666324348e-01, S2 = 8.33333333332248946124e-03,
                 S3 = -1.98412698298579493134e-04, S4 = 2.75573137070700676789e-06,
                 S5 = -2.50507602534068634195e-08, S6 = 1.58969099521155010221e-10;
constexpr double C1 = 4.16666666666666019037e-02, C2 = -1.38888888888741095749e-03,
                 C3 = 2.48015872894767294178e-05, C4 = -2.75573143513906633035e-07,
                 C5 = 2.08757232129817482790e-09, C6 = -1.13596475577881948265e-11;

// sin(x + y) for |x + y| ≤ π/4, y the tail of the reduced argument (k_sin.c).
double kernelSin(double x, double y) {
  const double z = x * x, v = z * x;
  const double r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

// cos(x + y) for |x + y| ≤ π/4 (k_cos.c).
double kernelCos(double x, double y) {
  const double z = x * x;
  const double r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  const double hz = 0.5 * z;
  const double w = 1.0 - hz;
  return w + (((1.0 - w) - hz) + (z * r - x * y));
}

// x = n π/2 + (y0 + y1) with |y0 + y1| ≤ π/4 (e_rem_pio2.c, medium-size case); returns n mod 4.
int remPio2(double x, double& y0, double& y1) {
  if (std::fabs(x) <= 0.78539816339744828) {  // π/4: nothing to reduce
    y0 = x;
    y1 = 0.0;
    return 0;
  }
  const double fn = std::nearbyint(x * kInvPio2);  // round half to even, the default rounding mode
  double r = x - fn * kPio2_1;                      // exact: fn·kPio2_1 has ≤ 53 bits for |fn| < 2^20
  double w = fn * kPio2_1t;
  y0 = r - w;
  // Cancellation: redo with the second and third parts of π/2 (as fdlibm does when bits are lost).
  {
    double t = r;
    w = fn * kPio2_2;
    r = t - w;
    w = fn * kPio2_2t - ((t - r) - w);
    y0 = r - w;
    t = r;
    w = fn * kPio2_3;
    r = t - w;
    w = fn * kPio2_3t - ((t - r) - w);
    y0 = r - w;
  }
  y1 = (r - y0) - w;
  const long long n = static_cast<long long>(fn);
  return static_cast<int>(((n % 4) + 4) % 4);
}

}  // namespace

void sincos(double x, double& s, double& c) {
  if (!std::isfinite(x)) {
    s = c = x - x;  // NaN
    return;
  }
  double y0, y1;
  const int n = remPio2(x, y0, y1);
  const double ks = kernelSin(y0, y1), kc = kernelCos(y0, y1);
  switch (n) {
    case 0: s = ks; c = kc; break;
    case 1: s = kc; c = -ks; break;
    case 2: s = -ks; c = -kc; break;
    default: s = -kc; c = ks; break;
  }
}

double sin(double x) {
  double s, c;
  sincos(x, s, c);
  return s;
}

double cos(double x) {
  double s, c;
  sincos(x, s, c);
  return c;
}

namespace {

// atan t for 0 ≤ t ≤ 1: two halvings (|t| ≤ tan(π/16) < 0.2), then 24 terms of the Taylor series in
// Horner form (the first left out is below 0.04²⁴ relative). Each halving costs about an ulp.
double atanUnit(double t) {
  for (int i = 0; i < 2; ++i) t = t / (1.0 + std::sqrt(1.0 + t * t));  // tan(θ/2) = tan θ / (1 + sec θ)
  const double u2 = t * t;
  double sum = 0.0;
  for (int k = 24; k >= 1; --k) sum = 1.0 / (2 * k + 1) - u2 * sum;  // (−1)^k u^(2k) / (2k+1), k ≥ 1
  return 4.0 * (t - t * u2 * sum);
}

}  // namespace

double atan2(double y, double x) {
  if (!std::isfinite(x) || !std::isfinite(y)) return std::atan2(y, x);
  constexpr double kPiD = 3.141592653589793, kHalfPi = 1.5707963267948966;
  const double ax = std::abs(x), ay = std::abs(y);
  double r;
  if (ax == 0.0 && ay == 0.0) r = 0.0;
  else if (ay <= ax) r = atanUnit(ay / ax);
  else r = kHalfPi - atanUnit(ax / ay);
  if (std::signbit(x)) r = kPiD - r;
  return std::signbit(y) ? -r : r;
}

}  // namespace lgvci::pmath
