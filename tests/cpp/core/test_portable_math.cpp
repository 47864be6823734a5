// pmath::sin/cos against the C library's (glibc's are correctly rounded in practice): within 1 ulp
// over the range the models use and over every binade beyond it up to the largest double, exact at the
// special values, and correctly rounded where reduction is hardest.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>

#include "lgvci/core/portable_math.hpp"

namespace test_portable_math {

namespace {

// Distance in units in the last place between two finite doubles of the same sign region.
std::int64_t ulps(double a, double b) {
  std::int64_t ia, ib;
  std::memcpy(&ia, &a, 8);
  std::memcpy(&ib, &b, 8);
  if (ia < 0) ia = INT64_MIN - ia;
  if (ib < 0) ib = INT64_MIN - ib;
  return ia > ib ? ia - ib : ib - ia;
}

}  // namespace

TEST_CASE("pmath sin and cos are within 1 ulp of the C library over the models' range", "[core][portable_math]") {
  std::mt19937_64 rng(20261122);
  std::int64_t worstSin = 0, worstCos = 0;
  for (const double scale : {1e-8, 1e-3, 0.5, 1.0, 3.2, 10.0, 100.0, 1e4, 1e6}) {
    std::uniform_real_distribution<double> U(-scale, scale);
    for (int i = 0; i < 20000; ++i) {
      const double x = U(rng);
      const double s = lgvci::pmath::sin(x), c = lgvci::pmath::cos(x);
      // Near a zero of the function the relative ulp measure is meaningless: compare absolutely there.
      if (std::abs(std::sin(x)) > 1e-6) worstSin = std::max(worstSin, ulps(s, std::sin(x)));
      else REQUIRE(std::abs(s - std::sin(x)) <= 4e-16 * std::max(1.0, std::abs(x)) * 1e-6 + 1e-22);
      if (std::abs(std::cos(x)) > 1e-6) worstCos = std::max(worstCos, ulps(c, std::cos(x)));
      else REQUIRE(std::abs(c - std::cos(x)) <= 4e-16 * std::max(1.0, std::abs(x)) * 1e-6 + 1e-22);
    }
  }
  INFO("worst sin " << worstSin << " ulp, worst cos " << worstCos << " ulp");
  CHECK(worstSin <= 1);
  CHECK(worstCos <= 1);
}

TEST_CASE("pmath sin and cos reduce every finite argument exactly, up to the largest double", "[core][portable_math]") {
  // Beyond 2^20·π/2 the reduction multiplies by the bits of 2/π; a Newton iterate of the exp retraction
  // that diverges reaches such angles (the fuzzer's 9.3e18), and the last code's conversion to an
  // integer was undefined there.
  std::mt19937_64 rng(20261126);
  std::uniform_real_distribution<double> mantissa(1.0, 2.0);
  std::uniform_int_distribution<int> binade(19, 1023);
  std::int64_t worstSin = 0, worstCos = 0;
  for (int i = 0; i < 40000; ++i) {
    double x = std::ldexp(mantissa(rng), binade(rng));
    if (i % 2) x = -x;
    double s, c;
    lgvci::pmath::sincos(x, s, c);
    REQUIRE(std::abs(s) <= 1.0);
    REQUIRE(std::abs(c) <= 1.0);
    if (std::abs(std::sin(x)) > 1e-6) worstSin = std::max(worstSin, ulps(s, std::sin(x)));
    else REQUIRE(std::abs(s - std::sin(x)) <= 1e-22);
    if (std::abs(std::cos(x)) > 1e-6) worstCos = std::max(worstCos, ulps(c, std::cos(x)));
    else REQUIRE(std::abs(c - std::cos(x)) <= 1e-22);
  }
  INFO("worst sin " << worstSin << " ulp, worst cos " << worstCos << " ulp");
  CHECK(worstSin <= 1);
  CHECK(worstCos <= 1);
  // Both sides of the switch from Cody–Waite to the full reduction.
  double x = 1647099.3291652855;
  for (int k = 0; k < 64; ++k, x = std::nextafter(x, k < 32 ? 0.0 : 1e7)) {
    if (k == 32) x = 1647099.3291652855;
    CHECK(std::abs(lgvci::pmath::sin(x) - std::sin(x)) <= 1e-22);
    CHECK(ulps(lgvci::pmath::cos(x), std::cos(x)) <= 1);
  }
}

TEST_CASE("pmath sin and cos are correctly rounded at the hardest and the largest arguments", "[core][portable_math]") {
  using lgvci::pmath::cos;
  using lgvci::pmath::sin;
  // References at 2000 bits (mpmath, mp.prec = 2000, rounded to double: float(mpmath.cos(x))).
  // 6381956970095103·2^797 is the double closest to a multiple of π/2 (Muller, Elementary Functions, 11.3):
  // 61 bits cancel in its reduction.
  const double hardest = std::ldexp(6381956970095103.0, 797);
  CHECK(cos(hardest) == -4.687165924254628e-19);
  CHECK(sin(hardest) == 1.0);
  CHECK(sin(1e22) == -0.8522008497671888);
  CHECK(cos(1e22) == 0.523214785395139);
  CHECK(sin(DBL_MAX) == 0.004961954789184062);
  CHECK(cos(DBL_MAX) == -0.9999876894265599);
  CHECK(sin(-DBL_MAX) == -0.004961954789184062);
  CHECK(cos(-DBL_MAX) == -0.9999876894265599);
}

TEST_CASE("pmath sin and cos at special values", "[core][portable_math]") {
  using lgvci::pmath::cos;
  using lgvci::pmath::sin;
  CHECK(sin(0.0) == 0.0);
  CHECK(std::signbit(sin(-0.0)));
  CHECK(cos(0.0) == 1.0);
  CHECK(sin(1e-300) == 1e-300);
  CHECK(std::isnan(sin(NAN)));
  CHECK(std::isnan(cos(INFINITY)));
  // Exactly representable quarter turns are not exact multiples of π/2: compare with libm.
  for (int k = -8; k <= 8; ++k) {
    const double x = k * 1.5707963267948966;
    CHECK(std::abs(sin(x) - std::sin(x)) <= 1e-16 * (std::abs(k) + 1));
    CHECK(std::abs(cos(x) - std::cos(x)) <= 1e-16 * (std::abs(k) + 1));
  }
  double s, c;
  lgvci::pmath::sincos(2.5, s, c);
  CHECK(s == sin(2.5));
  CHECK(c == cos(2.5));
  CHECK(s * s + c * c == Approx(1.0).epsilon(1e-15));
}

TEST_CASE("pmath atan2 is within 4 ulp of the C library in every quadrant, with its signs and axes", "[core][portable_math]") {
  using lgvci::pmath::atan2;
  std::mt19937_64 rng(20261126);
  std::int64_t worst = 0;
  for (const double scale : {1e-200, 1e-8, 1e-3, 1.0, 100.0, 1e8, 1e200}) {
    std::uniform_real_distribution<double> U(-scale, scale), V(-1.0, 1.0);
    for (int i = 0; i < 20000; ++i) {
      const double y = U(rng), x = i % 3 == 0 ? U(rng) * 1e-6 * V(rng) : U(rng);  // some near the y axis
      worst = std::max(worst, ulps(atan2(y, x), std::atan2(y, x)));
    }
  }
  INFO("worst " << worst << " ulp");
  CHECK(worst <= 4);
  CHECK(atan2(0.0, 1.0) == 0.0);
  CHECK(std::signbit(atan2(-0.0, 1.0)));
  CHECK(atan2(0.0, -1.0) == 3.141592653589793);
  CHECK(atan2(-0.0, -1.0) == -3.141592653589793);
  CHECK(atan2(1.0, 0.0) == 1.5707963267948966);
  CHECK(atan2(-1.0, 0.0) == -1.5707963267948966);
  CHECK(ulps(atan2(1.0, 1.0), 0.7853981633974483) <= 2);
  CHECK(std::isnan(atan2(NAN, 1.0)));
}

TEST_CASE("pmath log is within 2 ulp of the C library over every binade, exact at 1 and at powers of 2's hi part", "[core][portable_math]") {
  std::mt19937_64 rng(20261128);
  std::uniform_real_distribution<double> mant(1.0, 2.0);
  std::int64_t worst = 0;
  for (int e = -1074; e <= 1023; ++e) {
    for (int i = 0; i < 40; ++i) {
      const double x = std::ldexp(mant(rng), e);
      if (!(x > 0.0) || !std::isfinite(x)) continue;
      worst = std::max(worst, ulps(lgvci::pmath::log(x), std::log(x)));
    }
  }
  // Near 1, where log x is small and its relative accuracy is hardest.
  std::uniform_real_distribution<double> near(-1e-3, 1e-3);
  for (int i = 0; i < 100000; ++i) {
    const double x = 1.0 + near(rng);
    worst = std::max(worst, ulps(lgvci::pmath::log(x), std::log(x)));
  }
  CHECK(worst <= 2);
  CHECK(lgvci::pmath::log(1.0) == 0.0);
  CHECK(lgvci::pmath::log(2.0) == std::log(2.0));
  CHECK(lgvci::pmath::log(std::exp(1.0)) == std::log(std::exp(1.0)));
  CHECK(std::isnan(lgvci::pmath::log(-1.0)));
  CHECK(lgvci::pmath::log(0.0) == -HUGE_VAL);
  CHECK(lgvci::pmath::log(HUGE_VAL) == HUGE_VAL);
  CHECK(ulps(lgvci::pmath::log(DBL_TRUE_MIN), std::log(DBL_TRUE_MIN)) <= 2);
  CHECK(ulps(lgvci::pmath::log(DBL_MAX), std::log(DBL_MAX)) <= 2);
}

}  // namespace test_portable_math
