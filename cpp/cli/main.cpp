// lgvci: run one of the paper's experiments (or a JSON config) with the native core (docs/cli.md).
// Exit codes: 0 ok; 1 the integrator halted (Newton failure, work limit, a Zeno cascade it could not
// resolve), the result is not finite, time did not advance, or the output could not be written; 2 bad
// input; 130 interrupted (SIGINT: the run stops at a step boundary, docs/cli.md "Stopping a run").
//
// The command line is read by CLI11 (options.cpp declares every flag); this file maps what it read to
// a mode (modes.hpp) and every failure to its exit code.
#include <atomic>
#include <csignal>
#include <iostream>
#include <new>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "config.hpp"
#include "errors.hpp"
#include "lgvci/core/interrupt.hpp"
#include "lgvci/core/json_bounds.hpp"
#include "lgvci/core/text.hpp"
#include "modes.hpp"
#include "options.hpp"
#include "progress.hpp"

namespace {

using namespace lgvci;
using namespace lgvci::cli;

// SIGINT (docs/cli.md "Stopping a run"): the first one sets the flag that every step checks (the
// main thread's and the pool's interrupt scope, lgvci/core/interrupt.hpp) and restores the default
// action, so a second one ends the program at once. A SIGINT the program was started ignoring (a
// shell's background job) stays ignored.
std::atomic<bool> gInterrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");
extern "C" void onInterrupt(int) { gInterrupted.store(true, std::memory_order_relaxed); }
void installInterruptHandler() {
  struct sigaction inherited {};
  if (sigaction(SIGINT, nullptr, &inherited) == 0 && inherited.sa_handler == SIG_IGN) return;
  struct sigaction action {};
  action.sa_handler = onInterrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, nullptr);
}

// CLI11's own errors in the project's words: the flag, then the rule.
[[noreturn]] void rethrowParseError(const CLI::ParseError& e) {
  std::string what = e.what();
  const std::size_t colon = what.find(": ");
  if (colon != std::string::npos && what.size() >= 7 && what.compare(what.size() - 7, 7, "missing") == 0)
    throw Usage(what.substr(0, colon) + ": missing value");  // "--steps: 1 required N missing"
  const std::size_t override = what.find(" was given a disallowed flag override");
  if (override != std::string::npos) throw Usage("--" + what.substr(0, override) + ": takes no value");
  throw Usage(what);
}

int run(int argc, char** argv) {
  CliOptions o;
  MergeOptions m;
  CLI::App app;
  CLI::App* merge = declareOptions(app, o, m);
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success&) {  // --help printed, or --schema read
    return o.schema ? printSchema(o) : 0;
  } catch (const CLI::ParseError& e) {
    rethrowParseError(e);
  }
  if (merge->parsed()) {  // lgvci merge FILE... [--json], only as the first argument
    if (argc < 2 || std::string(argv[1]) != "merge") throw Usage("unknown option 'merge' (see --help)");
    if (!merge->remaining().empty())
      throw Usage("merge: unknown option '" + printable(merge->remaining().front()) + "' (merge FILE... [--json])");
    return runMergeMode(m);
  }
  if (!app.remaining().empty()) throw Usage("unknown option '" + app.remaining().front() + "' (see --help)");
  setProgress(o.progressFlag);
  finishOptions(o);
  const nlohmann::json base = buildConfig(o);
  if (!o.sweepAxes.empty()) return runSweepMode(o, base);
  if (o.ensemble.given) return runEnsembleMode(o.ensemble, base, o.asJson);
  if (o.orderStudy) return runOrderStudyMode(o, base);  // docs/order-study.md: the study replaces the run
  return runSingle(o, base);
}

}  // namespace

int main(int argc, char** argv) {
  installInterruptHandler();
  const InterruptScope interruptible(&gInterrupted);  // every step of this thread and of its pools checks it
  try {
    return run(argc, argv);
  } catch (const Interrupted&) {  // an ensemble, a sweep, a merge, a study: nothing half-done is printed
    std::cerr << "lgvci: interrupted (SIGINT); no result is printed\n";
    return kExitInterrupted;
  } catch (const RunError& e) {
    std::cerr << "lgvci: " << e.what() << "\n";
    return 1;
  } catch (const std::bad_alloc&) {  // not bad input: the machine ran out (docs/sweeps.md "Bounds" for sweeps)
    std::cerr << "lgvci: out of memory\n";
    return 1;
  } catch (const Usage& e) {
    std::cerr << "lgvci: " << e.what() << "\n";
    return 2;
  } catch (const lgvci::InvalidInput& e) {
    std::cerr << "lgvci: invalid input: " << e.what() << "\n";
    return 2;
  } catch (const nlohmann::json::exception& e) {  // never the library's text as the message
    const std::string what = e.what();
    const size_t bracket = what.find("] ");
    std::cerr << "lgvci: invalid input: config: could not be read ("
              << printable(bracket != std::string::npos ? what.substr(bracket + 2) : what) << ")\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "lgvci: " << e.what() << "\n";
    return 2;
  }
}
