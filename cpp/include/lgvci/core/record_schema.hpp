// A record declared once (docs/architecture.md "Records"): each field's name, size, CSV columns, whether
// it is hashed, and how it is written from its source, in one table row — MuJoCo's mjxmacro.h idea as a
// table. The layout (RecordLayout: offsets, sizes, columns) and the writer both come from the table, so
// they cannot disagree.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "lgvci/core/simulation.hpp"

namespace lgvci {

/// Writes a 3-vector to out[0..3) (a row's writer).
inline void put(double* out, const Vec3& v) {
  for (int i = 0; i < 3; ++i) out[i] = v(i);
}

/// How a field appears outside the record: in the CSV (a scalar as `name`, a vector as name1..namek, a
/// 3×3 matrix as name11..name33) or not, and whether it is part of Simulation::stateHash().
enum class FieldUse {
  Csv,            // written to the CSV, hashed
  Record,         // the record only (the page and the bindings read it), hashed
  CsvUnhashed,    // a ledger kept beside the state (the hash of earlier runs stays as it was)
  RecordUnhashed,
};

/// The table of a record whose values come from a `Source` (a simulation, an impact event, …).
template <class Source>
class RecordSchema {
 public:
  /// Writes the field's `size` values from `src` to `out[0 .. size)`.
  using Writer = void (*)(const Source& src, double* out);

  /// Appends a field of `size` values (`matrix`: size 9, row-major 3×3, columns name11..name33).
  RecordSchema& field(const std::string& name, int size, FieldUse use, Writer writer, bool matrix = false) {
    const bool csv = use == FieldUse::Csv || use == FieldUse::CsvUnhashed;
    layout_.add(name, size, csv, matrix);
    if (use == FieldUse::CsvUnhashed || use == FieldUse::RecordUnhashed) layout_.unhashed();
    writers_.push_back(writer);
    return *this;
  }
  /// A scalar field.
  RecordSchema& scalar(const std::string& name, FieldUse use, Writer writer) { return field(name, 1, use, writer); }

  const RecordLayout& layout() const { return layout_; }

  /// The whole record (layout().size values) of `src`.
  void write(const Source& src, double* out) const {
    for (std::size_t i = 0; i < writers_.size(); ++i) writers_[i](src, out + layout_.fields[i].offset);
  }

 private:
  RecordLayout layout_;
  std::vector<Writer> writers_;
};

}  // namespace lgvci

namespace lgvci {
/// The common impact record's table (impactLayout(), writeImpactRecord()): t, lambda, point, the rows a
/// family's impact record starts with. A family copies it and appends its own rows,
/// `RecordSchema<ImpactEvent>(impactSchema()).scalar(…)`, reading ImpactEvent::extra by the slots it names.
const RecordSchema<ImpactEvent>& impactSchema();
}  // namespace lgvci
