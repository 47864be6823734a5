// The billiard's "jump" (docs/billiard.md "The energy jump"): "variational" (the default) is (75a);
// "energy" keeps |p| at the wall. Without gravity the two are the same reflection; with gravity the energy
// jump keeps H to round-off (the flight is the exact parabola) and leaves (75a) off by −m g²(s₂² − s₁²)/8.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "lgvci/lgvci.hpp"
#include "make_simulation.hpp"

namespace test_billiard_jump {

using namespace lgvci;
using lgvci_test::makeSimulation;

TEST_CASE("energy jump: the billiard keeps |p| at the wall, with g = 0 it is the (75a) bounce to round-off", "[billiard][jump]") {
  // g = 0: E_d of a straight arc is H, so both jumps are the mirror reflection (their λ differ in rounding).
  auto a = makeSimulation(R"({"case": "billiard-ellipse"})");
  auto b = makeSimulation(R"({"case": "billiard-ellipse", "jump": "energy"})");
  for (int k = 0; k < 5000; ++k) {
    a->step();
    b->step();
  }
  REQUIRE(a->runStatus().impacts == b->runStatus().impacts);
  CHECK(a->runStatus().impacts >= 20);
  const std::vector<double> ra = a->record(), rb = b->record();
  const RecordField& q = a->layout().field("q");
  for (int i = 0; i < 2; ++i)
    CHECK(std::abs(ra[static_cast<size_t>(q.offset + i)] - rb[static_cast<size_t>(q.offset + i)]) <= 1e-10);
  // g = 9.81: the energy jump keeps H to round-off, and leaves (75a) off by −m g²(s₂² − s₁²)/8.
  auto grav = makeSimulation(R"({"case": "billiard-ellipse", "g": 9.81, "jump": "energy"})");
  const double H0 = grav->energies().initial, g = 9.81;  // m = 1
  int impacts = 0;
  for (int k = 0; k < 5000; ++k) {
    const double t0 = grav->runStatus().time;
    grav->step();
    REQUIRE_FALSE(grav->runStatus().halted);
    CHECK(std::abs(grav->energies().energy - H0) <= 1e-12 * H0);  // round-off (1.3e-13 here); the (75a) jump's: 9e-4
    const auto& log = grav->impactLog();
    for (size_t i = 0; i < log.size(); ++i, ++impacts) {
      const double s1 = log[i].t - (i == 0 ? t0 : log[i - 1].t), s2 = (i + 1 == log.size() ? grav->runStatus().time : log[i + 1].t) - log[i].t;
      CHECK(log[i].energyMismatch == Approx(-g * g * (s2 * s2 - s1 * s1) / 8.0).margin(1e-13));
    }
    grav->clearImpactLog();
  }
  CHECK(impacts >= 20);
}

}  // namespace test_billiard_jump
