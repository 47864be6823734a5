// The page's config types and slider ranges, written from the core's config schemas (docs/architecture.md
// "The bindings: one declaration"; docs/config.md "The page's sliders"). Included by generate.cpp, which
// writes, for each registered family, families/<family>/web/generated/config-schema.ts, and for the
// driver's own rows (lgvci/core/driver_schema.hpp) web/src/config/generated/driver-schema.ts:
//
//   - the TypeScript type of the family's config: one interface per object of the schema, a union per
//     discriminated object ("body" by its "type"), each field's type and optionality from its row;
//   - the bounds of every numeric or choice row (min/max, exclusive or not, integer, choices, default);
//   - each slider the rows declare (SliderHint): the part of the value it edits, its range, step, scale
//     and unit as the page shows them, and the row's valid range in those units. A slider whose range
//     leaves the row's valid range is refused here, so the page never offers a value the core refuses.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "lgvci/core/config_schema.hpp"
#include "lgvci/core/driver_schema.hpp"
#include "lgvci/core/family.hpp"

namespace lgvci::api::config_ts {

using lgvci::ConfigField;
using lgvci::ConfigSchema;
using lgvci::SliderHint;
using Type = ConfigField::Type;

/// The shortest decimal text that reads back as `v` (TypeScript's number literal).
inline std::string number(double v) {
  if (!std::isfinite(v)) throw std::runtime_error("a schema bound is not finite");
  char buf[40];
  for (int p = 1; p <= 17; ++p) {
    std::snprintf(buf, sizeof buf, "%.*g", p, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  std::string s = buf;
  if (s == "-0") return "0";
  const std::size_t e = s.find('e');
  if (e == std::string::npos) return s;
  const int exponent = std::atoi(s.c_str() + e + 1);
  if (exponent >= 0 && exponent < 6) {  // %g wrote a whole number as 3e+01: plainly, 30
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  return s.substr(0, e) + "e" + std::to_string(exponent);  // 1e6, 1e-13
}

inline std::string pascal(const std::string& snake) {
  std::string out;
  bool up = true;
  for (char c : snake) {
    if (c == '_' || c == '.' || c == '[' || c == ']') {
      up = true;
      continue;
    }
    out += up ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    up = false;
  }
  return out;
}

inline std::string upperSnake(const std::string& snake) {
  std::string out;
  for (char c : snake) out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

inline std::string quoted(const std::string& s) { return "'" + s + "'"; }

inline std::string literalUnion(const std::vector<std::string>& choices) {
  std::string out;
  for (const std::string& c : choices) out += (out.empty() ? "" : " | ") + quoted(c);
  return out;
}

inline std::string tuple(int n, const std::string& of) {
  std::string out = "[";
  for (int i = 0; i < n; ++i) out += (i ? ", " : "") + of;
  return out + "]";
}

/// The key of `path` under `prefix` ("body." → "body.side" gives "side"), or "" when it is not a direct child.
inline std::string childKey(const std::string& path, const std::string& prefix) {
  if (path.compare(0, prefix.size(), prefix) != 0) return "";
  const std::string rest = path.substr(prefix.size());
  if (rest.empty() || rest.find('.') != std::string::npos || rest.find('[') != std::string::npos) return "";
  return rest;
}

/// One schema's TypeScript: its named object types, written once each.
class Types {
 public:
  Types(const ConfigSchema& schema, std::string typePrefix) : schema_(schema), prefix_(std::move(typePrefix)) {}

  /// The interface of the top-level object, named `name`, after the object types it uses.
  std::string top(const std::string& name, const std::string& doc) {
    const std::string body = members("", "  ");
    return defs_ + "/** " + doc + " */\nexport interface " + name + " {\n" + body + "}\n";
  }

 private:
  const ConfigSchema& schema_;
  std::string prefix_;
  std::string defs_;
  std::set<std::string> written_;

  static std::string fieldDoc(const ConfigField& f) {
    std::string doc = f.description;
    if (!f.unit.empty()) doc += " [" + f.unit + "]";
    if (f.min || f.max) {
      doc += " In " + std::string(f.min && f.exclusiveMin ? "(" : "[") + (f.min ? number(*f.min) : "-inf") + ", " +
             (f.max ? number(*f.max) : "inf") + (f.max && f.exclusiveMax ? ")" : "]") + ".";
    }
    if (!f.defaultJson.empty()) doc += " Default " + f.defaultJson + ".";
    return doc;
  }

  /// The TypeScript type of the value of row `f`.
  std::string valueType(const ConfigField& f) {
    switch (f.type) {
      case Type::Number:
      case Type::Integer:
        return "number";
      case Type::Boolean:
        return "boolean";
      case Type::String:
        return f.choices.empty() ? "string" : literalUnion(f.choices);
      case Type::Vector:
        return f.size > 0 ? tuple(f.size, "number") : "number[]";
      case Type::Matrix: {
        const int n = f.columns > 0 ? f.columns : f.size;
        std::string row = n > 0 ? tuple(n, "number") : "number[]";
        if (f.diagonalForm) row = "(number | " + row + ")";
        return f.size > 0 ? tuple(f.size, row) : row + "[]";
      }
      case Type::Object:
        return objectType(f.path);
      case Type::Array: {
        const std::string element = f.items.empty() ? objectType(f.path + "[]") : objectType(f.items);
        return element + "[]";
      }
    }
    throw std::runtime_error(f.path + ": a row of unknown type");
  }

  /// The name of the object type at `path` ("body", "constraints[]"), written into defs_ once.
  std::string objectType(const std::string& path) {
    std::string last = path.substr(path.rfind('.') == std::string::npos ? 0 : path.rfind('.') + 1);
    const bool element = last.size() > 2 && last.compare(last.size() - 2, 2, "[]") == 0;
    if (element) {
      last.resize(last.size() - 2);
      if (last.size() > 1 && last.back() == 's') last.pop_back();  // "constraints[]" → Constraint
    }
    const std::string name = prefix_ + pascal(last);
    if (written_.count(name)) return name;
    written_.insert(name);
    const std::string childPrefix = path + (element ? "." : ".");
    // A required string row that other rows name as their variant key splits the object into a union.
    const ConfigField* discriminator = nullptr;
    for (const ConfigField& f : schema_.fields) {
      const std::string key = childKey(f.path, childPrefix);
      if (key.empty() || f.type != Type::String || f.choices.empty() || !f.required) continue;
      for (const ConfigField& g : schema_.fields)
        if (!childKey(g.path, childPrefix).empty() && g.whenKey == key) discriminator = &f;
    }
    const ConfigField* row = schema_.find(element ? path.substr(0, path.size() - 2) : path);
    std::string text = "/** " + (row ? row->description : path) + " */\nexport ";
    if (!discriminator) {
      text += "interface " + name + " {\n" + members(childPrefix, "  ") + "}\n";
    } else {
      text += "type " + name + " =\n";
      const std::string dkey = childKey(discriminator->path, childPrefix);
      for (const std::string& choice : discriminator->choices) {
        text += "  | {\n";
        text += "      " + dkey + ": " + quoted(choice) + ";\n";
        text += members(childPrefix, "      ", &dkey, &choice);
        text += "    }\n";
      }
      text.back() = ';';
      text += "\n";
    }
    defs_ += text + "\n";
    return name;
  }

  /// The members of the object whose rows start with `childPrefix` ("" for the top level); in a
  /// variant (`key` = `choice`), the rows of that variant only, the discriminator left out.
  std::string members(const std::string& childPrefix, const std::string& indent, const std::string* key = nullptr,
                      const std::string* choice = nullptr) {
    std::string out;
    for (const ConfigField& f : schema_.fields) {
      const std::string name = childKey(f.path, childPrefix);
      if (name.empty()) continue;
      if (key && name == *key) continue;
      bool variant = false;
      if (key && !f.whenKey.empty()) {
        if (f.whenKey != *key) continue;
        bool in = false;
        for (const std::string& v : f.whenValues) in = in || v == *choice;
        if (!in) continue;
        variant = true;
      }
      const bool optional = !f.required || (!key && !f.whenKey.empty());
      (void)variant;
      out += indent + "/** " + fieldDoc(f) + " */\n";
      out += indent + name + (optional ? "?: " : ": ") + valueType(f) + ";\n";
    }
    return out;
  }
};

// ---- The bounds and the sliders ----

/// The row's entry the slider's default reads, in the row's unit, or NAN when the row states none.
inline double defaultEntry(const ConfigField& f, int index) {
  const std::string& d = f.defaultJson;
  if (d.empty()) return NAN;
  if (index < 0) {
    char* end = nullptr;
    const double v = std::strtod(d.c_str(), &end);
    return end != d.c_str() ? v : NAN;
  }
  std::size_t at = d.find('[');
  if (at == std::string::npos) return NAN;
  const char* p = d.c_str() + at + 1;
  for (int i = 0;; ++i) {
    char* end = nullptr;
    const double v = std::strtod(p, &end);
    if (end == p) return NAN;
    if (i == index) return v;
    p = end;
    while (*p == ' ' || *p == ',') ++p;
  }
}

inline const char* displayName(SliderHint::Display d) {
  switch (d) {
    case SliderHint::Display::Value: return "value";
    case SliderHint::Display::Degrees: return "degrees";
    case SliderHint::Display::NegatedDegrees: return "negatedDegrees";
    case SliderHint::Display::Length: return "length";
    case SliderHint::Display::DirectionDegrees: return "directionDegrees";
  }
  return "value";
}

struct Valid {
  double min = -INFINITY, max = INFINITY;
  bool exclusiveMin = false, exclusiveMax = false;
};

/// The row's valid range in the slider's display units.
inline Valid validRange(const ConfigField& f, const SliderHint& s) {
  Valid v;
  if (f.min) v.min = *f.min, v.exclusiveMin = f.exclusiveMin;
  if (f.max) v.max = *f.max, v.exclusiveMax = f.exclusiveMax;
  const double deg = 180.0 / M_PI;
  switch (s.display) {
    case SliderHint::Display::Value:
      return v;
    case SliderHint::Display::Degrees:
      return {v.min * deg, v.max * deg, v.exclusiveMin, v.exclusiveMax};
    case SliderHint::Display::NegatedDegrees:
      return {-v.max * deg, -v.min * deg, v.exclusiveMax, v.exclusiveMin};
    case SliderHint::Display::Length:  // every entry within [-max, max] when the length is at most max
      return {0.0, std::min(std::abs(v.min), std::abs(v.max)), false, v.exclusiveMax};
    case SliderHint::Display::DirectionDegrees:
      return {-180.0, 180.0, false, false};
  }
  return v;
}

inline double toDisplay(double value, SliderHint::Display d) {
  const double deg = 180.0 / M_PI;
  if (d == SliderHint::Display::Degrees) return value * deg;
  if (d == SliderHint::Display::NegatedDegrees) return -value * deg;
  return value;
}

/// Throws when the slider offers a value outside its row's valid range, or is not a slider at all.
inline void checkSlider(const ConfigField& f, const SliderHint& s, const Valid& v) {
  auto fail = [&](const std::string& why) {
    throw std::runtime_error("the slider '" + s.id + "' of the row '" + f.path + "' " + why);
  };
  if (!(s.min < s.max) || !(s.step > 0)) fail("needs min < max and a positive step");
  if (s.log && !(s.min > 0)) fail("is logarithmic: its minimum must be positive");
  if (s.min < v.min || (v.exclusiveMin && s.min == v.min)) fail("starts at " + number(s.min) + ", below the row's bound " + number(v.min));
  if (s.max > v.max || (v.exclusiveMax && s.max == v.max)) fail("ends at " + number(s.max) + ", above the row's bound " + number(v.max));
  const bool vector = f.type == Type::Vector;
  if (vector != (s.index >= 0 || s.display == SliderHint::Display::Length || s.display == SliderHint::Display::DirectionDegrees))
    fail("must name an entry (at) of a Vector row, and only of one");
  if (f.type != Type::Number && f.type != Type::Integer && !vector) fail("is on a row that is not a number");
  if (f.type == Type::Integer && s.step != std::floor(s.step)) fail("steps by a fraction on an integer row");
}

inline std::string bound(double v) { return std::isfinite(v) ? number(v) : "null"; }

/// The ROWS table: the bounds of every numeric or choice row, by path.
inline std::string rowsTable(const std::vector<ConfigField>& fields, const std::string& constName, const std::string& of) {
  std::string out = "/** The bounds of " + of + "'s numeric and choice rows, by path (the core's parser enforces them). */\n";
  out += "export const " + constName + " = {\n";
  for (const ConfigField& f : fields) {
    std::string row;
    if (f.type == Type::Number || f.type == Type::Integer || f.type == Type::Vector) {
      const Valid v = validRange(f, SliderHint("", 0, 0, 0, ""));
      row = "type: '" + std::string(f.type == Type::Vector ? "vector" : "number") + "', integer: " +
            (f.type == Type::Integer ? "true" : "false") + ", min: " + bound(v.min) + ", max: " + bound(v.max) +
            ", exclusiveMin: " + (v.exclusiveMin ? "true" : "false") + ", exclusiveMax: " + (v.exclusiveMax ? "true" : "false");
      const double d = defaultEntry(f, -1);
      row += ", default: " + std::string(f.type != Type::Vector && std::isfinite(d) ? number(d) : "null");
    } else if (f.type == Type::String && !f.choices.empty()) {
      std::string choices;
      for (const std::string& c : f.choices) choices += (choices.empty() ? "" : ", ") + quoted(c);
      std::string d = f.defaultJson.size() > 2 ? quoted(f.defaultJson.substr(1, f.defaultJson.size() - 2)) : "null";
      row = "type: 'choice', choices: [" + choices + "], default: " + d;
    } else {
      continue;
    }
    out += "  " + quoted(f.path) + ": { " + row + ", unit: " + quoted(f.unit) + " },\n";
  }
  return out + "} as const;\n";
}

/// The SLIDERS table: each slider the rows declare, by the page's control id.
inline std::string slidersTable(const std::vector<ConfigField>& fields, const std::string& constName, const std::string& of) {
  std::string out = "/**\n * The page's sliders on " + of + "'s rows, by control id: the entry of the row each edits, its range, step\n"
                    " * and scale in the unit it shows, and the row's valid range in that unit (the slider's lies inside it).\n */\n";
  out += "export const " + constName + " = {\n";
  for (const ConfigField& f : fields)
    for (const SliderHint& s : f.sliders) {
      const Valid v = validRange(f, s);
      checkSlider(f, s, v);
      const double d = defaultEntry(f, s.index);
      out += "  " + s.id + ": {\n";
      out += "    path: " + quoted(f.path) + ",\n    index: " + std::to_string(s.index) + ",\n    display: '" + displayName(s.display) + "',\n";
      out += "    min: " + number(s.min) + ",\n    max: " + number(s.max) + ",\n    step: " + number(s.step) + ",\n";
      out += "    scale: '" + std::string(s.log ? "log" : "linear") + "',\n    unit: " + quoted(s.unit) + ",\n";
      out += "    integer: " + std::string(f.type == Type::Integer ? "true" : "false") + ",\n";
      out += "    valid: { min: " + bound(v.min) + ", max: " + bound(v.max) + ", exclusiveMin: " + (v.exclusiveMin ? "true" : "false") +
             ", exclusiveMax: " + (v.exclusiveMax ? "true" : "false") + " },\n";
      out += "    default: " + std::string(std::isfinite(d) ? number(toDisplay(d, s.display)) : "null") + ",\n  },\n";
    }
  return out + "} as const satisfies Readonly<Record<string, SliderRow>>;\n";
}

/// The type every SLIDERS entry has (written once, into the driver's file, which the families' import).
inline std::string sliderRowType() {
  return "/** A slider declared in a row of the core's config schema (lgvci/core/config_schema.hpp SliderHint). */\n"
         "export interface SliderRow {\n"
         "  /** The row's path in the family's config (\"h\", \"a.b\": key b of object a). */\n"
         "  readonly path: string;\n"
         "  /** The entry of a Vector row the slider edits; -1: the value itself. */\n"
         "  readonly index: number;\n"
         "  /** What the slider shows of the value: the value, radians in degrees, minus radians in degrees, a vector's length or direction. */\n"
         "  readonly display: 'value' | 'degrees' | 'negatedDegrees' | 'length' | 'directionDegrees';\n"
         "  /** The slider's range, in display units (inside `valid`). */\n"
         "  readonly min: number;\n"
         "  readonly max: number;\n"
         "  /** In display units (linear) or decades (log). */\n"
         "  readonly step: number;\n"
         "  readonly scale: 'linear' | 'log';\n"
         "  readonly unit: string;\n"
         "  readonly integer: boolean;\n"
         "  /** The row's valid range in display units (null: unbounded). */\n"
         "  readonly valid: {\n"
         "    readonly min: number | null;\n"
         "    readonly max: number | null;\n"
         "    readonly exclusiveMin: boolean;\n"
         "    readonly exclusiveMax: boolean;\n"
         "  };\n"
         "  /** The row's default in display units, or null when it has none. */\n"
         "  readonly default: number | null;\n"
         "}\n";
}

struct GeneratedFile {
  std::string path, text;
};

/// The driver's rows (h, t0, tolerance, root finder, Zeno budget) — the core's, composed into every family's schema.
inline GeneratedFile driverFile(const std::string& header) {
  ConfigSchema driver;
  driver.fields = lgvci::driverConfigFields();
  std::string text = header + "\n" + sliderRowType() + "\n";
  text += rowsTable(driver.fields, "DRIVER_ROWS", "the driver") + "\n";
  text += slidersTable(driver.fields, "DRIVER_SLIDERS", "the driver");
  return {"web/src/config/generated/driver-schema.ts", text};
}

/// A family's config type, its rows' bounds and its own sliders (the driver's are DRIVER_SLIDERS).
inline GeneratedFile familyFile(const lgvci::FamilyInfo& info, const std::string& header) {
  const std::string& name = info.model;  // a case with a family of its own (the model's) shares its model's schema
  const std::string type = pascal(name);
  const std::string constant = upperSnake(name);
  std::set<std::string> driverPaths;
  for (const ConfigField& f : lgvci::driverConfigFields()) driverPaths.insert(f.path);
  std::vector<ConfigField> own;
  for (const ConfigField& f : info.schema.fields)
    if (!driverPaths.count(f.path)) own.push_back(f);
  std::string text = header + "import type { SliderRow } from '../../../../web/src/config/generated/driver-schema';\n\n";
  Types types(info.schema, type);
  text += types.top(type + "Config",
                    "A config of the family " + name +
                        " as the core's parser takes it (a preset, \"case\", supplies the rows it leaves out: " + type +
                        "ConfigPatch).");
  text += "\n/** A config over a preset (\"case\"): any row may be left to the preset. */\n";
  text += "export type " + type + "ConfigPatch = Partial<" + type + "Config>;\n\n";
  text += rowsTable(info.schema.fields, constant + "_ROWS", "the family " + name) + "\n";
  text += slidersTable(own, constant + "_SLIDERS", "the family " + name);
  return {"families/" + name + "/web/generated/config-schema.ts", text};
}

}  // namespace lgvci::api::config_ts
