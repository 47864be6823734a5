// The ensemble's members on a pool of std::thread (native builds only: the page uses Web Workers).
#pragma once

#include <vector>

#include "lgvci/core/ensemble.hpp"

namespace lgvci {

/// Runs members 0..K−1 on `threads` threads (1 ≤ threads ≤ kMaxEnsembleThreads; each takes the next
/// member number from a shared counter) and returns the results in member order. Every member is
/// independent of the others, so the results are bit-identical for any thread count.
std::vector<MemberResult> runEnsembleThreads(const Ensemble& ensemble, int threads);

inline constexpr int kMaxEnsembleThreads = 256;

}  // namespace lgvci
