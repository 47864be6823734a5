// Progress on stderr (docs/cli.md "Long runs"): with --progress, LGVCI_PROGRESS=SECONDS, or when
// stderr is a terminal, a line at most every `interval` seconds of wall time while a run, an ensemble
// or a sweep computes. Off otherwise, so that a redirected program's output (stdout and stderr) is the
// same bytes on every machine; the lines never change a result.
#pragma once

#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include "lgvci/core/progress.hpp"

namespace lgvci::cli {

struct ProgressOptions {
  bool on = false;
  double interval = 2.0;  // seconds
};
extern ProgressOptions gProgress;

/// A run's loop asks whether a line is due once this many work units (lgvci/core/work.hpp, ≈ 10–20 ms
/// natively) have passed since it last asked: the clock is read that seldom.
inline constexpr long long kProgressCheckWork = 1LL << 20;

/// --progress given or not, LGVCI_PROGRESS and whether stderr is a terminal → gProgress (a bad
/// LGVCI_PROGRESS is a Usage error).
void setProgress(bool flag);

/// While a pool computes (an ensemble's members, a sweep's references and members), a thread of its
/// own writes how many of its tasks are done (lgvci/core/progress.hpp) every interval, until the pool's
/// caller is done. Nothing when progress is off.
class PoolProgress {
 public:
  /// `members`: the pool runs the members only, all in one go (an ensemble), so their number is known;
  /// else (a sweep: its points' references and members, a batch at a time) the runs done are counted.
  PoolProgress(const char* what, bool members);
  ~PoolProgress();
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

}  // namespace lgvci::cli
