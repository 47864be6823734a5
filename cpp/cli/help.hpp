// --help (docs/cli.md "Command-line program"): CLI11's help, laid out as the usage text has always been
// (the flag and its value's name, the text at column 23), with the lines that come from the family
// registry (lgvci/core/family.hpp): the presets, each family's CSV columns, baselines and options.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace CLI {
class App;
class FormatterBase;
}  // namespace CLI

namespace lgvci::cli {

/// The formatter of the program's and the merge subcommand's --help.
std::shared_ptr<CLI::FormatterBase> helpFormatter();

/// A flag some family declares (FamilyOption), once however many families declare it.
struct FamilyFlag {
  std::string flag;   // "--x0"
  std::string value;  // its value's name ("A,B,C"); empty for a flag without a value
  std::string help;   // one line per group of families that share its help text: "<families>: <text>"
};
/// Every family's options, in the registry's order.
std::vector<FamilyFlag> familyFlags();

/// Appends the registry's lines to the help of --case (the presets), --csv (each family's columns)
/// and --integrator (the baselines); done only when the help is printed (the columns build a preset).
void addRegistryLines(CLI::App& app);

/// "a, b and c".
std::string listed(const std::vector<std::string>& names);

}  // namespace lgvci::cli
