// The order of accuracy through impacts (docs/order-study.md; Fetecau et al. §4.2, Fig. 5): the
// variational schemes are second order through an impact, the naive baseline first order. The expected
// slopes are the papers' claims, not the program's output. Kept fast (about a second in all): the studies'
// T is 1.5 times the first impact, so a reference takes at most about 10⁵ steps.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "make_simulation.hpp"
#include "lgvci/claims/order_study.hpp"
#include "lgvci/core/types.hpp"

namespace test_order_study {

using lgvci::OrderStudyResult;

namespace {

// Fetecau et al.'s Fig. 5 set-up: the particle in an inverse-square field (with linear gravity the error
// constant depends on where in the step the impact falls, docs/order-study.md).
std::string newtonianParticle(const char* integrator) {
  return std::string(R"({"case":"particle","integrator":")") + integrator +
         R"(","potential":{"type":"newtonian","g":9.81,"axis":1,"radius":10}})";
}

OrderStudyResult study(const std::string& config, long long steps = 0) {
  const OrderStudyResult r = lgvci::runOrderStudy(config, steps);
  std::string s;
  for (double e : r.error) {
    char b[32];
    std::snprintf(b, sizeof b, " %.2e", e);
    s += b;
  }
  std::printf("order study %-90s T = %.4f N = %lld: p = %.4f, errors%s\n", config.c_str(), r.T, r.steps, r.fittedOrder, s.c_str());
  REQUIRE(r.error.size() == 6);
  return r;
}

// The particle's error at T is dominated by its one impact, whose error constant depends on where in the
// step the impact falls (a fraction that changes erratically with h): the rates between neighbouring
// levels of one start scatter (docs/order-study.md). The mean error over starts y0 = 1 + j/16, j < 8, is
// a mean over that fraction, and has the order; each start is one OrderStudy.
double meanOverStartsOrder(const char* integrator) {
  std::vector<double> mean(6, 0.0), h;
  for (int j = 0; j < 8; ++j) {
    const std::string config = std::string(R"({"case":"particle","integrator":")") + integrator + R"(","q0":[0,)" +
                               std::to_string(1.0 + j / 16.0) + R"(],"potential":{"type":"newtonian","g":9.81,"axis":1,"radius":10}})";
    const OrderStudyResult r = lgvci::runOrderStudy(config);
    REQUIRE(r.error.size() == 6);
    for (int k = 0; k < 6; ++k) mean[k] += r.error[k] / 8.0;
    h = r.h;
  }
  const double p = lgvci::fittedSlope(h, mean);
  std::printf("order study: particle (inverse-square), %s, mean error over 8 starts: p = %.4f\n", integrator, p);
  return p;
}

}  // namespace

TEST_CASE("order study: fitted slope of a power law", "[claims][order]") {
  const std::vector<double> h = {0.1, 0.05, 0.025, 0.0125};
  std::vector<double> e;
  for (double x : h) e.push_back(3.0 * x * x);
  CHECK(lgvci::fittedSlope(h, e) == Approx(2.0).epsilon(1e-12));
  CHECK(std::isnan(lgvci::fittedSlope({0.1}, {0.2})));
  CHECK(std::isnan(lgvci::fittedSlope({0.1, 0.05}, {0.0, 0.0})));  // nothing to fit on a log scale
}

TEST_CASE("order study: T is past the first impact, levels run one at a time", "[claims][order]") {
  lgvci::OrderStudy s(newtonianParticle("vci"));
  CHECK(s.levels() == 6);
  CHECK(s.h(0) == 0.01);
  CHECK(s.h(5) == 0.01 / 32);
  CHECK(s.stepsAt(8) == s.steps() * 256);
  const OrderStudyResult before = s.result();
  CHECK(before.firstImpact > 0.0);
  CHECK(s.T() >= 1.5 * before.firstImpact - 0.01);
  CHECK(before.error.empty());
  CHECK_FALSE(s.hasReference());
  const double e3 = s.runLevel(3);  // any order; the reference runs first
  CHECK(s.hasReference());
  CHECK(s.result().h == std::vector<double>{0.01 / 8});
  CHECK(s.result().error == std::vector<double>{e3});
  CHECK_THROWS_AS(s.runLevel(6), std::out_of_range);
}

TEST_CASE("order study: refused with the field named", "[claims][order]") {
  // The billiard without gravity starting at rest never reaches its wall.
  CHECK_THROWS_WITH(lgvci::OrderStudy(R"({"case":"billiard-ellipse","v0":[0,0]})"), Catch::Contains("steps: no impact within"));
  CHECK_THROWS_WITH(lgvci::OrderStudy(R"({"case":"particle"})", 1LL << 20), Catch::Contains("steps: must be at most 16384"));
  CHECK_THROWS_WITH(lgvci::OrderStudy(R"({"case":"particle","h":-1})"), Catch::StartsWith("h:"));
}

TEST_CASE("order study: the variational schemes are second order through impacts", "[claims][order]") {
  study(newtonianParticle("vci"));  // one start: printed, its rates scatter
  const double particle = meanOverStartsOrder("vci");
  CHECK(particle >= 1.9);
  CHECK(particle <= 2.1);
  for (const char* c : {R"({"case":"II"})", R"({"case":"IV"})"}) {
    const OrderStudyResult r = study(c);
    CHECK(r.fittedOrder >= 1.9);
    CHECK(r.fittedOrder <= 2.1);
  }
  const OrderStudyResult caseI = study(R"({"case":"I"})");
  CHECK(caseI.fittedOrder >= 1.9);
  CHECK(caseI.fittedOrder <= 2.1);
}

TEST_CASE("order study: the naive baseline is first order through impacts", "[claims][order]") {
  study(newtonianParticle("naive"));  // one start: printed, its rates scatter
  const double particle = meanOverStartsOrder("naive");
  CHECK(particle >= 0.8);
  CHECK(particle <= 1.2);
  const OrderStudyResult caseI = study(R"({"case":"I","integrator":"naive"})");
  CHECK(caseI.fittedOrder >= 0.8);
  CHECK(caseI.fittedOrder <= 1.2);
}

TEST_CASE("order study: RK4 with located impacts, measured", "[claims][order]") {
  const OrderStudyResult r = study(R"({"case":"I","integrator":"rk4"})");
  CHECK(r.fittedOrder > 0.0);
}

TEST_CASE("order study: the refined reference of the particle under linear gravity against its closed form", "[claims][order]") {
  // y(t) = 1 − g t²/2 until t₁ = √(2/g), then reflected: v(t₁⁺) = g t₁, y = g t₁ (t − t₁) − g (t − t₁)²/2;
  // x = −2 t. The reference at h/2⁸ is second order: within a few (h/256)² of it at T.
  lgvci::OrderStudy s(R"({"case":"particle"})");
  const double g = 9.81, t1 = std::sqrt(2.0 / g), T = s.T();
  REQUIRE(T > t1);
  REQUIRE(T < 3.0 * t1);
  const double tau = T - t1;
  const double y = g * t1 * tau - 0.5 * g * tau * tau, py = g * t1 - g * tau, x = -2.0 * T;
  auto sim = lgvci_test::makeSimulation(R"({"case":"particle","h":3.90625e-05})");
  for (long long k = 0; k < s.stepsAt(8); ++k) sim->step();
  const std::vector<double> r = sim->record();
  const int q = sim->layout().field("q").offset, p = sim->layout().field("p").offset;
  const double err = std::hypot(std::hypot(r[q] - x, r[q + 1] - y), std::hypot(r[p] + 2.0, r[p + 1] - py));
  std::printf("particle (linear gravity): reference at h/256 vs closed form at T = %.4f: %.3e\n", T, err);
  CHECK(err < 100 * 3.90625e-05 * 3.90625e-05);
}

}  // namespace test_order_study
