// Compensated summation: a running sum kept as the unevaluated pair hi + lo, lo the rounding error of
// the last addition, which the next addition carries (Kahan–Babuška; Dekker's Fast2Sum, Higham,
// Accuracy and Stability of Numerical Algorithms, §4.3). The flights add the same kind of increment
// step after step (a fixed gravity kick, a slowly varying drift) to a sum that stays in one binade, so
// their roundings lean one way and add up to a drift linear in the steps; compensated, what each step
// leaves is its own rounding, not the sum of all before it (docs/method.md "Round-off without drift").
#pragma once

namespace lgvci {

/// hi + lo += d: hi ← fl(hi + y), y = fl(d + lo), and lo ← the rounding error of that addition,
/// y − (hi⁺ − hi): exact when |hi| ≥ |y| (Fast2Sum). The flights' sums are larger than their increments
/// except at the top of an arc (|γ₃| < ½mgh) or a coordinate passing 0, where what is lost is a rounding
/// of a value as small as that sum, and the momentum or height it multiplies in the energy is small too.
/// Four additions, no fused multiply–add, IEEE round-to-nearest: the same bits natively and in
/// WebAssembly.
inline void compensatedAdd(double& hi, double& lo, double d) {
  const double y = d + lo;
  const double s = hi + y;
  lo = y - (s - hi);
  hi = s;
}

}  // namespace lgvci
