#include "config.hpp"

#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "errors.hpp"
#include "help.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/json_bounds.hpp"
#include "lgvci/core/simulation.hpp"
#include "lgvci/core/text.hpp"
#include "values.hpp"

namespace lgvci::cli {

namespace {

using nlohmann::json;

// At most kMaxConfigBytes + 1 bytes are read: /dev/zero or a huge file is refused, not swallowed.
std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Usage("--config: cannot read '" + printable(path) + "'");
  std::string text(kMaxConfigBytes + 1, '\0');
  in.read(&text[0], static_cast<std::streamsize>(text.size()));
  if (in.bad()) throw Usage("--config: cannot read '" + printable(path) + "'");
  text.resize(static_cast<size_t>(in.gcount()));
  if (text.size() > kMaxConfigBytes)
    throw Usage("--config: '" + printable(path) + "' is larger than " + std::to_string(kMaxConfigBytes) + " bytes (1 MiB)");
  return text;
}

// The registered option `flag` of some family, or nullptr.
const FamilyOption* familyOption(const std::string& flag) {
  for (const FamilyInfo& f : families())
    for (const FamilyOption& o : f.options)
      if (o.flag == flag) return &o;
  return nullptr;
}

// The families that declare option `flag`.
std::vector<std::string> ownersOf(const std::string& flag) {
  std::vector<std::string> names;
  for (const FamilyInfo& f : families())
    for (const FamilyOption& o : f.options)
      if (o.flag == flag) names.push_back(f.name);
  return names;
}

// The family of a config, or nullptr when it names none (its own error then comes from the core).
const FamilyInfo* familyOf(const json& base) {
  try {
    return &familyOfConfig(base.dump());
  } catch (const InvalidInput&) {
    return nullptr;
  }
}

// "/a/b" → "a.b": an option's config field, for messages.
std::string fieldOf(const FamilyOption& o) {
  std::string field = o.path.substr(1);
  for (char& ch : field) ch = ch == '/' ? '.' : ch;
  return field;
}

// The family options given on the command line, applied to the config `base` (lgvci/core/family.hpp
// FamilyOption) as the config's family declares them: merged over it, a whole object replaced, or
// written into the resolved config.
void applyFamilyOptions(json& base, const std::vector<std::pair<std::string, std::string>>& flags) {
  if (flags.empty()) return;
  const FamilyInfo* family = familyOf(base);
  std::vector<std::pair<const FamilyOption*, json>> given;
  for (const auto& [flag, raw] : flags) {
    const FamilyOption* o = family ? nullptr : familyOption(flag);  // no family: the core names the config's own error
    if (family)
      for (const FamilyOption& mine : family->options)
        if (mine.flag == flag) o = &mine;
    if (!o) {
      const FamilyOption& any = *familyOption(flag);
      throw InvalidInput(fieldOf(any), "applies only to " + listed(ownersOf(flag)) + " (" + flag + ")");
    }
    using K = FamilyOption::Kind;
    switch (o->kind) {
      case K::Number:
        given.emplace_back(o, parseDouble(flag, raw) * o->scale);
        break;
      case K::Text:
        if (!isValidUtf8(raw)) throw InvalidInput(fieldOf(*o), "is not valid UTF-8");
        given.emplace_back(o, json(raw));
        break;
      case K::Vector:
        given.emplace_back(o, o->size == 3 ? parseTriple(flag, raw) : parseList(flag, raw));
        break;
      case K::Flag:
        given.emplace_back(o, true);
        break;
    }
  }
  json patch = json::object();
  for (const auto& [o, v] : given) {
    if (o->resolved) continue;
    if (o->wholeObject) {  // the object is written whole: its other options as 0, the config's own dropped
      const json::json_pointer parent = json::json_pointer(o->path).parent_pointer();
      if (base.is_object() && base.contains(parent)) base.at(parent.parent_pointer()).erase(parent.back());
      const std::vector<FamilyOption> alone{*o};
      for (const FamilyOption& sibling : family ? family->options : alone)
        if (sibling.wholeObject && json::json_pointer(sibling.path).parent_pointer() == parent &&
            !patch.contains(json::json_pointer(sibling.path)))
          patch[json::json_pointer(sibling.path)] = 0.0;
    }
    patch[json::json_pointer(o->path)] = v;
  }
  base.merge_patch(patch);
  bool resolve = false;
  for (const auto& [o, v] : given) resolve = resolve || o->resolved;
  if (!resolve) return;
  SimulationResult r = createSimulation(base.dump());  // the config with the case's defaults made explicit
  if (!r.ok()) throw InvalidInput(r.error.field, r.error.message.substr(r.error.message.find(": ") + 2));
  base = json::parse(r.simulation->configJson());
  for (const auto& [o, v] : given)
    if (o->resolved) base[json::json_pointer(o->path)] = v;
}

}  // namespace

json buildConfig(const CliOptions& o) {
  json base = json{{"case", o.caseName}};
  if (o.caseName.empty()) {
    const std::string text = readFile(o.configPath);
    checkJsonText(text);  // bounded, with the parse position in the message, before a tree is built
    base = json::parse(text);
  }
  base.merge_patch(o.patch);
  applyFamilyOptions(base, o.familyFlags);
  return base;
}

}  // namespace lgvci::cli
