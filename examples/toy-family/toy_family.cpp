// A model family built outside the library, against the installed package alone (find_package(lgvci)):
// a point mass falling under gravity g onto the floor y = 0 and bouncing elastically, flown exactly.
// It uses only the family SDK (docs/architecture.md "How to add a family"): the driver template
// (Algorithm 5.2, lgvci/core/hybrid_driver_impl.hpp), the façade over it (DriverSimulation), a record
// declared as a table (RecordSchema), a config schema read without a JSON library (CheckedConfig), and
// registerFamily. Everything the core offers every family then works for it: setState, perturbations,
// ensembles, the reverse check.
#include "toy_family.hpp"

#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <lgvci/core/config_schema.hpp>
#include <lgvci/core/driver_schema.hpp>
#include <lgvci/core/driver_simulation.hpp>
#include <lgvci/core/family.hpp>
#include <lgvci/core/hybrid_driver_impl.hpp>
#include <lgvci/core/record_schema.hpp>
#include <lgvci/core/text.hpp>

namespace toy {
namespace {

using namespace lgvci;

// The model: the driver's interface (lgvci/core/hybrid_driver.hpp).
struct Ball {
  struct State {
    double t = 0.0, y = 0.0, v = 0.0;
  };
  static constexpr bool kJumpUsesRemainingTime = false;
  double g = 9.81;

  bool flow(const State& s, double tau, State& out) {  // the exact parabola
    out.t = s.t + tau;
    out.y = s.y + s.v * tau - 0.5 * g * tau * tau;
    out.v = s.v - g * tau;
    return true;
  }
  double phi(const State& s) const { return s.y; }
  double phiNoise(const State& s) const { return 64.0 * 2.220446049250313e-16 * (std::abs(s.y) + 1.0); }
  double detectionCurvature(const State&, double) const { return 0.0; }
  int jump(State& s, const State&, double, double, int budget, std::vector<ImpactEvent>& events) {
    if (budget < 1 || s.v >= 0.0) return 0;
    ImpactEvent e;
    e.t = s.t;
    e.lambda = -2.0 * s.v;
    events.push_back(e);
    s.v = -s.v;  // elastic
    return 1;
  }
  std::string failureMessage(double t) const { return concat("the ball's flow failed at t = ", t); }
};

// The config: its own fields and the driver's (h, t0).
const ConfigSchema& schema() {
  static const ConfigSchema s = [] {
    using T = ConfigField::Type;
    ConfigSchema c;
    c.family = c.model = "toy_ball";
    c.fields = {ConfigField("model", T::String, "", "The model family.").oneOf({"toy_ball"}),
                ConfigField("case", T::String, "", "A preset.").oneOf({"toy_drop"}),
                ConfigField("y0", T::Number, "m", "Start height.").range(0.0, 100.0).byDefault("1"),
                ConfigField("v0", T::Number, "m/s", "Start velocity.").range(-1e3, 1e3).byDefault("0"),
                ConfigField("g", T::Number, "m/s^2", "Gravity.").range(0.0, 100.0).byDefault("9.81")};
    DriverFieldSet driver;
    driver.tolerance = driver.rootFinder = driver.maxImpactsPerStep = false;
    for (ConfigField& f : driverConfigFields(driver)) c.fields.push_back(std::move(f));
    return c;
  }();
  return s;
}

struct Def {
  double y0 = 1.0, v0 = 0.0, t0 = 0.0, h = 0.01, g = 9.81;
  std::string caseName;
};

HybridDriver<Ball> makeDriver(const Def& d) {
  DriverSettings s;
  s.h = d.h;
  checkDriverSettings(s, d.t0);
  Ball model;
  model.g = d.g;
  Ball::State s0;
  s0.t = d.t0, s0.y = d.y0, s0.v = d.v0;
  return HybridDriver<Ball>(model, s, s0);
}

class BallSimulation final : public DriverSimulation<HybridDriver<Ball>> {
 public:
  explicit BallSimulation(std::shared_ptr<const Def> def) : DriverSimulation(makeDriver(*def)), def_(std::move(def)) {
    energy0_ = 0.5 * def_->v0 * def_->v0 + def_->g * def_->y0;
  }

  std::unique_ptr<Simulation> clone() const override { return std::make_unique<BallSimulation>(*this); }
  void setState(const double* record, std::size_t size) override {
    requireRecordSize(layout(), size);
    auto def = std::make_shared<Def>(*def_);
    def->t0 = record[0], def->y0 = record[1], def->v0 = record[2];
    if (!(def->y0 >= 0.0 && def->y0 <= 100.0)) throw InvalidInput("y", "must be in [0, 100]");
    if (!(std::abs(def->v0) <= 1e3)) throw InvalidInput("v", "must be in [-1000, 1000]");
    try {
      *this = BallSimulation(def);
    } catch (const InvalidInput& e) {
      throw asRecordField(e, {{"t0", "t"}});
    }
  }
  std::string model() const override { return "toy_ball"; }
  std::string integrator() const override { return "exact"; }
  void reverseMomenta() override {
    Ball::State s = driver_.state();
    s.v = -s.v;
    driver_.setState(s);
  }
  std::string caseName() const override { return def_->caseName; }
  std::string configJson() const override {
    return concat("{\"model\":\"toy_ball\",\"y0\":", formatNumber(def_->y0), ",\"v0\":", formatNumber(def_->v0), ",\"t0\":",
                  formatNumber(def_->t0), ",\"h\":", formatNumber(def_->h), ",\"g\":", formatNumber(def_->g), "}");
  }
  double energy() const override { return 0.5 * state().v * state().v + def_->g * state().y; }
  double minPhi() const override { return state().y; }
  const RecordLayout& layout() const override { return table().layout(); }
  void writeRecord(double* out) const override { table().write(*this, out); }
  std::string finalStateJson() const override {
    return concat("{\"t\":", formatNumber(state().t), ",\"y\":", formatNumber(state().y), ",\"v\":", formatNumber(state().v), "}");
  }

 private:
  static const RecordSchema<BallSimulation>& table() {
    using S = const BallSimulation&;
    static const RecordSchema<BallSimulation> t = RecordSchema<BallSimulation>()
                                                      .scalar("t", FieldUse::Csv, [](S b, double* o) { o[0] = b.state().t; })
                                                      .scalar("y", FieldUse::Csv, [](S b, double* o) { o[0] = b.state().y; })
                                                      .scalar("v", FieldUse::Csv, [](S b, double* o) { o[0] = b.state().v; })
                                                      .scalar("E", FieldUse::Csv, [](S b, double* o) { o[0] = b.energy(); })
                                                      .scalar("impacts", FieldUse::Csv, [](S b, double* o) { o[0] = b.lastImpacts(); });
    return t;
  }
  std::shared_ptr<const Def> def_;
};

std::unique_ptr<Simulation> create(const ConfigDocument& config) {
  const CheckedConfig c(schema(), config);  // every field's rule; the values then read by path
  auto d = std::make_shared<Def>();
  if (c.has("case")) d->caseName = c.text("case");
  d->y0 = c.number("y0");
  d->v0 = c.number("v0");
  d->g = c.number("g");
  d->h = c.number("h");
  d->t0 = c.number("t0");
  return std::make_unique<BallSimulation>(std::move(d));
}

}  // namespace

void registerToyFamily() {
  FamilyInfo f;
  f.name = f.model = "toy_ball";
  f.summary = "a point mass bouncing on the floor y = 0, flown exactly (a family built outside the library)";
  f.presets = {"toy_drop"};
  f.presetJson = [](const std::string&) { return std::string(R"({"case": "toy_drop", "y0": 1, "h": 0.01})"); };
  f.create = create;
  f.reversal = {{"y", ReversalField::Kind::Configuration}, {"v", ReversalField::Kind::Momentum}};
  f.capabilities.reversible = true;
  f.schema = schema();
  registerFamily(std::move(f));
}

}  // namespace toy
