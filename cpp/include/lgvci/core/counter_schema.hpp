// A family's run counters declared once (docs/architecture.md "Records"), as its records are
// (record_schema.hpp): one row per counter with its name, what it counts and how it is read from the
// simulation. Simulation::counterLayout() and writeCounters() both come from the table.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "lgvci/core/simulation.hpp"

namespace lgvci {

/// The counter table of a `Source` (the family's Simulation subclass).
template <class Source>
class CounterSchema {
 public:
  /// Reads the counter's value from `src`.
  using Reader = long long (*)(const Source& src);

  CounterSchema& counter(std::string name, std::string description, Reader reader) {
    layout_.fields.push_back({std::move(name), std::move(description)});
    readers_.push_back(reader);
    return *this;
  }

  const CounterLayout& layout() const { return layout_; }

  /// Every counter of `src`, layout().size() values.
  void write(const Source& src, double* out) const {
    for (std::size_t i = 0; i < readers_.size(); ++i) out[i] = static_cast<double>(readers_[i](src));
  }

 private:
  CounterLayout layout_;
  std::vector<Reader> readers_;
};

}  // namespace lgvci
