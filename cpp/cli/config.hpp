// The configuration a command line describes (docs/cli.md "Configuration (JSON)"): the preset or the
// --config file, the driver's settings merged over it, then the family's options as it declares them.
#pragma once

#include <nlohmann/json.hpp>

#include "options.hpp"

namespace lgvci::cli {

/// The config of `o` (reads --config: at most 1 MiB, checked for its bounds before a tree is built).
nlohmann::json buildConfig(const CliOptions& o);

}  // namespace lgvci::cli
