// Records declared once (lgvci/core/record_schema.hpp): the layout and the writer come from one table.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include "lgvci/core/record_schema.hpp"

namespace test_record_schema {

using namespace lgvci;

namespace {
struct Point {
  double t = 0.0;
  Vec3 x = Vec3::Zero();
  double ledger = 0.0;
};
}  // namespace

TEST_CASE("record schema: offsets, columns and hashing follow the table, the writer fills each field at its offset",
          "[core][record]") {
  using P = const Point&;
  RecordSchema<Point> s;
  s.scalar("t", FieldUse::Csv, [](P p, double* o) { o[0] = p.t; })
      .field("x", 3, FieldUse::Csv, [](P p, double* o) { put(o, p.x); })
      .field("M", 9, FieldUse::Record, [](P p, double* o) { for (int i = 0; i < 9; ++i) o[i] = p.t * i; }, true)
      .scalar("ledger", FieldUse::CsvUnhashed, [](P p, double* o) { o[0] = p.ledger; });
  const RecordLayout& l = s.layout();
  CHECK(l.size == 14);
  CHECK(l.field("x").offset == 1);
  CHECK(l.field("M").offset == 4);
  CHECK(l.field("ledger").offset == 13);
  CHECK(l.csvColumns() == std::vector<std::string>{"t", "x1", "x2", "x3", "ledger"});
  CHECK(l.field("M").columns.empty());
  CHECK(l.field("t").hashed);
  CHECK_FALSE(l.field("ledger").hashed);

  Point p{2.0, Vec3(1.0, -3.0, 5.0), 7.0};
  std::vector<double> out(14, std::numeric_limits<double>::quiet_NaN());
  s.write(p, out.data());
  for (double v : out) CHECK(std::isfinite(v));  // every slot written exactly once by its own row
  CHECK(out[0] == 2.0);
  CHECK(out[1] == 1.0);
  CHECK(out[3] == 5.0);
  CHECK(out[4 + 8] == 16.0);
  CHECK(out[13] == 7.0);
}

TEST_CASE("record schema: the common impact record is t, lambda, point, the rest is the family's", "[core][record]") {
  ImpactEvent e;
  e.t = 1.5;
  e.lambda = -2.0;
  e.point = Vec3(1, 2, 3);
  e.dissipated = 0.25;
  e.energyMismatch = 1e-9;
  e.extra = {4, 5, 6, 7};
  const RecordLayout& l = impactLayout();
  REQUIRE(l.size == 5);
  std::vector<double> row(static_cast<size_t>(l.size));
  writeImpactRecord(e, row.data());
  CHECK(row == std::vector<double>{1.5, -2.0, 1.0, 2.0, 3.0});
  CHECK(&impactSchema().layout() == &l);
  // A family's table starts with the common rows and names its own (a copy: the common one is unchanged).
  const RecordSchema<ImpactEvent> own = RecordSchema<ImpactEvent>(impactSchema())
      .scalar("slot2", FieldUse::Csv, [](const ImpactEvent& ev, double* o) { o[0] = ev.extra[2]; })
      .scalar("dissipated", FieldUse::Csv, [](const ImpactEvent& ev, double* o) { o[0] = ev.dissipated; });
  CHECK(impactLayout().size == 5);
  REQUIRE(own.layout().size == 7);
  std::vector<double> row2(7);
  own.write(e, row2.data());
  CHECK(row2 == std::vector<double>{1.5, -2.0, 1.0, 2.0, 3.0, 6.0, 0.25});
}

}  // namespace test_record_schema
