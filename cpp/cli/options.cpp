#include "options.hpp"

#include <cmath>
#include <functional>
#include <iostream>

#include <CLI/CLI.hpp>

#include "errors.hpp"
#include "help.hpp"
#include "lgvci/core/ensemble_threads.hpp"
#include "lgvci/core/json_bounds.hpp"
#include "lgvci/core/run.hpp"
#include "lgvci/core/text.hpp"
#include "output.hpp"
#include "values.hpp"

namespace lgvci::cli {

namespace {

const char* kUsageHead = R"usage(usage: lgvci (--case NAME | --config FILE) [options]

Runs Algorithm 5.2 (the hybrid variational step) on a preset or a JSON configuration of one of the
families below and prints a summary (docs/cli.md).

)usage";

// --schema without a family: a value no family is named (CLI11 hands it over when none follows).
const char* kEveryFamily = "\x01";

// A flag that takes a value: its name, the value's name and its text in --help, and what it does with
// the value. It acts where it stands on the command line (trigger_on_parse): the first bad value in
// command-line order is the one reported. A value that starts with '-' is a value (--x0 -1,0,5).
CLI::Option* value(CLI::App& app, const std::string& name, const std::string& valueName, const std::string& help,
                   std::function<void(const std::string&)> set) {
  CLI::Option* o = app.add_option(
      name,
      [set](const CLI::results_t& r) {
        set(r.back());
        return true;
      },
      help);
  return o->type_size(1)->expected(1)->trigger_on_parse()->option_text(valueName);
}

// A flag without a value (`--json=…` is refused).
CLI::Option* flag(CLI::App& app, const std::string& name, const std::string& help, std::function<void()> set) {
  return app.add_flag_callback(name, std::move(set), help)->trigger_on_parse()->disable_flag_override();
}

// A value that goes into the JSON config must be UTF-8 text (JSON cannot carry other bytes).
const std::string& utf8(const char* field, const std::string& v) {
  if (!isValidUtf8(v)) throw InvalidInput(field, "is not valid UTF-8");
  return v;
}

}  // namespace

CLI::App* declareOptions(CLI::App& app, CliOptions& o, MergeOptions& m) {
  app.description(kUsageHead);
  app.formatter(helpFormatter());
  app.set_help_flag();  // --help is declared below, in its place in the list
  app.allow_extras();   // an unknown option is reported in the project's words (run.cpp)
  EnsembleOptions& e = o.ensemble;

  value(app, "--case", "NAME",
        "a preset of one of the families (lgvci/core/family.hpp):", [&](const std::string& v) { o.caseName = utf8("case", v); });
  value(app, "--config", "FILE", "a JSON configuration (docs/cli.md \"Configuration (JSON)\"); options below override it",
        [&](const std::string& v) {
          if (v.empty()) throw Usage("--config: expected a file name, got ''");
          o.configPath = v;
        });
  value(app, "--steps", "N", "number of steps of size h (default 1000; with --until-impacts the cap, default 1e7)",
        [&](const std::string& v) {
          o.steps = parseSteps("--steps", v);
          o.stepsGiven = true;
        });
  value(app, "--until-impacts", "N", "stop after the step in which the N-th impact happens, or at the cap on the steps",
        [&](const std::string& v) {
          o.untilImpacts = parseSteps("--until-impacts", v);
          if (o.untilImpacts < 1) throw Usage("--until-impacts: expected an integer in [1, 1e9]");
        });
  flag(app, "--json", "print one JSON object instead of the text summary", [&] { o.asJson = true; });
  value(app, "--csv", "FILE", "write one row per step (first row: the start), the record's CSV columns:", [&](const std::string& v) {
    if (v.empty()) throw Usage("--csv: expected a file name, got ''");
    o.csvPath = v;
  });
  value(app, "--integrator", "NAME", "the family's own scheme (default) or a baseline it declares:", [&](const std::string& v) {
    o.patch["integrator"] = utf8("integrator", v);
  });
  value(app, "--reverse-check", "N",
        "also run N steps from the initial state, negate the momenta, run N steps\n"
        "and report the distance from the reversed start (JSON \"reverse_check\")",
        [&](const std::string& s) {
          const double v = parseDouble("--reverse-check", s);
          if (v < 1 || v != std::floor(v) || v > 1e8) throw Usage("--reverse-check: expected an integer in [1, 1e8]");
          o.reverseSteps = static_cast<long long>(v);
        });
  value(app, "--symplecticity", "N",
        "also measure symplecticity at N samples over the --steps (1..1000): the loop\n"
        "area's change, or the one-step map's defect (JSON \"symplecticity\", docs/symplecticity.md)",
        [&](const std::string& s) {
          const double v = parseDouble("--symplecticity", s);
          if (v < 1 || v != std::floor(v) || v > 1000) throw Usage("--symplecticity: expected an integer in [1, 1000]");
          o.symplecticSamples = static_cast<int>(v);
        });
  value(app, "--h", "X", "time step (default 0.01)", [&](const std::string& v) { o.patch["h"] = parseDouble("--h", v); });
  value(app, "--root-finder", "F", "fast (Illinois, default) or bisection (the paper's); both to --tol",
        [&](const std::string& v) { o.patch["root_finder"] = utf8("root_finder", v); });
  value(app, "--tol", "X", "impact-time and Newton tolerance (default 1e-15)",
        [&](const std::string& v) { o.patch["tolerance"] = parseDouble("--tol", v); });
  value(app, "--max-impacts", "N", "Zeno guard: maximum impacts per step (default 64)",
        [&](const std::string& v) { o.patch["max_impacts_per_step"] = parseDouble("--max-impacts", v); });
  // Each family's own options (FamilyOption), applied to the config's family once it is known (config.cpp).
  for (const FamilyFlag& f : familyFlags()) {
    if (f.value.empty())
      flag(app, f.flag, f.help, [&o, name = f.flag] { o.familyFlags.emplace_back(name, ""); });
    else
      value(app, f.flag, f.value, f.help, [&o, name = f.flag](const std::string& v) { o.familyFlags.emplace_back(name, v); });
  }
  value(app, "--ensemble", "K",
        "run K perturbed copies (1..10000) against the unperturbed run and\n"
        "print their statistics (docs/ensembles.md \"Ensembles\"); with --steps N (default 1000)",
        [&](const std::string& v) {
          e.given = true;
          e.spec.members = static_cast<int>(parseCount("--ensemble", v, 1000000000LL, "[1, 10000]"));
        });
  value(app, "--threads", "T", "ensemble: threads (1..256, default: the hardware's); results do not depend on T",
        [&](const std::string& v) {
          e.threadsGiven = true;
          e.threads = static_cast<int>(parseCount("--threads", v, 1000000000LL, "[1, 256]"));
          if (e.threads < 1 || e.threads > kMaxEnsembleThreads) throw Usage("--threads: must be an integer in [1, 256]");
        });
  value(app, "--perturb", "SIZE", "ensemble: perturbation size in (0, 1] (default 1e-8, the twins' delta x)", [&](const std::string& v) {
    e.perturbGiven = true;
    e.spec.size = parseDouble("--perturb", v);
  });
  value(app, "--kind", "K",
        "ensemble: the perturbation of the start, moved by SIZE u along it (default: the\n"
        "family's first; --perturbations lists a config's, docs/ensembles.md)",
        [&](const std::string& v) {
          e.kindGiven = true;
          e.spec.kind = utf8("kind", v);
        });
  value(app, "--seed", "S", "ensemble: splitmix64 seed of the offsets u in [-1, 1) (0..2^53-1, default 1)", [&](const std::string& v) {
    e.seedGiven = true;
    e.spec.seed = static_cast<std::uint64_t>(parseCount("--seed", v, static_cast<long long>(kMaxEnsembleSeed), "[0, 2^53 - 1]"));
  });
  value(app, "--samples", "M", "ensemble: Err(t) sampled at M + 1 steps (1..1000, default 100)", [&](const std::string& v) {
    e.samplesGiven = true;
    e.spec.samples = static_cast<int>(parseCount("--samples", v, 1000000000LL, "[1, 1000]"));
  });
  flag(app, "--members", "ensemble: also print every member's result", [&] { e.members = true; });
  value(app, "--sweep", "PATH=SPEC",
        "an ensemble of --ensemble K members (default 1) at each value of a numeric\n"
        "config path: A:B:N (N points from A to B) or V1,V2,...; repeat to cross axes;\n"
        "the statistics per point (docs/sweeps.md)",
        [&](const std::string& v) { o.sweepAxes.push_back(v); });
  value(app, "--shard", "i/N", "sweep: run only shard i of N (1 <= i <= N) and print its members (with --json)",
        [&](const std::string& v) { o.shard = v; });
  flag(app, "--perturbations", "print the directions the config's start can be perturbed in (--kind) and exit",
       [&] { o.listPerturbations = true; });
  flag(app, "--momentum-maps", "also report the drift of the run's momentum maps (JSON \"momentum_maps\", docs/momentum-maps.md)",
       [&] { o.momentumMaps = true; });
  flag(app, "--jacobian",
       "also the run's tangent map over the --steps: the product of its steps' exact Jacobians\n"
       "in the family's chart, its det and symplecticity defect (JSON \"jacobian\", docs/jacobians.md)",
       [&] { o.jacobian = true; });
  flag(app, "--lyapunov",
       "also the run's finite-time Lyapunov exponents over the --steps, from the exact Jacobians\n"
       "by the QR method (JSON \"lyapunov\", docs/jacobians.md \"Lyapunov exponents\")",
       [&] { o.lyapunov = true; });
  flag(app, "--order-study",
       "instead of the run: errors at T past the first impact for h, h/2, ..., h/32 against\n"
       "h/256, and the fitted order (JSON \"order_study\", docs/order-study.md); T = t0 + N h\n"
       "with --steps N, else N = ceil(1.5 k1), k1 the step of the first impact",
       [&] { o.orderStudy = true; });
  flag(app, "--progress",
       "progress on stderr at most every 2 s (LGVCI_PROGRESS=S: every S s, 0: none) during a\n"
       "run, an ensemble or a sweep; the default when stderr is a terminal",
       [&] { o.progressFlag = true; });
  // --schema [FAMILY] and --help act where they stand: what follows them is not read.
  value(app, "--schema", "[FAMILY]", "print the config schema of FAMILY, or of every family, as JSON and exit (docs/config.md)",
        [&](const std::string& v) {
          const FamilyInfo* f = v == kEveryFamily ? nullptr : findFamily(v);
          if (v != kEveryFamily && !f) {
            std::string names;
            for (const FamilyInfo& g : families()) names += (names.empty() ? "" : ", ") + g.name;
            throw Usage("--schema: expected one of " + names + " (got '" + printable(v) + "')");
          }
          o.schema = true;
          o.schemaFamily = f;
          throw CLI::Success();
        })
      ->expected(0, 1)
      ->default_str(kEveryFamily);
  flag(app, "-h,--help", "this text", [&] {
    addRegistryLines(app);
    std::cout << app.help();
    flushStdout();
    throw CLI::Success();
  });

  CLI::App* merge = app.add_subcommand("merge", "(as the first argument) the sweep's statistics from the parts of its shards");
  merge->formatter(helpFormatter());
  merge->set_help_flag();
  merge->allow_extras();
  merge->add_option("FILE", m.files, "the parts written by --shard i/N --json (docs/sweeps.md)");
  flag(*merge, "--json", "print the statistics as JSON", [&] { m.asJson = true; });
  flag(*merge, "-h,--help", "this text", [merge] {
    std::cout << merge->help();
    flushStdout();
    throw CLI::Success();
  });
  return merge;
}

void finishOptions(CliOptions& o) {
  const EnsembleOptions& e = o.ensemble;
  if (o.untilImpacts > 0 && !o.stepsGiven) o.steps = kUntilImpactsStepCap;  // a run that never reaches N impacts still ends
  if (o.caseName.empty() == o.configPath.empty()) throw Usage("give exactly one of --case or --config");
  // The rules between flags. A new flag that a kind of run cannot take is named in that rule.
  if (!o.shard.empty() && o.sweepAxes.empty()) throw Usage("--shard: applies only with --sweep");
  if (!o.sweepAxes.empty() && (e.members || o.untilImpacts > 0 || o.reverseSteps > 0 || !o.csvPath.empty() || o.momentumMaps ||
                               o.orderStudy || o.symplecticSamples > 0))
    throw Usage(
        "--sweep: cannot be combined with --members, --until-impacts, --reverse-check, --csv, --momentum-maps, --order-study or "
        "--symplecticity");
  if (!o.shard.empty() && !o.asJson) throw Usage("--shard: a shard's part is JSON: add --json");
  if (o.sweepAxes.empty() && !e.given && (e.threadsGiven || e.perturbGiven || e.seedGiven || e.kindGiven || e.samplesGiven || e.members))
    throw Usage("--threads, --perturb, --seed, --kind, --samples and --members apply only with --ensemble");
  if (e.given && (o.untilImpacts > 0 || o.reverseSteps > 0 || !o.csvPath.empty()))
    throw Usage("--ensemble: cannot be combined with --until-impacts, --reverse-check or --csv");
  if (e.given && o.momentumMaps) throw Usage("--momentum-maps: cannot be combined with --ensemble");
  if (o.symplecticSamples > 0 && (e.given || o.orderStudy || o.untilImpacts > 0))
    throw Usage(
        "--symplecticity: cannot be combined with --ensemble, --order-study or --until-impacts (it samples the --steps of the run)");
  if (o.orderStudy &&
      (e.given || o.momentumMaps || o.untilImpacts > 0 || o.reverseSteps > 0 || !o.csvPath.empty() || (o.stepsGiven && o.steps == 0)))
    throw Usage(
        "--order-study: takes --steps N >= 1 or none, and cannot be combined with --ensemble, --momentum-maps, --until-impacts, "
        "--reverse-check or --csv");
  if ((o.jacobian || o.lyapunov) && (!o.sweepAxes.empty() || e.given || o.orderStudy || o.untilImpacts > 0))
    throw Usage(std::string(o.jacobian ? "--jacobian" : "--lyapunov") +
                ": cannot be combined with --sweep, --ensemble, --order-study or --until-impacts (it follows the --steps of the run)");
  o.ensemble.spec.steps = o.steps;
}

}  // namespace lgvci::cli
