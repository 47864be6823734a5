// Approximate comparison of Eigen vectors and matrices for Catch2 (in the spirit of Jolt's
// CHECK_APPROX_EQUAL): on failure both operands and the largest difference are printed.
#pragma once

#include <Eigen/Dense>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>

namespace lgvci_test {

/// max_ij |a_ij − b_ij|; +∞ when the shapes differ or an entry is not finite.
inline double maxAbsDiff(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return std::numeric_limits<double>::infinity();
  if (a.size() == 0) return 0.0;
  const double d = (a - b).cwiseAbs().maxCoeff();
  return std::isfinite(d) ? d : std::numeric_limits<double>::infinity();
}

/// max |a − b| ≤ absTol.
inline bool approxEqual(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b, double absTol) {
  return maxAbsDiff(a, b) <= absTol;
}

/// max |a − b| ≤ relTol · max(max|b|, floor): relative to the size of the expected value.
inline bool approxEqualRel(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b, double relTol,
                           double floor = 0.0) {
  const double scale = b.size() == 0 ? 0.0 : b.cwiseAbs().maxCoeff();
  return maxAbsDiff(a, b) <= relTol * std::max(scale, floor);
}

inline std::string fmt(const Eigen::MatrixXd& m) {
  std::ostringstream os;
  os.precision(17);
  if (m.cols() == 1) {
    os << "(";
    for (Eigen::Index i = 0; i < m.rows(); ++i) os << (i ? ", " : "") << m(i, 0);
    os << ")";
  } else {
    os << m;
  }
  return os.str();
}

}  // namespace lgvci_test

#define LGVCI_APPROX_IMPL(macro, a, b, tol, pred, what)                                              \
  do {                                                                                               \
    const Eigen::MatrixXd lgvciApproxA_ = (a);                                                       \
    const Eigen::MatrixXd lgvciApproxB_ = (b);                                                       \
    INFO(#a " = " << ::lgvci_test::fmt(lgvciApproxA_) << "\n" #b " = "                               \
                  << ::lgvci_test::fmt(lgvciApproxB_) << "\nmax |difference| = "                     \
                  << ::lgvci_test::maxAbsDiff(lgvciApproxA_, lgvciApproxB_) << ", " what " = "       \
                  << (tol));                                                                         \
    macro(pred);                                                                                     \
  } while (false)

/// |a − b|∞ ≤ tol (absolute).
#define CHECK_APPROX_EQUAL(a, b, tol)                                                               \
  LGVCI_APPROX_IMPL(CHECK, a, b, tol, ::lgvci_test::approxEqual(lgvciApproxA_, lgvciApproxB_, (tol)), \
                    "absolute tolerance")
#define REQUIRE_APPROX_EQUAL(a, b, tol)                                                               \
  LGVCI_APPROX_IMPL(REQUIRE, a, b, tol, ::lgvci_test::approxEqual(lgvciApproxA_, lgvciApproxB_, (tol)), \
                    "absolute tolerance")
/// |a − b|∞ ≤ tol · |b|∞ (relative to the expected value b).
#define CHECK_APPROX_REL(a, b, tol)                                                                    \
  LGVCI_APPROX_IMPL(CHECK, a, b, tol, ::lgvci_test::approxEqualRel(lgvciApproxA_, lgvciApproxB_, (tol)), \
                    "relative tolerance")
