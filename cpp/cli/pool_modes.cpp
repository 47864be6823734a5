// The runs on a pool of threads: an ensemble (docs/ensembles.md), a sweep or one of its shards and the
// merge of the shards (docs/sweeps.md); and the config schema (docs/config.md).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <thread>

#include "errors.hpp"
#include "lgvci/core/config_schema.hpp"
#include "lgvci/core/ensemble.hpp"
#include "lgvci/core/ensemble_threads.hpp"
#include "lgvci/core/interrupt.hpp"
#include "lgvci/core/sweep.hpp"
#include "modes.hpp"
#include "output.hpp"
#include "progress.hpp"

namespace lgvci::cli {

using nlohmann::json;

namespace {

// The core names fields after the spec ("members", "size"); the message names the flag.
[[noreturn]] void rethrowAsFlag(const InvalidInput& e) {
  const std::string f = e.field();
  const std::string flag = f == "members"   ? "--ensemble"
                           : f == "size"    ? "--perturb"
                           : f == "kind"    ? "--kind"
                           : f == "seed"    ? "--seed"
                           : f == "samples" ? "--samples"
                           : f == "steps"   ? "--steps"
                                            : "";
  if (flag.empty()) throw e;
  throw Usage(flag + std::string(e.what()).substr(f.size()));
}

// --threads T, or the hardware's (at most kMaxEnsembleThreads).
int threadsOf(const EnsembleOptions& o) {
  const unsigned hw = std::thread::hardware_concurrency();
  return o.threads > 0 ? o.threads : static_cast<int>(hw > 0 ? std::min<unsigned>(hw, kMaxEnsembleThreads) : 1);
}

}  // namespace

int runEnsembleMode(const EnsembleOptions& o, const json& base, bool asJson) {
  std::unique_ptr<Ensemble> ens;
  try {
    validateEnsembleSpec(o.spec);
    EnsembleSpec spec = o.spec;
    spec.config = base.dump();
    ens = std::make_unique<Ensemble>(std::move(spec));
  } catch (const InvalidInput& e) {
    rethrowAsFlag(e);
  }
  const int threads = threadsOf(o);
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
    std::printf("ensemble of %d %s-perturbed copies (size %g, seed %llu), %lld steps of h = %g, %d threads\n", s.members, s.kind.c_str(),
                s.size, static_cast<unsigned long long>(s.seed), s.steps, ens->h(), threads);
    std::printf("reference impacts  %lld\n", ens->reference().impacts);
    std::printf("impacts            min %lld, median %g, mean %.2f, max %lld\n", st.impactsMin, st.impactsMedian, st.impactsMean,
                st.impactsMax);
    std::printf("final |E-E0|/|E0|  median %.3e, max %.3e\n", st.energyMedian, st.energyMax);
    std::printf("Err(t) median      %.3e at t = %g, %.3e at t = %g (quartiles %.3e .. %.3e)\n", st.median.front(), st.t.front(),
                st.median.back(), st.t.back(), st.q1.back(), st.q3.back());
    std::printf("halted             %lld\n", st.halted);
    std::printf("wall time          %.3f s\n", wall);
  }
  flushStdout();
  return 0;
}

int runSweepMode(const CliOptions& o, const json& base) {
  SweepSpec spec;
  spec.config = base.dump();
  for (const std::string& a : o.sweepAxes) spec.axes.push_back(parseSweepAxis(a));
  spec.ensemble = o.ensemble.spec;
  if (!o.ensemble.given) spec.ensemble.members = 1;
  try {
    validateSweep(spec);
  } catch (const InvalidInput& e) {
    rethrowAsFlag(e);
  }
  const int threads = threadsOf(o.ensemble);
  std::string out;
  {
    const PoolProgress progress("sweep", false);
    out = o.shard.empty() ? runSweep(spec, threads) : runSweepPart(spec, parseShard(o.shard), threads);
  }
  std::cout << (o.asJson ? out + "\n" : sweepSummaryText(out));
  flushStdout();
  return 0;
}

int runMergeMode(const MergeOptions& m) {
  if (m.files.empty()) throw Usage("merge: give the parts to merge (lgvci merge FILE... [--json])");
  std::string out;
  try {
    out = mergeSweepPartFiles(m.files);  // every part verified (docs/sweeps.md "What the merge verifies")
  } catch (const Interrupted&) {
    throw;
  } catch (const std::runtime_error& e) {  // not the input's fault: out of memory holding the members
    throw RunError(e.what());
  }
  std::cout << (m.asJson ? out + "\n" : sweepSummaryText(out));
  flushStdout();
  return 0;
}

int printSchema(const CliOptions& o) {  // lgvci/core/config_schema.hpp
  std::cout << (o.schemaFamily ? configSchemaJson(o.schemaFamily->schema, 2) : configSchemasJson(2)) << "\n";
  flushStdout();
  return 0;
}

}  // namespace lgvci::cli
