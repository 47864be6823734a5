// lgvci: run one of the paper's experiments (or a JSON config) with the native core.
// Exit codes: 0 ok; 1 the integrator halted (Newton failure, work limit, a Zeno cascade it could not
// resolve), the result is not finite,
// time did not advance, or the output could not be written; 2 bad input; 130 interrupted (SIGINT: the
// run stops at a step boundary, docs/cli.md "Stopping a run").
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <mutex>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>
#include <unistd.h>

#include "lgvci/claims/momentum_maps.hpp"
#include "lgvci/claims/order_study.hpp"
#include "lgvci/claims/symplecticity.hpp"
#include "lgvci/core/ensemble.hpp"
#include "lgvci/core/ensemble_threads.hpp"
#include "lgvci/core/extensions.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/interrupt.hpp"
#include "lgvci/core/progress.hpp"
#include "lgvci/core/run.hpp"
#include "lgvci/core/simulation.hpp"
#include "lgvci/core/sweep.hpp"
#include "lgvci/core/text.hpp"
#include "lgvci/core/json_bounds.hpp"

namespace {

using nlohmann::json;
using namespace lgvci;

const char* kUsageHead = R"usage(usage: lgvci (--case NAME | --config FILE) [options]

Runs Algorithm 5.2 (the hybrid variational step) on a preset or a JSON configuration of one of the
families below and prints a summary (docs/cli.md).

)usage";
// Then the presets, family by family, from the registry (lgvci/core/family.hpp).
const char* kUsageOptions = R"usage(  --config FILE        a JSON configuration (docs/cli.md "Configuration (JSON)"); options below override it
  --steps N            number of steps of size h (default 1000; with --until-impacts the cap, default 1e7)
  --until-impacts N    stop after the step in which the N-th impact happens, or at the cap on the steps
  --json               print one JSON object instead of the text summary
  --csv FILE           write one row per step (first row: the start), the record's CSV columns:
)usage";
// Then each family's CSV columns, from its record layout.
const char* kUsageSettings = R"usage(  --integrator NAME    the family's own scheme (default) or a baseline it declares:
)usage";
// Then each family's baselines, from the registry.
const char* kUsageDriver = R"usage(  --reverse-check N    also run N steps from the initial state, negate the momenta, run N steps
                       and report the distance from the reversed start (JSON "reverse_check")
  --symplecticity N    also measure symplecticity at N samples over the --steps (1..1000): the loop
                       area's change, or the one-step map's defect (JSON "symplecticity", docs/symplecticity.md)
  --h X                time step (default 0.01)
  --root-finder F      fast (Illinois, default) or bisection (the paper's); both to --tol
  --tol X              impact-time and Newton tolerance (default 1e-15)
  --max-impacts N      Zeno guard: maximum impacts per step (default 64)
)usage";
// Then each family's own options, from the registry.
const char* kUsageTail = R"usage(  --ensemble K         run K perturbed copies (1..10000) against the unperturbed run and
                       print their statistics (docs/ensembles.md "Ensembles"); with --steps N (default 1000)
  --threads T          ensemble: threads (1..256, default: the hardware's); results do not depend on T
  --perturb SIZE       ensemble: perturbation size in (0, 1] (default 1e-8, the twins' delta x)
  --kind K             ensemble: the perturbation of the start, moved by SIZE u along it (default: the
                       family's first; --perturbations lists a config's, docs/ensembles.md)
  --seed S             ensemble: splitmix64 seed of the offsets u in [-1, 1) (0..2^53-1, default 1)
  --samples M          ensemble: Err(t) sampled at M + 1 steps (1..1000, default 100)
  --members            ensemble: also print every member's result
  --sweep PATH=SPEC    an ensemble of --ensemble K members (default 1) at each value of a numeric
                       config path: A:B:N (N points from A to B) or V1,V2,...; repeat to cross axes;
                       the statistics per point (docs/sweeps.md)
  --shard i/N          sweep: run only shard i of N (1 <= i <= N) and print its members (with --json)
  merge FILE... [--json]
                       (as the first argument) the sweep's statistics from the parts of its shards
  --perturbations      print the directions the config's start can be perturbed in (--kind) and exit
  --momentum-maps      also report the drift of the run's momentum maps (JSON "momentum_maps", docs/momentum-maps.md)
  --order-study        instead of the run: errors at T past the first impact for h, h/2, ..., h/32 against
                       h/256, and the fitted order (JSON "order_study", docs/order-study.md); T = t0 + N h
                       with --steps N, else N = ceil(1.5 k1), k1 the step of the first impact
  --progress           progress on stderr at most every 2 s (LGVCI_PROGRESS=S: every S s, 0: none) during a
                       run, an ensemble or a sweep; the default when stderr is a terminal
  --schema [FAMILY]    print the config schema of FAMILY, or of every family, as JSON and exit (docs/config.md)
  --help               this text
)usage";

struct Usage : std::runtime_error {
  using std::runtime_error::runtime_error;
};

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
constexpr int kExitInterrupted = 130;  // 128 + SIGINT, as a shell reports a process ended by Ctrl-C

// Progress on stderr (docs/cli.md "Long runs"): with --progress, LGVCI_PROGRESS=SECONDS, or when
// stderr is a terminal, a line at most every `interval` seconds of wall time while a run, an ensemble
// or a sweep computes. Off otherwise, so that a redirected program's output (stdout and stderr) is the
// same bytes on every machine; the lines never change a result.
struct ProgressOptions {
  bool on = false;
  double interval = 2.0;  // seconds
};
ProgressOptions gProgress;
// A run's loop asks whether a line is due once this many work units (lgvci/core/work.hpp, ≈ 10–20 ms
// natively) have passed since it last asked: the clock is read that seldom.
constexpr long long kProgressCheckWork = 1LL << 20;

// While a pool computes (an ensemble's members, a sweep's references and members), a thread of its own
// writes how many of its tasks are done (lgvci/core/progress.hpp) every interval, until the pool's
// caller is done. Nothing when progress is off.
class PoolProgress {
 public:
  /// `members`: the pool runs the members only, all in one go (an ensemble), so their number is known;
  /// else (a sweep: its points' references and members, a batch at a time) the runs done are counted.
  PoolProgress(const char* what, bool members) {
    if (!gProgress.on) return;
    scope_.emplace(&progress_);
    const auto start = std::chrono::steady_clock::now();
    reporter_ = std::thread([this, what, members, start] {
      std::unique_lock<std::mutex> g(lock_);
      const auto interval = std::chrono::duration<double>(gProgress.interval);
      while (!stopped_.wait_for(g, interval, [this] { return stop_; })) {
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (members)
          std::fprintf(stderr, "lgvci: %s: %lld of %lld members run, %.1f s\n", what, progress_.done.load(), progress_.total.load(), seconds);
        else
          std::fprintf(stderr, "lgvci: %s: %lld runs done (members and their points' unperturbed references), %.1f s\n", what,
                       progress_.done.load(), seconds);
      }
    });
  }
  ~PoolProgress() {
    if (!reporter_.joinable()) return;
    {
      std::lock_guard<std::mutex> g(lock_);
      stop_ = true;
    }
    stopped_.notify_one();
    reporter_.join();
  }
  PoolProgress(const PoolProgress&) = delete;
  PoolProgress& operator=(const PoolProgress&) = delete;

 private:
  TaskProgress progress_;
  std::optional<ProgressScope> scope_;
  std::mutex lock_;
  std::condition_variable stopped_;
  bool stop_ = false;
  std::thread reporter_;
};

// --progress given or not, LGVCI_PROGRESS and whether stderr is a terminal → gProgress.
void setProgress(bool flag) {
  const char* env = std::getenv("LGVCI_PROGRESS");
  if (env != nullptr && *env != '\0') {
    const std::string text = env;
    const double v = isDecimalNumber(text) ? std::strtod(text.c_str(), nullptr) : -1.0;
    if (!(v >= 0.0 && v <= 86400.0))
      throw Usage("LGVCI_PROGRESS: expected the seconds between progress lines, a decimal number in [0, 86400] (0: none), got '" +
                  printable(text) + "'");
    gProgress.on = flag || v > 0.0;
    if (v > 0.0) gProgress.interval = v;
    return;
  }
  gProgress.on = flag || isatty(STDERR_FILENO) == 1;
}
/// The run or its output failed after the input was accepted (exit 1).
struct RunError : std::runtime_error {
  using std::runtime_error::runtime_error;
};


double parseDouble(const std::string& flag, const std::string& s) {
  if (!isDecimalNumber(s)) throw Usage(flag + ": expected a decimal number, got '" + printable(s) + "'");
  const double v = std::strtod(s.c_str(), nullptr);
  if (!std::isfinite(v)) throw Usage(flag + ": '" + s + "' is beyond the range of a double");
  return v;
}

long long parseSteps(const std::string& flag, const std::string& s) {
  const bool digits = !s.empty() && s.size() <= 10 && s.find_first_not_of("0123456789") == std::string::npos;
  if (!digits || std::stoll(s) > 1000000000LL)
    throw Usage(flag + ": expected an integer in [0, 1e9] written in decimal digits, got '" + printable(s) + "'");
  return std::stoll(s);
}

json parseTriple(const std::string& flag, const std::string& s) {
  std::vector<double> v;
  size_t from = 0;
  while (true) {  // every item, empty ones included: "0,0,10," has four
    const size_t comma = s.find(',', from);
    const std::string item = s.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
    if (item.empty()) throw Usage(flag + ": expected three comma-separated numbers, got '" + printable(s) + "'");
    v.push_back(parseDouble(flag, item));
    if (comma == std::string::npos) break;
    from = comma + 1;
  }
  if (v.size() != 3) throw Usage(flag + ": expected three comma-separated numbers, got '" + printable(s) + "'");
  return json::array({v[0], v[1], v[2]});
}

json parseList(const std::string& flag, const std::string& s) {
  json v = json::array();
  size_t from = 0;
  while (true) {  // every item, empty ones included: "1,2," has three
    const size_t comma = s.find(',', from);
    const std::string item = s.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
    if (item.empty() || v.size() >= 64)
      throw Usage(flag + ": expected 1 to 64 comma-separated numbers, got '" + printable(s) + "'");
    v.push_back(parseDouble(flag, item));
    if (comma == std::string::npos) break;
    from = comma + 1;
  }
  return v;
}

// "  --flag VALUE" padded to the usage text's column 23.
std::string usageLine(const std::string& left, const std::string& right) {
  std::string s = "  " + left;
  s += s.size() < 23 ? std::string(23 - s.size(), ' ') : std::string(" ");
  return s + right + "\n";
}

// "a, b and c".
std::string listed(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) s += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return s;
}

// The families that declare option `flag`.
std::vector<std::string> ownersOf(const std::string& flag) {
  std::vector<std::string> names;
  for (const FamilyInfo& f : families())
    for (const FamilyOption& o : f.options)
      if (o.flag == flag) names.push_back(f.name);
  return names;
}

// The families that declare option `flag`, grouped by its help text, in the families' order: families
// sharing a flag may give it different defaults, and each must read its own.
std::vector<std::pair<std::string, std::vector<std::string>>> helpsOf(const std::string& flag) {
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;
  for (const FamilyInfo& f : families())
    for (const FamilyOption& o : f.options) {
      if (o.flag != flag) continue;
      auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& x) { return x.first == o.help; });
      if (g == groups.end()) groups.push_back({o.help, {f.name}});
      else g->second.push_back(f.name);
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

std::string usage() {
  const std::string indent(23, ' ');
  std::string s = kUsageHead;
  s += usageLine("--case NAME", "a preset of one of the families (lgvci/core/family.hpp):");
  for (const FamilyInfo& f : families()) {
    std::string names;
    for (const std::string& p : f.presets) names += (names.empty() ? "" : ", ") + p;
    if (!names.empty()) s += indent + names + "\n" + std::string(25, ' ') + f.name + ": " + f.summary + "\n";
  }
  s += kUsageOptions;
  for (const FamilyInfo& f : families())
    if (const std::string cols = csvFields(f); !cols.empty()) s += indent + "  " + f.name + ": " + cols + "\n";
  s += kUsageSettings;
  for (const FamilyInfo& f : families())
    if (!f.capabilities.baselines.empty()) s += indent + "  " + f.name + ": " + listed(f.capabilities.baselines) + "\n";
  s += kUsageDriver;
  std::vector<std::string> shown;
  for (const FamilyInfo& f : families())
    for (const FamilyOption& o : f.options) {
      bool seen = false;
      for (const std::string& flag : shown) seen = seen || flag == o.flag;
      if (seen) continue;
      shown.push_back(o.flag);
      std::string left = o.flag + (o.value.empty() ? "" : " " + o.value);
      for (const auto& [help, owners] : helpsOf(o.flag)) {
        s += usageLine(left, listed(owners) + ": " + help);
        left.clear();
      }
    }
  return s + kUsageTail;
}

// The registered option `flag` of some family, or nullptr.
const FamilyOption* familyOption(const std::string& flag) {
  for (const FamilyInfo& f : families())
    for (const FamilyOption& o : f.options)
      if (o.flag == flag) return &o;
  return nullptr;
}

// The family of a config, or nullptr when it names none (its own error then comes from the core).
const FamilyInfo* familyOf(const json& base) {
  try {
    return &familyOfConfig(base.dump());
  } catch (const InvalidInput&) {
    return nullptr;
  }
}

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

// Output that cannot be written is an error, not a silent exit 0 (a full disk, /dev/full).
void requireWritten(std::FILE* f, const std::string& what) {
  if (std::ferror(f)) throw RunError(what + ": write failed: " + std::strerror(errno ? errno : EIO));
}
void closeCsv(std::FILE* f, const std::string& path) {
  const bool flushed = std::fflush(f) == 0 && !std::ferror(f);
  const int err = errno;
  const bool closed = std::fclose(f) == 0;
  if (!flushed || !closed) throw RunError("--csv: writing '" + printable(path) + "' failed: " + std::strerror(err ? err : EIO));
}
void flushStdout() {
  std::cout.flush();
  const bool ok = std::cout.good() && std::fflush(stdout) == 0 && !std::ferror(stdout);
  if (!ok) throw RunError(std::string("standard output: write failed: ") + std::strerror(errno ? errno : EIO));
}

// The last guard: a result with NaN or infinity is never printed as a success (JSON would say null).
void requireFiniteResult(const Simulation& sim, double t0, double E0, double maxErr, long long steps) {
  bool finite = std::isfinite(E0) && std::isfinite(sim.energies().energy) && std::isfinite(maxErr);
  for (double v : sim.record()) finite = finite && std::isfinite(v);
  const RunStatus run = sim.runStatus();
  if (!finite) throw RunError("the result is not finite (t = " + std::to_string(run.time) + "); nothing is printed");
  if (steps > 0 && !(run.time > t0))
    throw RunError("time did not advance in " + std::to_string(steps) + " steps (t = " + std::to_string(run.time) + "): " + run.message);
}

// ---- Ensembles: K perturbed copies on a pool of std::thread, statistics as JSON. ----

struct EnsembleOptions {
  bool given = false;
  EnsembleSpec spec;
  int threads = 0;  // 0: hardware_concurrency
  bool members = false;
  bool perturbGiven = false, seedGiven = false, kindGiven = false, samplesGiven = false, threadsGiven = false;
};

long long parseCount(const std::string& flag, const std::string& s, long long max, const std::string& range) {
  const bool digits = !s.empty() && s.size() <= 16 && s.find_first_not_of("0123456789") == std::string::npos;
  if (!digits) throw Usage(flag + ": expected an integer in " + range + " written in decimal digits, got '" + printable(s) + "'");
  const unsigned long long v = std::stoull(s);
  if (v > static_cast<unsigned long long>(max)) throw Usage(flag + ": must be an integer in " + range + ", got " + s);
  return static_cast<long long>(v);
}

// The core names fields after the spec ("members", "size"); the message names the flag.
[[noreturn]] void rethrowAsFlag(const InvalidInput& e) {
  const std::string f = e.field();
  const std::string flag = f == "members" ? "--ensemble" : f == "size" ? "--perturb" : f == "kind" ? "--kind"
                         : f == "seed" ? "--seed" : f == "samples" ? "--samples" : f == "steps" ? "--steps" : "";
  if (flag.empty()) throw e;
  throw Usage(flag + std::string(e.what()).substr(f.size()));
}

int runEnsembleCli(const EnsembleOptions& o, const json& base, bool asJson) {
  std::unique_ptr<Ensemble> ens;
  try {
    validateEnsembleSpec(o.spec);
    EnsembleSpec spec = o.spec;
    spec.config = base.dump();
    ens = std::make_unique<Ensemble>(std::move(spec));
  } catch (const InvalidInput& e) {
    rethrowAsFlag(e);
  }
  const unsigned hw = std::thread::hardware_concurrency();
  const int threads = o.threads > 0 ? o.threads : static_cast<int>(hw > 0 ? std::min<unsigned>(hw, kMaxEnsembleThreads) : 1);
  const auto start = std::chrono::steady_clock::now();
  std::vector<MemberResult> results;
  {
    const PoolProgress progress("ensemble", true);
    results = runEnsembleThreads(*ens, threads);
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const EnsembleStatistics st = ensembleStatistics(*ens, results);
  if (asJson) {
    json out = json::parse(ensembleStatisticsJson(*ens, st, o.members ? &results : nullptr));
    out["threads"] = threads;
    out["wall_seconds"] = wall;
    std::cout << out.dump() << "\n";
  } else {
    const EnsembleSpec& s = ens->spec();
    std::printf("ensemble of %d %s-perturbed copies (size %g, seed %llu), %lld steps of h = %g, %d threads\n",
                s.members, s.kind.c_str(), s.size, static_cast<unsigned long long>(s.seed), s.steps, ens->h(), threads);
    std::printf("reference impacts  %lld\n", ens->reference().impacts);
    std::printf("impacts            min %lld, median %g, mean %.2f, max %lld\n", st.impactsMin, st.impactsMedian, st.impactsMean, st.impactsMax);
    std::printf("final |E-E0|/|E0|  median %.3e, max %.3e\n", st.energyMedian, st.energyMax);
    std::printf("Err(t) median      %.3e at t = %g, %.3e at t = %g (quartiles %.3e .. %.3e)\n", st.median.front(), st.t.front(),
                st.median.back(), st.t.back(), st.q1.back(), st.q3.back());
    std::printf("halted             %lld\n", st.halted);
    std::printf("wall time          %.3f s\n", wall);
  }
  flushStdout();
  return 0;
}

// ---- Sweeps: an ensemble at each point of a grid of config values, whole or one shard (docs/sweeps.md). ----

int runSweepCli(EnsembleOptions o, const json& base, const std::vector<std::string>& axes, const std::string& shardText, bool asJson) {
  SweepSpec spec;
  spec.config = base.dump();
  for (const std::string& a : axes) spec.axes.push_back(parseSweepAxis(a));
  spec.ensemble = o.spec;
  if (!o.given) spec.ensemble.members = 1;
  try {
    validateSweep(spec);
  } catch (const InvalidInput& e) {
    rethrowAsFlag(e);
  }
  const unsigned hw = std::thread::hardware_concurrency();
  const int threads = o.threads > 0 ? o.threads : static_cast<int>(hw > 0 ? std::min<unsigned>(hw, kMaxEnsembleThreads) : 1);
  std::string out;
  {
    const PoolProgress progress("sweep", false);
    out = shardText.empty() ? runSweep(spec, threads) : runSweepPart(spec, parseShard(shardText), threads);
  }
  std::cout << (asJson ? out + "\n" : sweepSummaryText(out));
  flushStdout();
  return 0;
}

// lgvci merge FILE... [--json]: the statistics of a sweep from its shards' parts.
int mergeCli(const std::vector<std::string>& args) {
  std::vector<std::string> files;
  bool asJson = false;
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--json") asJson = true;
    else if (args[i] == "--help" || args[i] == "-h") { std::cout << "usage: lgvci merge FILE... [--json] (docs/sweeps.md)\n"; return 0; }
    else if (args[i].rfind("--", 0) == 0) throw Usage("merge: unknown option '" + printable(args[i]) + "' (merge FILE... [--json])");
    else files.push_back(args[i]);
  }
  if (files.empty()) throw Usage("merge: give the parts to merge (lgvci merge FILE... [--json])");
  std::string out;
  try {
    out = mergeSweepPartFiles(files);  // every part verified (docs/sweeps.md "What the merge verifies")
  } catch (const Interrupted&) {
    throw;
  } catch (const std::runtime_error& e) {  // not the input's fault: out of memory holding the members
    throw RunError(e.what());
  }
  std::cout << (asJson ? out + "\n" : sweepSummaryText(out));
  flushStdout();
  return 0;
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
      case K::Number: given.emplace_back(o, parseDouble(flag, raw) * o->scale); break;
      case K::Text:
        if (!isValidUtf8(raw)) throw InvalidInput(fieldOf(*o), "is not valid UTF-8");
        given.emplace_back(o, json(raw));
        break;
      case K::Vector: given.emplace_back(o, o->size == 3 ? parseTriple(flag, raw) : parseList(flag, raw)); break;
      case K::Flag: given.emplace_back(o, true); break;
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
        if (sibling.wholeObject && json::json_pointer(sibling.path).parent_pointer() == parent && !patch.contains(json::json_pointer(sibling.path)))
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

int run(int argc, char** argv) {
  std::string caseName, configPath, csvPath;
  long long steps = 1000;
  long long untilImpacts = 0;
  long long reverseSteps = 0;
  int symplecticSamples = 0;  // --symplecticity N (docs/symplecticity.md)
  bool stepsGiven = false;
  bool asJson = false;
  bool momentumMaps = false;
  bool orderStudy = false;
  bool listPerturbations = false;
  bool progressFlag = false;  // --progress (docs/cli.md "Long runs")
  json patch = json::object();
  std::vector<std::pair<std::string, std::string>> given;  // family options and their values, in command-line order
  EnsembleOptions ensemble;
  std::vector<std::string> sweepAxes;  // --sweep (docs/sweeps.md)
  std::string shard;

  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "merge") return mergeCli(args);
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> const std::string& {
      if (i + 1 >= args.size()) throw Usage(a + ": missing value");
      return args[++i];
    };
    // A value that goes into the JSON config must be UTF-8 text (JSON cannot carry other bytes).
    auto text = [&](const char* field) -> const std::string& {
      const std::string& v = value();
      if (!isValidUtf8(v)) throw InvalidInput(field, "is not valid UTF-8");
      return v;
    };
    if (a == "--help" || a == "-h") { std::cout << usage(); return 0; }
    else if (a == "--schema") {  // the config schema (lgvci/core/config_schema.hpp, docs/config.md)
      const bool named = i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0;
      const FamilyInfo* f = named ? findFamily(args[i + 1]) : nullptr;
      if (named && !f) {
        std::string names;
        for (const FamilyInfo& g : families()) names += (names.empty() ? "" : ", ") + g.name;
        throw Usage("--schema: expected one of " + names + " (got '" + printable(args[i + 1]) + "')");
      }
      std::cout << (f ? configSchemaJson(f->schema, 2) : configSchemasJson(2)) << "\n";
      flushStdout();
      return 0;
    }
    else if (a == "--case") caseName = text("case");
    else if (a == "--config") {
      configPath = value();
      if (configPath.empty()) throw Usage("--config: expected a file name, got ''");
    }
    else if (a == "--steps") {
      steps = parseSteps(a, value());
      stepsGiven = true;
    }
    else if (a == "--until-impacts") {
      untilImpacts = parseSteps(a, value());
      if (untilImpacts < 1) throw Usage("--until-impacts: expected an integer in [1, 1e9]");
      if (!stepsGiven) steps = kUntilImpactsStepCap;  // a run that never reaches N impacts still ends
    }
    else if (a == "--integrator") patch["integrator"] = text("integrator");
    else if (a == "--reverse-check") {
      const double v = parseDouble(a, value());
      if (v < 1 || v != std::floor(v) || v > 1e8) throw Usage("--reverse-check: expected an integer in [1, 1e8]");
      reverseSteps = static_cast<long long>(v);
    }
    else if (a == "--symplecticity") {
      const double v = parseDouble(a, value());
      if (v < 1 || v != std::floor(v) || v > 1000) throw Usage("--symplecticity: expected an integer in [1, 1000]");
      symplecticSamples = static_cast<int>(v);
    }
    else if (a == "--json") asJson = true;
    else if (a == "--csv") {
      csvPath = value();
      if (csvPath.empty()) throw Usage("--csv: expected a file name, got ''");
    }
    else if (a == "--h") patch["h"] = parseDouble(a, value());
    else if (a == "--root-finder") patch["root_finder"] = text("root_finder");
    else if (a == "--tol") patch["tolerance"] = parseDouble(a, value());
    else if (a == "--max-impacts") patch["max_impacts_per_step"] = parseDouble(a, value());
    else if (const FamilyOption* o = familyOption(a)) given.emplace_back(a, o->kind == FamilyOption::Kind::Flag ? "" : value());
    else if (a == "--ensemble") {
      ensemble.given = true;
      ensemble.spec.members = static_cast<int>(parseCount(a, value(), 1000000000LL, "[1, 10000]"));
    }
    else if (a == "--threads") {
      ensemble.threadsGiven = true;
      ensemble.threads = static_cast<int>(parseCount(a, value(), 1000000000LL, "[1, 256]"));
      if (ensemble.threads < 1 || ensemble.threads > kMaxEnsembleThreads) throw Usage("--threads: must be an integer in [1, 256]");
    }
    else if (a == "--perturb") { ensemble.perturbGiven = true; ensemble.spec.size = parseDouble(a, value()); }
    else if (a == "--seed") {
      ensemble.seedGiven = true;
      ensemble.spec.seed = static_cast<std::uint64_t>(parseCount(a, value(), static_cast<long long>(kMaxEnsembleSeed), "[0, 2^53 - 1]"));
    }
    else if (a == "--kind") {
      ensemble.kindGiven = true;
      ensemble.spec.kind = text("kind");
    }
    else if (a == "--samples") {
      ensemble.samplesGiven = true;
      ensemble.spec.samples = static_cast<int>(parseCount(a, value(), 1000000000LL, "[1, 1000]"));
    }
    else if (a == "--members") ensemble.members = true;
    else if (a == "--sweep") sweepAxes.push_back(value());
    else if (a == "--shard") shard = value();
    else if (a == "--momentum-maps") momentumMaps = true;
    else if (a == "--perturbations") listPerturbations = true;
    else if (a == "--order-study") orderStudy = true;
    else if (a == "--progress") progressFlag = true;
    else throw Usage("unknown option '" + a + "' (see --help)");
  }
  setProgress(progressFlag);
  if (caseName.empty() == configPath.empty()) throw Usage("give exactly one of --case or --config");
  if (!shard.empty() && sweepAxes.empty()) throw Usage("--shard: applies only with --sweep");
  if (!sweepAxes.empty() && (ensemble.members || untilImpacts > 0 || reverseSteps > 0 || !csvPath.empty() || momentumMaps || orderStudy ||
                             symplecticSamples > 0))
    throw Usage("--sweep: cannot be combined with --members, --until-impacts, --reverse-check, --csv, --momentum-maps, --order-study or --symplecticity");
  if (!shard.empty() && !asJson) throw Usage("--shard: a shard's part is JSON: add --json");
  if (sweepAxes.empty() && !ensemble.given && (ensemble.threadsGiven || ensemble.perturbGiven || ensemble.seedGiven || ensemble.kindGiven ||
                          ensemble.samplesGiven || ensemble.members))
    throw Usage("--threads, --perturb, --seed, --kind, --samples and --members apply only with --ensemble");
  if (ensemble.given && (untilImpacts > 0 || reverseSteps > 0 || !csvPath.empty()))
    throw Usage("--ensemble: cannot be combined with --until-impacts, --reverse-check or --csv");
  if (ensemble.given && momentumMaps) throw Usage("--momentum-maps: cannot be combined with --ensemble");
  if (symplecticSamples > 0 && (ensemble.given || orderStudy || untilImpacts > 0))
    throw Usage("--symplecticity: cannot be combined with --ensemble, --order-study or --until-impacts (it samples the --steps of the run)");
  if (orderStudy && (ensemble.given || momentumMaps || untilImpacts > 0 || reverseSteps > 0 || !csvPath.empty() || (stepsGiven && steps == 0)))
    throw Usage("--order-study: takes --steps N >= 1 or none, and cannot be combined with --ensemble, --momentum-maps, --until-impacts, --reverse-check or --csv");
  ensemble.spec.steps = steps;

  json base = json{{"case", caseName}};
  if (caseName.empty()) {
    const std::string text = readFile(configPath);
    checkJsonText(text);  // bounded, with the parse position in the message, before a tree is built
    base = json::parse(text);
  }
  base.merge_patch(patch);
  applyFamilyOptions(base, given);
  if (!sweepAxes.empty()) return runSweepCli(ensemble, base, sweepAxes, shard, asJson);
  if (ensemble.given) return runEnsembleCli(ensemble, base, asJson);
  if (orderStudy) {  // docs/order-study.md: the study replaces the run; a run that halts is exit 1
    OrderStudyResult r;
    try {
      r = runOrderStudy(base.dump(), stepsGiven ? steps : 0);
    } catch (const Interrupted&) {  // Ctrl-C: exit 130 (below), not a failed study
      throw;
    } catch (const std::runtime_error& e) {
      throw RunError(e.what());
    }
    std::cout << (asJson ? "{\"order_study\":" + orderStudyJson(r) + "}\n" : orderStudyText(r));
    flushStdout();
    return 0;
  }
  SimulationResult created = createSimulation(base.dump());
  if (!created.ok()) {  // the core's message as a value: "<field>: <rule>"
    std::cerr << "lgvci: invalid input: " << created.error.message << "\n";
    return 2;
  }
  Simulation& sim = *created.simulation;
  if (listPerturbations) {  // docs/ensembles.md "Perturbations"
    json list = json::array();
    for (const Perturbation& p : sim.perturbations()) {
      list.push_back({{"name", p.name}, {"description", p.description}, {"field", p.field}, {"component", p.component},
                      {"op", p.op == Perturbation::Op::Shift ? "shift" : "turn"}});
      if (!asJson) std::printf("%-12s %s\n", p.name.c_str(), p.description.c_str());
    }
    if (asJson) std::cout << json{{"perturbations", list}}.dump() << "\n";
    flushStdout();
    return 0;
  }

  std::FILE* csv = nullptr;
  std::vector<double> rec(static_cast<size_t>(sim.layout().size));
  std::vector<double> row(sim.layout().csvColumns().size());
  // Rows are collected whole and handed to the file whole (a 64 KiB batch, then flushed): whatever
  // ends the program — Ctrl-C twice, a kill — the file holds whole rows only.
  std::string pending;
  long long rowsWritten = 0;
  auto flushCsvRows = [&]() {
    if (!pending.empty() && std::fwrite(pending.data(), 1, pending.size(), csv) != pending.size()) requireWritten(csv, "--csv '" + printable(csvPath) + "'");
    std::fflush(csv);
    requireWritten(csv, "--csv '" + printable(csvPath) + "'");
    pending.clear();
  };
  auto writeCsvRow = [&]() {
    sim.writeRecord(rec.data());
    writeCsvValues(sim.layout(), rec.data(), row.data());  // lgvci/core/run.hpp: the Python module's columns too
    char number[32];
    for (size_t k = 0; k < row.size(); ++k) {
      std::snprintf(number, sizeof number, k ? ",%.17g" : "%.17g", row[k]);
      pending += number;
    }
    pending += '\n';
    ++rowsWritten;
    if (pending.size() >= (1u << 16)) flushCsvRows();
  };
  if (!csvPath.empty()) {
    csv = std::fopen(csvPath.c_str(), "w");
    if (!csv) throw Usage("--csv: cannot write '" + csvPath + "'");
    const std::vector<std::string> cols = sim.layout().csvColumns();
    for (size_t k = 0; k < cols.size(); ++k) pending += (k ? "," : "") + cols[k];
    pending += '\n';
    writeCsvRow();
    flushCsvRows();
  }

  const double E0 = sim.energies().initial;
  const double t0 = sim.runStatus().time;
  // --momentum-maps: their drift followed along this run (docs/momentum-maps.md).
  std::optional<MomentumMapTracker> momentum;
  if (momentumMaps) momentum.emplace(sim);
  // The loop shared with the Python module (lgvci/core/run.hpp); a callback after each step only when
  // there is something to do there (a CSV row, the momentum maps, progress), not a call per step for nothing.
  long long nextProgressCheck = sim.runStatus().workUnits + kProgressCheckWork;
  auto lastProgress = std::chrono::steady_clock::now();
  std::function<void(Simulation&)> afterStep;
  if (momentum || csv || gProgress.on)
    afterStep = [&](Simulation& s) {
      if (momentum) momentum->observe(s);
      if (csv) writeCsvRow();
      if (gProgress.on && s.runStatus().workUnits >= nextProgressCheck) {  // a long run says where it is (docs/cli.md "Long runs")
        nextProgressCheck = s.runStatus().workUnits + kProgressCheckWork;
        const auto now = std::chrono::steady_clock::now();
        if (std::chrono::duration<double>(now - lastProgress).count() >= gProgress.interval) {
          lastProgress = now;
          const RunStatus at = s.runStatus();
          std::cerr << "lgvci: step " << at.steps << " of " << steps << " (t = " << formatNumber(at.time) << ", " << at.impacts
                    << " impacts)\n";
        }
      }
    };
  const RunSummary runDone = runSteps(sim, steps, untilImpacts, afterStep);
  const long long done = runDone.steps;
  const double maxErr = runDone.maxAbsEnergyError;
  const double wall = runDone.wallSeconds;
  if (csv) {
    flushCsvRows();
    closeCsv(csv, csvPath);
  }
  if (runDone.interrupted) {  // Ctrl-C: stopped between two steps; nothing is printed as if it had finished
    std::cerr << "lgvci: interrupted (SIGINT) after " << done << " of " << steps << " steps, at t = " << formatNumber(sim.runStatus().time);
    if (csv) std::cerr << "; '" << printable(csvPath) << "' holds the start and those " << done << " steps, " << rowsWritten << " whole rows";
    std::cerr << "; no summary is printed\n";
    return kExitInterrupted;
  }
  requireFiniteResult(sim, t0, E0, maxErr, done);

  std::string reverseJson;
  if (reverseSteps > 0) {  // a second run from the same config, so the main run's output is unchanged
    SimulationResult again = createSimulation(base.dump());
    if (!again.ok()) {
      std::cerr << "lgvci: invalid input: " << again.error.message << "\n";
      return 2;
    }
    reverseJson = reverseCheckJson(runReverseCheck(*again.simulation, reverseSteps));
  }

  std::string symplecticJson, symplecticLine;
  if (symplecticSamples > 0) {  // from the config's start, over the same steps: the main run's output is unchanged
    SimulationResult again = createSimulation(base.dump());
    if (!again.ok()) throw InvalidInput(again.error.field, again.error.message.substr(again.error.message.find(": ") + 2));
    symplecticJson = symplecticityClaimJson(*again.simulation, steps, symplecticSamples, &symplecticLine);  // with the bounce map's loop
  }

  const double E = sim.energies().energy;
  const RunStatus run = sim.runStatus();
  const RunInfo info = sim.info();
  const char* status = statusName(run.status);
  // The energy the impacts took (the state record's "dissipated" ledger, in the families that keep one)
  // and the family's own run counters, read by name from the layouts the family declares.
  sim.writeRecord(rec.data());
  const RecordField* ledger = sim.layout().find("dissipated");
  const double dissipated = ledger ? rec[static_cast<size_t>(ledger->offset)] : 0.0;
  const FamilyCounters* family = sim.extension<FamilyCounters>();
  std::vector<double> counters(family ? static_cast<size_t>(family->counterLayout().size()) : 0);
  if (family) family->writeCounters(counters.data());
  // The Zeno guard's summary (docs/rigid-body.md "Persistent contact"): kept when later steps were clean, and
  // always said on stderr, so that a run that ends "ok" does not hide it.
  const long long zenoEvents = run.zenoGuardEvents;
  if (zenoEvents > 0)
    std::cerr << "lgvci: the Zeno guard fired in " << zenoEvents << (zenoEvents == 1 ? " step" : " steps")
              << " (first at t = " << formatNumber(run.firstZenoGuardTime) << ")\n";
  if (run.halted) std::cerr << "lgvci: halted at t = " << formatNumber(run.time) << ": " << run.message << "\n";
  const bool capped = untilImpacts > 0 && run.impacts < untilImpacts && !run.halted;
  if (capped)  // the cap on the steps came first (docs/cli.md)
    std::cerr << "lgvci: --until-impacts " << untilImpacts << ": " << run.impacts << " impacts in the " << done
              << " steps of the cap" << (stepsGiven ? " (--steps)" : " (the default 1e7; raise it with --steps)") << "\n";
  const std::string& shownCase = info.caseName;
  if (asJson) {
    json out = json::parse(runSummaryJson(sim, runDone));  // lgvci/core/run.hpp, as the Python module's summary
    if (!reverseJson.empty()) out["reverse_check"] = json::parse(reverseJson);
    if (momentumMaps) out["momentum_maps"] = json::parse(momentumMapDriftJson(momentum->drift()));
    if (!symplecticJson.empty()) out["symplecticity"] = json::parse(symplecticJson);
    std::cout << out.dump() << "\n";
  } else {
    const double t = run.time;
    std::printf("case %s: %lld steps of h = %g, t = %.6f\n", shownCase.empty() ? "(config)" : shownCase.c_str(), done, info.h, t);
    std::printf("integrator         %s\n", info.integrator.c_str());
    std::printf("impacts            %lld (%lld steps with several)\n", run.impacts, run.multiImpactSteps);
    std::printf("energy initial     %.17g\n", E0);
    std::printf("energy final       %.17g\n", E);
    const double relErr = maxErr / std::abs(E0);  // 0/0 for a body at rest at zero energy
    const bool lossy = dissipated != 0.0;  // restitution < 1: the balance E + dissipated = E0
    if (lossy) std::printf("dissipated         %.17g\n", dissipated);
    if (std::isfinite(relErr)) std::printf(lossy ? "max |E + diss - E0| / E0  %.3e\n" : "max |E - E0| / E0  %.3e\n", relErr);
    else std::printf("max |E - E0|       %.3e (E0 = 0)\n", maxErr);
    for (size_t k = 0; k < counters.size(); ++k)  // the family's counters that counted something
      if (counters[k] > 0)
        std::printf("%-18s %lld\n", family->counterLayout().fields[k].description.c_str(), static_cast<long long>(counters[k]));
    if (sim.capabilities().energyJump) std::printf("max E_d mismatch   %.3e (relative, at impacts)\n", maxDiscreteEnergyMismatch(sim));
    std::printf("final state        %s\n", sim.finalStateJson().c_str());
    std::printf("status             %s %s\n", status, run.message.c_str());
    if (zenoEvents > 0) std::printf("zeno guard         %lld steps, first at t = %g\n", zenoEvents, run.firstZenoGuardTime);
    if (untilImpacts > 0)
      std::printf("until impacts      %lld %s (cap %lld steps)\n", untilImpacts, capped ? "not reached" : "reached", steps);
    std::printf("wall time          %.3f s\n", wall);
    if (!reverseJson.empty()) std::printf("reverse check      %s\n", reverseJson.c_str());
    if (momentumMaps) std::printf("%s", momentumMapDriftText(momentum->drift()).c_str());
    if (!symplecticLine.empty()) std::printf("symplecticity      %s\n", symplecticLine.c_str());
  }
  flushStdout();
  return run.halted ? 1 : 0;
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
