// The config schema of a model family as data (docs/config.md): one row per JSON field with its type,
// bounds, default, unit and one line of meaning. A family declares its table once (FamilyInfo::schema);
// the family's parser runs the generic checker over it before building anything, and the same table
// is exported as JSON-Schema-like text (configSchemaJson: the CLI's --schema, the WebAssembly module's
// configSchema()), so the page, the docs and external tools read the bounds the parser enforces.
// What a row cannot say (a rule across fields: a body that penetrates the plane, an aspect ratio,
// p0 sized like q0) stays in the family's code and is listed in docs/config.md.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lgvci {

/// The page's slider of a row (docs/config.md "The page's sliders"): the part of the value it edits, the
/// range and step it offers in the unit the page shows, and its scale. Declared in the row so that the
/// page's ranges are generated from the schema (cpp/api/generate.cpp writes each family's
/// web/generated/config-schema.ts) and checked there against the row's bounds: a slider never offers a
/// value the parser refuses. The range may be narrower than the row's (the paper's scale of things).
struct SliderHint {
  /// What the control shows of the row's value.
  enum class Display {
    Value,             // the value, or entry `index` of a Vector, in the row's unit
    Degrees,           // an angle in radians, shown in degrees
    NegatedDegrees,    // minus an angle in radians, in degrees (a size of a negative angle)
    Length,            // the Euclidean length of a Vector (a speed of a velocity)
    DirectionDegrees,  // the direction atan2(y, x) of a 2-vector, in degrees
  };
  /// The page's control ("x0z"), unique across the families.
  std::string id;
  double min = 0, max = 0;
  /// In display units (linear) or decades (log).
  double step = 0;
  /// The unit as the page writes it ("kg·m/s", "°"; "" for a pure number).
  std::string unit;
  /// The entry of a Vector row the slider edits; -1: the value itself.
  int index = -1;
  bool log = false;
  Display display = Display::Value;

  SliderHint(std::string id_, double min_, double max_, double step_, std::string unit_)
      : id(std::move(id_)), min(min_), max(max_), step(step_), unit(std::move(unit_)) {}
  SliderHint& at(int i) { return index = i, *this; }
  SliderHint& logScale() { return log = true, *this; }
  SliderHint& shown(Display d) { return display = d, *this; }
};

struct ConfigField {
  enum class Type {
    Number,   // a finite JSON number
    Integer,  // a whole JSON number
    Boolean,  // true or false
    String,   // a string; one of `choices` when they are given
    Vector,   // an array of numbers: exactly `size`, or 1..`maxItems` when size is 0
    Matrix,   // an array of rows, each a Vector of the same length as the matrix
    Object,   // a JSON object whose keys are the rows "path.key"
    Array,    // an array of objects: 1..`maxItems`, each described by the rows "path[].key", or by
              // the rows under `items` when given (a recursive body: "body.parts" → "body")
  };
  /// "plane.tilt"; the elements of an array are "[]": "constraints[].type".
  std::string path;
  Type type = Type::Number;
  /// Bounds of a Number, Integer, and of every entry of a Vector or Matrix.
  std::optional<double> min, max;
  bool exclusiveMin = false, exclusiveMax = false;
  /// The rule of a bound violation when the numbers alone would hide it ("must be in [0, pi/2)").
  std::string rule;
  /// Vector, Matrix, Array: the exact count (rows of a Matrix), or 0 for 1..maxItems.
  int size = 0;
  int maxItems = 0;
  /// Matrix: its rows may each be a number instead, the diagonal entry ("mass_matrix": [1, 2]).
  bool diagonalForm = false;
  /// String: the allowed values, in the order the messages list them.
  std::vector<std::string> choices;
  /// Array: the rows describing each element, when not "path[]" ("body" for "body.parts").
  std::string items;
  /// Absent → "is required"; a required row of a variant is required only in that variant.
  bool required = false;
  /// JSON text of the value the parser takes when the field is absent; "" when it has none or it is
  /// computed (the inertia from the body).
  std::string defaultJson;
  /// The SI unit of the value in the config ("m", "s", "kg", "rad", "kg m/s"; "" for a pure number).
  std::string unit;
  std::string description;
  /// A variant row: it applies only when the sibling key `whenKey` (in the same object) has one of
  /// `whenValues` ("body.side" when "body.type" is "cube"). Empty: always.
  std::string whenKey;
  std::vector<std::string> whenValues;
  /// A discriminator row (a String with choices that rows of its object name as whenKey): the noun of
  /// its messages, "applies only to a cube or polyhedron body" (noun "body"), "a disc" (noun "").
  std::string noun;
  /// Matrix: the numbers of each row (0: as many as the matrix has rows; 3 for a list of points).
  int columns = 0;
  /// The page's sliders on this row (none: the page has no slider for it).
  std::vector<SliderHint> sliders;

  ConfigField() = default;
  ConfigField(std::string path_, Type type_, std::string unit_, std::string description_)
      : path(std::move(path_)), type(type_), unit(std::move(unit_)), description(std::move(description_)) {}
  // Chained setters, so that a family's table reads one row per field.
  ConfigField& range(double lo, double hi, bool exclusiveLo = false, bool exclusiveHi = false) {
    min = lo, max = hi, exclusiveMin = exclusiveLo, exclusiveMax = exclusiveHi;
    return *this;
  }
  ConfigField& atLeast(double lo) { return min = lo, exclusiveMin = false, *this; }
  ConfigField& above(double lo) { return min = lo, exclusiveMin = true, *this; }
  ConfigField& withRule(std::string r) { return rule = std::move(r), *this; }
  ConfigField& ofSize(int n) { return size = n, *this; }
  ConfigField& upTo(int n) { return maxItems = n, *this; }
  ConfigField& oneOf(std::vector<std::string> c) { return choices = std::move(c), *this; }
  ConfigField& need() { return required = true, *this; }
  ConfigField& byDefault(std::string json) { return defaultJson = std::move(json), *this; }
  ConfigField& slider(SliderHint hint) { return sliders.push_back(std::move(hint)), *this; }
  ConfigField& when(std::string key, std::vector<std::string> values) {
    whenKey = std::move(key), whenValues = std::move(values);
    return *this;
  }
};

struct ConfigSchema {
  /// The family (FamilyInfo::name) and its config's "model".
  std::string family, model;
  std::vector<ConfigField> fields;
  /// The row of `path`, or nullptr.
  const ConfigField* find(const std::string& path) const;
};

/// Parses `json` and throws InvalidInput("field", "rule") for the first violation of `schema`: an
/// unknown key ("foo: is not a known key"), a key of another variant ("shape.a: applies only to a
/// disc"), a wrong type ("x0: must be an array of 3 numbers"), an array size, a value outside its
/// bounds ("body.n: must be an integer in [2, 7]"), a string outside its choices, a missing
/// required field. Rules across fields are not checked here (the family's parser has them).
void checkConfig(const ConfigSchema& schema, const std::string& json);

/// A config's text, checked once for its bounds (checkJsonText: size, depth, duplicate keys) and parsed
/// once: what createSimulation hands to a family's factory, so that one create reads the text once (docs/
/// architecture.md "How to add a family"). A family in the library reads its tree (configTree, in the
/// library's lgvci/core/config_check.hpp); one outside it reads the values with CheckedConfig.
class ConfigDocument {
 public:
  /// Throws InvalidInput("config", …) for text outside the bounds or not a JSON object.
  explicit ConfigDocument(std::string text);
  const std::string& text() const { return text_; }
  /// The tree (an nlohmann::json, opaque here: the library's headers read it).
  const void* tree() const { return tree_.get(); }

 private:
  std::string text_;
  std::shared_ptr<const void> tree_;
};

/// A config checked against a family's schema and read by path: what a family's parser needs without a
/// JSON library of its own (a family built outside the library uses it; docs/architecture.md "How to
/// add a family"). "a.b" reads key b of object a. An absent field reads as its row's default.
class CheckedConfig {
 public:
  /// checkConfig(schema, json): throws InvalidInput naming the field; then the values are readable.
  CheckedConfig(const ConfigSchema& schema, const std::string& json);
  /// The same over a document already read (a family's factory: FamilyInfo::create).
  CheckedConfig(const ConfigSchema& schema, const ConfigDocument& config);
  /// Whether the config gives `path` (a row's default does not count).
  bool has(const std::string& path) const;
  /// The value at `path` — the config's, else its row's default. Throws std::logic_error for a path of
  /// the wrong type or with neither (a family's parser asks has() first for a field without a default).
  double number(const std::string& path) const;
  long long integer(const std::string& path) const;
  bool boolean(const std::string& path) const;
  std::string text(const std::string& path) const;
  std::vector<double> vector(const std::string& path) const;
  std::vector<std::vector<double>> matrix(const std::string& path) const;

 private:
  struct Tree;
  std::shared_ptr<const Tree> tree_;
};

/// The bounds of the row `path` on a value a program built (not parsed): throws
/// InvalidInput(field, rule) with the checker's rule, so that a def's validator and the parser
/// enforce one table. `field` defaults to `path` ("v0[1]" for an entry of "v0").
void checkNumber(const ConfigSchema& schema, const std::string& path, double value, const std::string& field = "");

/// The schema as JSON text, JSON-Schema-like: {"family", "model", "type": "object", "properties",
/// "required"}; a property has "type", "description", "unit", "minimum"/"maximum" or
/// "exclusiveMinimum"/"exclusiveMaximum", "enum", "items", "minItems"/"maxItems", "default", and for
/// a variant row "when": {"<key>": [values]}. A recursive element is {"$ref": "#/properties/body"}.
std::string configSchemaJson(const ConfigSchema& schema, int indent = -1);
/// Every registered family's schema: {"<family>": {…}, …}, keyed by family name.
std::string configSchemasJson(int indent = -1);

}  // namespace lgvci
