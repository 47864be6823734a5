// formatNumber (text.hpp): snprintf's "%g" is what std::num_put does for a stream with default flags
// (floatfield unset, precision 6), in libstdc++ and libc++ alike.
#include "lgvci/core/text.hpp"

#include <cstdio>

namespace lgvci {

std::string formatNumber(double v) {
  char buf[32];  // "%g" with precision 6 needs at most 13 characters ("-1.23457e+308")
  const int n = std::snprintf(buf, sizeof buf, "%g", v);
  return std::string(buf, n > 0 ? static_cast<std::size_t>(n) : 0);
}

// text.hpp
bool isDecimalNumber(const std::string& s) {
  std::size_t i = 0;
  const auto digits = [&] {
    const std::size_t from = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i - from;
  };
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  std::size_t mantissa = digits();
  if (i < s.size() && s[i] == '.') {
    ++i;
    mantissa += digits();
  }
  if (mantissa == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (digits() == 0) return false;
  }
  return i == s.size();
}

}  // namespace lgvci
