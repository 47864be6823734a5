#include "values.hpp"

#include <cmath>
#include <cstdlib>
#include <vector>

#include "errors.hpp"
#include "lgvci/core/json_bounds.hpp"
#include "lgvci/core/text.hpp"

namespace lgvci::cli {

using nlohmann::json;

double parseDouble(const std::string& flag, const std::string& s) {
  if (!isDecimalNumber(s)) throw Usage(flag + ": expected a decimal number, got '" + printable(s) + "'");
  const double v = std::strtod(s.c_str(), nullptr);
  if (!std::isfinite(v)) throw Usage(flag + ": '" + s + "' is beyond the range of a double");
  return v;
}

long long parseSteps(const std::string& flag, const std::string& s) {
  const bool digits = !s.empty() && s.size() <= 10 && s.find_first_not_of("0123456789") == std::string::npos;
  if (!digits || std::stoll(s) > 1000000000LL)
    throw Usage(flag + ": expected an integer in [0, 1e9] written in decimal digits, got '" + printable(s) + "'");
  return std::stoll(s);
}

long long parseCount(const std::string& flag, const std::string& s, long long max, const std::string& range) {
  const bool digits = !s.empty() && s.size() <= 16 && s.find_first_not_of("0123456789") == std::string::npos;
  if (!digits) throw Usage(flag + ": expected an integer in " + range + " written in decimal digits, got '" + printable(s) + "'");
  const unsigned long long v = std::stoull(s);
  if (v > static_cast<unsigned long long>(max)) throw Usage(flag + ": must be an integer in " + range + ", got " + s);
  return static_cast<long long>(v);
}

json parseTriple(const std::string& flag, const std::string& s) {
  std::vector<double> v;
  size_t from = 0;
  while (true) {  // every item, empty ones included: "0,0,10," has four
    const size_t comma = s.find(',', from);
    const std::string item = s.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
    if (item.empty()) throw Usage(flag + ": expected three comma-separated numbers, got '" + printable(s) + "'");
    v.push_back(parseDouble(flag, item));
    if (comma == std::string::npos) break;
    from = comma + 1;
  }
  if (v.size() != 3) throw Usage(flag + ": expected three comma-separated numbers, got '" + printable(s) + "'");
  return json::array({v[0], v[1], v[2]});
}

json parseList(const std::string& flag, const std::string& s) {
  json v = json::array();
  size_t from = 0;
  while (true) {  // every item, empty ones included: "1,2," has three
    const size_t comma = s.find(',', from);
    const std::string item = s.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
    if (item.empty() || v.size() >= 64) throw Usage(flag + ": expected 1 to 64 comma-separated numbers, got '" + printable(s) + "'");
    v.push_back(parseDouble(flag, item));
    if (comma == std::string::npos) break;
    from = comma + 1;
  }
  return v;
}

}  // namespace lgvci::cli
