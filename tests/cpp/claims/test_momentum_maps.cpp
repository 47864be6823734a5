// Momentum maps (docs/momentum-maps.md): the conserved quantities of each system's symmetries, kept by
// the variational schemes through every impact (discrete Noether, Tran & Leok; Fetecau et al.), and what
// the baselines do with them. The checks are conservation laws: J(k) = J(0), never a stored output.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "make_simulation.hpp"
#include "lgvci/claims/momentum_maps.hpp"
#include "lgvci/core/extensions.hpp"

namespace test_momentum_maps {

using lgvci::MomentumMapDrift;
using lgvci::Simulation;
using lgvci_test::makeSimulation;

namespace {

std::vector<std::string> names(const Simulation& sim) {
  std::vector<std::string> v;
  if (const auto* maps = sim.extension<lgvci::MomentumMaps>())  // none: a set-up without symmetries
    for (const auto& f : maps->momentumMapLayout().fields) v.push_back(f.name);
  return v;
}

double norm3(const std::vector<double>& r, int offset) {
  return std::sqrt(r[offset] * r[offset] + r[offset + 1] * r[offset + 1] + r[offset + 2] * r[offset + 2]);
}

// A rigid-body run with the relative drift of each momentum map: rounding in γ·t is relative to |γ|, and in
// n·(x × γ + RΠ) to the size of the terms summed, |x||γ| + |Π|; the scales are the largest over the run.
struct RigidRun {
  MomentumMapDrift drift;
  std::vector<double> relative;
};
RigidRun rigidRun(const std::string& json, long long steps) {
  auto sim = makeSimulation(json);
  lgvci::MomentumMapTracker tracker(*sim);
  const auto& l = sim->layout();
  const int x = l.field("x").offset, g = l.field("gamma").offset, P = l.field("Pi").offset;
  double gammaScale = 0.0, lScale = 0.0;
  auto scales = [&] {
    const std::vector<double> r = sim->record();
    gammaScale = std::max(gammaScale, norm3(r, g));
    lScale = std::max(lScale, norm3(r, x) * norm3(r, g) + norm3(r, P));
  };
  scales();
  for (long long k = 0; k < steps; ++k) {
    sim->step();
    REQUIRE_FALSE(sim->runStatus().halted);
    tracker.observe(*sim);
    sim->clearImpactLog();
    scales();
  }
  RigidRun run{tracker.drift(), {}};
  for (std::size_t k = 0; k < run.drift.names.size(); ++k)
    run.relative.push_back(run.drift.maxDrift[k] / (run.drift.names[k] == "L_n" ? lScale : gammaScale));
  return run;
}

void report(const std::string& what, const MomentumMapDrift& d, const std::vector<double>& rel = {}) {
  std::string s;
  for (std::size_t k = 0; k < d.names.size(); ++k) {
    char b[120];
    std::snprintf(b, sizeof b, " %s %.3e%s", d.names[k].c_str(), d.maxDrift[k], rel.empty() ? "" : "");
    s += b;
    if (!rel.empty()) {
      std::snprintf(b, sizeof b, " (rel %.3e)", rel[k]);
      s += b;
    }
  }
  std::printf("momentum maps %-40s %lld steps, %lld impacts:%s\n", what.c_str(), d.steps, d.impacts, s.c_str());
}

}  // namespace

TEST_CASE("momentum maps: each family declares its own from its config", "[claims][momentum]") {
  CHECK(names(*makeSimulation(R"({"case":"I"})")) == std::vector<std::string>{"gamma_u", "gamma_v", "L_n"});
  // A tilted plane under gravity along −e₃: only the level line's translation is left.
  CHECK(names(*makeSimulation(R"({"case":"I","plane":{"tilt":0.3,"azimuth":0.5}})")) == std::vector<std::string>{"gamma_u"});
  CHECK(names(*makeSimulation(R"({"case":"I","gravity":0,"plane":{"tilt":0.3}})")) ==
        std::vector<std::string>{"gamma_u", "gamma_v", "L_n"});
  CHECK(names(*makeSimulation(R"({"case":"star"})")) == std::vector<std::string>{"p1"});
  CHECK(names(*makeSimulation(R"({"case":"particle"})")) == std::vector<std::string>{"p1"});
  // A particle with only its height: nothing is cyclic.
  CHECK(names(*makeSimulation(R"({"model":"generalized","mass_matrix":[[1]],"potential":{"type":"linear","axis":0,"g":9.81},
      "constraints":[{"type":"linear","normal":[1],"offset":0}],"q0":[1],"p0":[0],"h":0.01})")).empty());
  CHECK(names(*makeSimulation(R"({"case":"cradle"})")).empty());
  CHECK(names(*makeSimulation(R"({"case":"billiard-ellipse"})")).empty());
  CHECK(names(*makeSimulation(R"({"case":"billiard-stadium"})")).empty());
  CHECK(names(*makeSimulation(R"({"case":"billiard-ellipse","table":{"shape":"ellipse","a":1.5,"b":1.5}})")) ==
        std::vector<std::string>{"L"});
  CHECK(names(*makeSimulation(R"({"case":"billiard-ellipse","g":1,"table":{"shape":"ellipse","a":1.5,"b":1.5}})")).empty());
}

TEST_CASE("momentum maps: the LGVCI keeps those of Cases I-IV to 1e-12 relative through every impact", "[claims][momentum]") {
  const std::vector<std::string> configs = {
      R"({"case":"I"})", R"({"case":"II"})", R"({"case":"III"})", R"({"case":"IV"})",
      R"({"case":"I","plane":{"tilt":0.3,"azimuth":0.5}})", R"({"case":"III","plane":{"tilt":0.2,"azimuth":-1}})",
      // Without gravity a tilted plane keeps all three; the body is thrown at it.
      R"({"case":"II","gravity":0,"plane":{"tilt":0.4,"azimuth":2},"gamma0":[-1,0.5,-3]})"};
  for (const std::string& c : configs) {
    const RigidRun run = rigidRun(c, 10000);
    report(c, run.drift, run.relative);
    INFO(c);
    CHECK(run.drift.impacts > 0);
    for (std::size_t k = 0; k < run.relative.size(); ++k) {
      INFO(run.drift.names[k] << " drift " << run.drift.maxDrift[k]);
      CHECK(run.relative[k] < 1e-12);
    }
  }
}

TEST_CASE("momentum maps: the generalized models keep the cyclic momenta, the circle its angular momentum", "[claims][momentum]") {
  for (const char* c : {R"({"case":"star"})", R"({"case":"particle"})"}) {
    auto sim = makeSimulation(c);
    const MomentumMapDrift d = lgvci::measureMomentumMapDrift(*sim, 10000);
    report(c, d);
    CHECK(d.impacts > 0);
    // The Verlet step (73) and the jump along ∇φ (∇φ has no x entry) never touch p_x: exactly zero.
    CHECK(d.maxDrift.at(0) == 0.0);
  }
  auto sim = makeSimulation(R"({"case":"billiard-ellipse","table":{"shape":"ellipse","a":1.5,"b":1.5}})");
  const MomentumMapDrift d = lgvci::measureMomentumMapDrift(*sim, 10000);
  report("circular billiard (vci)", d);
  CHECK(d.impacts > 10);
  const double L0 = std::abs(d.initial.at(0));
  CHECK(L0 > 0.1);
  CHECK(d.maxDrift.at(0) < 1e-12 * L0 * 100);  // |q||p| ≈ 1.5, a hundred impacts' rounding
}

TEST_CASE("momentum maps: the baselines' drift, measured", "[claims][momentum]") {
  for (const char* integrator : {"naive", "rk4"}) {
    for (const char* c : {"I", "III"}) {
      const std::string json = std::string(R"({"case":")") + c + R"(","integrator":")" + integrator + R"("})";
      const RigidRun run = rigidRun(json, 10000);
      report(json, run.drift, run.relative);
      CHECK(run.drift.impacts > 0);
    }
  }
  for (const char* c : {R"({"case":"star","integrator":"naive"})",
                        R"({"case":"billiard-ellipse","integrator":"naive","table":{"shape":"ellipse","a":1.5,"b":1.5}})"}) {
    auto sim = makeSimulation(c);
    const MomentumMapDrift d = lgvci::measureMomentumMapDrift(*sim, 10000);
    report(c, d);
    CHECK(d.impacts > 0);
  }
}

}  // namespace test_momentum_maps
