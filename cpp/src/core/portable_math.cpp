// sin/cos after Sun's fdlibm (k_sin.c, k_cos.c, e_rem_pio2.c; "Developed at SunPro ... Permission to
// use, copy, modify, and distribute this software is freely granted, provided that this notice is
// preserved."): Cody–Waite reduction by π/2 in three 33-bit parts, then the minimax kernels on
// [−π/4, π/4]; beyond 2^20·π/2, Payne–Hanek reduction with the bits of 2/π. Only +, −, ×, comparisons
// and integer arithmetic: deterministic under -ffp-contract=off.
#include "lgvci/core/portable_math.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>

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

// Bits of 2/π after the binary point, 32 to a word (2/π = 0.a2f9836e 4e441529 … in hex): the 37 words
// reach bit 1184, past the last bit the largest double needs (reduceLarge: words w0..w0+6, w0 ≤ 30).
constexpr std::uint32_t kTwoOverPi[37] = {
    0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab, 0xdebbc561,
    0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484,
    0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
    0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b,
    0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08, 0x56033046};

// a·b = p + e exactly (Dekker's product with Veltkamp's split: no fused multiply-add needed).
void twoProduct(double a, double b, double& p, double& e) {
  constexpr double kSplit = 134217729.0;  // 2^27 + 1
  const double ca = kSplit * a, ah = ca - (ca - a), al = a - ah;
  const double cb = kSplit * b, bh = cb - (cb - b), bl = b - bh;
  p = a * b;
  e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
}

// Payne–Hanek reduction for |x| > kMediumLimit (the role of fdlibm's k_rem_pio2.c): with |x| = M·2^E,
// M < 2^53 an integer, the bits b_i 2^−i of 2/π with i < E − 1 add multiples of 4 to x·2/π and drop
// out; the next 224 bits times M, exactly in 32-bit limbs, give x·2/π mod 4 to within 2^−138, which
// leaves ≥ 76 correct bits even for the double closest to a multiple of π/2 (about 2^−61 away).
int reduceLarge(double x, double& y0, double& y1) {
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  const int E = static_cast<int>((bits >> 52) & 0x7ff) - 1075;  // |x| ≥ 2^20: a normal number
  const std::uint64_t M = (bits & ((std::uint64_t{1} << 52) - 1)) | (std::uint64_t{1} << 52);
  const int iStart = E - 1 > 1 ? E - 1 : 1;
  const int w0 = (iStart - 1) / 32;
  // P = M · C, C = words w0 … w0+6 (most significant first); limbs of P least significant first.
  std::uint32_t P[9] = {};
  const std::uint32_t m[2] = {static_cast<std::uint32_t>(M), static_cast<std::uint32_t>(M >> 32)};
  for (int j = 0; j < 7; ++j) {
    const std::uint64_t c = kTwoOverPi[w0 + 6 - j];
    std::uint64_t carry = 0;
    for (int k = 0; k < 2; ++k) {
      const std::uint64_t t = c * m[k] + P[j + k] + carry;
      P[j + k] = static_cast<std::uint32_t>(t);
      carry = t >> 32;
    }
    for (int k = j + 2; carry != 0 && k < 9; ++k) {
      const std::uint64_t t = std::uint64_t{P[k]} + carry;
      P[k] = static_cast<std::uint32_t>(t);
      carry = t >> 32;
    }
  }
  // x·2/π = P·2^−s; 191 ≤ s ≤ 256.
  const int s = 32 * (w0 + 7) - E;
  auto bit = [&P](int i) { return static_cast<int>((P[i / 32] >> (i % 32)) & 1u); };
  int n = bit(s) + 2 * bit(s + 1);
  // The fraction F = P mod 2^s; past one half, round up a quarter turn and take 2^s − F, negated.
  auto keepFraction = [&P, s] {  // P mod 2^s
    for (int k = s / 32 + 1; k < 9; ++k) P[k] = 0;
    P[s / 32] &= (std::uint32_t{1} << (s % 32)) - 1;
  };
  keepFraction();
  const bool up = bit(s - 1) != 0;
  if (up) {
    ++n;
    std::uint64_t borrow = 0;
    for (int k = 0; k < 9; ++k) {  // −F in two's complement, then mod 2^s: 2^s − F
      const std::uint64_t t = std::uint64_t{0} - P[k] - borrow;
      P[k] = static_cast<std::uint32_t>(t);
      borrow = (t >> 32) & 1u;
    }
    keepFraction();
  }
  // The top 106 bits of the fraction as a double-double a + b (each part exact), then times π/2.
  int top = s - 1;
  while (top >= 0 && bit(top) == 0) --top;
  if (top < 0) {
    y0 = y1 = 0.0;
  } else {
    auto field = [&](int hi, int count) {  // bits hi … hi − count + 1 as an integer (count ≤ 53)
      std::uint64_t v = 0;
      for (int i = hi; i > hi - count; --i) v = 2 * v + static_cast<std::uint64_t>(i >= 0 ? bit(i) : 0);
      return static_cast<double>(v);
    };
    const double a = std::ldexp(field(top, 53), top - 52 - s);
    const double b = std::ldexp(field(top - 53, 53), top - 105 - s);
    constexpr double kPio2Hi = 1.5707963267948966, kPio2Lo = 6.123233995736766e-17;  // π/2 = hi + lo
    double p, e;
    twoProduct(a, kPio2Hi, p, e);
    e += a * kPio2Lo + b * kPio2Hi;
    y0 = p + e;
    y1 = e - (y0 - p);
  }
  if (up != (x < 0)) {  // the remainder's sign: negated once for rounding up, once for x < 0
    y0 = -y0;
    y1 = -y1;
  }
  if (x < 0) n = -n;
  return ((n % 4) + 4) % 4;
}

// Cody–Waite with three parts of π/2 is exact below this (fdlibm's medium case: |n| < 2^20).
constexpr double kMediumLimit = 1647099.3291652855;  // 2^20 · π/2

// x = n π/2 + (y0 + y1) with |y0 + y1| ≤ π/4; returns n mod 4 (e_rem_pio2.c).
int remPio2(double x, double& y0, double& y1) {
  if (std::fabs(x) <= 0.78539816339744828) {  // π/4: nothing to reduce
    y0 = x;
    y1 = 0.0;
    return 0;
  }
  if (std::fabs(x) > kMediumLimit) return reduceLarge(x, y0, y1);
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
  const int n = static_cast<int>(fn);  // |fn| ≤ 2^20
  return ((n % 4) + 4) % 4;
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

double log(double x) {
  if (!(x > 0.0) || !std::isfinite(x)) return std::log(x);  // NaN, ±0, negatives, +∞: the C library's (exact cases)
  // x = m·2^e with m in [√½, √2): frexp is exact, a subnormal is scaled into the normal range first.
  int e = 0;
  double scale = 0.0;
  if (x < 2.2250738585072014e-308) {
    x *= 18014398509481984.0;  // 2^54
    scale = -54.0;
  }
  double m = std::frexp(x, &e);
  if (m < 0.7071067811865476) {
    m *= 2.0;
    e -= 1;
  }
  // log m = log(1 + f) = f − ½f² + s(½f² + R(s²)), s = f/(2 + f), R = Σ 2s^(2k)/(2k + 1) (k ≥ 1), the
  // series of 2 atanh s beyond its first term; |s| ≤ 0.1716, so 12 terms are exact to rounding. f = m − 1
  // is exact (Sterbenz). e·ln 2 as hi + lo, hi with trailing zeros so that e·hi is exact (fdlibm's e_log.c).
  constexpr double kLn2Hi = 6.93147180369123816490e-01, kLn2Lo = 1.90821492927058770002e-10;
  const double f = m - 1.0;
  const double s = f / (2.0 + f);
  const double z = s * s;
  double r = 0.0;
  for (int k = 12; k >= 1; --k) r = 2.0 / (2 * k + 1) + z * r;
  r *= z;
  const double hfsq = 0.5 * f * f;
  const double dk = static_cast<double>(e) + scale;
  return dk * kLn2Hi - ((hfsq - (s * (hfsq + r) + dk * kLn2Lo)) - f);
}

}  // namespace lgvci::pmath
