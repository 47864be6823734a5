// JSON ⇄ BilliardDef, validation ("<field>: <rule>"), and the two presets (docs/billiard.md).
#include "lgvci/billiard/billiard_config.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include <nlohmann/json.hpp>

#include "core/json_bounds.hpp"
#include "lgvci/core/text.hpp"
#include "lgvci/core/types.hpp"

namespace lgvci {
namespace {

using nlohmann::json;

// Magnitudes as for the other families: products of a few of them (energy, the jump's quadratic) stay
// finite and normal. The ellipse's aspect ratio is bounded so that its wall's arc length (a
// Gauss–Legendre table, table.cpp) stays accurate to rounding.
constexpr double kMaxLength = 1e6, kMaxSpeed = 1e6, kMaxGravity = 1e6, kMaxTime = 1e9, kMaxStep = 1e6;
constexpr double kMinMass = 1e-9, kMaxMass = 1e9, kMinStepRel = 1e-12, kMaxAspect = 100.0;

double number(const json& j, const std::string& field) {
  if (!j.is_number()) throw InvalidInput(field, "must be a number");
  const double v = j.get<double>();
  if (!std::isfinite(v)) throw InvalidInput(field, "must be finite");
  return v;
}

Vec2 pair(const json& j, const std::string& field) {
  if (!j.is_array() || j.size() != 2) throw InvalidInput(field, "must be an array of 2 numbers (x, y)");
  return Vec2(number(j[0], field + "[0]"), number(j[1], field + "[1]"));
}

void onlyKeys(const json& j, const std::string& field, std::initializer_list<const char*> allowed) {
  if (!j.is_object()) throw InvalidInput(field.empty() ? "config" : field, "must be a JSON object");
  const std::set<std::string> ok(allowed.begin(), allowed.end());
  for (const auto& [k, v] : j.items())
    if (!ok.count(k)) throw InvalidInput(field.empty() ? keyName(k) : field + "." + keyName(k), "is not a known key");
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
  j["v0"] = {d.v0.x(), d.v0.y()};
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
  BilliardTable& T = d.system.table;
  auto length = [](double v, const char* field) {
    if (!(std::isfinite(v) && v > 0.0 && v <= kMaxLength)) throw InvalidInput(field, "must be a finite number in (0, 1e6]");
  };
  if (T.shape == BilliardTable::Shape::Ellipse) {
    length(T.a, "table.a");
    length(T.b, "table.b");
    if (!(std::max(T.a, T.b) <= kMaxAspect * std::min(T.a, T.b)))
      throw InvalidInput("table.b", "must be within a factor 100 of table.a (the wall's arc length is computed to rounding up to that aspect ratio)");
  } else {
    length(T.r, "table.r");
    if (!(std::isfinite(T.l) && T.l >= 0.0 && T.l <= kMaxLength)) throw InvalidInput("table.l", "must be a finite number in [0, 1e6]");
  }
  T.prepare();
  if (!(std::isfinite(d.system.mass) && d.system.mass >= kMinMass && d.system.mass <= kMaxMass))
    throw InvalidInput("mass", "must be a finite number in [1e-9, 1e9]");
  if (!(std::isfinite(d.system.g) && d.system.g >= 0.0 && d.system.g <= kMaxGravity))
    throw InvalidInput("g", "must be a finite number in [0, 1e6]");
  if (!(std::isfinite(d.t0) && std::abs(d.t0) <= kMaxTime)) throw InvalidInput("t0", "must be a finite number in [-1e9, 1e9]");
  if (!(std::isfinite(d.h) && d.h > 0.0)) throw InvalidInput("h", "must be a finite number > 0");
  if (!(d.h >= kMinStepRel * std::max(1.0, std::abs(d.t0)) && d.h <= kMaxStep))
    throw InvalidInput("h", "must be in [1e-12 max(1, |t0|), 1e6]");
  for (int i = 0; i < 2; ++i) {
    if (!std::isfinite(d.q0(i))) throw InvalidInput(concat("q0[", i, "]"), "must be finite");
    if (!(std::isfinite(d.v0(i)) && std::abs(d.v0(i)) <= kMaxSpeed))
      throw InvalidInput(concat("v0[", i, "]"), "must be a finite number in [-1e6, 1e6]");
  }
  const double phi0 = T.phi(d.q0);
  if (!(phi0 > 0.0)) throw InvalidInput("q0", concat("must lie strictly inside the table (phi(q0) = ", phi0, " <= 0)"));
}

BilliardDef fromJsonObject(const json& j) {
  onlyKeys(j, "", {"model", "case", "table", "mass", "g", "h", "t0", "q0", "v0"});
  BilliardDef d;
  if (j.contains("case")) {
    if (!j["case"].is_string()) throw InvalidInput("case", "must be a string");
    d.caseName = j["case"];
  }
  if (!j.contains("table")) throw InvalidInput("table", "is required (or give a \"case\")");
  const json& t = j["table"];
  onlyKeys(t, "table", {"shape", "a", "b", "r", "l"});
  const std::string shape = t.contains("shape") && t["shape"].is_string() ? t["shape"].get<std::string>() : "";
  BilliardTable& T = d.system.table;
  if (shape == "ellipse") {
    T.shape = BilliardTable::Shape::Ellipse;
    for (const char* key : {"r", "l"})
      if (t.contains(key)) throw InvalidInput(std::string("table.") + key, "applies only to a stadium");
    for (const char* key : {"a", "b"})
      if (!t.contains(key)) throw InvalidInput(std::string("table.") + key, "is required for an ellipse");
    T.a = number(t["a"], "table.a");
    T.b = number(t["b"], "table.b");
  } else if (shape == "stadium") {
    T.shape = BilliardTable::Shape::Stadium;
    for (const char* key : {"a", "b"})
      if (t.contains(key)) throw InvalidInput(std::string("table.") + key, "applies only to an ellipse");
    for (const char* key : {"r", "l"})
      if (!t.contains(key)) throw InvalidInput(std::string("table.") + key, "is required for a stadium");
    T.r = number(t["r"], "table.r");
    T.l = number(t["l"], "table.l");
  } else {
    throw InvalidInput("table.shape", "must be \"ellipse\" or \"stadium\"");
  }
  if (j.contains("mass")) d.system.mass = number(j["mass"], "mass");
  if (j.contains("g")) d.system.g = number(j["g"], "g");
  if (j.contains("h")) d.h = number(j["h"], "h");
  if (j.contains("t0")) d.t0 = number(j["t0"], "t0");
  if (!j.contains("q0")) throw InvalidInput("q0", "is required (or give a \"case\")");
  d.q0 = pair(j["q0"], "q0");
  if (!j.contains("v0")) throw InvalidInput("v0", "is required (or give a \"case\")");
  d.v0 = pair(j["v0"], "v0");
  validate(d);
  return d;
}

}  // namespace

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

BilliardDef parseBilliardConfig(const std::string& text) {
  checkJsonText(text);  // bounded size and depth, no duplicate keys
  json patch;
  try {
    patch = json::parse(text);
  } catch (const json::exception& e) {
    throw InvalidInput("config", std::string("is not valid JSON: ") + e.what());
  }
  if (!patch.is_object()) throw InvalidInput("config", "must be a JSON object");
  if (patch.contains("model") && patch["model"] != "billiard") throw InvalidInput("model", "must be \"billiard\" here");
  if (!patch.contains("case")) return fromJsonObject(patch);
  if (!patch["case"].is_string()) throw InvalidInput("case", "must be billiard-ellipse or billiard-stadium");
  json merged = toJsonObject(billiardPreset(patch["case"].get<std::string>()));
  // A table of another shape than the preset's starts from that shape's default sizes.
  if (patch.contains("table") && patch["table"].is_object() && patch["table"].contains("shape") &&
      patch["table"]["shape"] != merged["table"]["shape"]) {
    const json& s = patch["table"]["shape"];
    if (s == "ellipse") merged["table"] = tableJson(defaultTable(BilliardTable::Shape::Ellipse));
    else if (s == "stadium") merged["table"] = tableJson(defaultTable(BilliardTable::Shape::Stadium));
    else throw InvalidInput("table.shape", "must be \"ellipse\" or \"stadium\"");
  }
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
  s0.p << d.system.mass * d.v0.x(), d.system.mass * d.v0.y();
  DriverSettings settings;
  settings.h = d.h;  // tolerance 1e-15 of h, the Illinois root finder, 64 impacts a step: the defaults
  return HybridDriver<BilliardModel>(BilliardModel(d.system), settings, s0);
}

}  // namespace lgvci
