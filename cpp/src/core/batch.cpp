// A batch of one System's runs from many states, on the ensemble's thread pool (lgvci/core/batch.hpp).
#include "lgvci/core/batch.hpp"

#include <memory>
#include <string>

#include "lgvci/core/ensemble_threads.hpp"

namespace lgvci {

namespace {

constexpr long long kMaxBatchSteps = 1000000000LL;  // the CLI's bound on --steps

// Row r's state record, as System::newRun reads it.
std::vector<double> row(const std::vector<double>& states, std::size_t size, long long r) {
  const auto first = states.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(r) * size);
  return std::vector<double>(first, first + static_cast<std::ptrdiff_t>(size));
}

std::unique_ptr<Simulation> runAt(const System& system, const std::vector<double>& state, long long r) {
  try {
    return system.newRun(state);
  } catch (const InvalidInput& e) {
    const std::string what = e.what();
    const std::string rule = what.substr(e.field().size() + 2);  // "field: rule"
    throw InvalidInput("states[" + std::to_string(r) + "]." + e.field(), rule);
  }
}

}  // namespace

BatchResult runBatch(const System& system, const std::vector<double>& states, long long steps, int threads, const std::atomic<bool>* stop) {
  const std::size_t size = static_cast<std::size_t>(system.layout().size);
  if (steps < 0 || steps > kMaxBatchSteps) throw InvalidInput("steps", "must be an integer in [0, 1e9], got " + std::to_string(steps));
  if (threads < 1 || threads > kMaxEnsembleThreads)
    throw InvalidInput("threads", "must be an integer in [1, " + std::to_string(kMaxEnsembleThreads) + "], got " + std::to_string(threads));
  if (states.empty() || states.size() % size != 0)
    throw InvalidInput("states", "must hold a whole number (at least one) of " + std::to_string(size) +
                                     "-number state records (the system's layout), got " + std::to_string(states.size()) + " numbers");
  if (states.size() > kMaxBatchDoubles)
    throw InvalidInput("states", "at most " + std::to_string(kMaxBatchDoubles) + " numbers (" + std::to_string(kMaxBatchDoubles / size) +
                                     " records of this layout) in one batch, got " + std::to_string(states.size()) + ": split it");
  BatchResult out;
  out.rows = static_cast<long long>(states.size() / size);
  out.recordSize = size;
  // Every row is checked before any run steps, in row order: a refusal names the first bad row
  // whatever the thread count, and no time is spent on a batch that would fail.
  for (long long r = 0; r < out.rows; ++r) runAt(system, row(states, size, r), r);
  out.records.assign(states.size(), 0.0);
  out.impacts.assign(static_cast<std::size_t>(out.rows), 0);
  out.steps.assign(static_cast<std::size_t>(out.rows), 0);
  out.status.assign(static_cast<std::size_t>(out.rows), StepStatus::Ok);
  forEachOnThreads(out.rows, threads, [&](long long r) {
    const std::unique_ptr<Simulation> run = runAt(system, row(states, size, r), r);
    const std::size_t i = static_cast<std::size_t>(r);
    for (long long k = 0; k < steps && !run->runStatus().halted; ++k) {
      if (stop != nullptr && stop->load(std::memory_order_relaxed)) break;
      run->step();
      run->clearImpactLog();  // a long run keeps no log
    }
    run->writeRecord(out.records.data() + i * size);
    const RunStatus status = run->runStatus();
    out.impacts[i] = status.impacts;
    out.steps[i] = status.steps;
    out.status[i] = status.status;
  });
  return out;
}

}  // namespace lgvci
