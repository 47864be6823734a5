// A pool of std::thread for the ensemble and the sweep: a shared atomic counter, one result slot per member.
#include "lgvci/core/ensemble_threads.hpp"

#include "lgvci/core/interrupt.hpp"
#include "lgvci/core/progress.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <string>
#include <thread>

namespace lgvci {

void forEachOnThreads(long long n, int threads, const std::function<void(long long)>& body) {
  std::atomic<long long> next{0};
  std::exception_ptr failure;
  std::mutex failureLock;
  const std::atomic<bool>* interrupt = interruptFlag();  // the caller's, for every thread of the pool
  TaskProgress* progress = taskProgress();                // the caller's counter, if it keeps one
  if (progress) progress->total += n;
  auto work = [&] {
    const InterruptScope scope(interrupt);
    for (long long i = next++; i < n; i = next++) {
      try {
        body(i);
        if (progress) ++progress->done;
      } catch (...) {  // e.g. bad_alloc: handed to the caller, never lost in a thread
        std::lock_guard<std::mutex> g(failureLock);
        if (!failure) failure = std::current_exception();
        next = n;
      }
    }
  };
  std::vector<std::thread> pool;
  const long long used = std::min<long long>(threads, n);
  for (long long i = 1; i < used; ++i) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

std::vector<MemberResult> runEnsembleThreads(const Ensemble& ens, int threads) {
  if (threads < 1 || threads > kMaxEnsembleThreads)
    throw InvalidInput("threads", "must be an integer in [1, " + std::to_string(kMaxEnsembleThreads) + "]");
  std::vector<MemberResult> out(static_cast<std::size_t>(ens.spec().members));
  forEachOnThreads(ens.spec().members, threads, [&](long long k) { out[static_cast<std::size_t>(k)] = ens.runMember(static_cast<int>(k)); });
  return out;
}

}  // namespace lgvci
