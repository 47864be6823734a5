// The work budget of a step, counted in work units (lgvci/core/work.hpp, docs/method.md "The work
// limit"): the meter, the driver's halt when a step runs out of it, and the reproducers of the
// robustness hunt — an intersection of six ellipsoids (semi-axes 0.0012–256) just above the plane,
// and a union of 36 copies of it, whose steps took seconds with status ok.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lgvci/core/hybrid_driver_impl.hpp"
#include "lgvci/core/simulation.hpp"
#include "lgvci/core/work.hpp"

namespace test_work_budget {

using namespace lgvci;
using nlohmann::json;

// A ball falling onto y = 0 whose φ costs `units` work units a call, as a composite body's support
// function does. When the charge is refused it returns a finite, wrong value: the driver must discard
// the step for the refusal itself, not because the value looks bad.
struct CostlyBall {
  struct State {
    double t = 0.0, y = 0.0, v = 0.0;
  };
  static constexpr bool kJumpUsesRemainingTime = false;
  long long units = 1;
  bool flow(const State& s, double tau, State& out) {
    out.t = s.t + tau;
    out.y = s.y + s.v * tau - 0.5 * 9.81 * tau * tau;
    out.v = s.v - 9.81 * tau;
    return true;
  }
  double phi(const State& s) const { return spendWork(units) ? s.y : 1.0; }
  double phiNoise(const State& s) const { return 64.0 * 2.220446049250313e-16 * (std::abs(s.y) + 1.0); }
  double detectionCurvature(const State&, double) const { return 0.0; }
  int jump(State& s, const State&, double, double, int budget, std::vector<ImpactEvent>& events) {
    if (budget < 1 || s.v >= 0.0) return 0;
    ImpactEvent e;
    e.t = s.t;
    events.push_back(e);
    s.v = -s.v;
    return 1;
  }
  std::string failureMessage(double) const { return "failed"; }
};

HybridDriver<CostlyBall> costlyBall(long long units, double y0) {
  DriverSettings s;
  s.h = 0.01;
  CostlyBall b;
  b.units = units;
  CostlyBall::State s0;
  s0.y = y0;
  return HybridDriver<CostlyBall>(b, s, s0);
}

std::unique_ptr<Simulation> make(const json& config) {
  SimulationResult r = createSimulation(config.dump());
  INFO(r.error.message);
  REQUIRE(r.ok());
  return std::move(r.simulation);
}

// The reproducer: six ellipsoids with semi-axes from 0.0012 to 256 (a thin lens of the plates), 1e-4
// above the plane, spinning fast, with strict detection: before the budget each step took hundreds of
// flow evaluations of ≈ 4 ms each (each Φ one dual solve over up to 63 active sets), status ok.
json sixEllipsoids() {
  const auto ellipsoid = [](double a, double b, double c) {
    return json{{"type", "ellipsoid"}, {"semi_axes", {a, b, c}}, {"center", {0, 0, 0}}};
  };
  return {{"type", "intersection"},
          {"parts", {ellipsoid(256, 1, 1), ellipsoid(1, 256, 1), ellipsoid(256, 256, 0.0012), ellipsoid(0.0012, 256, 256),
                     ellipsoid(256, 0.0012, 256), ellipsoid(2, 256, 3)}}};
}
json reproducer(const json& body) {
  return {{"body", body},           {"inertia", {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}, {"mass", 1},
          {"x0", {0, 0, 0.0013}},   {"gamma0", {0, 0, 3}},                          {"Pi0", {110, 60, 90}},
          {"strict_detection", true}};
}

// Every step spends at most the budget, and a run that needs more halts at its last grid time with
// work_limit and a message that says so.
void requireBoundedHalt(Simulation& sim, long long steps) {
  const double h = sim.info().h;
  for (long long k = 1; k <= steps; ++k) {
    const long long before = sim.runStatus().workUnits;
    const double t = sim.runStatus().time;
    sim.step();
    REQUIRE(sim.runStatus().workUnits - before <= kStepWorkBudget);
    if (sim.runStatus().halted) {
      CHECK(sim.runStatus().status == StepStatus::WorkLimit);
      CHECK(sim.runStatus().time == t);
      CHECK(sim.runStatus().time == static_cast<double>(k - 1) * h);
      CHECK(sim.runStatus().message.rfind("work limit: the step from t = ", 0) == 0);
      CHECK(sim.runStatus().message.find("needed more than 2500000 work units") != std::string::npos);
      for (double v : sim.record()) CHECK(std::isfinite(v));
      return;
    }
  }
  FAIL("the run did not reach the work limit in " << steps << " steps");
}

TEST_CASE("work meter: a charge is taken before its work and refused whole when it does not fit", "[core][work]") {
  WorkMeter m(10);
  CHECK(m.spend(4));
  CHECK(m.spend(6));
  CHECK(m.used() == 10);
  CHECK_FALSE(m.exhausted());
  CHECK_FALSE(m.spend(1));  // nothing taken, and the meter stays exhausted
  CHECK(m.used() == 10);
  CHECK(m.exhausted());
  CHECK_FALSE(m.spend(0));
  m.restart(3);
  CHECK(m.spend(3));
  CHECK_FALSE(m.spend(4));
  CHECK(m.used() == 3);
  // Scopes nest; outside any, nothing is metered.
  CHECK(activeWorkMeter() == nullptr);
  CHECK(spendWork(1000000000000LL));
  WorkMeter outer(5), inner(2);
  {
    WorkScope a(outer);
    CHECK(spendWork(5));
    {
      WorkScope b(inner);
      CHECK(activeWorkMeter() == &inner);
      CHECK_FALSE(spendWork(3));
    }
    CHECK(activeWorkMeter() == &outer);
    CHECK_FALSE(spendWork(1));
  }
  CHECK(activeWorkMeter() == nullptr);
  CHECK(outer.used() == 5);
  CHECK(inner.used() == 0);
}

TEST_CASE("driver: a step whose φ runs out of work units halts with work_limit at its last grid time", "[core][driver][work]") {
  // Each φ a quarter of the budget: a flight step (one trial, its φ) fits; locating an impact (the
  // trial, the start and the root finder's samples) does not.
  HybridDriver<CostlyBall> d = costlyBall(kStepWorkBudget / 4, 0.5);
  long long steps = 0;
  while (!d.halted() && steps < 1000) {
    const long long before = d.workUnits();
    d.step();
    REQUIRE(d.workUnits() - before <= kStepWorkBudget);
    if (!d.halted()) ++steps;
  }
  CHECK(d.halted());
  CHECK(d.status() == StepStatus::WorkLimit);
  CHECK(d.state().t == Approx(0.01 * static_cast<double>(steps)).epsilon(1e-12));
  CHECK(steps == 31);  // the ball reaches y = 0 in the 32nd step (√(2·0.5/9.81) = 0.319 s)
  CHECK(d.impactLog().empty());
  CHECK(d.statusMessage().find("work units") != std::string::npos);
  // The same count every time: the budget is a count, not a clock.
  HybridDriver<CostlyBall> again = costlyBall(kStepWorkBudget / 4, 0.5);
  while (!again.halted()) again.step();
  CHECK(again.workUnits() == d.workUnits());
  CHECK(again.statusMessage() == d.statusMessage());
  // A φ that costs more than the whole budget: the first step's φ is refused and its finite stand-in
  // value is not taken for a result.
  HybridDriver<CostlyBall> greedy = costlyBall(kStepWorkBudget + 1, 0.5);
  greedy.step();
  CHECK(greedy.status() == StepStatus::WorkLimit);
  CHECK(greedy.state().t == 0.0);
  CHECK(greedy.steps() == 0);
}

TEST_CASE("the six-ellipsoid intersection just above the plane halts with work_limit within the budget", "[rigid][work]") {
  auto sim = make(reproducer(sixEllipsoids()));
  requireBoundedHalt(*sim, 10);
  // Deterministic: the same units and the same place on a second run.
  auto again = make(reproducer(sixEllipsoids()));
  while (!again->runStatus().halted) again->step();
  CHECK(again->runStatus().workUnits == sim->runStatus().workUnits);
  CHECK(again->runStatus().time == sim->runStatus().time);
  CHECK(again->runStatus().message == sim->runStatus().message);
}

TEST_CASE("a union of 36 copies of the intersection (253 shapes) halts with work_limit in its first step", "[rigid][work]") {
  json parts = json::array();
  for (int k = 0; k < 36; ++k) parts.push_back(sixEllipsoids());
  json config = reproducer({{"type", "union"}, {"parts", parts}});
  config.erase("strict_detection");
  config["Pi0"] = {1, 2, 3};
  config["gamma0"] = {0, 0, 0};
  config["x0"] = {0, 0, 0.0112};
  auto sim = make(config);
  requireBoundedHalt(*sim, 1);
  CHECK(sim->runStatus().steps == 0);
}

TEST_CASE("the presets never come near the work budget", "[work][presets]") {
  for (const std::string& name : presetNames()) {
    auto sim = make({{"case", name}});
    long long most = 0;
    for (int k = 0; k < 3000 && !sim->runStatus().halted; ++k) {
      const long long before = sim->runStatus().workUnits;
      sim->step();
      most = std::max(most, sim->runStatus().workUnits - before);
    }
    INFO(name << ": " << most << " work units in its costliest step");
    CHECK_FALSE(sim->runStatus().halted);
    CHECK(most * 100 < kStepWorkBudget);
  }
}

}  // namespace test_work_budget
