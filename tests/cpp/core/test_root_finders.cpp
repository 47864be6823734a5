// The root finders for α (their own unit): the bracket [0, b] shrinks to ε_tol around the crossing
// and the returned state is on the admissible side (φ ≥ 0), as in the paper's §5.2.
#include <catch2/catch.hpp>
#include <cmath>

#include "lgvci/core/root_finders.hpp"

namespace test_root_finders {

using namespace lgvci;

namespace {
struct S {
  double c = 0.0;
};
}  // namespace

TEST_CASE("root finders: bisection and Illinois locate the crossing of φ to the tolerance", "[core][root]") {
  const double tol = 1e-15;
  for (const double root : {1e-9, 0.123456789, 0.5, 0.9999999}) {
    // A curved φ with a single crossing at `root`, positive before it.
    auto phi = [&](double c) { return (root - c) * (1.0 + 3.0 * c * c); };
    int evals = 0;
    auto eval = [&](double c, S& out, double& f) {
      ++evals;
      out.c = c;
      f = phi(c);
      return true;
    };
    Located<S> a, b;
    REQUIRE(locateByBisection(S{}, 1.0, tol, eval, a));
    const int bisectionEvals = evals;
    evals = 0;
    REQUIRE(locateByIllinois(S{}, phi(0.0), 1.0, phi(1.0), tol, 0.0, eval, b));
    INFO("root " << root << ": bisection " << bisectionEvals << " evaluations, Illinois " << evals);
    for (const auto& r : {a, b}) {
      CHECK(r.alpha <= root);
      CHECK(root - r.alpha <= 2.0 * tol);
      CHECK(r.atImpact.c == r.alpha);
      CHECK(phi(r.alpha) >= 0.0);
    }
    CHECK(evals <= bisectionEvals);
  }
}

TEST_CASE("root finders: a failing evaluation is reported", "[core][root]") {
  auto eval = [](double, S&, double&) { return false; };
  Located<S> r;
  CHECK_FALSE(locateByBisection(S{}, 1.0, 1e-15, eval, r));
  CHECK_FALSE(locateByIllinois(S{}, 1.0, 1.0, -1.0, 1e-15, 0.0, eval, r));
}

}  // namespace test_root_finders
