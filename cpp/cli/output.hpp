// What the CLI writes: output that cannot be written is an error (exit 1), never a silent exit 0 (a
// full disk, /dev/full; docs/cli.md exit codes); a result with NaN or infinity is never printed.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "lgvci/core/simulation.hpp"

namespace lgvci::cli {

/// Flushes stdout; a failed write is a RunError.
void flushStdout();

/// The last guard before a run's summary: a non-finite record or energy, or time that did not advance
/// in `steps` > 0 steps, is a RunError.
void requireFiniteResult(const Simulation& sim, double t0, double E0, double maxErr, long long steps);

/// --csv FILE: one row per step (first row: the start), the record's CSV columns (lgvci/core/run.hpp
/// writeCsvValues, the Python module's columns too). Rows are collected whole and handed to the file
/// whole (a 64 KiB batch, then flushed): whatever ends the program — Ctrl-C twice, a kill — the file
/// holds whole rows only (docs/cli.md "Stopping a run").
class CsvWriter {
 public:
  /// Opens `path` and writes the header and the start's row (Usage when it cannot be opened).
  CsvWriter(const Simulation& sim, std::string path);
  ~CsvWriter();
  CsvWriter(const CsvWriter&) = delete;
  CsvWriter& operator=(const CsvWriter&) = delete;

  /// The simulation's current state as a row.
  void writeRow(const Simulation& sim);
  /// Writes what is pending and closes the file (RunError when that fails).
  void close();
  long long rowsWritten() const { return rowsWritten_; }
  const std::string& path() const { return path_; }

 private:
  void flushRows();

  std::string path_;
  std::FILE* file_ = nullptr;
  std::vector<double> rec_, row_;
  std::string pending_;
  long long rowsWritten_ = 0;
};

}  // namespace lgvci::cli
