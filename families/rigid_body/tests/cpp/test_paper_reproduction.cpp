// The numerical experiments of §7 (Table 1, Figures 6–9): 10⁵ steps of h = 0.01 in all four cases.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "approx.hpp"
#include "rigid_test_support.hpp"

namespace test_paper_reproduction {

using namespace lgvci;
using namespace lgvci_test;

namespace {

constexpr long long kSteps = 100000;

struct RunSummary {
  long long impacts = 0;
  double maxRelEnergyError = 0.0;
  RigidBodyState final;
  bool ok = true;
};

RunSummary run(const RigidBodyDef& def, long long steps = kSteps) {
  HybridIntegrator sim = makeIntegrator(def);
  RunSummary out;
  const double E0 = sim.energy().total;
  for (long long k = 0; k < steps; ++k) {
    if (sim.step().status != StepStatus::Ok) out.ok = false;
    out.maxRelEnergyError = std::max(out.maxRelEnergyError, std::abs(sim.energy().total - E0) / std::abs(E0));
    sim.clearImpactLog();
  }
  out.impacts = sim.totalImpacts();
  out.final = sim.state();
  return out;
}

const char* finderName(RootFinder f) { return f == RootFinder::Bisection ? "bisection" : "illinois"; }

}  // namespace

TEST_CASE("§7 presets: the parameters of Table 1 and the initial values", "[paper]") {
  for (const char* name : {"I", "II", "III", "IV"}) {
    const RigidBodyDef d = paperCase(name);
    INFO("Case " << name);
    CHECK(d.caseName == name);
    CHECK(d.mass == 1.0);
    CHECK(d.gravity == 9.80665);
    CHECK(d.integrator.h == 0.01);
    CHECK(d.integrator.tolerance == 1e-15);
    CHECK(d.initial.x == Vec3(0, 0, 10));
    CHECK(d.initial.gamma == Vec3(2, 2, 10));
    CHECK(d.initial.Pi == Vec3(4, -4, 4));
    CHECK(d.initial.R == Mat3::Identity());
    CHECK(d.integrator.rootFinder == RootFinder::Illinois);
    CHECK(d.integrator.retraction == Retraction::Cayley);
  }
  CHECK_APPROX_EQUAL(resolveInertia(paperCase("I")), Vec3(5, 4, 2.6).asDiagonal().toDenseMatrix(), 1e-15);
  CHECK(paperCase("I").planeNormal == Vec3::UnitZ());
  // Case II: n = R_y(θ) e3 with θ = −π/90.
  CHECK_APPROX_EQUAL(paperCase("II").planeNormal, Vec3(std::sin(-M_PI / 90), 0, std::cos(-M_PI / 90)), 1e-16);
  const RigidBodyDef c3 = paperCase("III");
  REQUIRE(c3.body.type == BodyDef::Type::Union);
  REQUIRE(c3.body.parts.size() == 2);
  CHECK(c3.body.parts[0].semiAxes == Vec3(3, 4, 5));
  CHECK(c3.body.parts[1].semiAxes == Vec3(6, 1, 1));
  CHECK_APPROX_EQUAL(c3.body.parts[0].center, Vec3(1.5 - 0.9937128, 0, 0), 1e-15);
  CHECK_APPROX_EQUAL(c3.body.parts[1].center, Vec3(-4.5 - 0.9937128, 0, 0), 1e-15);
  // Table 1's diagonal (its ±6e-7, ±4e-7 off-diagonals are antisymmetric, i.e. not an inertia).
  CHECK_APPROX_EQUAL(resolveInertia(c3).diagonal(), Vec3(7.5932718, 9.9326434, 8.2731252), 1e-15);
  const RigidBodyDef c4 = paperCase("IV");
  CHECK(c4.body.type == BodyDef::Type::Cube);
  CHECK(c4.body.side == Approx(2 * std::sqrt(3.0)).epsilon(1e-16));
  CHECK(c4.body.epsilon == 1e-13);
  CHECK_APPROX_EQUAL(resolveInertia(c4), 2.0 * Mat3::Identity(), 1e-15);
}

TEST_CASE("Case III's union has its centre of mass at the origin (c shifts the centroid)", "[paper]") {
  // Uniform density over the union of diag(3,4,5) at (1.5,0,0)+c and diag(6,1,1) at (−4.5,0,0)+c:
  // the x-centroid, by a midpoint rule on a grid, is 0 to the grid's resolution.
  const double c = -0.9937128;
  const Vec3 a1(3, 4, 5), c1(1.5 + c, 0, 0), a2(6, 1, 1), c2(-4.5 + c, 0, 0);
  const int N = 160;
  const double x0 = -10.5 + c, x1 = 4.5 + c, y0 = -4, y1 = 4, z0 = -5, z1 = 5;
  double vol = 0, mx = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < N; ++k) {
        const Vec3 p(x0 + (i + 0.5) * (x1 - x0) / N, y0 + (j + 0.5) * (y1 - y0) / N, z0 + (k + 0.5) * (z1 - z0) / N);
        if ((p - c1).cwiseQuotient(a1).squaredNorm() <= 1 || (p - c2).cwiseQuotient(a2).squaredNorm() <= 1) {
          vol += 1;
          mx += p.x();
        }
      }
  CHECK(std::abs(mx / vol) < 0.02);
}

TEST_CASE("§7.3: 10⁵ steps — energy error ≤ 1e-9 and the paper's impact counts (806, 652) within 10%", "[paper][slow]") {
  // One chaotic run's count is one sample: the runs from x0.z ± a few ulps land 728–883 for Case III
  // (741–831 before the flight's sums were compensated, docs/method.md "Round-off without drift"),
  // so a single run is held to 10 %; the mean of nearby runs to 5 % (the §7.4 ensemble test below).
  for (RootFinder finder : {RootFinder::Illinois, RootFinder::Bisection}) {
    for (const char* name : {"I", "II", "III", "IV"}) {
      const RunSummary r = run(paperDef(name, finder));
      INFO("Case " << name << ", " << finderName(finder) << ": " << r.impacts << " impacts, max |E − E0|/E0 = "
                   << r.maxRelEnergyError);
      CHECK(r.ok);
      CHECK(r.maxRelEnergyError <= 1e-9);
      CHECK(r.final.t == Approx(1000.0).epsilon(1e-15));
      if (std::string(name) == "III") CHECK(std::abs(r.impacts - 806) <= 0.10 * 806);
      if (std::string(name) == "IV") CHECK(std::abs(r.impacts - 652) <= 0.10 * 652);
      CHECK(r.impacts > 300);  // the body keeps bouncing for all 1000 s
    }
  }
}

TEST_CASE("§7.3: the exponential retraction reproduces the same statistics", "[paper][slow]") {
  // A single chaotic run may land a few percent either side; the mean of 8 nearby runs may not.
  for (const char* name : {"III", "IV"}) {
    const double paper = std::string(name) == "III" ? 806 : 652;
    double sum = 0;
    std::ostringstream os;
    for (int k = 0; k < 8; ++k) {
      RigidBodyDef def = paperCase(name);
      def.integrator.retraction = Retraction::Exponential;
      def.initial.x.z() += k * 1e-9;
      const RunSummary r = run(def);
      CHECK(r.maxRelEnergyError <= 1e-9);
      sum += static_cast<double>(r.impacts);
      os << r.impacts << " ";
    }
    INFO("Case " << name << ": counts " << os.str());
    CHECK(std::abs(sum / 8.0 - paper) <= 0.05 * paper);
  }
}

TEST_CASE("§7.4 ensemble: mean impact count over x0.z + k·1e-9 (k = 0..7) within 5% of the paper", "[paper][slow]") {
  for (RootFinder finder : {RootFinder::Illinois, RootFinder::Bisection}) {
    for (const char* name : {"III", "IV"}) {
      const double paper = std::string(name) == "III" ? 806 : 652;
      double sum = 0;
      std::vector<long long> counts;
      for (int k = 0; k < 8; ++k) {
        RigidBodyDef def = paperDef(name, finder);
        def.initial.x.z() += k * 1e-9;
        const RunSummary r = run(def);
        CHECK(r.maxRelEnergyError <= 1e-9);
        counts.push_back(r.impacts);
        sum += static_cast<double>(r.impacts);
      }
      const double mean = sum / 8.0;
      std::ostringstream os;
      for (long long c : counts) os << c << " ";
      INFO("Case " << name << ", " << finderName(finder) << ": counts " << os.str() << "mean " << mean);
      CHECK(std::abs(mean - paper) <= 0.05 * paper);
      // The system is chaotic: the perturbed runs do not all give the same count.
      CHECK(*std::max_element(counts.begin(), counts.end()) != *std::min_element(counts.begin(), counts.end()));
    }
  }
}

TEST_CASE("§7.4: δx = (0,0,1e-8) and δR = R_y(1e-8π) agree early and diverge later", "[paper]") {
  auto impactTimes = [](const RigidBodyDef& def, int count) {
    HybridIntegrator sim = makeIntegrator(def);
    while (static_cast<int>(sim.impactLog().size()) < count) sim.step();
    std::vector<double> t;
    for (const ImpactEvent& e : sim.impactLog()) t.push_back(e.t);
    t.resize(static_cast<size_t>(count));
    return t;
  };
  const RigidBodyDef base = paperCase("IV");
  RigidBodyDef dx = base, dR = base;
  dx.initial.x += Vec3(0, 0, 1e-8);
  dR.initial.R = Eigen::AngleAxisd(1e-8 * M_PI, Vec3::UnitY()).toRotationMatrix();
  const std::vector<double> t0 = impactTimes(base, 60), t1 = impactTimes(dx, 60), t2 = impactTimes(dR, 60);
  // The first impacts of the three runs coincide to far better than a step ...
  for (int i = 0; i < 4; ++i) {
    CHECK(t1[static_cast<size_t>(i)] == Approx(t0[static_cast<size_t>(i)]).margin(1e-5));
    CHECK(t2[static_cast<size_t>(i)] == Approx(t0[static_cast<size_t>(i)]).margin(1e-5));
  }
  // ... and after a few dozen impacts they have nothing to do with each other.
  double maxDiff1 = 0, maxDiff2 = 0;
  for (size_t i = 0; i < t0.size(); ++i) {
    maxDiff1 = std::max(maxDiff1, std::abs(t1[i] - t0[i]));
    maxDiff2 = std::max(maxDiff2, std::abs(t2[i] - t0[i]));
  }
  CHECK(maxDiff1 > 0.1);
  CHECK(maxDiff2 > 0.1);
}

TEST_CASE("determinism: two 10⁵-step runs of the same configuration are bit-identical", "[paper][slow]") {
  const RunSummary a = run(paperCase("III")), b = run(paperCase("III"));
  CHECK(sameState(a.final, b.final));
  CHECK(a.impacts == b.impacts);
  CHECK(a.maxRelEnergyError == b.maxRelEnergyError);
}

TEST_CASE("§7.1: over the horizontal plane the top-down path of the centre of mass is straight", "[paper]") {
  // γ0 = (2, 2, 10), x0 = (0, 0, 10): γ1 and γ2 never change, so x1 = x2 = 2t at every step.
  for (const char* name : {"I", "III", "IV"}) {
    HybridIntegrator sim = makeIntegrator(paperCase(name));
    for (int k = 1; k <= 20000; ++k) {
      sim.step();
      REQUIRE(sim.state().x.x() == sim.state().x.y());
      REQUIRE(sim.state().x.x() == Approx(2.0 * sim.state().t).epsilon(1e-12));
    }
    INFO("Case " << name);
    CHECK(sim.totalImpacts() > 50);
  }
}

TEST_CASE("§7.1: Case II — impacts lie on the tilted plane and the path curves", "[paper]") {
  HybridIntegrator sim = makeIntegrator(paperCase("II"));
  const Vec3 n = sim.system().plane.normal();
  for (int k = 0; k < 20000; ++k) {
    sim.step();
    // n = (sin θ, 0, cos θ) has n2 = 0: γ2 and hence the slope x2 = 2t are untouched.
    REQUIRE(sim.state().gamma.y() == 2.0);
  }
  REQUIRE(sim.impactLog().size() > 50);
  for (const ImpactEvent& e : sim.impactLog()) {
    CHECK(std::abs(n.dot(e.point)) <= 1e-9);  // on the plane n·z = 0
    // Each impulse is along the tilted normal: it pushes the body towards −x (sin θ < 0).
    CHECK(e.lambda > 0);
  }
  // The impulses have a horizontal component along n1 < 0: the top-down path is not straight.
  CHECK(sim.state().gamma.x() < 2.0 - 1.0);
  CHECK(std::abs(sim.state().x.x() - sim.state().x.y()) > 1.0);
}

}  // namespace test_paper_reproduction
