// The vocabulary of the bindings' declaration (docs/architecture.md "The bindings: one declaration"):
// what a module exports — classes with their methods, functions, the values they hand out — written
// once as data, after MuJoCo's mjxmacro.h and its generated WebAssembly bindings. The tables are
// cpp/api/wasm.hpp (the WebAssembly module) and cpp/api/python.hpp (the Python extension _lgvci); the
// generator (cpp/api/generate.cpp) reads them and writes the registrations (EMSCRIPTEN_BINDINGS, the
// pybind11 .def chain), the TypeScript declarations and the Python stub. Only the generator includes
// these headers; the implementations stay hand-written C++ beside their registrations.
#pragma once

#include <deque>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace lgvci::api {

/// A type in a signature: the C++ type of the implementation, and the target language's type when the
/// C++ type does not say it (an emscripten::val, a NumPy array, a Python list of dicts); empty derives
/// it from the C++ type (the generator's table: numbers, bool, strings, lists of strings, void).
struct Type {
  std::string cpp;
  std::string target;
  Type(const char* c) : cpp(c) {}  // NOLINT(google-explicit-constructor): a plain C++ type reads as itself
  Type(std::string c, std::string t) : cpp(std::move(c)), target(std::move(t)) {}
};

/// An emscripten::val that JavaScript sees as `ts`, returned or taken (const emscripten::val&).
inline Type val(const char* ts) { return {"emscripten::val", ts}; }
inline Type valArg(const char* ts) { return {"const emscripten::val&", ts}; }
/// A C++ type that Python sees as `py` (a stub's annotation).
inline Type py(const char* cpp, const char* python) { return {cpp, python}; }

struct Param {
  std::string name;          // in JavaScript or Python
  Type type;
  std::string defaultValue;  // Python: the default as a C++ literal ("1"); "" for none
  Param(const char* n, Type t, const char* d = "") : name(n), type(std::move(t)), defaultValue(d) {}
};

enum class Kind { Method, Property, Constructor, Function, Attribute };

/// One exported name: a method, a read-only property, a constructor, a module function or a module
/// attribute.
struct Binding {
  Kind kind = Kind::Method;
  std::string name;   // in JavaScript or Python
  std::string impl;   // the C++ that implements it: &Class::member or &function (an Attribute: its value)
  Type ret;           // the C++ return type (an Attribute: the value's type)
  std::vector<Param> params;  // the arguments, not the object itself
  std::string doc;
  std::string self;   // a function bound as a method: the C++ type of its first parameter (the object)
};

/// A class the module hands out: the JavaScript or Python name, the C++ wrapper and its members.
struct Class {
  std::string name;
  std::string cpp;
  std::string doc;
  std::vector<Binding> members;

  /// A method implemented by the wrapper's member of the same name (JavaScript).
  Class& method(const char* n, Type ret, std::vector<Param> params, const char* about) {
    return add(Kind::Method, n, "&" + cpp + "::" + n, std::move(ret), std::move(params), about);
  }
  /// A method implemented by `impl`: a member (&Wrapper::name) or a function whose first parameter is
  /// the object (`const Wrapper&` unless `self` says otherwise).
  Class& method(const char* n, const char* impl, Type ret, std::vector<Param> params, const char* about,
                const char* self = "") {
    return add(Kind::Method, n, impl, std::move(ret), std::move(params), about, self);
  }
  /// A read-only property (Python) read by a function of the object.
  Class& property(const char* n, const char* impl, Type ret, const char* about) {
    return add(Kind::Property, n, impl, std::move(ret), {}, about);
  }
  Class& constructor(std::vector<Param> params, const char* about) {
    return add(Kind::Constructor, "__init__", "", "void", std::move(params), about);
  }

 private:
  Class& add(Kind k, const char* n, std::string impl, Type ret, std::vector<Param> params, const char* about,
             const char* self = "") {
    Binding b{k, n, std::move(impl), std::move(ret), std::move(params), about, self};
    const std::string member = "&" + cpp + "::";
    if (k != Kind::Constructor && b.self.empty() && b.impl.compare(0, member.size(), member) != 0)
      b.self = "const " + cpp + "&";
    members.push_back(std::move(b));
    return *this;
  }
};

/// A field of a value the module hands out (a plain object in JavaScript). `cpp`: the C++ expression
/// that computes it from the source object, when the generator writes the value's builder.
struct Field {
  std::string name;
  std::string type;
  std::string doc;
  bool optional = false;
  std::string cpp;
};

/// A plain-object type (a TypeScript interface). With `builder`, the generator also writes the C++
/// function `builder(source)` that makes it, field by field from the fields' `cpp` expressions.
struct Interface {
  std::string name;
  std::string doc;
  std::vector<Field> fields;
  std::string builder;
  std::string source;  // the builder's parameter, e.g. "const FamilyInfo& f"

  Interface& field(const char* n, const char* type, const char* about = "", const char* cpp = "") {
    fields.push_back({n, type, about, false, cpp});
    return *this;
  }
  /// A field present in some values only (TypeScript `name?:`).
  Interface& optional(const char* n, const char* type, const char* about = "") {
    fields.push_back({n, type, about, true, ""});
    return *this;
  }
};

/// An answer that is a value or an error, never a throw: { key: type, error: null } or
/// { key: null, error: SimulationError }.
struct Result {
  std::string name;
  std::string doc;
  std::string key;
  std::string type;
};

/// A named TypeScript type (`type name = type;`).
struct Alias {
  std::string name;
  std::string doc;
  std::string type;
};

/// The interface the generator writes from the capability rows (lgvci/api/capabilities.hpp), and the
/// C++ builder `builder(const Capabilities&)`.
struct CapabilitiesInterface {
  std::string name;
  std::string doc;
  std::string builder;
};

/// The union of the step status names (the core's kStepStatuses and statusName).
struct StatusNames {
  std::string name;
  std::string doc;
};

/// A heading comment between declarations.
struct Section {
  std::string title;
};

using Item = std::variant<Section, Interface, Class, Result, Alias, CapabilitiesInterface, StatusNames>;

/// A module: its declarations in the order they are written, the module-level functions and attributes.
struct Module {
  std::string name;  // the module interface (TypeScript) or the extension (Python)
  std::string doc;
  std::deque<Item> items;  // a deque: references returned by the builders stay valid
  std::vector<Binding> functions;

  void section(const char* title) { items.emplace_back(Section{title}); }
  Interface& interface(const char* n, const char* about) { return std::get<Interface>(items.emplace_back(Interface{n, about, {}, "", ""})); }
  /// A value whose C++ builder the generator writes: `builder(source)`.
  Interface& built(const char* n, const char* about, const char* builder, const char* source) {
    return std::get<Interface>(items.emplace_back(Interface{n, about, {}, builder, source}));
  }
  Class& cls(const char* n, const char* cpp, const char* about) { return std::get<Class>(items.emplace_back(Class{n, cpp, about, {}})); }
  void result(const char* n, const char* key, const char* type, const char* about) { items.emplace_back(Result{n, about, key, type}); }
  void alias(const char* n, const char* type, const char* about) { items.emplace_back(Alias{n, about, type}); }
  void capabilities(const char* n, const char* about, const char* builder) {
    items.emplace_back(CapabilitiesInterface{n, about, builder});
  }
  void statusNames(const char* n, const char* about) { items.emplace_back(StatusNames{n, about}); }

  Module& function(const char* n, const char* impl, Type ret, std::vector<Param> params, const char* about) {
    functions.push_back({Kind::Function, n, impl, std::move(ret), std::move(params), about, ""});
    return *this;
  }
  Module& attribute(const char* n, const char* value, Type type, const char* about) {
    functions.push_back({Kind::Attribute, n, value, std::move(type), {}, about, ""});
    return *this;
  }
};

}  // namespace lgvci::api
