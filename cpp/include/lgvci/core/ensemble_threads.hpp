// The ensemble's members on a pool of std::thread (native builds only: the page uses Web Workers).
#pragma once

#include <functional>
#include <vector>

#include "lgvci/core/ensemble.hpp"

namespace lgvci {

/// Runs members 0..K−1 on `threads` threads (1 ≤ threads ≤ kMaxEnsembleThreads; each takes the next
/// member number from a shared counter) and returns the results in member order. Every member is
/// independent of the others, so the results are bit-identical for any thread count.
std::vector<MemberResult> runEnsembleThreads(const Ensemble& ensemble, int threads);

inline constexpr int kMaxEnsembleThreads = 256;

/// body(i) for i = 0..n−1 on min(threads, n) threads, the calling one among them, each taking the next
/// i from a shared counter; after an exception no further i starts, and the first one is rethrown once
/// every thread has stopped (never lost in a thread). The ensemble's and the sweep's pool.
void forEachOnThreads(long long n, int threads, const std::function<void(long long)>& body);

}  // namespace lgvci
