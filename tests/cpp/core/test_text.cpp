// The iostream-free message formatter (text.hpp): its numbers must read exactly as the
// std::ostringstream they replace printed them (tests and users match the core's error texts), so
// the oracle here is a default-formatted ostringstream itself.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <sstream>

#include "lgvci/core/text.hpp"

namespace test_text {

using namespace lgvci;

namespace {
template <class T>
std::string viaStream(T v) {
  std::ostringstream s;
  s << v;
  return s.str();
}
}  // namespace

TEST_CASE("formatNumber prints a double as a default ostream does (%g, precision 6)", "[text]") {
  const double inf = std::numeric_limits<double>::infinity();
  const double values[] = {0.0, -0.0, 1.0, -1.0, 0.1, 0.1 + 0.2, 1.0 / 3.0, 2.5e-7, 1e-7, 123456.0, 1234567.0,
                           -9.80665, 1e6, 1e-5, 1e-4, 999999.5, 1e300, -1e-300, 5e-324, inf, -inf,
                           std::numeric_limits<double>::max(), std::numeric_limits<double>::quiet_NaN()};
  for (double v : values) {
    INFO(v);
    CHECK(formatNumber(v) == viaStream(v));
  }
  // The closed forms, independent of any stream.
  CHECK(formatNumber(0.1 + 0.2) == "0.3");
  CHECK(formatNumber(1e-7) == "1e-07");
  CHECK(formatNumber(1234567.0) == "1.23457e+06");
  CHECK(formatNumber(inf) == "inf");
}

TEST_CASE("concat joins strings, numbers and integers as operator<< would", "[text]") {
  const std::string s = "constraint";
  const long long big = 9007199254740991LL;
  const std::size_t k = 3;
  std::ostringstream ref;
  ref << "the initial state violates " << s << ' ' << k << " (phi = " << -0.125 << " < 0) at step " << big << ", "
      << -7 << ", " << 2.0 / 3.0;
  CHECK(concat("the initial state violates ", s, ' ', k, " (phi = ", -0.125, " < 0) at step ", big, ", ", -7, ", ",
               2.0 / 3.0) == ref.str());
  CHECK(concat() == "");
  CHECK(concat(std::uint64_t{18446744073709551615ULL}) == "18446744073709551615");
}

}  // namespace test_text
