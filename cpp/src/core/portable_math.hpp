// Portable sin and cos: the same IEEE-754 operations on every platform, so that native (glibc) and
// WebAssembly (musl) runs stay bit-identical. The C libraries' own sin/cos differ in the last ulp for
// some arguments, which a chaotic system grows into a different trajectory (the star diverged after
// 4342 steps). Accuracy: within 1 ulp of the correctly rounded value for |x| ≤ kMaxArgument.
#pragma once

namespace lgvci::pmath {

/// Arguments beyond this are reduced less accurately (absolute error ≈ |x|·1e-22 in the reduced
/// argument); still deterministic.
constexpr double kMaxArgument = 1.0e6;

double sin(double x);
double cos(double x);
/// Both at once (one argument reduction).
void sincos(double x, double& s, double& c);

}  // namespace lgvci::pmath
