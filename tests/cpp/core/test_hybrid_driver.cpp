// The driver of Algorithm 5.2 on a model with an exact solution: a point mass dropped from height
// y0 under constant gravity, bouncing elastically on y = 0 (flow = the exact parabola, jump v → −v).
// Impacts happen at t_k = (2k + 1)√(2y0/g) and every apex is at y0.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "ball_model.hpp"
#include "lgvci/core/hybrid_driver_impl.hpp"

namespace test_hybrid_driver {

using namespace lgvci;

namespace {

HybridDriver<Ball> makeBall(double y0, double h, RootFinder finder, int maxImpacts = 64) {
  DriverSettings s;
  s.h = h;
  s.tolerance = 1e-15;
  s.rootFinder = finder;
  s.maxImpactsPerStep = maxImpacts;
  Ball::State s0;
  s0.y = y0;
  return HybridDriver<Ball>(Ball{}, s, s0);
}

}  // namespace

TEST_CASE("driver: a ball bouncing under constant gravity hits at t_k = (2k+1)√(2y0/g), apex y0", "[core][driver]") {
  for (RootFinder finder : {RootFinder::Illinois, RootFinder::Bisection}) {
    const double y0 = 1.0, g = 9.81, h = 0.01;
    HybridDriver<Ball> d = makeBall(y0, h, finder);
    const double half = std::sqrt(2.0 * y0 / g);
    std::vector<double> times;
    double maxApexErr = 0.0;
    for (int k = 1; k <= 3000; ++k) {
      const StepReport r = d.step();
      REQUIRE(r.status == StepStatus::Ok);
      for (const auto& e : d.impactLog()) times.push_back(e.t);
      d.clearImpactLog();
      // Grid time t = t0 + k h, not a running sum.
      REQUIRE(d.state().t == static_cast<double>(k) * h);
      REQUIRE(d.state().y >= -1e-15);
      const double apex = d.state().y + d.state().v * d.state().v / (2.0 * g);  // energy / mg
      maxApexErr = std::max(maxApexErr, std::abs(apex - y0));
    }
    INFO((finder == RootFinder::Bisection ? "bisection" : "illinois") << ": " << times.size() << " impacts");
    REQUIRE(times.size() == static_cast<size_t>(std::floor((30.0 / half + 1.0) / 2.0)));
    for (size_t k = 0; k < times.size(); ++k)
      CHECK(std::abs(times[k] - (2.0 * static_cast<double>(k) + 1.0) * half) <= 1e-12 * (1.0 + times[k]));
    CHECK(maxApexErr <= 1e-12);
  }
}

TEST_CASE("driver: several impacts inside one step, each at its closed-form time", "[core][driver]") {
  // Period 2√(2y0/g) ≈ 0.0286 s, so a step of 0.1 s contains 3 or 4 bounces.
  const double y0 = 1e-3, g = 9.81, h = 0.1;
  HybridDriver<Ball> d = makeBall(y0, h, RootFinder::Illinois);
  const double half = std::sqrt(2.0 * y0 / g);
  int k = 0, maxInStep = 0;
  for (int step = 0; step < 50; ++step) {
    const StepReport r = d.step();
    REQUIRE(r.status == StepStatus::Ok);
    maxInStep = std::max(maxInStep, r.impacts);
    for (const auto& e : d.impactLog()) {
      CHECK(std::abs(e.t - (2.0 * k + 1.0) * half) <= 1e-11);
      ++k;
    }
    d.clearImpactLog();
  }
  CHECK(maxInStep >= 3);
  CHECK(d.multiImpactSteps() == 50);
  CHECK(k == static_cast<int>(std::floor((5.0 / half + 1.0) / 2.0)));
}

TEST_CASE("driver: a Zeno cascade the model cannot resolve is discarded and halts the run on the grid", "[core][driver][zeno]") {
  // Period 2√(2y0/g) ≈ 0.0286 s: a step of 0.1 s holds 3 or 4 bounces, the budget is 2.
  const double y0 = 1e-3, h = 0.1;
  HybridDriver<Ball> d = makeBall(y0, h, RootFinder::Illinois, 2);
  const StepReport r = d.step();
  CHECK(r.status == StepStatus::ZenoGuard);
  CHECK(r.impacts == 0);  // the step was discarded
  CHECK(d.halted());
  CHECK(d.state().t == 0.0);  // the last grid time, never an off-grid one
  CHECK(d.state().y == y0);
  CHECK(d.impactLog().empty());
  CHECK(d.steps() == 0);
  CHECK(d.statusMessage().find("Zeno guard") != std::string::npos);
  CHECK(d.statusMessage().find("halted at t = 0") != std::string::npos);
  CHECK(d.zenoGuardEvents() == 1);
  // The second impact, t = 3√(2y0/g), is the last before the guard.
  CHECK(d.firstZenoGuardTime() == Approx(3.0 * std::sqrt(2.0 * y0 / 9.81)).epsilon(1e-12));
  const StepReport again = d.step();  // halted: returns at once
  CHECK(again.status == StepStatus::ZenoGuard);
  CHECK(d.state().t == 0.0);
  d.reset();
  CHECK_FALSE(d.halted());
  CHECK(d.zenoGuardEvents() == 0);
  CHECK(std::isnan(d.firstZenoGuardTime()));
}

namespace {

// The ball with a resting phase: settleCascade brings a slow ball (|v| ≤ g h) to rest on the floor,
// where the flow holds it; the energy ½v² it takes is logged as dissipated.
struct SettlingBall : Ball {
  struct State {
    double t = 0.0, y = 0.0, v = 0.0;
    bool resting = false;
  };
  double h = 0.1;
  bool flow(const State& s, double tau, State& out) {
    out = s;
    out.t = s.t + tau;
    if (s.resting) return true;
    out.y = s.y + s.v * tau - 0.5 * g * tau * tau;
    out.v = s.v - g * tau;
    return true;
  }
  double phi(const State& s) const { return s.resting ? 1.0 : s.y; }
  double detectionCurvature(const State&, double) const { return 0.0; }
  double phiNoise(const State& s) const { return 64.0 * 2.220446049250313e-16 * (std::abs(s.y) + 1.0); }
  int jump(State& s, const State&, double, double, int budget, std::vector<ImpactEvent>& events) {
    if (budget < 1 || s.v >= 0.0) return 0;
    ImpactEvent e;
    e.t = s.t;
    e.lambda = -(1.0 + restitution) * s.v;
    e.dissipated = 0.5 * (1.0 - restitution * restitution) * s.v * s.v;
    events.push_back(e);
    s.v = -restitution * s.v;
    return 1;
  }
  int settleCascade(State& s, std::vector<ImpactEvent>& events) {
    if (!(std::abs(s.v) <= g * h)) return -1;
    ImpactEvent e;
    e.t = s.t;
    e.lambda = -s.v;
    e.dissipated = 0.5 * s.v * s.v;
    events.push_back(e);
    s.v = 0.0;
    s.y = 0.0;
    s.resting = true;
    return 1;
  }
  std::string settleDescription(const State&) const { return "the ball rests on the floor"; }
  double restitution = 0.9;
};

}  // namespace

TEST_CASE("driver: a slow Zeno cascade is settled by the model and the step still ends on the grid, the summary stays", "[core][driver][zeno]") {
  // e = 0.9 from 1 cm: the rebounds e^k v accumulate (Zeno) before t∞ = (1 + e)/(1 − e) √(2y0/g) = 0.858 s,
  // with flights shorter than h/N long before that; E + dissipated = E0 throughout.
  DriverSettings set;
  set.h = 0.1;
  set.maxImpactsPerStep = 4;
  SettlingBall ball;
  ball.h = set.h;
  SettlingBall::State s0;
  s0.y = 1e-2;
  HybridDriver<SettlingBall> d(ball, set, s0);
  const double E0 = 9.81 * s0.y;
  bool settledStep = false;
  for (int k = 1; k <= 20; ++k) {
    const StepReport r = d.step();
    REQUIRE_FALSE(d.halted());
    REQUIRE(d.state().t == static_cast<double>(k) * set.h);  // t = t0 + k h exactly, every step
    if (r.status == StepStatus::ZenoGuard) {
      settledStep = true;
      CHECK(d.statusMessage().find("the ball rests on the floor") != std::string::npos);
      CHECK(d.state().resting);
    }
    const double E = 0.5 * d.state().v * d.state().v + 9.81 * d.state().y;
    CHECK(std::abs(E + d.dissipated() - E0) <= 1e-12);
  }
  CHECK(settledStep);
  CHECK(d.status() == StepStatus::Ok);  // later steps are clean…
  CHECK(d.zenoGuardEvents() == 1);      // …and the summary keeps the guard
  CHECK(d.firstZenoGuardTime() > 0.0);
  CHECK(d.firstZenoGuardTime() < 0.9);
  d.reset();
  CHECK(d.zenoGuardEvents() == 0);
  CHECK(d.state().t == 0.0);
}

TEST_CASE("driver: the work of a step is bounded, a step that needs more halts with WorkLimit, on the grid", "[core][driver][work]") {
  // Budget 1000 bounces, a step of 10 s over a ball bouncing every 2.9 ms: far more flow
  // evaluations than kMaxFlowsPerStep.
  HybridDriver<Ball> d = makeBall(1e-5, 10.0, RootFinder::Bisection, 1000);
  const StepReport r = d.step();
  CHECK(r.status == StepStatus::WorkLimit);
  CHECK(d.halted());
  CHECK(d.state().t == 0.0);
  CHECK(d.impactLog().empty());
  CHECK(d.statusMessage().find("work limit") != std::string::npos);
  CHECK(d.flowEvaluations() == HybridDriver<Ball>::kMaxFlowsPerStep);
}

TEST_CASE("driver: a failed flow halts the run and discards the step's impacts", "[core][driver]") {
  DriverSettings s;
  s.h = 0.01;
  Ball ball;
  ball.failAfter = 0.5;
  Ball::State s0;
  s0.y = 1.0;
  HybridDriver<Ball> d(ball, s, s0);
  int steps = 0;
  while (d.step().status == StepStatus::Ok) ++steps;
  CHECK(steps == 50);
  CHECK(d.status() == StepStatus::NewtonFailed);
  CHECK(d.statusMessage().find("ball flow failed") != std::string::npos);
  const double t = d.state().t;
  CHECK(d.step().status == StepStatus::NewtonFailed);
  CHECK(d.state().t == t);  // halted
  d.reset();
  CHECK(d.status() == StepStatus::Ok);
  CHECK(d.state().t == 0.0);
}

namespace {

// The ball whose jump waits for the sub-step after it when asked at run time (the rigid body's
// "jump": "variational"); its jump records what the driver gave it: the pre-impact sub-step's start time
// and length, and the post-impact sub-step's length. The jump itself does not use them, so the run is
// the plain ball's, bit for bit.
template <class Base>
struct Timed : Base {
  bool pending = false;
  bool jumpUsesRemainingTime() const { return pending; }
  int jump(typename Base::State& s, const typename Base::State& before, double tauBefore, double tauAfter, int budget,
           std::vector<ImpactEvent>& events) {
    const size_t n0 = events.size();
    const int n = Base::jump(s, before, tauBefore, tauAfter, budget, events);
    for (size_t k = n0; k < events.size(); ++k) {
      events[k].extra[0] = before.t;
      events[k].extra[1] = tauBefore;
      events[k].extra[2] = tauAfter;
    }
    return n;
  }
};

}  // namespace

TEST_CASE("driver: a jump that waits for its post-impact sub-step by a run-time choice gets both sub-steps, impact by impact", "[core][driver]") {
  // 3 or 4 bounces a step: each impulse sees the sub-step from the previous impact (or the step's
  // start) and the one to the next impact (or the step's end) — (5.19a)'s arcs.
  const double y0 = 1e-3, h = 0.1, g = 9.81;
  const double half = std::sqrt(2.0 * y0 / g);
  DriverSettings set;
  set.h = h;
  Ball::State s0;
  s0.y = y0;
  Timed<Ball> now, later;
  later.pending = true;
  HybridDriver<Timed<Ball>> a(now, set, s0), b(later, set, s0);
  int k = 0;
  for (int step = 0; step < 30; ++step) {
    const double t0 = step * h, t1 = (step + 1) * h;
    REQUIRE(a.step().status == StepStatus::Ok);
    REQUIRE(b.step().status == StepStatus::Ok);
    REQUIRE(a.impactLog().size() == b.impactLog().size());
    const auto& ev = b.impactLog();
    for (size_t i = 0; i < ev.size(); ++i, ++k) {
      const double tk = (2.0 * k + 1.0) * half;  // closed form
      CHECK(std::abs(ev[i].t - tk) <= 1e-11);
      const double prev = i == 0 ? t0 : ev[i - 1].t, next = i + 1 == ev.size() ? t1 : ev[i + 1].t;
      CHECK(ev[i].extra[0] == Approx(prev).margin(1e-14));
      CHECK(ev[i].extra[1] == Approx(ev[i].t - prev).margin(1e-14));
      CHECK(ev[i].extra[2] == Approx(next - ev[i].t).margin(1e-14));
      // Without the choice: at the impact, nothing before it, the rest of the step after it.
      CHECK(a.impactLog()[i].extra[1] == 0.0);
      CHECK(a.impactLog()[i].extra[2] == Approx(t1 - ev[i].t).margin(1e-14));
    }
    CHECK(a.state().y == b.state().y);  // the same run, bit for bit
    CHECK(a.state().v == b.state().v);
    a.clearImpactLog();
    b.clearImpactLog();
  }
  CHECK(k > 60);
}

TEST_CASE("driver: with the run-time choice a pending jump is applied before a Zeno cascade's limit, the same run, bit for bit", "[core][driver][zeno]") {
  DriverSettings set;
  set.h = 0.1;
  set.maxImpactsPerStep = 4;
  Timed<SettlingBall> now, later;
  now.h = later.h = set.h;
  later.pending = true;
  SettlingBall::State s0;
  s0.y = 1e-2;
  HybridDriver<Timed<SettlingBall>> a(now, set, s0), b(later, set, s0);
  bool settled = false;
  for (int k = 1; k <= 20; ++k) {
    const StepReport ra = a.step(), rb = b.step();
    REQUIRE_FALSE(b.halted());
    CHECK(ra.status == rb.status);
    CHECK(ra.impacts == rb.impacts);
    settled = settled || rb.status == StepStatus::ZenoGuard;
    REQUIRE(a.impactLog().size() == b.impactLog().size());
    for (size_t i = 0; i < a.impactLog().size(); ++i) CHECK(a.impactLog()[i].t == b.impactLog()[i].t);
    CHECK(a.state().y == b.state().y);
    CHECK(a.state().v == b.state().v);
    CHECK(a.state().resting == b.state().resting);
    CHECK(a.dissipated() == b.dissipated());
  }
  CHECK(settled);
  CHECK(b.state().resting);
}

}  // namespace test_hybrid_driver

// Every member of the driver compiled for the settling model (an explicit instantiation belongs to a
// namespace enclosing lgvci: here, after the file's own).
template class lgvci::HybridDriver<test_hybrid_driver::SettlingBall>;
