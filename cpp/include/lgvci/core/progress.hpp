// How far a pool of tasks has come (docs/cli.md "Long runs"): a caller that wants to report progress
// makes a TaskProgress its thread's own (ProgressScope); forEachOnThreads (lgvci/core/ensemble_threads.hpp)
// adds its task count to `total` when it starts and counts each finished task in `done`, from any of
// its threads. Another thread (the CLI's reporter) reads both. Without a scope nothing is counted and
// nothing changes; the counts never change a result.
#pragma once

#include <atomic>

namespace lgvci {

struct TaskProgress {
  std::atomic<long long> done{0};
  std::atomic<long long> total{0};
};

namespace progress_detail {
inline thread_local TaskProgress* current = nullptr;  // the counter this thread's pools report to
}  // namespace progress_detail

/// The counter of this thread's scope, nullptr when none.
inline TaskProgress* taskProgress() { return progress_detail::current; }

/// Makes `progress` (may be nullptr) this thread's counter until the scope ends; scopes nest.
class ProgressScope {
 public:
  explicit ProgressScope(TaskProgress* progress) : previous_(progress_detail::current) { progress_detail::current = progress; }
  ~ProgressScope() { progress_detail::current = previous_; }
  ProgressScope(const ProgressScope&) = delete;
  ProgressScope& operator=(const ProgressScope&) = delete;

 private:
  TaskProgress* previous_;
};

}  // namespace lgvci
