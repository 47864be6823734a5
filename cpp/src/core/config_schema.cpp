// The generic checker and the export of a family's config schema (lgvci/core/config_schema.hpp,
// docs/config.md). The checker walks the config object by object: unknown keys, the variant's
// discriminator, keys of another variant, required keys, then every value in the table's order.
#include "lgvci/core/config_schema.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "lgvci/core/config_check.hpp"
#include "lgvci/core/json_bounds.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/types.hpp"

namespace lgvci {
namespace {

using nlohmann::json;
using Type = ConfigField::Type;

std::string parentOf(const std::string& path) {
  const size_t dot = path.rfind('.');
  return dot == std::string::npos ? std::string() : path.substr(0, dot);
}
std::string keyOf(const std::string& path) {
  const size_t dot = path.rfind('.');
  return dot == std::string::npos ? path : path.substr(dot + 1);
}
std::string join(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

// A bound as it is written in the table: "1e6", "1e-9", "0.25", "-1e9".
std::string num(double v) {
  if (v != 0.0 && std::isfinite(v)) {  // a power of ten from 1e-3 down or 1e3 up: "1e3", not "1000"
    const int k = static_cast<int>(std::lround(std::log10(std::abs(v))));
    const std::string p = std::string(v < 0 ? "-" : "") + "1e" + std::to_string(k);
    if (std::abs(k) >= 3 && std::strtod(p.c_str(), nullptr) == v) return p;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  std::string s = buf;
  const size_t e = s.find('e');
  if (e == std::string::npos) return s;
  std::string exp = s.substr(e + 1);
  const bool negative = exp[0] == '-';
  size_t i = (exp[0] == '+' || exp[0] == '-') ? 1 : 0;
  while (i + 1 < exp.size() && exp[i] == '0') ++i;
  return s.substr(0, e) + "e" + (negative ? "-" : "") + exp.substr(i);
}

// "\"a\" or \"b\"", "\"a\", \"b\" or \"c\"".
std::string quotedChoice(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) s += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + ("\"" + names[i] + "\"");
  return s;
}

// "a cube or polyhedron body", "a disc".
std::string variantWords(const std::vector<std::string>& values, const std::string& noun) {
  std::string s = values.empty() ? "" : std::string(std::string("aeiou").find(values[0][0]) != std::string::npos ? "an " : "a ");
  for (size_t i = 0; i < values.size(); ++i) s += (i == 0 ? "" : i + 1 == values.size() ? " or " : ", ") + values[i];
  return noun.empty() ? s : s + " " + noun;
}

// The rule of a value outside the row's bounds.
std::string boundsRule(const ConfigField& f) {
  if (!f.rule.empty()) return f.rule;
  const std::string lo = f.min ? num(*f.min) : "", hi = f.max ? num(*f.max) : "";
  const std::string prefix = f.type == Type::Integer ? "must be an integer" : "must be";
  if (f.min && f.max)
    return prefix + " in " + (f.exclusiveMin ? "(" : "[") + lo + ", " + hi + (f.exclusiveMax ? ")" : "]");
  if (f.min) return prefix + (f.exclusiveMin ? " > " : " >= ") + lo;
  if (f.max) return prefix + (f.exclusiveMax ? " < " : " <= ") + hi;
  return prefix;
}

bool inBounds(const ConfigField& f, double v) {
  if (f.min && (f.exclusiveMin ? !(v > *f.min) : !(v >= *f.min))) return false;
  if (f.max && (f.exclusiveMax ? !(v < *f.max) : !(v <= *f.max))) return false;
  return true;
}

class Checker {
 public:
  Checker(const ConfigSchema& s, bool partial) : schema_(s), partial_(partial) {}

  // The object `j` at `field` (its message path), described by the rows whose parent is `prefix`.
  void object(const json& j, const std::string& prefix, const std::string& field) const {
    if (!j.is_object()) throw InvalidInput(field.empty() ? "config" : field, "must be a JSON object");
    std::vector<const ConfigField*> rows;
    for (const ConfigField& f : schema_.fields)
      if (parentOf(f.path) == prefix) rows.push_back(&f);
    auto rowOf = [&](const std::string& key) -> const ConfigField* {
      for (const ConfigField* r : rows)
        if (keyOf(r->path) == key) return r;
      return nullptr;
    };
    for (const auto& [k, v] : j.items())
      if (!rowOf(k)) throw InvalidInput(join(field, keyName(k)), "is not a known key");
    // The discriminators first: they say which rows apply.
    for (const ConfigField* r : rows) {
      bool discriminator = false;
      for (const ConfigField* q : rows) discriminator = discriminator || q->whenKey == keyOf(r->path);
      if (!discriminator) continue;
      const std::string key = keyOf(r->path);
      if (!j.contains(key)) {
        if (r->required && !partial_) throw InvalidInput(join(field, key), "must be " + quotedChoice(r->choices));
        continue;
      }
      value(*r, j[key], join(field, key));
    }
    auto applies = [&](const ConfigField& r) {
      if (r.whenKey.empty()) return true;
      if (!j.contains(r.whenKey) || !j[r.whenKey].is_string()) return false;
      const std::string d = j[r.whenKey].get<std::string>();
      for (const std::string& w : r.whenValues)
        if (w == d) return true;
      return false;
    };
    for (const auto& [k, v] : j.items()) {
      const ConfigField& r = *rowOf(k);
      if (applies(r) || (partial_ && !j.contains(r.whenKey))) continue;
      const ConfigField* d = rowOf(r.whenKey);
      throw InvalidInput(join(field, keyName(k)), "applies only to " + variantWords(r.whenValues, d ? d->noun : ""));
    }
    for (const ConfigField* r : rows) {
      const std::string key = keyOf(r->path);
      if (partial_ || !r->required || j.contains(key) || !applies(*r)) continue;
      std::string why = "is required";
      if (!r->whenKey.empty()) {
        const ConfigField* d = rowOf(r->whenKey);
        why += " for " + variantWords({j[r->whenKey].get<std::string>()}, d ? d->noun : "");
      } else if (prefix.empty() && schema_.find("case")) {
        why += " (or give a \"case\")";
      }
      throw InvalidInput(join(field, key), why);
    }
    for (const ConfigField* r : rows) {
      const std::string key = keyOf(r->path);
      if (j.contains(key) && (applies(*r) || partial_)) value(*r, j[key], join(field, key));
    }
  }

 private:
  const ConfigSchema& schema_;
  bool partial_;  // a patch over a preset: required keys may be missing, a variant may be the preset's

  static double number(const ConfigField& f, const json& v, const std::string& field) {
    if (!v.is_number()) throw InvalidInput(field, "must be a number");
    const double x = v.get<double>();
    if (!std::isfinite(x)) throw InvalidInput(field, "must be finite");
    if (f.type == Type::Integer && x != std::floor(x)) throw InvalidInput(field, boundsRule(f));
    if (!inBounds(f, x)) throw InvalidInput(field, boundsRule(f));
    return x;
  }

  static void vector(const ConfigField& f, const json& v, const std::string& field, size_t n) {
    if (!v.is_array() || (n ? v.size() != n : (v.empty() || v.size() > static_cast<size_t>(f.maxItems))))
      throw InvalidInput(field, n ? "must be an array of " + std::to_string(n) + " numbers"
                                  : "must be an array of 1 to " + std::to_string(f.maxItems) + " numbers");
    for (size_t i = 0; i < v.size(); ++i) number(f, v[i], field + "[" + std::to_string(i) + "]");
  }

  void value(const ConfigField& f, const json& v, const std::string& field) const {
    switch (f.type) {
      case Type::Number:
      case Type::Integer: number(f, v, field); return;
      case Type::Boolean:
        if (!v.is_boolean()) throw InvalidInput(field, "must be true or false");
        return;
      case Type::String: {
        if (f.choices.empty()) {
          if (!v.is_string()) throw InvalidInput(field, "must be a string");
          return;
        }
        for (const std::string& c : f.choices)
          if (v.is_string() && v.get<std::string>() == c) return;
        throw InvalidInput(field, "must be " + quotedChoice(f.choices));
      }
      case Type::Vector: vector(f, v, field, static_cast<size_t>(f.size)); return;
      case Type::Matrix: {
        const size_t n = static_cast<size_t>(f.size);
        if (!v.is_array() || (n ? v.size() != n : (v.empty() || v.size() > static_cast<size_t>(f.maxItems)))) {
          const std::string rows = f.columns ? " rows of " + std::to_string(f.columns) + " numbers" : " rows";
          throw InvalidInput(field, n ? "must be a " + std::to_string(n) + "x" + std::to_string(n) + " array of rows"
                                      : "must be a non-empty array of at most " + std::to_string(f.maxItems) +
                                            (f.diagonalForm ? " numbers (the diagonal) or rows" : rows));
        }
        for (size_t i = 0; i < v.size(); ++i) {
          const std::string row = field + "[" + std::to_string(i) + "]";
          if (f.diagonalForm && v[i].is_number()) number(f, v[i], row);
          else vector(f, v[i], row, f.columns ? static_cast<size_t>(f.columns) : v.size());
        }
        return;
      }
      case Type::Object: object(v, f.path, field); return;
      case Type::Array: {
        if (!v.is_array() || v.empty() || v.size() > static_cast<size_t>(f.maxItems))
          throw InvalidInput(field, "must be a non-empty array of at most " + std::to_string(f.maxItems) + " objects");
        for (size_t i = 0; i < v.size(); ++i)
          object(v[i], f.items.empty() ? f.path + "[]" : f.items, field + "[" + std::to_string(i) + "]");
        return;
      }
    }
  }
};

const char* typeName(Type t) {
  switch (t) {
    case Type::Number: return "number";
    case Type::Integer: return "integer";
    case Type::Boolean: return "boolean";
    case Type::String: return "string";
    case Type::Vector:
    case Type::Matrix:
    case Type::Array: return "array";
    case Type::Object: return "object";
  }
  return "?";
}

json numberJson(const ConfigField& f, bool integer) {
  json n = {{"type", integer ? "integer" : "number"}};
  if (f.min) n[f.exclusiveMin ? "exclusiveMinimum" : "minimum"] = *f.min;
  if (f.max) n[f.exclusiveMax ? "exclusiveMaximum" : "maximum"] = *f.max;
  return n;
}

json propertiesOf(const ConfigSchema& s, const std::string& prefix, json& required);

json property(const ConfigSchema& s, const ConfigField& f) {
  json p;
  switch (f.type) {
    case Type::Number:
    case Type::Integer: p = numberJson(f, f.type == Type::Integer); break;
    case Type::Boolean:
    case Type::String:
      p["type"] = typeName(f.type);
      if (!f.choices.empty()) p["enum"] = f.choices;
      break;
    case Type::Vector:
      p["type"] = "array";
      p["items"] = numberJson(f, false);
      break;
    case Type::Matrix: {
      json row = {{"type", "array"}, {"items", numberJson(f, false)}};
      if (f.columns) row["minItems"] = row["maxItems"] = f.columns;
      p["type"] = "array";
      p["items"] = f.diagonalForm ? json{{"oneOf", json::array({numberJson(f, false), row})}} : row;
      break;
    }
    case Type::Object: {
      json required = json::array();
      p["type"] = "object";
      p["properties"] = propertiesOf(s, f.path, required);
      if (!required.empty()) p["required"] = required;
      break;
    }
    case Type::Array: {
      p["type"] = "array";
      if (!f.items.empty()) {
        std::string ref = "#/properties/" + f.items;
        for (size_t i; (i = ref.find('.')) != std::string::npos;) ref.replace(i, 1, "/properties/");
        p["items"] = {{"$ref", ref}};
      } else {
        json required = json::array(), items = {{"type", "object"}};
        items["properties"] = propertiesOf(s, f.path + "[]", required);
        if (!required.empty()) items["required"] = required;
        p["items"] = items;
      }
      break;
    }
  }
  if (f.type == Type::Vector || f.type == Type::Matrix || f.type == Type::Array) {
    if (f.size > 0) p["minItems"] = p["maxItems"] = f.size;
    else p["minItems"] = 1, p["maxItems"] = f.maxItems;
  }
  if (!f.defaultJson.empty()) p["default"] = json::parse(f.defaultJson);
  if (!f.unit.empty()) p["unit"] = f.unit;
  if (!f.rule.empty()) p["rule"] = f.rule;
  if (!f.whenKey.empty()) p["when"] = {{f.whenKey, f.whenValues}};
  p["description"] = f.description;
  return p;
}

json propertiesOf(const ConfigSchema& s, const std::string& prefix, json& required) {
  json props = json::object();
  for (const ConfigField& f : s.fields) {
    if (parentOf(f.path) != prefix) continue;
    props[keyOf(f.path)] = property(s, f);
    if (f.required && f.whenKey.empty()) required.push_back(keyOf(f.path));
  }
  return props;
}

json schemaJson(const ConfigSchema& s) {
  json required = json::array();
  json j = {{"family", s.family}, {"model", s.model}, {"type", "object"}};
  j["properties"] = propertiesOf(s, "", required);
  j["required"] = required;
  return j;
}

}  // namespace

const ConfigField* ConfigSchema::find(const std::string& path) const {
  for (const ConfigField& f : fields)
    if (f.path == path) return &f;
  return nullptr;
}

void checkConfigTree(const ConfigSchema& schema, const json& config, bool partial) { Checker(schema, partial).object(config, "", ""); }

void checkConfig(const ConfigSchema& schema, const std::string& text) {
  checkJsonText(text);
  checkConfigTree(schema, json::parse(text), false);
}

struct CheckedConfig::Tree {
  json config;
  ConfigSchema schema;
  // The value at "a.b", or the row's default, or nullptr.
  const json* value(const std::string& path, json& fallback) const {
    const json* at = &config;
    std::size_t from = 0;
    while (at) {
      const std::size_t dot = path.find('.', from);
      const std::string key = path.substr(from, dot == std::string::npos ? std::string::npos : dot - from);
      at = at->is_object() && at->contains(key) ? &(*at)[key] : nullptr;
      if (dot == std::string::npos) break;
      from = dot + 1;
    }
    if (at) return at;
    const ConfigField* row = schema.find(path);
    if (!row || row->defaultJson.empty()) return nullptr;
    fallback = json::parse(row->defaultJson);
    return &fallback;
  }
  const json& require(const std::string& path, json& fallback, bool (json::*is)() const noexcept, const char* type) const {
    const json* v = value(path, fallback);
    if (!v) throw std::logic_error("CheckedConfig: '" + path + "' is absent and its row has no default");
    if (!(v->*is)()) throw std::logic_error("CheckedConfig: '" + path + "' is not " + type);
    return *v;
  }
};

ConfigDocument::ConfigDocument(std::string text) : text_(std::move(text)) {
  checkJsonText(text_);  // bounded size and depth, no duplicate keys, an object: before any tree is built
  tree_ = std::make_shared<const json>(json::parse(text_));
}

CheckedConfig::CheckedConfig(const ConfigSchema& schema, const std::string& text) : CheckedConfig(schema, ConfigDocument(text)) {}

CheckedConfig::CheckedConfig(const ConfigSchema& schema, const ConfigDocument& config) {
  auto tree = std::make_shared<Tree>();
  tree->config = configTree(config);
  checkConfigTree(schema, tree->config, false);
  tree->schema = schema;
  tree_ = std::move(tree);
}

bool CheckedConfig::has(const std::string& path) const {
  const json* at = &tree_->config;  // the config's own value only, not the row's default
  std::size_t from = 0;
  while (true) {
    const std::size_t dot = path.find('.', from);
    const std::string key = path.substr(from, dot == std::string::npos ? std::string::npos : dot - from);
    if (!at->is_object() || !at->contains(key)) return false;
    at = &(*at)[key];
    if (dot == std::string::npos) return true;
    from = dot + 1;
  }
}

double CheckedConfig::number(const std::string& path) const {
  json f;
  return tree_->require(path, f, &json::is_number, "a number").get<double>();
}

long long CheckedConfig::integer(const std::string& path) const {
  json f;
  return tree_->require(path, f, &json::is_number_integer, "an integer").get<long long>();
}

bool CheckedConfig::boolean(const std::string& path) const {
  json f;
  return tree_->require(path, f, &json::is_boolean, "a boolean").get<bool>();
}

std::string CheckedConfig::text(const std::string& path) const {
  json f;
  return tree_->require(path, f, &json::is_string, "a string").get<std::string>();
}

std::vector<double> CheckedConfig::vector(const std::string& path) const {
  json f;
  return tree_->require(path, f, &json::is_array, "an array").get<std::vector<double>>();
}

std::vector<std::vector<double>> CheckedConfig::matrix(const std::string& path) const {
  json f;
  return tree_->require(path, f, &json::is_array, "an array").get<std::vector<std::vector<double>>>();
}

void checkNumber(const ConfigSchema& schema, const std::string& path, double value, const std::string& field) {
  const ConfigField* f = schema.find(path);
  if (!f) throw std::logic_error("checkNumber: no row " + path);
  const std::string name = field.empty() ? path : field;
  if (!std::isfinite(value)) throw InvalidInput(name, "must be finite");
  if (!inBounds(*f, value) || (f->type == Type::Integer && value != std::floor(value))) throw InvalidInput(name, boundsRule(*f));
}

std::string configSchemaJson(const ConfigSchema& schema, int indent) { return schemaJson(schema).dump(indent); }

std::string configSchemasJson(int indent) {
  json all = json::object();
  for (const FamilyInfo& f : families()) all[f.name] = schemaJson(f.schema);
  return all.dump(indent);
}

}  // namespace lgvci
