// JSON ⇄ BilliardDef, validation ("<field>: <rule>"), and the two presets (docs/billiard.md).
#include "lgvci/billiard/billiard_config.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "lgvci/core/config_check.hpp"
#include "lgvci/core/driver_schema.hpp"
#include "lgvci/core/json_bounds.hpp"
#include "lgvci/core/text.hpp"
#include "lgvci/core/types.hpp"

namespace lgvci {
namespace {

using nlohmann::json;

// Magnitudes as for the other families: products of a few of them (energy, the jump's quadratic) stay
// finite and normal. The ellipse's aspect ratio is bounded so that its wall's arc length (a
// Gauss–Legendre table, table.cpp) stays accurate to rounding.
constexpr double kMaxLength = 1e6, kMaxSpeed = 1e6, kMaxGravity = 1e6;
constexpr double kMinMass = 1e-9, kMaxMass = 1e9, kMaxAspect = 100.0;

using Type = ConfigField::Type;

ConfigSchema makeSchema() {
  ConfigSchema s;
  s.family = s.model = "billiard";
  s.fields = {
      ConfigField("model", Type::String, "", "The model family.").oneOf({"billiard"}),
      ConfigField("case", Type::String, "", "A preset to start from; the other keys override it.").oneOf(billiardPresetNames()),
      ConfigField("table", Type::Object, "", "The table, centred at the origin.").need(),
      ConfigField("table.shape", Type::String, "", "An ellipse with semi-axes a, b, or a stadium: two half-discs of radius r joined by straights of length 2l.")
          .oneOf({"ellipse", "stadium"}).need(),
      ConfigField("table.a", Type::Number, "m", "Semi-axis along x (within a factor 100 of b).").range(0.0, kMaxLength, true).when("shape", {"ellipse"}).need().slider(SliderHint("ba", 0.2, 5, 0.01, "m")),
      ConfigField("table.b", Type::Number, "m", "Semi-axis along y (within a factor 100 of a).").range(0.0, kMaxLength, true).when("shape", {"ellipse"}).need().slider(SliderHint("bb", 0.2, 5, 0.01, "m")),
      ConfigField("table.r", Type::Number, "m", "Radius of the half-discs.").range(0.0, kMaxLength, true).when("shape", {"stadium"}).need().slider(SliderHint("br", 0.2, 5, 0.01, "m")),
      ConfigField("table.l", Type::Number, "m", "Half-length of the straights.").range(0.0, kMaxLength).when("shape", {"stadium"}).need().slider(SliderHint("bl", 0, 5, 0.01, "m")),
      ConfigField("mass", Type::Number, "kg", "Mass m of the particle.").range(kMinMass, kMaxMass).byDefault("1"),
      ConfigField("g", Type::Number, "m/s^2", "Gravitational acceleration g, along -y.").range(0.0, kMaxGravity).byDefault("0")
          .slider(SliderHint("bg", 0, 20, 0.01, "m/s²")),
      ConfigField("q0", Type::Vector, "m", "Initial position (x, y), strictly inside the table.").ofSize(2).need()
          .slider(SliderHint("bqx", -5, 5, 0.01, "m").at(0))
          .slider(SliderHint("bqy", -5, 5, 0.01, "m").at(1)),
      ConfigField("v0", Type::Vector, "m/s", "Initial velocity: p0 = m v0 (or p0, not both; one is required).").ofSize(2).range(-kMaxSpeed, kMaxSpeed)
          .slider(SliderHint("bdir", -180, 180, 0.1, "°").shown(SliderHint::Display::DirectionDegrees))
          .slider(SliderHint("bspeed", 0.05, 10, 0.01, "m/s").logScale().shown(SliderHint::Display::Length)),
      ConfigField("p0", Type::Vector, "kg m/s", "Initial momentum, instead of v0 (|p0| / mass within v0's bounds).").ofSize(2),
      ConfigField("integrator", Type::String, "", "Fetecau et al.'s VCI or the naive baseline (docs/baselines.md).").oneOf({"vci", "naive"}).byDefault("\"vci\""),
      ConfigField("jump", Type::String, "",
                  "The bounce's multiplier: variational = the discrete energy balance (75a) (the default), energy = |p| kept "
                  "(the mirror reflection; the same for g = 0 up to rounding) (docs/billiard.md).")
          .oneOf({"variational", "energy"}).byDefault("\"variational\""),
  };
  DriverFieldSet driver;  // h and t0 (the driver keeps its default tolerance, root finder and Zeno budget)
  driver.tolerance = driver.rootFinder = driver.maxImpactsPerStep = false;
  for (ConfigField& f : driverConfigFields(driver)) s.fields.push_back(std::move(f));
  for (ConfigField& f : s.fields)
    if (f.path == "table.shape") f.noun = "";
  return s;
}

json tableJson(const BilliardTable& t) {
  if (t.shape == BilliardTable::Shape::Ellipse) return {{"shape", "ellipse"}, {"a", t.a}, {"b", t.b}};
  return {{"shape", "stadium"}, {"r", t.r}, {"l", t.l}};
}

json toJsonObject(const BilliardDef& d) {
  json j;
  j["model"] = "billiard";
  if (!d.caseName.empty()) j["case"] = d.caseName;
  j["table"] = tableJson(d.system.table);
  j["mass"] = d.system.mass;
  j["g"] = d.system.g;
  j["h"] = d.h;
  j["t0"] = d.t0;
  j["q0"] = {d.q0.x(), d.q0.y()};
  if (d.momentumGiven) j["p0"] = {d.p0.x(), d.p0.y()};
  else j["v0"] = {d.v0.x(), d.v0.y()};
  if (d.naive) j["integrator"] = "naive";  // docs/baselines.md "The naive baseline"
  if (d.system.keepHamiltonian) j["jump"] = "energy";  // docs/billiard.md "The energy jump"
  return j;
}

// The default table of a shape (the presets' tables).
BilliardTable defaultTable(BilliardTable::Shape shape) {
  BilliardTable t;
  t.shape = shape;
  return t;
}

// Every rule of a def; the table is prepared (its arc-length table built) here.
void validate(BilliardDef& d) {
  // The bounds of each field are the table's (billiardConfigSchema); the rules across fields are here.
  const ConfigSchema& S = billiardConfigSchema();
  BilliardTable& T = d.system.table;
  if (T.shape == BilliardTable::Shape::Ellipse) {
    checkNumber(S, "table.a", T.a);
    checkNumber(S, "table.b", T.b);
    if (!(std::max(T.a, T.b) <= kMaxAspect * std::min(T.a, T.b)))
      throw InvalidInput("table.b", "must be within a factor 100 of table.a (the wall's arc length is computed to rounding up to that aspect ratio)");
  } else {
    checkNumber(S, "table.r", T.r);
    checkNumber(S, "table.l", T.l);
  }
  T.prepare();
  checkNumber(S, "mass", d.system.mass);
  checkNumber(S, "g", d.system.g);
  DriverSettings settings;
  settings.h = d.h;
  checkDriverSettings(settings, d.t0);  // h and t0: the core's rows and rule
  for (int i = 0; i < 2; ++i) {
    checkNumber(S, "q0", d.q0(i), concat("q0[", i, "]"));
    if (d.momentumGiven) {
      if (!(std::abs(d.p0(i)) / d.system.mass <= kMaxSpeed))
        throw InvalidInput(concat("p0[", i, "]"), "must be a number with |p0| / mass <= 1e6");
    } else {
      checkNumber(S, "v0", d.v0(i), concat("v0[", i, "]"));
    }
  }
  const double phi0 = T.phi(d.q0);
  if (!(phi0 > 0.0)) throw InvalidInput("q0", concat("must lie strictly inside the table (phi(q0) = ", phi0, " <= 0)"));
}

BilliardDef fromJsonObject(const json& j) {
  checkConfigTree(billiardConfigSchema(), j);  // keys, types, sizes, bounds: the table above
  BilliardDef d;
  if (j.contains("case")) d.caseName = j["case"];
  const json& t = j["table"];
  BilliardTable& T = d.system.table;
  if (t["shape"] == "ellipse") {
    T.shape = BilliardTable::Shape::Ellipse;
    T.a = t["a"].get<double>();
    T.b = t["b"].get<double>();
  } else {
    T.shape = BilliardTable::Shape::Stadium;
    T.r = t["r"].get<double>();
    T.l = t["l"].get<double>();
  }
  d.system.mass = j.value("mass", d.system.mass);
  d.system.g = j.value("g", d.system.g);
  d.h = j.value("h", d.h);
  if (j.contains("integrator")) d.naive = j["integrator"] == "naive";  // docs/baselines.md "The naive baseline"
  if (j.contains("jump")) d.system.keepHamiltonian = j["jump"] == "energy";
  d.t0 = j.value("t0", d.t0);
  d.q0 = Vec2(j["q0"][0].get<double>(), j["q0"][1].get<double>());
  if (j.contains("v0") && j.contains("p0")) throw InvalidInput("p0", "give either v0 or p0, not both");
  if (j.contains("p0")) {
    d.momentumGiven = true;
    d.p0 = Vec2(j["p0"][0].get<double>(), j["p0"][1].get<double>());
  } else if (j.contains("v0")) {
    d.v0 = Vec2(j["v0"][0].get<double>(), j["v0"][1].get<double>());
  } else {
    throw InvalidInput("v0", "is required (or p0)");
  }
  validate(d);  // the rules across fields: the aspect ratio, h against t0, q0 inside the table
  return d;
}

}  // namespace

const ConfigSchema& billiardConfigSchema() {
  static const ConfigSchema s = makeSchema();
  return s;
}

const std::vector<std::string>& billiardPresetNames() {
  static const std::vector<std::string> names = {"billiard-ellipse", "billiard-stadium"};
  return names;
}

BilliardDef billiardPreset(const std::string& name) {
  BilliardDef d;
  d.caseName = name;
  if (name == "billiard-ellipse") {
    d.system.table = defaultTable(BilliardTable::Shape::Ellipse);  // a = 2, b = 1
    d.q0 = Vec2(0.5, 0.2);
    d.v0 = Vec2(0.6, 0.8);
  } else if (name == "billiard-stadium") {
    d.system.table = defaultTable(BilliardTable::Shape::Stadium);  // r = 1, l = 1
    d.q0 = Vec2(0.3, 0.1);
    d.v0 = Vec2(0.8, 0.6);
  } else {
    throw InvalidInput("case", "must be billiard-ellipse or billiard-stadium (got '" + printable(name) + "')");
  }
  validate(d);
  return d;
}

BilliardDef parseBilliardConfig(const std::string& text) { return parseBilliardConfig(ConfigDocument(text)); }

BilliardDef parseBilliardConfig(const ConfigDocument& config) {
  const json& patch = configTree(config);  // bounded, no duplicates, an object: ConfigDocument checked it
  if (patch.contains("model") && patch["model"] != "billiard") throw InvalidInput("model", "must be \"billiard\" here");
  if (!patch.contains("case")) return fromJsonObject(patch);
  if (!patch["case"].is_string()) throw InvalidInput("case", "must be billiard-ellipse or billiard-stadium");
  checkConfigTree(billiardConfigSchema(), patch, true);  // the given keys, before the preset is merged
  // The preset's tree, made once per preset; the given keys are merged over it before the typed parse.
  static const std::map<std::string, json> presets = [] {
    std::map<std::string, json> m;
    for (const std::string& p : billiardPresetNames()) m.emplace(p, toJsonObject(billiardPreset(p)));
    return m;
  }();
  const auto preset = presets.find(patch["case"].get<std::string>());
  json merged = preset != presets.end() ? preset->second : toJsonObject(billiardPreset(patch["case"].get<std::string>()));
  // A table of another shape than the preset's starts from that shape's default sizes.
  if (patch.contains("table") && patch["table"].is_object() && patch["table"].contains("shape") &&
      patch["table"]["shape"] != merged["table"]["shape"]) {
    const json& s = patch["table"]["shape"];
    if (s == "ellipse") merged["table"] = tableJson(defaultTable(BilliardTable::Shape::Ellipse));
    else if (s == "stadium") merged["table"] = tableJson(defaultTable(BilliardTable::Shape::Stadium));
    else throw InvalidInput("table.shape", "must be \"ellipse\" or \"stadium\"");
  }
  if (patch.contains("p0")) merged.erase("v0");  // p0 replaces the preset's v0
  merged.merge_patch(patch);
  return fromJsonObject(merged);
}

std::string toJson(const BilliardDef& d, int indent) { return toJsonObject(d).dump(indent); }

HybridDriver<BilliardModel> makeBilliardDriver(const BilliardDef& def) {
  BilliardDef d = def;
  validate(d);
  GeneralizedState s0;
  s0.t = d.t0;
  s0.q = VecX(2);
  s0.q << d.q0.x(), d.q0.y();
  s0.p = VecX(2);
  if (d.momentumGiven) s0.p << d.p0.x(), d.p0.y();
  else s0.p << d.system.mass * d.v0.x(), d.system.mass * d.v0.y();
  DriverSettings settings;
  settings.h = d.h;  // tolerance 1e-15 of h, the Illinois root finder, 64 impacts a step: the defaults
  return HybridDriver<BilliardModel>(BilliardModel(d.system), settings, s0);
}

}  // namespace lgvci
