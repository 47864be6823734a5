// Portable sin, cos, atan2 and log: the same IEEE-754 operations on every platform, so that native (glibc) and
// WebAssembly (musl) runs stay bit-identical. The C libraries' own sin/cos differ in the last ulp for
// some arguments, which a chaotic system grows into a different trajectory (Fetecau et al.'s four-point
// example diverged after 4342 steps). Accuracy: within 1 ulp of the correctly rounded value for every finite x (beyond
// 2^20·π/2 by an exact reduction with the bits of 2/π; tests/cpp/core/test_portable_math.cpp).
#pragma once

namespace lgvci::pmath {

double sin(double x);
double cos(double x);
/// Both at once (one argument reduction).
void sincos(double x, double& s, double& c);
/// atan2(y, x) in (−π, π] from +, −, ×, ÷ and √ only (all correctly rounded in IEEE 754), so the same
/// bits everywhere: two argument halvings atan t = 2 atan(t / (1 + √(1 + t²))) bring |t| ≤ 1 below
/// 0.2, where 24 terms of the Taylor series are exact to rounding. Within 4 ulp of the C library's for
/// finite arguments (tests/cpp/core/test_portable_math.cpp); a non-finite argument gives the C library's.
double atan2(double y, double x);
/// The natural logarithm from +, −, ×, ÷ and an exact frexp (fdlibm's reduction x = m·2^e, m ∈ [√½, √2),
/// and the series of 2 atanh s, s = (m − 1)/(m + 1)): within 2 ulp of the C library's for positive finite
/// x (tests/cpp/core/test_portable_math.cpp); zero, negative and non-finite arguments give the C library's.
double log(double x);

}  // namespace lgvci::pmath
