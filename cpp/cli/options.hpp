// The command line, parsed by CLI11 (Debian's libcli11-dev): every flag is one declaration in
// options.cpp — its name, its value's name, its line of --help and what it sets here — and the rules
// between flags follow them there (docs/cli.md "How the command line is parsed").
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "lgvci/core/ensemble.hpp"
#include "lgvci/core/family.hpp"

namespace CLI {
class App;
}

namespace lgvci::cli {

/// --ensemble K and the flags that shape an ensemble or a sweep's ensembles (docs/ensembles.md).
struct EnsembleOptions {
  bool given = false;
  EnsembleSpec spec;
  int threads = 0;  // 0: hardware_concurrency
  bool members = false;
  bool perturbGiven = false, seedGiven = false, kindGiven = false, samplesGiven = false, threadsGiven = false;
};

/// What the command line asks for, as the declarations in options.cpp set it.
struct CliOptions {
  std::string caseName, configPath, csvPath;
  long long steps = 1000;
  bool stepsGiven = false;
  long long untilImpacts = 0;
  long long reverseSteps = 0;
  int symplecticSamples = 0;  // --symplecticity N (docs/symplecticity.md)
  bool asJson = false;
  bool momentumMaps = false;
  bool jacobian = false;  // --jacobian: the run's tangent map (docs/jacobians.md)
  bool lyapunov = false;  // --lyapunov: its finite-time Lyapunov exponents
  bool orderStudy = false;
  bool listPerturbations = false;
  bool progressFlag = false;  // --progress (docs/cli.md "Long runs")
  /// --schema [FAMILY]: print the schema and exit (docs/config.md); `schemaFamily` null for every family.
  bool schema = false;
  const FamilyInfo* schemaFamily = nullptr;
  /// The driver's settings (--integrator, --h, --root-finder, --tol, --max-impacts), merged over the config.
  nlohmann::json patch = nlohmann::json::object();
  /// Family options and their values, in command-line order (lgvci/core/family.hpp FamilyOption).
  std::vector<std::pair<std::string, std::string>> familyFlags;
  EnsembleOptions ensemble;
  std::vector<std::string> sweepAxes;  // --sweep (docs/sweeps.md)
  std::string shard;
};

/// `lgvci merge FILE... [--json]` (docs/sweeps.md).
struct MergeOptions {
  std::vector<std::string> files;
  bool asJson = false;
};

/// Declares every flag of the program on `app`, and the merge subcommand, which `merge` receives.
/// Each flag's action runs when the parser meets it (CLI11 trigger_on_parse), so the first bad value
/// in command-line order is the one reported, and --help and --schema act where they stand.
/// Returns the merge subcommand.
CLI::App* declareOptions(CLI::App& app, CliOptions& o, MergeOptions& merge);

/// After parsing: the rules between flags (exit 2 with the flag and the rule), and the defaults that
/// depend on other flags (--until-impacts' cap on the steps, the ensemble's steps).
void finishOptions(CliOptions& o);

}  // namespace lgvci::cli
