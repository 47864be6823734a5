#include "progress.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <unistd.h>

#include "errors.hpp"
#include "lgvci/core/json_bounds.hpp"
#include "lgvci/core/text.hpp"

namespace lgvci::cli {

ProgressOptions gProgress;

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

PoolProgress::PoolProgress(const char* what, bool members) {
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

PoolProgress::~PoolProgress() {
  if (!reporter_.joinable()) return;
  {
    std::lock_guard<std::mutex> g(lock_);
    stop_ = true;
  }
  stopped_.notify_one();
  reporter_.join();
}

}  // namespace lgvci::cli
