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

}  // namespace lgvci
