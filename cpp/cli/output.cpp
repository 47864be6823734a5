#include "output.hpp"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <iostream>

#include "errors.hpp"
#include "lgvci/core/json_bounds.hpp"
#include "lgvci/core/run.hpp"
#include "lgvci/core/text.hpp"

namespace lgvci::cli {

namespace {

void requireWritten(std::FILE* f, const std::string& what) {
  if (std::ferror(f)) throw RunError(what + ": write failed: " + std::strerror(errno ? errno : EIO));
}

}  // namespace

void flushStdout() {
  std::cout.flush();
  const bool ok = std::cout.good() && std::fflush(stdout) == 0 && !std::ferror(stdout);
  if (!ok) throw RunError(std::string("standard output: write failed: ") + std::strerror(errno ? errno : EIO));
}

void requireFiniteResult(const Simulation& sim, double t0, double E0, double maxErr, long long steps) {
  bool finite = std::isfinite(E0) && std::isfinite(sim.energies().energy) && std::isfinite(maxErr);
  for (double v : sim.record()) finite = finite && std::isfinite(v);
  const RunStatus run = sim.runStatus();
  if (!finite) throw RunError("the result is not finite (t = " + std::to_string(run.time) + "); nothing is printed");
  if (steps > 0 && !(run.time > t0))
    throw RunError("time did not advance in " + std::to_string(steps) + " steps (t = " + std::to_string(run.time) + "): " + run.message);
}

CsvWriter::CsvWriter(const Simulation& sim, std::string path)
    : path_(std::move(path)), rec_(static_cast<size_t>(sim.layout().size)), row_(sim.layout().csvColumns().size()) {
  file_ = std::fopen(path_.c_str(), "w");
  if (!file_) throw Usage("--csv: cannot write '" + path_ + "'");
  const std::vector<std::string> cols = sim.layout().csvColumns();
  for (size_t k = 0; k < cols.size(); ++k) pending_ += (k ? "," : "") + cols[k];
  pending_ += '\n';
  writeRow(sim);
  flushRows();
}

CsvWriter::~CsvWriter() {
  if (file_) std::fclose(file_);  // only on an error already on its way out; close() reports its own
}

void CsvWriter::writeRow(const Simulation& sim) {
  sim.writeRecord(rec_.data());
  writeCsvValues(sim.layout(), rec_.data(), row_.data());
  char number[32];
  for (size_t k = 0; k < row_.size(); ++k) {
    std::snprintf(number, sizeof number, k ? ",%.17g" : "%.17g", row_[k]);
    pending_ += number;
  }
  pending_ += '\n';
  ++rowsWritten_;
  if (pending_.size() >= (1u << 16)) flushRows();
}

void CsvWriter::flushRows() {
  const std::string what = "--csv '" + printable(path_) + "'";
  if (!pending_.empty() && std::fwrite(pending_.data(), 1, pending_.size(), file_) != pending_.size()) requireWritten(file_, what);
  std::fflush(file_);
  requireWritten(file_, what);
  pending_.clear();
}

void CsvWriter::close() {
  flushRows();
  std::FILE* f = file_;
  file_ = nullptr;
  const bool flushed = std::fflush(f) == 0 && !std::ferror(f);
  const int err = errno;
  const bool closed = std::fclose(f) == 0;
  if (!flushed || !closed) throw RunError("--csv: writing '" + printable(path_) + "' failed: " + std::strerror(err ? err : EIO));
}

}  // namespace lgvci::cli
