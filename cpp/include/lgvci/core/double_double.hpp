// Double-double arithmetic: a value carried as the unevaluated sum hi + lo, |lo| ≤ ½ulp(hi), about
// 106 bits (Dekker, "A floating-point technique for extending the available precision", 1971; Knuth's
// TwoSum; Hida, Li and Bailey's QD library for the division and square root). The impacts' closed-form
// multipliers are computed in it and rounded once: their coefficients (nᵀM⁻¹n, nᵀM⁻¹p) rounded to double
// lean one way on a curved wall (a unit normal's nᵀn sits within an ulp of 1), and that rounding,
// repeated at every bounce, drifts the energy linearly (docs/method.md "Round-off without drift").
// Additions, multiplications, one division and one square root of doubles, no fused multiply–add (the
// library builds with -ffp-contract=off): the same bits natively and in WebAssembly. Dekker's split
// needs |x| < 2⁹⁹⁶; the configurations' magnitude bounds keep the impacts' quantities far below it.
#pragma once

#include <cmath>

#include <Eigen/Core>

namespace lgvci::dd {

struct Double2 {
  double hi = 0.0, lo = 0.0;
};

/// a + b exactly (Knuth's TwoSum, any magnitudes).
inline Double2 twoSum(double a, double b) {
  const double s = a + b;
  const double bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}

/// a + b exactly when |a| ≥ |b| (Dekker's Fast2Sum).
inline Double2 fastTwoSum(double a, double b) {
  const double s = a + b;
  return {s, b - (s - a)};
}

/// a·b exactly (Dekker's product with Veltkamp's split at 2²⁷ + 1).
inline Double2 twoProd(double a, double b) {
  constexpr double kSplit = 134217729.0;
  const double p = a * b;
  const double ca = kSplit * a, cb = kSplit * b;
  const double ah = ca - (ca - a), al = a - ah;
  const double bh = cb - (cb - b), bl = b - bh;
  return {p, ((ah * bh - p) + ah * bl + al * bh) + al * bl};
}

inline Double2 add(Double2 a, Double2 b) {
  const Double2 s = twoSum(a.hi, b.hi);
  const Double2 t = twoSum(a.lo, b.lo);
  Double2 r = fastTwoSum(s.hi, s.lo + t.hi);
  return fastTwoSum(r.hi, r.lo + t.lo);
}

inline Double2 neg(Double2 a) { return {-a.hi, -a.lo}; }

inline Double2 mul(Double2 a, Double2 b) {
  const Double2 p = twoProd(a.hi, b.hi);
  return fastTwoSum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi));
}

inline Double2 mul(Double2 a, double b) {
  const Double2 p = twoProd(a.hi, b);
  return fastTwoSum(p.hi, p.lo + a.lo * b);
}

/// a / b: the quotient's double, then one correction from the remainder a − q·b.
inline Double2 div(Double2 a, Double2 b) {
  const double q1 = a.hi / b.hi;
  const Double2 r = add(a, neg(mul(b, q1)));
  const double q2 = r.hi / b.hi;
  const Double2 r2 = add(r, neg(mul(b, q2)));
  return add(fastTwoSum(q1, q2), Double2{r2.hi / b.hi, 0.0});
}

/// √a for a ≥ 0: the double's root and one Newton (Heron) correction.
inline Double2 sqrt(Double2 a) {
  if (!(a.hi > 0.0)) return {0.0, 0.0};
  const double s = std::sqrt(a.hi);
  const Double2 r = add(a, neg(twoProd(s, s)));
  return fastTwoSum(s, r.hi / (2.0 * s));
}

/// Σ aᵢbᵢ with exact products and error-free sums (Ogita, Rump and Oishi's Dot2 kept as a pair).
template <class A, class B>
inline Double2 dot(const Eigen::MatrixBase<A>& a, const Eigen::MatrixBase<B>& b) {
  Double2 s;
  for (Eigen::Index i = 0; i < a.size(); ++i) s = add(s, twoProd(a(i), b(i)));
  return s;
}

}  // namespace lgvci::dd
