// The bindings' generator (docs/architecture.md "The bindings: one declaration"), after MuJoCo's
// generated WebAssembly bindings and their diff test: reads the one declaration of the modules'
// surface — cpp/api/wasm.hpp, cpp/api/python.hpp, the capability rows of lgvci/api/capabilities.hpp
// and, from the core itself, the step statuses (kStepStatuses, statusName), the defaults of
// Capabilities{} and the common impact record — and writes every file that is pure declaration:
//
//   cpp/wasm/bindings_registrations.inc  the EMSCRIPTEN_BINDINGS block (each implementation checked
//                                        against its declared C++ signature, cpp/api/signature.hpp)
//   cpp/wasm/bindings_values.inc         capabilitiesVal and familyInfoVal, field for field
//   cpp/wasm/lgvci_wasm.d.ts             the module's TypeScript declarations
//   cpp/wasm/lgvci_api.ts                the same lists as TypeScript values (tests, the fake engine)
//   python/src/module_registrations.inc  the pybind11 registrations of the extension _lgvci
//   python/lgvci/_lgvci.pyi              the extension's stub
//   web/src/config/generated/driver-schema.ts       the driver's rows: bounds and the slider of h
//   families/<family>/web/generated/config-schema.ts each family's config type, rows' bounds and sliders
//                                        (config_ts.hpp, from each registered family's ConfigSchema)
//
// Usage: lgvci_bindgen --out DIR   writes them under DIR (the repository root: regenerate; a scratch
//                                   folder: the ctest test bindings_generated compares it with the tree)
//        lgvci_bindgen --list      prints their paths, one a line
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "lgvci/api/capabilities.hpp"
#include "lgvci/core/hybrid_driver.hpp"
#include "lgvci/core/simulation.hpp"
#include "config_ts.hpp"
#include "python.hpp"
#include "wasm.hpp"

namespace {

using namespace lgvci::api;

const char* const kRegenerate = "cmake --build --preset native --target bindings";
const char* const kDocsPage = "docs/architecture.md \"The bindings: one declaration\"";

// ---- Text ----

std::size_t columns(const std::string& s) {  // UTF-8 code points
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

/// The words of `text` in lines of at most `width` columns (a longer word gets a line of its own).
std::vector<std::string> wrap(const std::string& text, std::size_t width) {
  std::vector<std::string> lines;
  std::istringstream words(text);
  std::string word, line;
  while (words >> word) {
    if (!line.empty() && columns(line) + 1 + columns(word) > width) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

std::string replaceAll(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
  return s;
}

/// What the declaration's docs may quote from the core: %STATUS_CODES%, %STATUS_NAMES%, %COMMON_IMPACT%.
std::string fromCore(std::string doc) {
  std::string codes = "{ ", names;
  for (lgvci::StepStatus s : lgvci::kStepStatuses) {
    codes += std::string(codes.size() > 2 ? ", " : "") + lgvci::statusName(s) + ": " + std::to_string(static_cast<int>(s));
    names += std::string(names.empty() ? "" : ", ") + lgvci::statusName(s);
  }
  codes += " }";
  std::string common;
  for (const lgvci::RecordField& f : lgvci::impactLayout().fields) common += (common.empty() ? "" : ", ") + f.name;
  doc = replaceAll(doc, "%STATUS_CODES%", codes);
  doc = replaceAll(doc, "%STATUS_NAMES%", names);
  return replaceAll(doc, "%COMMON_IMPACT%", common);
}

/// A JSDoc comment at `indent`: one line when it fits in 120 columns, else wrapped at 110.
std::string jsdoc(const std::string& raw, const std::string& indent) {
  const std::string doc = fromCore(raw);
  if (doc.empty()) return "";
  const std::string one = indent + "/** " + doc + " */";
  if (columns(one) <= 120) return one + "\n";
  std::string out = indent + "/**\n";
  for (const std::string& l : wrap(doc, 110 - indent.size() - 3)) out += indent + " * " + l + "\n";
  return out + indent + " */\n";
}

/// A Python docstring at `indent`, wrapped at 110 columns.
std::string docstring(const std::string& raw, const std::string& indent) {
  const std::string doc = fromCore(raw);
  if (doc.empty()) return "";
  const std::string one = indent + "\"\"\"" + doc + "\"\"\"";
  if (columns(one) <= 110) return one + "\n";
  std::string out = indent + "\"\"\"";
  bool first = true;
  for (const std::string& l : wrap(doc, 106 - indent.size())) {
    out += (first ? "" : indent) + l + "\n";
    first = false;
  }
  return out + indent + "\"\"\"\n";
}

/// A C++ string literal of `text`, split into adjacent literals of at most 100 columns at `indent`.
std::string cppString(const std::string& raw, const std::string& indent) {
  const std::string text = fromCore(raw);
  auto escape = [](const std::string& s) { return replaceAll(replaceAll(s, "\\", "\\\\"), "\"", "\\\""); };
  const std::vector<std::string> lines = wrap(text, 100);
  if (lines.empty()) return "\"\"";
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i)
    out += (i ? "\n" + indent : "") + "\"" + escape(lines[i]) + (i + 1 < lines.size() ? " " : "") + "\"";
  return out;
}

// ---- Types ----

std::string tsType(const Type& t) {
  if (!t.target.empty()) return t.target;
  static const std::map<std::string, std::string> known = {
      {"void", "void"},     {"bool", "boolean"},     {"int", "number"},
      {"double", "number"}, {"std::string", "string"}, {"const std::string&", "string"}};
  const auto it = known.find(t.cpp);
  if (it == known.end()) throw std::runtime_error("no TypeScript type for the C++ type '" + t.cpp + "': declare it, e.g. val(\"…\")");
  return it->second;
}

std::string pyType(const Type& t, const std::map<std::string, std::string>& classes) {
  if (!t.target.empty()) return t.target;
  static const std::map<std::string, std::string> known = {
      {"void", "None"},
      {"bool", "bool"},
      {"int", "int"},
      {"long long", "int"},
      {"std::uint64_t", "int"},
      {"double", "float"},
      {"std::string", "str"},
      {"const std::string&", "str"},
      {"std::vector<std::string>", "List[str]"},
      {"const std::vector<std::string>&", "List[str]"},
      {"std::vector<double>", "List[float]"}};
  if (const auto c = classes.find(t.cpp); c != classes.end()) return c->second;
  const auto it = known.find(t.cpp);
  if (it == known.end()) throw std::runtime_error("no Python type for the C++ type '" + t.cpp + "': declare it, e.g. py(\"…\", \"…\")");
  return it->second;
}

std::string pyDefault(const std::string& cpp) {
  if (cpp == "true") return "True";
  if (cpp == "false") return "False";
  for (char c : cpp)
    if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == 'e'))
      throw std::runtime_error("a Python default must be a number or a bool, got '" + cpp + "'");
  return cpp;
}

/// The declared C++ signature R(A...) of a binding; a function bound as a method takes the object first.
std::string signature(const Binding& b) {
  std::string s = b.ret.cpp + "(" + b.self;
  for (std::size_t i = 0; i < b.params.size(); ++i) s += (i || !b.self.empty() ? ", " : "") + b.params[i].type.cpp;
  return s + ")";
}

std::string checkedImpl(const Binding& b) { return "checked<" + signature(b) + ">(" + b.impl + ")"; }

// ---- Capabilities: the rows of LGVCI_CAPABILITIES, their types and Capabilities{}'s values ----

template <class T>
struct CapabilityType;
template <>
struct CapabilityType<bool> {
  static constexpr const char* ts = "boolean";
  static constexpr const char* kind = "flag";
  static std::string toVal(const std::string& member) { return member; }
  static std::string tsValue(bool v) { return v ? "true" : "false"; }
};
template <>
struct CapabilityType<std::vector<std::string>> {
  static constexpr const char* ts = "readonly string[]";
  static constexpr const char* kind = "list";
  static std::string toVal(const std::string& member) { return "stringsVal(" + member + ")"; }
  static std::string tsValue(const std::vector<std::string>& v) {
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", '" : "'") + v[i] + "'";
    return s + "]";
  }
};

struct Capability {
  std::string name, ts, kind, toVal, none, doc;
};

std::vector<Capability> capabilityRows() {
  const lgvci::Capabilities none{};
  std::vector<Capability> rows;
#define LGVCI_CAPABILITY_ROW(name, type, doc)                                                                        \
  rows.push_back({#name, CapabilityType<type>::ts, CapabilityType<type>::kind, CapabilityType<type>::toVal("c." #name), \
                  CapabilityType<type>::tsValue(none.name), doc});
  LGVCI_CAPABILITIES(LGVCI_CAPABILITY_ROW)
#undef LGVCI_CAPABILITY_ROW
  return rows;
}

// ---- The files ----

std::string header(const std::string& comment, const std::string& from, const std::string& role) {
  std::string out = comment + " Generated by cpp/api/generate.cpp from " + from + ": do not edit.\n";
  out += comment + " Regenerate: " + kRegenerate + "; the ctest test bindings_generated fails while this\n";
  out += comment + " file differs from what the declaration gives (" + kDocsPage + ").\n";
  for (const std::string& l : wrap(role, 100)) out += comment + " " + l + "\n";
  return out;
}

const char* const kWasmFrom = "cpp/api/wasm.hpp and cpp/include/lgvci/api/capabilities.hpp";

std::string tsSignature(const Binding& b, const std::string& indent) {
  std::vector<std::string> params;
  for (const Param& p : b.params) params.push_back(p.name + ": " + tsType(p.type));
  std::string one = indent + b.name + "(";
  for (std::size_t i = 0; i < params.size(); ++i) one += (i ? ", " : "") + params[i];
  one += "): " + tsType(b.ret) + ";";
  if (columns(one) <= 120) return one + "\n";
  std::string out = indent + b.name + "(\n";
  for (const std::string& p : params) out += indent + "  " + p + ",\n";
  return out + indent + "): " + tsType(b.ret) + ";\n";
}

std::string dts(const Module& m, const std::vector<Capability>& caps) {
  std::string out = header("//", kWasmFrom,
                           "The declarations of the embind module built from cpp/wasm/bindings.cpp (Emscripten 3.1.6 has no "
                           "--emit-tsd); tsc checks every use in web/ against them.");
  bool firstSection = true;
  for (const Item& item : m.items) {
    out += "\n";
    if (const auto* s = std::get_if<Section>(&item)) {
      if (!firstSection) out += "\n";
      firstSection = false;
      out += "// ---- " + s->title + " ----\n";
    } else if (const auto* i = std::get_if<Interface>(&item)) {
      out += jsdoc(i->doc, "") + "export interface " + i->name + " {\n";
      for (const Field& f : i->fields)
        out += jsdoc(f.doc, "  ") + "  readonly " + f.name + (f.optional ? "?: " : ": ") + f.type + ";\n";
      out += "}\n";
    } else if (const auto* c = std::get_if<Class>(&item)) {
      out += jsdoc(c->doc, "") + "export interface " + c->name + " {\n";
      for (const Binding& b : c->members) out += jsdoc(b.doc, "  ") + tsSignature(b, "  ");
      out += "  /** Frees the C++ object: the caller deletes every object the module hands out. */\n  delete(): void;\n}\n";
    } else if (const auto* r = std::get_if<Result>(&item)) {
      out += jsdoc(r->doc, "") + "export type " + r->name + " =\n";
      out += "  | { readonly " + r->key + ": " + r->type + "; readonly error: null }\n";
      out += "  | { readonly " + r->key + ": null; readonly error: SimulationError };\n";
    } else if (const auto* a = std::get_if<Alias>(&item)) {
      out += jsdoc(a->doc, "") + "export type " + a->name + " = " + a->type + ";\n";
    } else if (const auto* k = std::get_if<CapabilitiesInterface>(&item)) {
      out += jsdoc(k->doc, "") + "export interface " + k->name + " {\n";
      for (const Capability& cap : caps) out += jsdoc(cap.doc, "  ") + "  readonly " + cap.name + ": " + cap.ts + ";\n";
      out += "}\n";
    } else if (const auto* n = std::get_if<StatusNames>(&item)) {
      out += jsdoc(n->doc, "") + "export type " + n->name + " =";
      for (lgvci::StepStatus st : lgvci::kStepStatuses)
        out += std::string(st == lgvci::kStepStatuses[0] ? " '" : " | '") + lgvci::statusName(st) + "'";
      out += ";\n";
    }
  }
  out += "\n" + jsdoc(m.doc, "") + "export interface " + m.name + " {\n";
  for (const Binding& f : m.functions) out += jsdoc(f.doc, "  ") + tsSignature(f, "  ");
  out += "}\n\n";
  out += "declare const createLgvci: (moduleArg?: Record<string, unknown>) => Promise<" + m.name + ">;\nexport default createLgvci;\n";
  return out;
}

std::string quotedList(const std::vector<std::string>& names, const std::string& indent) {
  std::string one = "[";
  for (std::size_t i = 0; i < names.size(); ++i) one += (i ? ", '" : "'") + names[i] + "'";
  one += "]";
  if (columns(indent + one) <= 110) return one;
  std::string out = "[\n";
  for (const std::string& l : wrap(one.substr(1, one.size() - 2), 100 - indent.size())) out += indent + "  " + l + "\n";
  return out + indent + "]";
}

std::string apiTs(const Module& m, const std::vector<Capability>& caps) {
  std::string out = header("//", kWasmFrom,
                           "The declaration's lists as TypeScript values (the types are lgvci_wasm.d.ts): the unit tests and "
                           "their fake engine read them instead of copying them.");
  out += "import type { Capabilities, StepStatusName } from './lgvci_wasm';\n\n";
  out += "/** Each capability (cpp/include/lgvci/api/capabilities.hpp), in order: 'flag' a boolean, 'list' names. */\n";
  out += "export const CAPABILITY_FIELDS = [\n";
  for (const Capability& c : caps) out += "  { name: '" + c.name + "', kind: '" + c.kind + "' },\n";
  out += "] as const;\n\n";
  out += "/** A family that declares no capability: the core's Capabilities{} (every flag false, every list empty). */\n";
  out += "export function noCapabilities(): Capabilities {\n  return {\n";
  for (const Capability& c : caps) out += "    " + c.name + ": " + c.none + ",\n";
  out += "  };\n}\n\n";
  out += "/** The step statuses, name → code (the core's kStepStatuses): what the module's statusCodes() returns. */\n";
  out += "export const STEP_STATUSES: Readonly<Record<StepStatusName, number>> = {";
  for (lgvci::StepStatus s : lgvci::kStepStatuses)
    out += std::string(s == lgvci::kStepStatuses[0] ? " " : ", ") + lgvci::statusName(s) + ": " + std::to_string(static_cast<int>(s));
  out += " };\n\n";
  out += "/** The methods of each class the module hands out, as registered (embind adds delete, clone, isDeleted, …). */\n";
  out += "export const CLASS_METHODS = {\n";
  for (const Item& item : m.items)
    if (const auto* c = std::get_if<Class>(&item)) {
      std::vector<std::string> names;
      for (const Binding& b : c->members) names.push_back(b.name);
      out += "  " + c->name + ": " + quotedList(names, "  ") + ",\n";
    }
  out += "} as const;\n\n";
  std::vector<std::string> functions;
  for (const Binding& f : m.functions) functions.push_back(f.name);
  out += "/** The module's functions, as registered. */\n";
  out += "export const MODULE_FUNCTIONS = " + quotedList(functions, "") + " as const;\n\n";
  out += "/** The fields of each plain object the module hands out: those every such value has, and those some have. */\n";
  out += "export const VALUE_FIELDS = {\n";
  for (const Item& item : m.items) {
    std::vector<std::string> required, optional;
    std::string name;
    if (const auto* i = std::get_if<Interface>(&item)) {
      name = i->name;
      for (const Field& f : i->fields) (f.optional ? optional : required).push_back(f.name);
    } else if (const auto* k = std::get_if<CapabilitiesInterface>(&item)) {
      name = k->name;
      for (const Capability& c : caps) required.push_back(c.name);
    } else if (const auto* r = std::get_if<Result>(&item)) {
      name = r->name;
      required = {r->key, "error"};
    }
    if (name.empty()) continue;
    out += "  " + name + ": { required: " + quotedList(required, "  ") + ", optional: " + quotedList(optional, "  ") + " },\n";
  }
  out += "} as const;\n";
  return out;
}

std::string wasmValues(const Module& m, const std::vector<Capability>& caps) {
  std::string out = header("//", kWasmFrom,
                           "Included by cpp/wasm/bindings.cpp in its unnamed namespace, after stringsVal, presetsVal and "
                           "reversalFieldsVal: the builders of the values the declaration lists field for field.");
  for (const Item& item : m.items) {
    if (const auto* k = std::get_if<CapabilitiesInterface>(&item)) {
      out += "\n/// The registry's Capabilities (lgvci/api/capabilities.hpp), field for field.\n";
      out += "val " + k->builder + "(const Capabilities& c) {\n  val o = val::object();\n";
      for (const Capability& c : caps) out += "  o.set(\"" + c.name + "\", " + c.toVal + ");\n";
      out += "  return o;\n}\n";
    } else if (const auto* i = std::get_if<Interface>(&item); i && !i->builder.empty()) {
      out += "\n/// " + i->name + ": the fields the declaration exports.\n";
      out += "val " + i->builder + "(" + i->source + ") {\n  val o = val::object();\n";
      for (const Field& f : i->fields) {
        if (f.cpp.empty()) throw std::runtime_error(i->name + "." + f.name + ": a built value's field needs its C++ expression");
        out += "  o.set(\"" + f.name + "\", " + f.cpp + ");\n";
      }
      out += "  return o;\n}\n";
    }
  }
  return out;
}

std::string wasmRegistrations(const Module& m) {
  std::string out = header("//", kWasmFrom,
                           "Included at the end of cpp/wasm/bindings.cpp: every class and function the module exports, each "
                           "implementation checked against its declared C++ signature.");
  out += "\nEMSCRIPTEN_BINDINGS(lgvci) {\n  using lgvci::api::checked;\n";
  for (const Item& item : m.items)
    if (const auto* c = std::get_if<Class>(&item)) {
      out += "  emscripten::class_<" + c->cpp + ">(\"" + c->name + "\")";
      for (const Binding& b : c->members) out += "\n      .function(\"" + b.name + "\", " + checkedImpl(b) + ")";
      out += ";\n";
    }
  for (const Binding& f : m.functions) out += "  emscripten::function(\"" + f.name + "\", " + checkedImpl(f) + ");\n";
  return out + "}\n";
}

std::string pyArgs(const Binding& b) {
  std::string out;
  for (const Param& p : b.params) out += ", py::arg(\"" + p.name + "\")" + (p.defaultValue.empty() ? "" : " = " + p.defaultValue);
  return out;
}

/// The py::arg list after the implementation: on the same line, or on lines of its own at `indent` when long.
std::string argsLine(const std::string& args, const std::string& indent) {
  if (columns(args) <= 60) return args;
  std::string out = ",";
  for (const std::string& word : wrap(args.substr(2), 100)) out += "\n" + indent + word;
  return out;
}

std::string pythonRegistrations(const Module& m) {
  std::string out = header("//", "cpp/api/python.hpp",
                           "Included by python/src/module.cpp inside PYBIND11_MODULE(_lgvci, m): every class, function and "
                           "attribute of the extension, each implementation checked against its declared C++ signature.");
  out += "using lgvci::api::checked;\n";
  out += "m.doc() = " + cppString(m.doc, "          ") + ";\n";
  for (const Binding& f : m.functions)
    if (f.kind == Kind::Attribute) out += "m.attr(\"" + f.name + "\") = " + f.impl + ";\n";
  for (const Item& item : m.items)
    if (const auto* c = std::get_if<Class>(&item)) {
      out += "\npy::class_<" + c->cpp + ">(m, \"" + c->name + "\", " + cppString(c->doc, "    ") + ")";
      for (const Binding& b : c->members) {
        const std::string indent(10, ' ');
        if (b.kind == Kind::Constructor) {
          std::string types;
          for (const Param& p : b.params) types += (types.empty() ? "" : ", ") + p.type.cpp;
          out += "\n    .def(py::init<" + types + ">()" + pyArgs(b) + ",\n" + indent + cppString(b.doc, indent) + ")";
        } else if (b.kind == Kind::Property) {
          out += "\n    .def_property_readonly(\"" + b.name + "\", " + checkedImpl(b) + ",\n" + indent + cppString(b.doc, indent) + ")";
        } else {
          out += "\n    .def(\"" + b.name + "\", " + checkedImpl(b) + argsLine(pyArgs(b), indent) + ",\n" + indent +
                 cppString(b.doc, indent) + ")";
        }
      }
      out += ";\n";
    }
  out += "\n";
  for (const Binding& f : m.functions)
    if (f.kind == Kind::Function)
      out += "m.def(\"" + f.name + "\", " + checkedImpl(f) + argsLine(pyArgs(f), "      ") + ",\n      " +
             cppString(f.doc, "      ") + ");\n";
  return out;
}

std::string pyParams(const Binding& b, const std::map<std::string, std::string>& classes, bool method) {
  std::string out = method ? "self" : "";
  for (const Param& p : b.params)
    out += std::string(out.empty() ? "" : ", ") + p.name + ": " + pyType(p.type, classes) +
           (p.defaultValue.empty() ? "" : " = " + pyDefault(p.defaultValue));
  return out;
}

std::string pyi(const Module& m) {
  std::map<std::string, std::string> classes;  // C++ wrapper → Python class
  for (const Item& item : m.items)
    if (const auto* c = std::get_if<Class>(&item)) classes[c->cpp] = c->name;
  std::string out = header("#", "cpp/api/python.hpp",
                           "The stub of the extension module lgvci._lgvci (python/src/module.cpp). The package's own API, "
                           "which wraps it with dicts, checks and defaults, is python/lgvci/__init__.pyi.");
  out += docstring(m.doc, "");
  out += "from typing import Any, Dict, List, Tuple\n\nimport numpy as np\nimport numpy.typing as npt\n\n";
  for (const Binding& f : m.functions)
    if (f.kind == Kind::Attribute) out += f.name + ": " + pyType(f.ret, classes) + "\n" + docstring(f.doc, "");
  auto function = [&](const Binding& f, const std::string& indent, bool method) {
    std::string s;
    if (f.kind == Kind::Property) s += indent + "@property\n";
    const std::string ret = f.kind == Kind::Constructor ? "None" : pyType(f.ret, classes);
    const std::string one = indent + "def " + f.name + "(" + pyParams(f, classes, method) + ") -> " + ret + ":";
    if (columns(one) <= 110) {
      s += one + "\n";
    } else {  // one argument a line
      s += indent + "def " + f.name + "(\n" + (method ? indent + "    self,\n" : "");
      for (const Param& p : f.params) {
        Binding single = f;
        single.params = {p};
        s += indent + "    " + pyParams(single, classes, false) + ",\n";
      }
      s += indent + ") -> " + ret + ":\n";
    }
    return s + docstring(f.doc, indent + "    ");
  };
  for (const Binding& f : m.functions)
    if (f.kind == Kind::Function) out += "\n\n" + function(f, "", false);
  for (const Item& item : m.items)
    if (const auto* c = std::get_if<Class>(&item)) {
      out += "\n\nclass " + c->name + ":\n" + docstring(c->doc, "    ");
      for (const Binding& b : c->members) out += "\n" + function(b, "    ", true);
    }
  return out;
}

struct File {
  std::string path, text;
};

std::vector<File> files() {
  const Module wasm = wasmModule();
  const Module python = pythonModule();
  const std::vector<Capability> caps = capabilityRows();
  std::vector<File> out = {{"cpp/wasm/bindings_registrations.inc", wasmRegistrations(wasm)},
                           {"cpp/wasm/bindings_values.inc", wasmValues(wasm, caps)},
                           {"cpp/wasm/lgvci_wasm.d.ts", dts(wasm, caps)},
                           {"cpp/wasm/lgvci_api.ts", apiTs(wasm, caps)},
                           {"python/src/module_registrations.inc", pythonRegistrations(python)},
                           {"python/lgvci/_lgvci.pyi", pyi(python)}};
  // The page's config types and slider ranges, from the core's config schemas (config_ts.hpp).
  const std::string role =
      "The page's config types and slider ranges from the core's config schema (lgvci/core/config_schema.hpp, "
      "docs/config.md \"The page's sliders\"): the field specs read their ranges here.";
  const config_ts::GeneratedFile driver =
      config_ts::driverFile(header("//", "the driver's rows, lgvci/core/driver_schema.hpp", role));
  out.push_back({driver.path, driver.text});
  std::set<std::string> schemas;  // one file per schema: a case with a family of its own shares its model's
  for (const lgvci::FamilyInfo& info : lgvci::families()) {
    if (info.schema.fields.empty() || !schemas.insert(info.model).second) continue;
    const config_ts::GeneratedFile f =
        config_ts::familyFile(info, header("//", "the config schema of the family " + info.model, role));
    out.push_back({f.path, f.text});
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string usage = "usage: lgvci_bindgen --out DIR | --list";
  try {
    if (argc == 2 && std::string(argv[1]) == "--list") {
      for (const File& f : files()) std::printf("%s\n", f.path.c_str());
      return 0;
    }
    if (argc != 3 || std::string(argv[1]) != "--out") {
      std::fprintf(stderr, "%s\n", usage.c_str());
      return 2;
    }
    const std::filesystem::path root = argv[2];
    for (const File& f : files()) {
      const std::filesystem::path path = root / f.path;
      std::ifstream in(path, std::ios::binary);
      const std::string old((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      if (in.is_open() && old == f.text) continue;  // unchanged: keep its time stamp (nothing rebuilds)
      std::filesystem::create_directories(path.parent_path());
      std::ofstream(path, std::ios::binary) << f.text;
      std::printf("lgvci_bindgen: wrote %s\n", path.string().c_str());
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lgvci_bindgen: %s\n", e.what());
    return 1;
  }
}
