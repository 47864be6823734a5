// The config schema (lgvci/core/config_schema.hpp, docs/config.md): the generic checker names the
// field of each kind of violation; every preset passes its family's schema; the export is JSON of the
// documented shape with a property for every row; and each family's parser agrees with its table at
// every declared bound: the bound itself is accepted, the nearest double outside it refused, naming
// the field.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "lgvci/core/config_schema.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/simulation.hpp"
#include "lgvci/core/types.hpp"

namespace test_config_schema {

using namespace lgvci;
using nlohmann::json;
using Type = ConfigField::Type;

namespace {

// A small table with one row of each kind.
ConfigSchema toySchema() {
  ConfigSchema s;
  s.family = s.model = "toy";
  s.fields = {
      ConfigField("case", Type::String, "", "preset").oneOf({"a"}),
      ConfigField("n", Type::Integer, "", "count").range(2, 7).need(),
      ConfigField("x", Type::Number, "m", "length").range(0.0, 1.0, true, false),
      ConfigField("v", Type::Vector, "m", "point").ofSize(2).range(-1, 1),
      ConfigField("on", Type::Boolean, "", "switch"),
      ConfigField("shape", Type::Object, "", "shape"),
      ConfigField("shape.kind", Type::String, "", "kind").oneOf({"disc", "ellipse"}).need(),
      ConfigField("shape.r", Type::Number, "m", "radius").above(0.0).when("kind", {"disc"}).need(),
      ConfigField("list", Type::Array, "", "items").upTo(2),
      ConfigField("list[].w", Type::Number, "", "weight").atLeast(0.0).need(),
  };
  return s;
}

void refuses(const std::string& config, const std::string& message) {
  INFO(config);
  try {
    checkConfig(toySchema(), config);
    FAIL("accepted");
  } catch (const InvalidInput& e) {
    CHECK(std::string(e.what()) == message);
  }
}

}  // namespace

TEST_CASE("config schema: the checker names the field of every kind of violation", "[schema]") {
  CHECK_NOTHROW(checkConfig(toySchema(), R"({"n": 3})"));
  CHECK_NOTHROW(checkConfig(toySchema(), R"({"n": 7, "x": 1, "v": [-1, 1], "on": true, "shape": {"kind": "disc", "r": 2}, "list": [{"w": 0}]})"));
  refuses(R"({"n": 3, "y": 1})", "y: is not a known key");
  refuses(R"({"n": 3, "shape": {"kind": "disc", "r": 1, "s": 2}})", "shape.s: is not a known key");
  refuses(R"({"n": "3"})", "n: must be a number");
  refuses(R"({"n": 2.5})", "n: must be an integer in [2, 7]");
  refuses(R"({"n": 8})", "n: must be an integer in [2, 7]");
  refuses(R"({"x": 0.5})", "n: is required (or give a \"case\")");
  refuses(R"({"n": 3, "x": 0})", "x: must be in (0, 1]");
  refuses(R"({"n": 3, "x": 1.0000001})", "x: must be in (0, 1]");
  refuses(R"({"n": 3, "v": [0]})", "v: must be an array of 2 numbers");
  refuses(R"({"n": 3, "v": [0, 2]})", "v[1]: must be in [-1, 1]");
  refuses(R"({"n": 3, "v": [0, null]})", "v[1]: must be a number");
  refuses(R"({"n": 3, "on": 1})", "on: must be true or false");
  refuses(R"({"n": 3, "case": "b"})", "case: must be \"a\"");
  refuses(R"({"n": 3, "shape": 1})", "shape: must be a JSON object");
  refuses(R"({"n": 3, "shape": {"r": 1}})", "shape.kind: must be \"disc\" or \"ellipse\"");
  refuses(R"({"n": 3, "shape": {"kind": "square"}})", "shape.kind: must be \"disc\" or \"ellipse\"");
  refuses(R"({"n": 3, "shape": {"kind": "disc"}})", "shape.r: is required for a disc");
  refuses(R"({"n": 3, "shape": {"kind": "ellipse", "r": 1}})", "shape.r: applies only to a disc");
  refuses(R"({"n": 3, "shape": {"kind": "disc", "r": 0}})", "shape.r: must be > 0");
  refuses(R"({"n": 3, "list": []})", "list: must be a non-empty array of at most 2 objects");
  refuses(R"({"n": 3, "list": [{"w": 1}, {"w": -1}]})", "list[1].w: must be >= 0");
  refuses(R"({"n": 3, "list": [{}]})", "list[0].w: is required");
  refuses(R"([1])", "config: must be a JSON object");
  CHECK_THROWS_WITH(checkNumber(toySchema(), "x", 2.0), "x: must be in (0, 1]");
  CHECK_THROWS_WITH(checkNumber(toySchema(), "v", -2.0, "v[0]"), "v[0]: must be in [-1, 1]");
}

TEST_CASE("config schema: every preset of every family passes its family's schema", "[schema]") {
  int presets = 0;
  for (const FamilyInfo& f : families()) {
    REQUIRE_FALSE(f.schema.fields.empty());
    CHECK(f.schema.family == f.name);
    CHECK(f.schema.model == f.model);
    for (const std::string& p : f.presets) {
      INFO(f.name << " " << p);
      CHECK_NOTHROW(checkConfig(f.schema, presetJson(p)));
      ++presets;
    }
  }
  CHECK(presets == static_cast<int>(presetNames().size()));
}

namespace {

// The export's property of a row: "constraints[].type" → properties.constraints.items.properties.type.
const json* exported(const json& schema, const std::string& path) {
  const json* node = &schema;
  size_t start = 0;
  while (true) {
    const size_t dot = path.find('.', start);
    std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    const bool element = key.size() > 2 && key.compare(key.size() - 2, 2, "[]") == 0;
    if (element) key.resize(key.size() - 2);
    if (!node->contains("properties") || !(*node)["properties"].contains(key)) return nullptr;
    node = &(*node)["properties"][key];
    if (element) node = &(*node)["items"];
    if (dot == std::string::npos) return node;
    start = dot + 1;
  }
}

}  // namespace

TEST_CASE("config schema: the export is JSON of the documented shape with every row", "[schema]") {
  const json all = json::parse(configSchemasJson());
  REQUIRE(all.is_object());
  CHECK(all.size() == families().size());
  for (const FamilyInfo& f : families()) {
    INFO(f.name);
    const json s = json::parse(configSchemaJson(f.schema));
    CHECK(s == all[f.name]);
    CHECK(s["family"] == f.name);
    CHECK(s["model"] == f.model);
    CHECK(s["type"] == "object");
    REQUIRE(s["properties"].is_object());
    for (const ConfigField& r : f.schema.fields) {
      INFO(r.path);
      const json* p = exported(s, r.path);
      REQUIRE(p != nullptr);
      CHECK((*p)["description"] == r.description);
      if (!r.unit.empty()) CHECK((*p)["unit"] == r.unit);
      if (r.type == Type::Number || r.type == Type::Integer) {
        CHECK((*p)["type"] == (r.type == Type::Integer ? "integer" : "number"));
        if (r.min) CHECK((*p)[r.exclusiveMin ? "exclusiveMinimum" : "minimum"] == *r.min);
        if (r.max) CHECK((*p)[r.exclusiveMax ? "exclusiveMaximum" : "maximum"] == *r.max);
      }
      if (!r.choices.empty()) CHECK((*p)["enum"] == json(r.choices));
      if (r.type == Type::Vector && r.size > 0) CHECK((*p)["minItems"] == r.size);
      if (!r.whenKey.empty()) CHECK((*p)["when"][r.whenKey] == json(r.whenValues));
      if (!r.defaultJson.empty()) CHECK((*p)["default"] == json::parse(r.defaultJson));
    }
  }
  // A required top-level row is listed in "required"; a recursive element is a $ref.
  const json rigid = all["rigid_body"];
  CHECK(rigid["required"] == json::array({"body"}));
  CHECK(rigid["properties"]["body"]["properties"]["parts"]["items"]["$ref"] == "#/properties/body");
}

namespace {

// "constraints[].point" → "/constraints/0/point" (the first element of an array).
std::string pointerOf(const std::string& path) {
  std::string p = "/";
  for (const char c : path) {
    if (c == '.') p += '/';
    else if (c == '[') p += "/0";
    else if (c != ']') p += c;
  }
  return p;
}

// A preset of `f` whose resolved config has the row's parent and variant: the row's value is then
// read by its parser.
const std::string* presetWith(const FamilyInfo& f, const ConfigField& row, json& config) {
  const std::string parent = pointerOf(row.path).substr(0, pointerOf(row.path).rfind('/'));
  for (const std::string& p : f.presets) {
    json c = json::parse(presetJson(p));
    const json::json_pointer at(parent);
    if (!parent.empty() && !c.contains(at)) continue;
    const json& obj = parent.empty() ? c : c[at];
    if (!obj.is_object()) continue;
    if (!row.whenKey.empty()) {
      bool ok = false;
      for (const std::string& w : row.whenValues) ok = ok || (obj.contains(row.whenKey) && obj[row.whenKey] == w);
      if (!ok) continue;
    }
    config = c;
    return &p;
  }
  return nullptr;
}

// Rows whose declared bound a preset cannot reach without breaking a rule across fields (docs/config.md
// "What stays in code"): the bound, with the rule that refuses the config there.
const std::map<std::string, std::string> kCrossField = {
    {"rigid_body body.side max", "x0: a 1e6 m cube penetrates the plane from the preset's start"},
    {"rigid_body body.epsilon max", "x0: a cube rounded by 1e6 m penetrates the plane from the preset's start"},
    {"rigid_body h max", "Pi0: |h Pi0| beyond the range of (5.9c)"},
    {"rigid_body Pi0 min", "Pi0: |h Pi0| beyond the range of (5.9c)"},
    {"rigid_body Pi0 max", "Pi0: |h Pi0| beyond the range of (5.9c)"},
    {"generalized potential.axis max", "potential.axis < size of q0"},
    {"cradle cradle.pulled max", "cradle.pulled <= balls"},
    {"cradle cradle.length min", "cradle.radius in [1e-3, 0.25] x length"},
    {"cradle cradle.radius min", "cradle.radius in [1e-3, 0.25] x length"},
    {"cradle cradle.radius max", "cradle.radius in [1e-3, 0.25] x length"},
    {"billiard table.a min", "the ellipse's aspect ratio within 100"},
    {"billiard table.a max", "the ellipse's aspect ratio within 100"},
    {"billiard table.b min", "the ellipse's aspect ratio within 100"},
    {"billiard table.b max", "the ellipse's aspect ratio within 100"},
    {"billiard table.r min", "q0 strictly inside the table"},
    {"rigid_body plane.tilt min", "plane: a normal or tilt/azimuth, not both (the presets give a normal)"},
    {"rigid_body plane.tilt max", "plane: a normal or tilt/azimuth, not both (the presets give a normal)"},
    {"generalized constraints[].offset min", "q0 on the allowed side of every constraint"},
    {"cradle constraints[].ball max", "ball <= n - 2"},
    {"cradle constraints[].spacing min", "spacing in [2 radius, 4 radius]"},
    {"cradle constraints[].spacing max", "spacing in [2 radius, 4 radius]"},
    {"cradle constraints[].length min", "radius <= length"},
    {"cradle constraints[].radius min", "spacing in [2 radius, 4 radius]"},
    {"cradle constraints[].radius max", "radius <= length"},
    {"cradle cradle.length max", "the cradle's radius in [1e-3, 0.25] x length"},
};

}  // namespace

TEST_CASE("config schema: each family's parser accepts its table's bounds and refuses just outside, naming the field",
          "[schema]") {
  int bounds = 0;
  for (const FamilyInfo& f : families()) {
    for (const ConfigField& r : f.schema.fields) {
      if (r.type != Type::Number && r.type != Type::Integer && r.type != Type::Vector) continue;
      json config;
      const std::string* preset = presetWith(f, r, config);
      if (!preset) continue;  // no preset has the row's object or variant (a polyhedron's vertices)
      std::string pointer = pointerOf(r.path), field = r.path;
      if (r.type == Type::Vector) {
        if (!config.contains(json::json_pointer(pointer))) continue;  // a vector the preset does not give (qdot0)
        pointer += "/0", field += "[0]";
      }
      const size_t bracket = field.find("[]");
      if (bracket != std::string::npos) field.replace(bracket, 2, "[0]");
      for (const bool upper : {false, true}) {
        const std::optional<double>& bound = upper ? r.max : r.min;
        if (!bound) continue;
        const bool exclusive = upper ? r.exclusiveMax : r.exclusiveMin;
        const double outward = upper ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity();
        const double inside = exclusive ? std::nextafter(*bound, -outward) : *bound;
        double outside = exclusive ? *bound : std::nextafter(*bound, outward);
        if (r.type == Type::Integer) outside = upper ? *bound + 1 : *bound - 1;
        const std::string key = f.name + " " + r.path + (upper ? " max" : " min");
        INFO(key << " (preset " << *preset << ")");
        json at = config, beyond = config;
        at[json::json_pointer(pointer)] = r.type == Type::Integer ? json(static_cast<long long>(inside)) : json(inside);
        beyond[json::json_pointer(pointer)] = r.type == Type::Integer ? json(static_cast<long long>(outside)) : json(outside);
        const SimulationResult refused = createSimulation(beyond.dump());
        CHECK_FALSE(refused.ok());
        CHECK(refused.error.field == field);
        const SimulationResult accepted = createSimulation(at.dump());
        INFO(accepted.error.message);
        CHECK(accepted.ok() == !kCrossField.count(key));  // the list is exact: no stale entry
        ++bounds;
      }
    }
  }
  CHECK(bounds >= 60);  // every family's bounds, not a few
}

TEST_CASE("config schema: CheckedConfig reads a checked config by path, with the rows' defaults", "[schema]") {
  using T = ConfigField::Type;
  ConfigSchema schema;
  schema.family = schema.model = "reader";
  schema.fields = {ConfigField("a", T::Number, "m", "").range(0.0, 10.0).byDefault("2.5"),
                   ConfigField("n", T::Integer, "", "").range(1, 9).byDefault("3"),
                   ConfigField("on", T::Boolean, "", "").byDefault("false"),
                   ConfigField("name", T::String, "", "").oneOf({"x", "y"}),
                   ConfigField("v", T::Vector, "", "").ofSize(3).byDefault("[1, 2, 3]"),
                   ConfigField("m", T::Matrix, "", "").ofSize(2),
                   ConfigField("o", T::Object, "", ""),
                   ConfigField("o.k", T::Number, "", "").byDefault("7")};
  const CheckedConfig c(schema, R"({"a": 4, "name": "y", "m": [[1, 2], [3, 4]], "o": {"k": 0.5}})");
  CHECK(c.has("a"));
  CHECK_FALSE(c.has("n"));
  CHECK(c.has("o.k"));
  CHECK(c.number("a") == 4.0);
  CHECK(c.integer("n") == 3);  // the row's default
  CHECK_FALSE(c.boolean("on"));
  CHECK(c.text("name") == "y");
  CHECK(c.vector("v") == std::vector<double>{1, 2, 3});
  CHECK(c.matrix("m") == std::vector<std::vector<double>>{{1, 2}, {3, 4}});
  CHECK(c.number("o.k") == 0.5);
  CHECK_THROWS_AS(c.text("a"), std::logic_error);  // the wrong type is the caller's error, not the config's
  // The checker's rules come first: the reader never sees a config its schema refuses.
  CHECK_THROWS_WITH(CheckedConfig(schema, R"({"a": 11})"), "a: must be in [0, 10]");
  CHECK_THROWS_WITH(CheckedConfig(schema, R"({"b": 1})"), "b: is not a known key");
  CHECK_THROWS_AS(CheckedConfig(schema, "[1"), InvalidInput);
}

}  // namespace test_config_schema
