// The toy family of the registry tests: the exact bouncing ball of the driver tests (ball_model.hpp)
// behind the façade, and its FamilyInfo. Registered by tests/cpp/core/test_family_registry.cpp for a
// test's scope, and by tests/wasm/toy_family.cpp into a second WebAssembly module, so the binding
// serves a family no core file names (docs/architecture.md "How to add a family"). Each including
// file has its own copy (an unnamed namespace, like ball_model.hpp).
#pragma once

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ball_model.hpp"
#include "lgvci/core/driver_simulation.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/hybrid_driver_impl.hpp"
#include "lgvci/core/simulation.hpp"
#include "lgvci/core/types.hpp"

namespace {

using namespace lgvci;

constexpr double kG = 9.81;

// The ball behind the façade: config {"model": "toy_ball", "y0": …, "v0": …, "t0": …, "h": …} or
// {"case": "toy_drop"}. DriverSimulation forwards the driver's bookkeeping; the toy says only what is its own.
class BallSimulation final : public DriverSimulation<HybridDriver<Ball>> {
 public:
  BallSimulation(double y0, double v0, double t0, double h, std::string caseName)
      : DriverSimulation(makeDriver(y0, v0, t0, h)), y0_(y0), v0_(v0), t0_(t0), case_(std::move(caseName)) {
    energy0_ = 0.5 * v0_ * v0_ + kG * y0_;
  }

  /// The toy's config rules for a start: y in [0, 100], v and t finite.
  static void validateStart(double y0, double v0, double t0) {
    if (!(y0 >= 0.0 && y0 <= 100.0)) throw InvalidInput("y0", "must be in [0, 100]");
    if (!std::isfinite(v0) || std::abs(v0) > 1e3) throw InvalidInput("v0", "must be a number in [-1000, 1000]");
    if (!std::isfinite(t0)) throw InvalidInput("t0", "must be a finite number");
  }
  void setState(const double* record, std::size_t size) override {
    requireRecordSize(layout(), size);
    try {
      validateStart(record[1], record[2], record[0]);
    } catch (const InvalidInput& e) {
      throw asRecordField(e, {{"y0", "y"}, {"v0", "v"}, {"t0", "t"}});
    }
    *this = BallSimulation(record[1], record[2], record[0], h(), case_);
  }

  std::unique_ptr<Simulation> clone() const override { return std::make_unique<BallSimulation>(*this); }
  std::string model() const override { return "toy_ball"; }
  std::string integrator() const override { return "exact"; }
  void reverseMomenta() override {
    Ball::State s = driver_.state();
    s.v = -s.v;
    driver_.setState(s);
  }
  std::string caseName() const override { return case_; }
  std::string configJson() const override {
    return nlohmann::json{{"model", "toy_ball"}, {"y0", y0_}, {"v0", v0_}, {"t0", t0_}, {"h", h()}}.dump();
  }
  double energy() const override { return 0.5 * driver_.state().v * driver_.state().v + kG * driver_.state().y; }
  double minPhi() const override { return driver_.state().y; }
  const RecordLayout& layout() const override {
    static const RecordLayout l = [] {
      RecordLayout r;
      r.add("t", 1, true).add("y", 1, true).add("v", 1, true).add("E", 1, true).add("impacts", 1, true);
      return r;
    }();
    return l;
  }
  void writeRecord(double* out) const override {
    out[0] = driver_.state().t;
    out[1] = driver_.state().y;
    out[2] = driver_.state().v;
    out[3] = energy();
    out[4] = lastImpacts();
  }
  std::string finalStateJson() const override {
    return nlohmann::json{{"t", driver_.state().t}, {"y", driver_.state().y}, {"v", driver_.state().v}}.dump();
  }

 private:
  static HybridDriver<Ball> makeDriver(double y0, double v0, double t0, double h) {
    DriverSettings s;
    s.h = h;
    s.tolerance = 1e-15;
    Ball::State s0;
    s0.y = y0;
    s0.v = v0;
    s0.t = t0;
    return HybridDriver<Ball>(Ball{}, s, s0);
  }
  double y0_, v0_, t0_;
  std::string case_;
};

FamilyInfo toyFamily() {
  FamilyInfo f;
  f.name = "toy_ball";
  f.model = "toy_ball";
  f.summary = "a point mass bouncing on y = 0 (the driver test's exact model)";
  f.presets = {"toy_drop"};
  f.presetJson = [](const std::string&) { return std::string(R"({"case": "toy_drop", "y0": 1, "h": 0.01})"); };
  f.create = [](const ConfigDocument& config) -> std::unique_ptr<Simulation> {
    const nlohmann::json j = nlohmann::json::parse(config.text());
    const double y0 = j.value("y0", 1.0), v0 = j.value("v0", 0.0), t0 = j.value("t0", 0.0), h = j.value("h", 0.01);
    BallSimulation::validateStart(y0, v0, t0);
    if (!(h > 0.0 && h <= 0.1)) throw InvalidInput("h", "must be in (0, 0.1]");
    return std::make_unique<BallSimulation>(y0, v0, t0, h, j.value("case", std::string()));
  };
  f.reversal = {{"y", ReversalField::Kind::Configuration}, {"v", ReversalField::Kind::Momentum}};
  f.capabilities.reversible = true;
  f.capabilities.plots = {"energy", "height"};
  return f;
}

}  // namespace
