// The family registry (lgvci/core/family.hpp). The built-in families come from the packages under
// families/, through the list the build generates from them (builtin_families.cpp,
// cmake/LgvciFamilies.cmake): no file of the core names a family (docs/architecture.md "How to add a
// family").
#include "lgvci/core/family.hpp"

#include <list>
#include <stdexcept>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "lgvci/core/config_check.hpp"
#include "lgvci/core/json_bounds.hpp"
#include "lgvci/core/simulation.hpp"
#include "lgvci/core/types.hpp"

namespace lgvci {
namespace detail {
/// The packages' registrations, in their ORDER (generated: cmake/LgvciFamilies.cmake).
std::vector<FamilyInfo> builtinFamilies();
}  // namespace detail

namespace {

void check(const FamilyInfo& info, const std::list<FamilyInfo>& registered) {
  if (info.name.empty() || info.model.empty()) throw std::invalid_argument("registerFamily: a family needs a name and a model");
  if (!info.create || (!info.presets.empty() && !info.presetJson))
    throw std::invalid_argument("registerFamily: '" + info.name + "' needs a factory (and presetJson for its presets)");
  for (const FamilyInfo& f : registered) {
    if (f.name == info.name) throw std::invalid_argument("registerFamily: '" + info.name + "' is already registered");
    for (const std::string& p : info.presets)
      for (const std::string& q : f.presets)
        if (p == q) throw std::invalid_argument("registerFamily: preset '" + p + "' already belongs to '" + f.name + "'");
  }
}

// The built-in families, in the order their presets are listed to users. A function-local static:
// built once, thread-safely, on first use.
std::list<FamilyInfo>& table() {
  static std::list<FamilyInfo> t = [] {
    std::list<FamilyInfo> l;
    // Each package's families, each with the schema of its config (a case of a model with capabilities
    // of its own shares that model's schema, under its own family name).
    for (FamilyInfo& f : detail::builtinFamilies()) {
      f.schema.family = f.name;
      check(f, l);
      l.push_back(std::move(f));
    }
    return l;
  }();
  return t;
}

std::string joinNames(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) s += (i ? ", " : "") + names[i];
  return s;
}

// "\"a\" or \"b\"", "\"a\", \"b\" or \"c\"".
std::string quotedNames(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i)
    s += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + ("\"" + names[i] + "\"");
  return s;
}

}  // namespace

void registerFamily(FamilyInfo info) {
  check(info, table());
  table().push_back(std::move(info));
}

bool unregisterFamily(const std::string& name) {
  for (auto it = table().begin(); it != table().end(); ++it)
    if (it->name == name) {
      table().erase(it);
      return true;
    }
  return false;
}

const std::list<FamilyInfo>& families() { return table(); }

const FamilyInfo* findFamily(const std::string& name) {
  for (const FamilyInfo& f : families())
    if (f.name == name) return &f;
  return nullptr;
}

const FamilyInfo* familyOfPreset(const std::string& name) {
  for (const FamilyInfo& f : families())
    for (const std::string& p : f.presets)
      if (p == name) return &f;
  return nullptr;
}

std::vector<std::string> presetNames() {
  std::vector<std::string> out;
  for (const FamilyInfo& f : families()) out.insert(out.end(), f.presets.begin(), f.presets.end());
  return out;
}

const FamilyInfo& familyOfConfig(const std::string& text) { return familyOfConfig(ConfigDocument(text)); }

const FamilyInfo& familyOfConfig(const ConfigDocument& config) {
  const nlohmann::json& j = configTree(config);  // an object: ConfigDocument checked it
  const std::list<FamilyInfo>& all = families();
  const FamilyInfo* chosen = nullptr;
  if (j.contains("model")) {
    std::vector<std::string> models;
    for (const FamilyInfo& f : all) {
      bool seen = false;
      for (const std::string& m : models) seen = seen || m == f.model;
      if (!seen) models.push_back(f.model);
      if (!chosen && j["model"].is_string() && j["model"].get<std::string>() == f.model) chosen = &f;
    }
    if (!chosen) throw InvalidInput("model", "must be " + quotedNames(models));
  }
  if (j.contains("case")) {
    const std::string names = joinNames(presetNames());
    if (!j["case"].is_string()) throw InvalidInput("case", "must be one of " + names);
    const std::string c = j["case"].get<std::string>();
    const FamilyInfo* implied = familyOfPreset(c);
    if (!implied) throw InvalidInput("case", "must be one of " + names + " (got '" + printable(c) + "')");
    if (chosen && chosen->model != implied->model)
      throw InvalidInput("case", "'" + printable(c) + "' is a " + implied->model + " preset but \"model\" is \"" + chosen->model + "\"");
    chosen = implied;
  }
  return chosen ? *chosen : all.front();
}

}  // namespace lgvci
