// The CLI's two kinds of failure and their exit codes (docs/cli.md "Command-line program").
#pragma once

#include <stdexcept>

namespace lgvci::cli {

/// Bad input on the command line, named by its flag and the rule (exit 2).
struct Usage : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The run or its output failed after the input was accepted (exit 1).
struct RunError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline constexpr int kExitInterrupted = 130;  // 128 + SIGINT, as a shell reports a process ended by Ctrl-C

}  // namespace lgvci::cli
