// The family registry (docs/architecture.md "How to add a family"): every model family, and every
// case of one whose capabilities differ, registers one FamilyInfo — its name, presets, factory,
// reversal fields, command-line options and declared capabilities. The façade (createSimulation,
// presetJson, reversalDistances), the ensemble, the CLI and the WebAssembly bindings ask the registry
// and name no family. The built-in families are registered by cpp/src/core/families.cpp, the one
// source file outside the family folders that names them.
#pragma once

#include <functional>
#include <list>
#include <memory>
#include <string>
#include <vector>

#include "lgvci/api/capabilities.hpp"  // struct Capabilities: what a family can do, one row per capability
#include "lgvci/core/config_schema.hpp"

namespace lgvci {

class Simulation;

/// One term of the reversal distance (docs/baselines.md "Time reversal"), over a record field.
struct ReversalField {
  enum class Kind {
    Configuration,  // |a − a0|: a configuration returns to itself
    Momentum,       // |a + a0|: a momentum returns negated
    Rotation,       // ‖A − A0‖₂ of a 3×3 row-major matrix (largest singular value)
  };
  std::string field;
  Kind kind = Kind::Configuration;
};

/// A command-line option of the family (docs/cli.md): `flag` sets the config value at the JSON pointer
/// `path`, merged over the case or the --config file. The CLI reads, checks and documents every family
/// option from these declarations alone.
struct FamilyOption {
  enum class Kind {
    Number,  // one decimal number
    Text,    // a UTF-8 string
    Vector,  // comma-separated numbers: exactly `size` of them, or 1..64 when size is 0
    Flag,    // no value: sets true
  };
  std::string flag;   // "--balls"
  std::string path;   // "/body/epsilon"
  Kind kind = Kind::Number;
  std::string value;  // the value's name in the usage text ("N"; empty for a flag)
  std::string help;   // one line of the usage text
  int size = 0;       // Vector: how many numbers
  /// Number: the factor from the command line's unit to the config's (degrees → radians: π/180).
  double scale = 1.0;
  /// The options that write into one object (the parent of `path`) replace it whole when any is given,
  /// the others written as 0: `--tilt` alone is a plane tilted towards +x, whatever plane the case had.
  bool wholeObject = false;
  /// Written into the fully resolved config (the case's defaults made explicit, e.g. its body) instead
  /// of merged over the case: `--epsilon` rounds whatever cube the case or config has.
  bool resolved = false;
};

struct FamilyInfo {
  /// What Simulation::family() reports; unique (the built-in ones: families/*/family.cmake).
  std::string name;
  /// The config's "model" value that selects this family's factory; a case of a model shares it.
  std::string model;
  /// One line: what the family simulates, and after whom.
  std::string summary;
  /// Its presets (a config's "case"), in the order they are listed to users.
  std::vector<std::string> presets;
  /// The config JSON of one of `presets`.
  std::function<std::string(const std::string& preset)> presetJson;
  /// Validates a config of this model, read once by createSimulation (throws InvalidInput), and builds
  /// the simulation.
  std::function<std::unique_ptr<Simulation>(const ConfigDocument& config)> create;
  /// The terms of reversalDistances(), in order.
  std::vector<ReversalField> reversal;
  std::vector<FamilyOption> options;
  Capabilities capabilities;
  /// The config's fields, bounds and defaults, declared once by the family (docs/config.md): its
  /// parser checks a config against it, --schema and configSchema() export it. The built-in ones are
  /// set by cpp/src/core/families.cpp; a family without rows exports an empty "properties".
  ConfigSchema schema;
};

/// Adds a family after the built-in ones (throws std::invalid_argument for an empty or repeated name,
/// a preset another family already has, or a missing factory). Register before any thread runs
/// simulations: the registry is read without a lock. References into it stay valid until that
/// family is unregistered.
void registerFamily(FamilyInfo info);
/// Removes a registered family (a test's toy family); false when there is none of that name.
bool unregisterFamily(const std::string& name);
/// Every registered family, the built-in ones first, in the order of cpp/src/core/families.cpp.
const std::list<FamilyInfo>& families();
/// The family named `name` (Simulation::family()), or nullptr.
const FamilyInfo* findFamily(const std::string& name);
/// The family that has preset `name`, or nullptr.
const FamilyInfo* familyOfPreset(const std::string& name);
/// Every preset name, family by family.
std::vector<std::string> presetNames();
/// The family a JSON config describes: its "case" if given, else the first family of its "model",
/// else the first family registered (the lowest ORDER of families/*/family.cmake). Throws InvalidInput("config" | "model" | "case", …).
const FamilyInfo& familyOfConfig(const std::string& json);
const FamilyInfo& familyOfConfig(const ConfigDocument& config);

}  // namespace lgvci
