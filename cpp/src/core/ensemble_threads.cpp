// A pool of std::thread for the ensemble: a shared atomic member counter, one result slot per member.
#include "lgvci/core/ensemble_threads.hpp"

#include <atomic>
#include <exception>
#include <mutex>
#include <string>
#include <thread>

namespace lgvci {

std::vector<MemberResult> runEnsembleThreads(const Ensemble& ens, int threads) {
  if (threads < 1 || threads > kMaxEnsembleThreads)
    throw InvalidInput("threads", "must be an integer in [1, " + std::to_string(kMaxEnsembleThreads) + "]");
  const int K = ens.spec().members;
  std::vector<MemberResult> out(static_cast<std::size_t>(K));
  std::atomic<int> next{0};
  std::exception_ptr failure;
  std::mutex failureLock;
  auto work = [&] {
    for (int k = next++; k < K; k = next++) {
      try {
        out[static_cast<std::size_t>(k)] = ens.runMember(k);
      } catch (...) {  // e.g. bad_alloc: handed to the caller, never lost in a thread
        std::lock_guard<std::mutex> g(failureLock);
        if (!failure) failure = std::current_exception();
        next = K;
      }
    }
  };
  std::vector<std::thread> pool;
  const int n = std::min(threads, K);
  for (int i = 1; i < n; ++i) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return out;
}

}  // namespace lgvci
