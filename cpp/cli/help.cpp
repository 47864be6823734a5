#include "help.hpp"

#include <algorithm>
#include <sstream>
#include <utility>

#include <CLI/CLI.hpp>

#include "lgvci/core/family.hpp"
#include "lgvci/core/simulation.hpp"

namespace lgvci::cli {

namespace {

constexpr int kColumn = 23;  // where each flag's text starts

// The usage text's layout: "  --flag VALUE" padded to column 23 (the text on the next line when the
// left part is longer), continuation lines indented to the same column (CLI11's detail::format_help).
class HelpFormatter : public CLI::Formatter {
 public:
  HelpFormatter() { column_width(kColumn); }

  std::string make_option_name(const CLI::Option* opt, bool positional) const override {
    return positional ? opt->get_name(true, false) : opt->get_name();  // the long name, as documented
  }
  std::string make_option_opts(const CLI::Option* opt) const override {
    return opt->get_option_text().empty() ? "" : " " + opt->get_option_text();
  }
  // The description (the usage lines and what the program does; a subcommand's usage line first), every
  // option in the order declared, then each subcommand with its arguments.
  std::string make_help(const CLI::App* app, std::string, CLI::AppFormatMode) const override {
    std::ostringstream out;
    if (app->get_parent() != nullptr)
      out << "usage: lgvci " << usageOf(app) << "\n\n" << app->get_description() << "\n\n";
    else
      out << app->get_description();
    for (const CLI::Option* o : app->get_options()) out << make_option(o, o->get_positional());
    for (const CLI::App* sub : app->get_subcommands({})) CLI::detail::format_help(out, usageOf(sub), sub->get_description(), column_width_);
    return out.str();
  }

 private:
  // "merge FILE... [--json]": a subcommand, its arguments and its flags but --help.
  static std::string usageOf(const CLI::App* sub) {
    std::string s = sub->get_name();
    for (const CLI::Option* o : sub->get_options())
      if (o->get_positional())
        s += " " + o->get_name(true, false) + "...";
      else if (o->get_name() != "--help")
        s += " [" + o->get_name() + "]";
    return s;
  }
};

// The families that declare option `flag`, grouped by its help text, in the families' order: families
// sharing a flag may give it different defaults, and each must read its own.
std::vector<std::pair<std::string, std::vector<std::string>>> helpsOf(const std::string& flag) {
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;
  for (const FamilyInfo& f : families())
    for (const FamilyOption& o : f.options) {
      if (o.flag != flag) continue;
      auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& x) { return x.first == o.help; });
      if (g == groups.end())
        groups.push_back({o.help, {f.name}});
      else
        g->second.push_back(f.name);
    }
  return groups;
}

// The CSV columns of a family's record (its first preset's; a family without presets has none to show).
std::string csvFields(const FamilyInfo& f) {
  if (f.presets.empty()) return "";
  const SimulationResult r = createSimulation(f.presetJson(f.presets.front()));
  if (!r.ok()) return "";
  std::string s;
  for (const RecordField& field : r.simulation->layout().fields) {
    if (field.columns.empty()) continue;
    s += (s.empty() ? "" : ", ") + field.name;
  }
  return s;
}

void appendLines(CLI::App& app, const std::string& flag, const std::string& lines) {
  CLI::Option* o = app.get_option(flag);
  o->description(o->get_description() + lines);
}

}  // namespace

std::shared_ptr<CLI::FormatterBase> helpFormatter() { return std::make_shared<HelpFormatter>(); }

std::string listed(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) s += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return s;
}

std::vector<FamilyFlag> familyFlags() {
  std::vector<FamilyFlag> flags;
  for (const FamilyInfo& f : families())
    for (const FamilyOption& o : f.options) {
      if (std::any_of(flags.begin(), flags.end(), [&](const FamilyFlag& x) { return x.flag == o.flag; })) continue;
      FamilyFlag flag{o.flag, o.value, ""};
      for (const auto& [help, owners] : helpsOf(o.flag)) flag.help += (flag.help.empty() ? "" : "\n") + listed(owners) + ": " + help;
      flags.push_back(std::move(flag));
    }
  return flags;
}

void addRegistryLines(CLI::App& app) {
  std::string cases, columns, baselines;
  for (const FamilyInfo& f : families()) {
    std::string names;
    for (const std::string& p : f.presets) names += (names.empty() ? "" : ", ") + p;
    if (!names.empty()) cases += "\n" + names + "\n  " + f.name + ": " + f.summary;
    if (const std::string cols = csvFields(f); !cols.empty()) columns += "\n  " + f.name + ": " + cols;
    if (!f.capabilities.baselines.empty()) baselines += "\n  " + f.name + ": " + listed(f.capabilities.baselines);
  }
  appendLines(app, "--case", cases);
  appendLines(app, "--csv", columns);
  appendLines(app, "--integrator", baselines);
}

}  // namespace lgvci::cli
