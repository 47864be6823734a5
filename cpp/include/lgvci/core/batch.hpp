// A batch: one System's runs from many initial states, each stepped N times, on a pool of std::thread
// (native builds only). The researcher's "run_batch" (docs/python.md "Batches"): the final state
// records and impact counts, bit-identical for any thread count because every run is independent.
#pragma once

#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

#include "lgvci/core/system.hpp"
#include "lgvci/core/types.hpp"

namespace lgvci {

/// The runs' ends, row r from states row r: records (rows × layout().size, row-major), the impacts of
/// each run, the steps it took (fewer than asked when it halted) and its last status.
struct BatchResult {
  long long rows = 0;
  std::size_t recordSize = 0;
  std::vector<double> records;
  std::vector<long long> impacts;
  std::vector<long long> steps;
  std::vector<StepStatus> status;
};

/// The largest batch: rows × record size doubles of input and of output (64 MiB of records each, so a
/// 30-double record allows ~280,000 rows); a larger one is split by the caller.
inline constexpr std::size_t kMaxBatchDoubles = std::size_t{1} << 23;

/// Runs rows = states.size() / layout().size runs of `system`, run r started at the state record in
/// states[r·size, (r+1)·size) (System::newRun(state)) and stepped `steps` times or until it halts.
/// Validates every row before any run: InvalidInput "states[r].field: rule" for a row the family
/// refuses, "states: …" for a length that is not a whole number of records or a batch over
/// kMaxBatchDoubles, "steps"/"threads" outside [0, 1e9] / [1, 256]. `stop`, when given and set (a
/// signal handler's flag), ends every run at its next step boundary; the rows then report the steps
/// they took.
BatchResult runBatch(const System& system, const std::vector<double>& states, long long steps, int threads,
                     const std::atomic<bool>* stop = nullptr);

}  // namespace lgvci
