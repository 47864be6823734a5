// What the CLI runs, once the command line is read (docs/cli.md): a run, an order study, the
// perturbations of a config, an ensemble, a sweep or one of its shards, the merge of shards, a schema.
// Each returns the exit code, or throws (errors.hpp; main.cpp maps the exceptions to exit codes).
#pragma once

#include <nlohmann/json.hpp>

#include "options.hpp"

namespace lgvci::cli {

/// The run of the config `base` and its summary (--steps, --until-impacts, --csv, --reverse-check,
/// --momentum-maps, --symplecticity), or its perturbations with --perturbations (run_mode.cpp).
int runSingle(const CliOptions& o, const nlohmann::json& base);
/// --order-study: the study instead of the run (docs/order-study.md; run_mode.cpp).
int runOrderStudyMode(const CliOptions& o, const nlohmann::json& base);
/// --ensemble K (docs/ensembles.md; pool_modes.cpp).
int runEnsembleMode(const EnsembleOptions& e, const nlohmann::json& base, bool asJson);
/// --sweep PATH=SPEC [--shard i/N] (docs/sweeps.md; pool_modes.cpp).
int runSweepMode(const CliOptions& o, const nlohmann::json& base);
/// lgvci merge FILE... [--json] (docs/sweeps.md; pool_modes.cpp).
int runMergeMode(const MergeOptions& m);
/// --schema [FAMILY] (docs/config.md; pool_modes.cpp).
int printSchema(const CliOptions& o);

}  // namespace lgvci::cli
