// Time reversal through the façade: negate the momenta, run back, measure the
// distance from the reversed start. The LGVCI (5.9) and Fetecau's Verlet are symmetric: round-off
// without impacts; impacts amplify it (chaos). RK4 is not symmetric.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>

#include "test_support.hpp"

namespace test_time_reversal {

using namespace lgvci;

namespace {

std::map<std::string, double> reverseCheck(const std::string& json, long long n, ReverseCheck* out = nullptr) {
  SimulationResult r = createSimulation(json);
  INFO(r.error.message);
  REQUIRE(r.ok());
  const ReverseCheck c = runReverseCheck(*r.simulation, n);
  REQUIRE(c.status != StepStatus::NewtonFailed);
  std::map<std::string, double> d;
  for (const ReturnDistance& x : c.distances) d[x.name] = x.value;
  if (out) *out = c;
  return d;
}

double worst(const std::map<std::string, double>& d) {
  double w = 0.0;
  for (const auto& kv : d) w = std::max(w, kv.second);
  return w;
}

}  // namespace

TEST_CASE("reverseMomenta negates γ and Π (p) and leaves the configuration and the energy", "[reversal]") {
  for (const char* json : {R"({"case": "I"})", R"({"case": "IV", "integrator": "rk4"})", R"({"case": "star"})"}) {
    SimulationResult r = createSimulation(json);
    REQUIRE(r.ok());
    Simulation& sim = *r.simulation;
    for (int k = 0; k < 37; ++k) sim.step();
    const std::vector<double> before = sim.record();
    const double E = sim.energies().energy;
    sim.reverseMomenta();
    const auto d = reversalDistances(sim, before);
    INFO(json);
    for (const ReturnDistance& x : d) CHECK(x.value == 0.0);  // exactly the reversed state
    CHECK(sim.energies().energy == E);
    CHECK(sim.runStatus().time == before[0]);
    sim.step();
    CHECK(std::abs(sim.runStatus().time - (before[0] + sim.info().h)) < 1e-12);
  }
}

TEST_CASE("without impacts the symmetric schemes return to round-off, RK4 does not", "[reversal]") {
  // 200 steps of h = 0.01 from the paper's initial state: no impact yet (the body is still high).
  for (const char* c : {"I", "II", "III", "IV"}) {
    ReverseCheck rc;
    const auto d = reverseCheck(std::string(R"({"case": ")") + c + "\"}", 200, &rc);
    INFO("Case " << c);
    CHECK(rc.impactsForward == 0);
    CHECK(d.size() == 4);
    CHECK(worst(d) < 1e-12);  // measured ≤ 3.2e-14
  }
  for (const char* c : {"particle", "star"}) {
    ReverseCheck rc;
    const auto d = reverseCheck(std::string(R"({"case": ")") + c + "\"}", 20, &rc);
    INFO(c);
    CHECK(rc.impactsForward == 0);
    CHECK(d.count("q") == 1);
    CHECK(d.count("p") == 1);
    CHECK(worst(d) < 1e-12);  // measured ≤ 2.7e-15
  }
  // RK4 on Case I's ellipsoid: its O(h⁵) local error is not odd in h, so running back does not undo
  // it (measured ‖R − R0‖₂ = 1.3e-12 against the LGVCI's 4.1e-15).
  const auto lg = reverseCheck(R"({"case": "I"})", 200);
  const auto rk = reverseCheck(R"({"case": "I", "integrator": "rk4"})", 200);
  CHECK(rk.at("R") > 100.0 * lg.at("R"));
  CHECK(rk.at("R") > 2e-13);
}

TEST_CASE("with impacts the LGVCI's return error grows with the chaos, bounded as measured", "[reversal]") {
  // Case IV, h = 0.01. Measured: N = 1000 (5 impacts each way) 6.0e-10; N = 2000 (11 impacts) 1.6e-4
  // Over 16 starts x0.z + k·1e-9, N = 2000: median 1.5e-4, max 2.5e-3 — the chaos's spread.
  ReverseCheck c1, c2;
  const auto d1 = reverseCheck(R"({"case": "IV"})", 1000, &c1);
  const auto d2 = reverseCheck(R"({"case": "IV"})", 2000, &c2);
  CHECK(c1.impactsForward == 5);
  CHECK(c1.impactsBack == 5);  // the same impacts, met in reverse order
  CHECK(c2.impactsForward == c2.impactsBack);
  CHECK(worst(d1) < 1e-8);
  CHECK(worst(d2) < 1e-3);
  CHECK(worst(d2) > 100.0 * worst(d1));  // growth, not a constant floor
  CHECK(c1.energyError < 1e-11);
  CHECK(c2.energyError < 1e-11);
}

TEST_CASE("reverseCheckJson names the distances of the model", "[reversal]") {
  ReverseCheck rc;
  reverseCheck(R"({"case": "I"})", 10, &rc);
  const std::string j = reverseCheckJson(rc);
  for (const char* key : {"\"steps\":10", "\"x\":", "\"R\":", "\"gamma\":", "\"Pi\":", "\"impacts_forward\":0", "\"status\":\"ok\""})
    CHECK(j.find(key) != std::string::npos);
}

}  // namespace test_time_reversal
