// The exact model of the driver tests: a point mass dropped under constant gravity, bouncing
// elastically on y = 0 (flow = the exact parabola, jump v → −v). Impacts at t_k = (2k + 1)√(2y0/g),
// every apex at y0. Shared by test_hybrid_driver.cpp and test_family_registry.cpp (in an unnamed
// namespace: each translation unit has its own type).
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "lgvci/core/hybrid_driver_impl.hpp"

namespace {

struct Ball {
  struct State {
    double t = 0.0, y = 0.0, v = 0.0;
  };
  static constexpr bool kJumpUsesRemainingTime = false;
  double g = 9.81;
  double failAfter = INFINITY;  // flow fails beyond this time (to test halting)

  bool flow(const State& s, double tau, State& out) {
    if (s.t + tau > failAfter) return false;
    out.t = s.t + tau;
    out.y = s.y + s.v * tau - 0.5 * g * tau * tau;
    out.v = s.v - g * tau;
    return true;
  }
  double phi(const State& s) const { return s.y; }
  double phiNoise(const State& s) const { return 64.0 * 2.220446049250313e-16 * (std::abs(s.y) + 1.0); }
  double detectionCurvature(const State&, double) const { return 0.0; }
  int jump(State& s, const State&, double, double, int budget, std::vector<lgvci::ImpactEvent>& events) {
    if (budget < 1 || s.v >= 0.0) return 0;
    lgvci::ImpactEvent e;
    e.t = s.t;
    e.lambda = -2.0 * s.v;
    events.push_back(e);
    s.v = -s.v;
    return 1;
  }
  std::string failureMessage(double t) const { return "ball flow failed after t = " + std::to_string(t); }
};

}  // namespace

// Every member of the driver compiled for this model, once per translation unit that includes the
// header (also when a unity build puts several test files into one).
template class lgvci::HybridDriver<Ball>;
